# numeric: FFTs through FFTW and statistics/sorting/polynomials through GSL
# (system libraries; design §2: numeric code links the Debian packages).
PKGS_numeric := libfftw3-dev libgsl-dev
LDLIBS_numeric := -lfftw3 -lgsl -lgslcblas
# Mutation analysis (make mutate-numeric) cannot mutate a system library:
# its campaign builds FFTW and GSL from source (build/lib-fftw.sh,
# build/lib-gsl.sh, as the OSS-Fuzz build does) and links those instead.
# FFTW alone is minutes of CPU per build (twice: mutant and coverage
# flags), so the campaign is the nightly's.
MUTATE_LIBS_numeric := fftw gsl
MUTATE_LDLIBS_numeric :=
