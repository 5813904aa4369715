#!/usr/bin/env bash
# Seeds for jansson's own fuzz target (test/ossfuzz/json_load_dump_fuzzer.cc)
# from the JSON texts jansson's test suites hold (test/suites/*/*/input).
# OSS-Fuzz seeds it with those texts as they are (test/ossfuzz/ossfuzz.sh),
# but the fuzzer reads its first 17 bytes as commands -- a size_t of load
# flags, a size_t of dump flags, one byte of dump mode -- so each text
# loses its start to flags it did not choose. Each text is written here
# behind a few command prefixes instead (the best start the fuzzer can
# read): load flags 0, JSON_DECODE_ANY, and JSON_DECODE_ANY with
# JSON_REJECT_DUPLICATES and JSON_ALLOW_NUL; dump flags compact, indented
# with sorted keys, and ASCII-only with escaped slashes and
# JSON_REAL_PRECISION(17); the callback and the string dump mode.
#   seeds/jansson.sh <jansson source dir> <output dir>
set -euo pipefail
src=$1 out=$2
[ -d "$src/test/suites" ] || { echo "propfuzz: $src/test/suites: no such directory (not jansson's source?)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
# size_t LE of a number, as printf escapes (the fuzzer reads it natively;
# the machines propfuzz runs on are little-endian).
le64() { local v=$1 i s=; for i in 0 1 2 3 4 5 6 7; do s+=$(printf '\\x%02x' $(((v >> (8 * i)) & 255))); done; printf '%s' "$s"; }
n=0
for f in "$src"/test/suites/*/*/input; do
  case=$(basename "$(dirname "$f")") suite=$(basename "$(dirname "$(dirname "$f")")")
  for load in 0 4 21; do                       # 0x15 = DECODE_ANY|REJECT_DUPLICATES|ALLOW_NUL
    for dump in 32 130 35904; do               # COMPACT; INDENT(2)|SORT_KEYS; ENSURE_ASCII|ESCAPE_SLASH|REAL_PRECISION(17)
      for mode in 0 1; do
        { printf "$(le64 "$load")$(le64 "$dump")\\x0$mode"; cat "$f"; } > "$out/$suite-$case-$load-$dump-$mode"
        n=$((n + 1))
      done
    done
  done
done
[ "$n" -gt 0 ] || { echo "propfuzz: no test/suites/*/*/input under $src" >&2; exit 2; }
