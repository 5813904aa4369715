#!/usr/bin/env bash
# Seeds for zstd's own fuzz targets (tests/fuzz/), made as upstream's
# tests/fuzz/fuzz.py gen makes them: its corpora are a download (GitHub
# releases), not in the source, but the source has the generator,
# tests/decodecorpus.c, which writes random valid frames and blocks with
# their decompressed contents. 100 frames of at most 8 KB of content and
# 100 blocks, each with what it decompresses to (fuzz.py's defaults), in
# one directory for all the targets: the decompressing targets read the
# frames and blocks, the round-trip ones any bytes. decodecorpus is built
# with the host compiler from the same source (a few seconds), fixed seeds.
#   seeds/zstd.sh <zstd source dir> <output dir>
set -euo pipefail
src=$1 out=$2
[ -f "$src/tests/decodecorpus.c" ] || { echo "propfuzz: $src/tests/decodecorpus.c: no such file (not zstd's source?)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
# decodecorpus.c includes lib/compress/zstd_compress.c itself (tests/Makefile
# leaves that file out of the objects it links).
lib=() && for f in "$src"/lib/{common,compress,decompress,dictBuilder}/*.c; do
  [ "$(basename "$f")" = zstd_compress.c ] || lib+=("$f"); done
"${HOSTCC:-cc}" -O1 -w -DZSTD_LEGACY_SUPPORT=0 -DZSTD_DISABLE_ASM \
  -I"$src/lib" -I"$src/lib/common" -I"$src/lib/compress" -I"$src/lib/decompress" \
  -I"$src/lib/dictBuilder" -I"$src/programs" "${lib[@]}" "$src/programs/util.c" \
  "$src/programs/timefn.c" "$src/tests/decodecorpus.c" -lm -o "$tmp/decodecorpus"
mkdir -p "$tmp"/{frames,contents,blocks,block-contents}
"$tmp/decodecorpus" -n100 -s1 -p"$tmp/frames/" -o"$tmp/contents/" --max-content-size-log=13 >/dev/null 2>&1
"$tmp/decodecorpus" -n100 -s2 -p"$tmp/blocks/" -o"$tmp/block-contents/" --gen-blocks --max-block-size-log=13 >/dev/null 2>&1
for d in frames contents blocks block-contents; do
  for f in "$tmp/$d"/*; do cp "$f" "$out/$d-$(basename "$f")"; done
done
