#!/usr/bin/env bash
# Builds the tiny library of tests/mutate/ the way build/lib-<lib>.sh
# builds a real one. Usage: lib-tiny.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libtiny.a and <outdir>/include/tinylib.h.
# It compiles from inside its source directory, with the compiler named
# as given (a bare "clang"), as SQLite's build compiles gen/sqlite3.c
# inside gen/: a mutant's rebuild must keep that compiler word as it is,
# not read it as a path in the mutated copy of the directory.
set -euo pipefail
out=$1 cc=$2; shift 2
src=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"; mkdir -p "$out/include" "$out/obj"
cp "$src/tinylib.h" "$out/include/"
out=$(cd "$out" && pwd)
(cd "$src" && $cc "$@" -I. -c tinylib.c -o "$out/obj/tinylib.o")
ar rcs "$out/libtiny.a" "$out/obj/tinylib.o"
