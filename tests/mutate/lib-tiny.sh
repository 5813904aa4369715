#!/usr/bin/env bash
# Builds the tiny library of tests/mutate/ the way build/lib-<lib>.sh
# builds a real one. Usage: lib-tiny.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libtiny.a and <outdir>/include/tinylib.h.
set -euo pipefail
out=$1 cc=$2; shift 2
src=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"; mkdir -p "$out/include" "$out/obj"
cp "$src/tinylib.h" "$out/include/"
$cc "$@" -I"$src" -c "$src/tinylib.c" -o "$out/obj/tinylib.o"
ar rcs "$out/libtiny.a" "$out/obj/tinylib.o"
