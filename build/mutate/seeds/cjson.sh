#!/usr/bin/env bash
# Seeds for cJSON's own fuzz target (fuzzing/cjson_read_fuzzer.c) from the
# inputs cJSON ships (fuzzing/inputs/): those carry the two flag bytes of
# its AFL driver (b|u buffered, f|u formatted), where cjson_read_fuzzer
# wants four ('0'|'1': minify, require_termination, formatted, buffered)
# and a trailing NUL, and returns early on anything else -- used as
# shipped, they cover nothing. Each input is written with every
# combination of the four flags (the best start the fuzzer can read).
#   seeds/cjson.sh <cJSON source dir> <output dir>
set -euo pipefail
src=$1 out=$2
[ -d "$src/fuzzing/inputs" ] || { echo "propfuzz: $src/fuzzing/inputs: no such directory (not cJSON's source?)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
for f in "$src"/fuzzing/inputs/*; do
  [ -f "$f" ] || continue
  for flags in 0000 0001 0010 0011 0100 0101 0110 0111 1000 1001 1010 1011 1100 1101 1110 1111; do
    { printf '%s' "$flags"; tail -c +3 "$f"; printf '\0'; } > "$out/$(basename "$f")-$flags"
  done
done
