#!/usr/bin/env bash
# Seeds for json-c's own fuzz target (fuzz/tokener_parse_ex_fuzzer.cc),
# which reads its input as JSON text. json-c ships no seed corpus for it;
# its test suite holds the texts: tests/valid*.json and the string
# literals tests/test_parse.c parses (single_basic_parse's, and each step
# of incremental_steps). The literals are C strings: a small program
# compiled from them writes each one's bytes, so every escape is read as
# the compiler reads it (the best start the fuzzer can read).
#   seeds/jsonc.sh <json-c source dir> <output dir>
set -euo pipefail
src=$1 out=$2
tests=$src/tests
[ -f "$tests/test_parse.c" ] || { echo "propfuzz: $tests/test_parse.c: no such file (not json-c's source?)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
{
  echo '#include <stdio.h>'
  echo 'static const char *const texts[] = {'
  sed -n -e 's/^[[:space:]]*single_basic_parse(\(".*"\), [01]);.*$/\1,/p' \
         -e 's/^[[:space:]]*{\(".*"\), -\{0,1\}[0-9]*, -\{0,1\}[0-9]*, json_tokener_.*$/\1,/p' "$tests/test_parse.c"
  echo '};'
  echo 'int main(int argc, char **argv) {'
  echo '  for (unsigned i = 0; i < sizeof texts / sizeof *texts; i++) {'
  echo '    char name[4096]; snprintf(name, sizeof name, "%s/test_parse-%03u", argv[argc - 1], i);'
  echo '    FILE *f = fopen(name, "wb"); if (!f || fputs(texts[i], f) < 0 || fclose(f)) return 1;'
  echo '  }'
  echo '  return 0;'
  echo '}'
} > "$work/texts.c"
"${CC:-cc}" -w -o "$work/texts" "$work/texts.c" || { echo "propfuzz: seeds/jsonc.sh: test_parse.c's texts did not compile ($work/texts.c)" >&2; exit 2; }
"$work/texts" "$out"
cp "$tests"/valid*.json "$out"/
[ "$(ls "$out" | wc -l)" -gt 2 ] || { echo "propfuzz: no seeds from $tests" >&2; exit 2; }
