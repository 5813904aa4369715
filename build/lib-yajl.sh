#!/usr/bin/env bash
# Builds yajl from its Debian source with the given compiler and flags.
# Usage: build/lib-yajl.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libyajl.a and <outdir>/include/yajl/*.h (yajl_version.h
# written from its CMake template with the version numbers filled in).
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" yajl 2.1.0-3+deb12u2)

rm -rf "$out"; mkdir -p "$out/include/yajl" "$out/obj"
cp "$src"/src/api/yajl_{common,gen,parse,tree}.h "$out/include/yajl/"
sed -e 's/\${YAJL_MAJOR}/2/' -e 's/\${YAJL_MINOR}/1/' -e 's/\${YAJL_MICRO}/0/' \
  "$src/src/api/yajl_version.h.cmake" > "$out/include/yajl/yajl_version.h"
# The sources include "api/yajl_parse.h": their own tree has api/.
printf '%s\n' yajl yajl_lex yajl_parser yajl_buf yajl_encode yajl_gen \
    yajl_alloc yajl_tree yajl_version |
  xargs -P2 -I{} $cc "$@" -I"$out/include" -I"$src/src" \
    -c "$src/src/{}.c" -o "$out/obj/{}.o"
ar rcs "$out/libyajl.a" "$out"/obj/*.o
