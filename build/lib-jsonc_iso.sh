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
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/build/lib-jsonc.sh" "$out/jsonc" "$cc" "$@"
rm -rf "$out/include" "$out/obj"
mkdir -p "$out/include" "$out/obj"
$cc "$@" -std=c11 -I"$top/include" -I"$top/adapters" -I"$out/jsonc/include" \
  -c "$top/adapters/json_jsonc.c" -o "$out/obj/adapter.o"
ld -r -o "$out/obj/jsonc_iso.o" "$out/obj/adapter.o" "$out"/jsonc/obj/*.o
objcopy --keep-global-symbol=pf_json_jsonc --keep-global-symbol=pf_json_jsonc_strict \
  --keep-global-symbol=pf_json_jsonc_misdecoded_pair "$out/obj/jsonc_iso.o"
rm -f "$out/libjsonc_iso.a"
ar rcs "$out/libjsonc_iso.a" "$out/obj/jsonc_iso.o"
