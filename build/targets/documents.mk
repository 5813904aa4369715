# documents: invoices rendered to PDF by cairo, their text extracted by
# MuPDF (built from Debian source by build/lib-mupdf.sh) and poppler
# (Debian's package, through its glib binding). cairo is the renderer, not
# under test: Debian's package. The font is fonts-dejavu-core's, by file.
LIB_documents := mupdf
PKGS_documents := libcairo2-dev libpoppler-glib-dev fonts-dejavu-core \
  libfreetype-dev libharfbuzz-dev libjbig2dec0-dev libopenjp2-7-dev \
  libjpeg-dev libgumbo-dev zlib1g-dev pkg-config poppler-utils
# Recursive (=): pkg-config runs when a recipe runs, after build/deps.sh
# installed the packages. Their headers are system headers (-isystem):
# glib's do not pass our warnings.
DOCUMENTS_PKGCONFIG = cairo cairo-ft poppler-glib freetype2
LDLIBS_documents = $(patsubst -I%,-isystem %,$(shell pkg-config --cflags \
  $(DOCUMENTS_PKGCONFIG))) $(shell pkg-config --libs $(DOCUMENTS_PKGCONFIG)) \
  -lharfbuzz -ljbig2dec -lopenjp2 -ljpeg -lgumbo -lz
# The target's binaries depend on harness/documents/* through the
# Makefile's tdeps; the restriction test includes the parts' sources
# (it checks their private alphabets), which the Makefile does not know.
out/restrict/documents: $(wildcard harness/documents/*.[ch])
# MuPDF is compiled against the -dev packages' headers (FreeType,
# HarfBuzz, OpenJPEG, ...): they are installed first (order only: a new
# stamp does not rebuild MuPDF).
$(foreach f,fuzz afl cmplog cov,out/lib/$(f)/mupdf/.built): | out/.pkgs-documents
