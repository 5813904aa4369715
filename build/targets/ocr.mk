# ocr: Tesseract (Debian's libtesseract5 with the English model) reads back
# text that cairo rendered with a DejaVu font loaded from its file. A
# trained recogniser is linked as the system package, not built from
# source with sanitizers: its model is the point, not its parser code.
PKGS_ocr := libtesseract-dev tesseract-ocr-eng libcairo2-dev libfreetype-dev fonts-dejavu-core
# cairo-ft.h needs FreeType's include directory.
CFLAGS_ocr := -I/usr/include/cairo -I/usr/include/freetype2
LDLIBS_ocr := -ltesseract -lcairo -lfreetype
# Tesseract's LSTM runs OpenMP loops with several threads per line; on a
# loaded 2-core machine one thread is 3-4x faster (libgomp reads this when
# it loads, so it has to come from the environment).
export OMP_THREAD_LIMIT ?= 1
# The renderer lives in harness/ocr/render.h, which the restriction test
# uses too; the planted bugs share image_hash.inc.
out/restrict/ocr: harness/ocr/render.h
OCR_PLANTED := $(patsubst tests/planted/%.h,%,$(wildcard tests/planted/ocr/*.h))
$(foreach d,planted planted-replay planted-shrink,$(addprefix out/$(d)/,$(OCR_PLANTED))): tests/planted/ocr/image_hash.inc
