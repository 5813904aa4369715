#!/usr/bin/env bash
# Builds libzstd (compression, decompression and the dictionary builder)
# from its Debian source with the given compiler and flags.
# Usage: build/lib-zstd.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libzstd.a and <outdir>/include/{zstd,zdict,zstd_errors}.h.
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
# bookworm's 1.5.4+dfsg2-5 (the installed libzstd1); the bookworm-security
# 1.5.4+dfsg2-5+deb12u1 is listed but its files are not downloadable here.
src=$("$top/build/fetch-source.sh" libzstd 1.5.4+dfsg2-5)

rm -rf "$out"; mkdir -p "$out/include" "$out/obj"
cp "$src"/lib/{zstd.h,zdict.h,zstd_errors.h} "$out/include/"
# No legacy formats (v0.1-v0.7), no programs, single-threaded (zstdmt is
# compiled, as upstream does, but without ZSTD_MULTITHREAD it is inert).
# The x86-64 assembly Huffman decoder is left out (ZSTD_DISABLE_ASM): it
# is not instrumented, so the C decoder it replaces is fuzzed instead; and
# DYNAMIC_BMI2=0 makes the code path the same on every CPU.
defs=(-DZSTD_LEGACY_SUPPORT=0 -DZSTD_DISABLE_ASM -DDYNAMIC_BMI2=0
      -DXXH_NAMESPACE=ZSTD_)
files=()
for d in common compress decompress dictBuilder; do
  mkdir -p "$out/obj/$d"
  for f in "$src/lib/$d"/*.c; do files+=("$d/$(basename "${f%.c}")"); done
done
printf '%s\n' "${files[@]}" | xargs -P2 -I{} \
  "$cc" "$@" "${defs[@]}" -I"$src/lib" -I"$src/lib/common" \
  -c "$src/lib/{}.c" -o "$out/obj/{}.o"
ar rcs "$out/libzstd.a" "$out"/obj/*/*.o
