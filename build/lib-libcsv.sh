#!/usr/bin/env bash
# Builds libcsv (Robert Gamble's CSV parser) from its Debian source with the
# given compiler and flags, so the fuzzer sees its branches and the
# sanitizers its memory. The library is one file, libcsv.c; its programs
# and tests are not built. Usage: build/lib-libcsv.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libcsv.a and <outdir>/include/csv.h.
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" libcsv 3.0.3+dfsg-6)

rm -rf "$out"; mkdir -p "$out/include" "$out/obj"
cp "$src/csv.h" "$out/include/"
$cc "$@" -I"$src" -c "$src/libcsv.c" -o "$out/obj/libcsv.o"
ar rcs "$out/libcsv.a" "$out/obj/libcsv.o"
