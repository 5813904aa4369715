# numeric: FFTs through FFTW and statistics/sorting/polynomials through GSL
# (system libraries; design §2: numeric code links the Debian packages).
PKGS_numeric := libfftw3-dev libgsl-dev
LDLIBS_numeric := -lfftw3 -lgsl -lgslcblas
