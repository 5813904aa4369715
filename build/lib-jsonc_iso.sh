#!/usr/bin/env bash
# Builds json-c (Debian source, as build/lib-jsonc.sh) for targets that also
# link jansson: both libraries define json_object_get, json_type, ... so
# they cannot share a translation unit or a link. Here json-c and its
# adapter (adapters/json_jsonc.c) are linked into one relocatable object in
# which every global symbol but the adapter's is made local.
# Usage: build/lib-jsonc_iso.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libjsonc_iso.a exporting pf_json_jsonc,
# pf_json_jsonc_strict and pf_json_jsonc_misdecoded_pair
# (adapters/json_adapters.h); <outdir>/include is empty.
#
# A mutation campaign's mutant recompiles one json-c object; linked beside
# this archive it would meet only local symbols. So the archive is rebuilt
# for each mutant with the same link steps:
#   build/lib-jsonc_iso.sh --relink <outdir> <newdir> [<object>=<replacement>]...
# writes <newdir>/libjsonc_iso.a from <outdir>'s objects, each <object>
# (a path under <outdir>) replaced by its <replacement>.
# propfuzz-mutate: relink
set -euo pipefail

# link_iso ARCHIVE WORKDIR OBJECT...: the objects as one archive whose only
# global symbols are the adapter's.
link_iso() {
  local archive=$1 work=$2; shift 2
  ld -r -o "$work/jsonc_iso.o" "$@"
  objcopy --keep-global-symbol=pf_json_jsonc --keep-global-symbol=pf_json_jsonc_strict \
    --keep-global-symbol=pf_json_jsonc_misdecoded_pair "$work/jsonc_iso.o"
  rm -f "$archive"
  ar rcs "$archive" "$work/jsonc_iso.o"
}

if [ "${1:-}" = --relink ]; then
  [ $# -ge 3 ] || { echo "usage: $0 --relink <outdir> <newdir> [<object>=<replacement>]..." >&2; exit 2; }
  . "$(dirname "$0")/mutate/lib.sh"
  out=$2 new=$3; shift 3
  mt_replace_objects "$out/obj/adapter.o" "$out"/jsonc/obj/*.o -- "$@"
  mkdir -p "$new"
  link_iso "$new/libjsonc_iso.a" "$new" "${OBJS[@]}"
  exit 0
fi

out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/build/lib-jsonc.sh" "$out/jsonc" "$cc" "$@"
rm -rf "$out/include" "$out/obj"
mkdir -p "$out/include" "$out/obj"
$cc "$@" -std=c11 -I"$top/include" -I"$top/adapters" -I"$out/jsonc/include" \
  -c "$top/adapters/json_jsonc.c" -o "$out/obj/adapter.o"
link_iso "$out/libjsonc_iso.a" "$out/obj" "$out/obj/adapter.o" "$out"/jsonc/obj/*.o
