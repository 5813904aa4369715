#!/usr/bin/env bash
# The tiny library of tests/mutate/ shaped as build/lib-jsonc_iso.sh shapes
# json-c: tinylib.c is compiled under other names (iso_tiny_*) and linked
# with a glue (tiny_iso_glue.c, which defines the tiny_* API over them)
# into one object whose only global symbols are the API. A mutant's
# object linked beside that archive is never called (the glue's calls
# were bound inside the object): the campaign must relink it.
# Usage: lib-tiny_iso.sh <outdir> <cc> <cflags...>
#        lib-tiny_iso.sh --relink <outdir> <newdir> [<object>=<replacement>]...
# propfuzz-mutate: relink
set -euo pipefail
api=(tiny_encode tiny_decode tiny_encoded_size tiny_kind tiny_unused)

link_iso() { # ARCHIVE WORKDIR OBJECT...
  local archive=$1 work=$2 keep=() f; shift 2
  for f in "${api[@]}"; do keep+=("--keep-global-symbol=$f"); done
  ld -r -o "$work/tiny_iso.o" "$@"
  objcopy "${keep[@]}" "$work/tiny_iso.o"
  rm -f "$archive" && ar rcs "$archive" "$work/tiny_iso.o"
}

if [ "${1:-}" = --relink ]; then
  . "$(dirname "$0")/../../build/mutate/lib.sh"
  out=$2 new=$3; shift 3
  mt_replace_objects "$out/obj/tinylib.o" "$out/obj/glue.o" -- "$@"
  mkdir -p "$new"
  link_iso "$new/libtiny_iso.a" "$new" "${OBJS[@]}"
  exit 0
fi

out=$1 cc=$2; shift 2
src=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"; mkdir -p "$out/include" "$out/obj"
cp "$src/tinylib.h" "$out/include/"
out=$(cd "$out" && pwd)
renames=()
for f in "${api[@]}"; do renames+=("-D$f=iso_$f"); done
(cd "$src" && $cc "$@" "${renames[@]}" -I. -c tinylib.c -o "$out/obj/tinylib.o")
(cd "$src" && $cc "$@" -I. -c tiny_iso_glue.c -o "$out/obj/glue.o")
link_iso "$out/libtiny_iso.a" "$out/obj" "$out/obj/tinylib.o" "$out/obj/glue.o"
