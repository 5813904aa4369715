#!/usr/bin/env bash
# Builds cJSON from its Debian source with the given compiler and flags, so
# the fuzzer sees its branches and the sanitizers its memory.
# Usage: build/lib-cjson.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libcjson.a and <outdir>/include/cjson/cJSON.h (and a copy
# at <outdir>/include/cJSON.h). Only cJSON.c: cJSON_Utils is not under test.
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" cjson 1.7.15-1+deb12u4)

rm -rf "$out"; mkdir -p "$out/include/cjson" "$out/obj"
cp "$src/cJSON.h" "$out/include/cjson/cJSON.h"
cp "$src/cJSON.h" "$out/include/cJSON.h"
$cc "$@" -I"$src" -c "$src/cJSON.c" -o "$out/obj/cJSON.o"
ar rcs "$out/libcjson.a" "$out"/obj/*.o
