#!/usr/bin/env bash
# Builds MuPDF's PDF core (fitz + pdf) from its Debian source with the given
# compiler and flags, so the fuzzer sees its branches and the sanitizers
# its memory. Like Debian's build it uses the system's FreeType, HarfBuzz,
# jbig2dec, OpenJPEG, libjpeg, zlib and gumbo (build/targets/documents.mk
# installs their -dev packages). Left out: the other document handlers
# (XPS, SVG, CBZ, images, HTML, EPUB), JavaScript, ICC colour management
# (Debian builds without it too), the OCR/DOCX/ODT writers and the fonts
# but the base 14 (TOFU: documents that need a Noto or CJK fallback font
# get none).
# Usage: build/lib-mupdf.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libmupdf.a and <outdir>/include/mupdf/.
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" mupdf 1.21.1+ds2-1+deb12u1)

rm -rf "$out"; mkdir -p "$out/include" "$out/obj"
cp -r "$src/include/mupdf" "$out/include/"
defs=(-DFZ_ENABLE_XPS=0 -DFZ_ENABLE_SVG=0 -DFZ_ENABLE_CBZ=0 -DFZ_ENABLE_IMG=0
      -DFZ_ENABLE_HTML=0 -DFZ_ENABLE_EPUB=0 -DFZ_ENABLE_JS=0 -DFZ_ENABLE_ICC=0
      -DFZ_ENABLE_OCR_OUTPUT=0 -DFZ_ENABLE_DOCX_OUTPUT=0 -DFZ_ENABLE_ODT_OUTPUT=0
      -DTOFU -DTOFU_CJK -DSHARE_JPEG)
# MuPDF drops a NULL object by design (fz_drop_*(ctx, NULL) takes
# &NULL->refs, on every content stream): UBSan's null check would stop every
# run there (FINDINGS.md). A real NULL dereference still faults under ASan.
set -- "$@" -fno-sanitize=null
incs=(-I"$src/include" $(pkg-config --cflags freetype2 harfbuzz libopenjp2))
# memento.c is the leak debugger (off), jmemcust.c libjpeg's own allocator
# (SHARE_JPEG uses the system's), output-docx.c the DOCX writer (off).
files=()
for f in "$src"/source/fitz/*.c "$src"/source/pdf/*.c \
         "$src"/generated/resources/fonts/urw/*.c; do
  case ${f##*/} in memento.c|jmemcust.c|output-docx.c) continue ;; esac
  files+=("$f")
done
# Every font load maps all 65,536 codes of an Identity CMap through the
# font's ToUnicode table (pdf_remap_cmap): compare tracing in that table
# search cost a seventh of each run for feedback on a sorted-table lookup,
# so pdf-cmap.c keeps its edge coverage but not its compare hooks.
nocmp=
case " $* " in *fuzzer-no-link*) nocmp=-fno-sanitize-coverage=trace-cmp ;; esac
export out cc nocmp
# -w: the library's warnings are not ours to fix.
printf '%s\n' "${files[@]}" | xargs -P2 -I{} sh -c \
  'o="$out/obj/$(echo "{}" | sed "s|.*/source/||; s|.*/generated/|gen/|; s|/|_|g").o";
   case "{}" in */pdf-cmap.c) set -- "$@" $nocmp ;; esac
   "$cc" "$@" -w -c "{}" -o "$o"' sh "$@" "${defs[@]}" "${incs[@]}"
ar rcs "$out/libmupdf.a" "$out"/obj/*.o
