#!/usr/bin/env bash
# Seeds for libbson's own fuzz target (src/libbson/fuzz/fuzz_test_libbson.c),
# which reads its input as JSON text (bson_init_from_json), from the BSON
# Corpus libbson ships (src/libbson/tests/json/bson_corpus/*.json): every
# valid case's Extended JSON (canonical_extjson, relaxed_extjson,
# degenerate_extjson, converted_extjson) and every parse error, one file
# each (the best start the fuzzer can read). A decimal128 parse error is
# a number string: wrapped as the specification's runner wraps it,
# {"d": {"$numberDecimal": ...}}. libbson ships no dictionary.
#   seeds/bson.sh <mongo-c-driver source dir> <output dir>
set -euo pipefail
src=$1 out=$2
corpus=$src/src/libbson/tests/json/bson_corpus
[ -d "$corpus" ] || { echo "propfuzz: $corpus: no such directory (not mongo-c-driver's source?)" >&2; exit 2; }
command -v jq >/dev/null || { echo "propfuzz: seeds/bson.sh needs jq: install it (apt-get install jq)" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
for f in "$corpus"/*.json; do
  name=$(basename "$f" .json)
  # One "<field>-<index>\t<text in base64>" line per seed (a text may hold
  # any byte).
  jq -r '(.valid // [] | to_entries[] | .key as $i | .value
          | to_entries[] | select(.key | endswith("_extjson"))
          | "\(.key)-\($i)\t\(.value | @base64)"),
         (.bson_type as $t | .parseErrors // [] | to_entries[]
          | "parse_error-\(.key)\t\(if $t == "0x13" then {d: {"$numberDecimal": .value.string}} | tojson
                                    else .value.string end | @base64)")' "$f" |
    while IFS=$'\t' read -r id text; do
      base64 -d <<<"$text" > "$out/$name-$id"
    done
done
[ -n "$(ls -A "$out")" ] || { echo "propfuzz: no seeds in $corpus" >&2; exit 2; }
