#!/usr/bin/env bash
# Builds liblz4 (block, HC and frame APIs) from its Debian source with the
# given compiler and flags. Usage: build/lib-lz4.sh <outdir> <cc> <cflags...>
# Result: <outdir>/liblz4.a and <outdir>/include/{lz4,lz4hc,lz4frame,...}.h.
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" lz4 1.9.4-1)

rm -rf "$out"; mkdir -p "$out/include" "$out/obj"
cp "$src"/lib/{lz4.h,lz4hc.h,lz4frame.h,lz4frame_static.h} "$out/include/"
# The defines of lib/Makefile (lz4's copy of xxhash gets the LZ4_ prefix)
# and debian/rules (the static LZ4F_* functions are exported).
defs=(-DXXH_NAMESPACE=LZ4_ -DLZ4F_PUBLISH_STATIC_FUNCTIONS)
printf '%s\n' lz4 lz4hc lz4frame xxhash | xargs -P2 -I{} \
  "$cc" "$@" "${defs[@]}" -I"$src/lib" -c "$src/lib/{}.c" -o "$out/obj/{}.o"
ar rcs "$out/liblz4.a" "$out"/obj/*.o
