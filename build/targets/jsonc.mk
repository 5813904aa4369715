# jsonc: JSON through json-c (build/lib-jsonc.sh, adapters/json_jsonc.c).
LIB_jsonc := jsonc
ADAPTERS_jsonc := json_jsonc
# Mutation analysis, BASELINE=own: the fuzz target json-c ships (and
# OSS-Fuzz runs), included as shipped with json-c's two later fixes that
# make it compile and fuzz (build/mutate/own/jsonc/), seeded with the texts
# of json-c's test suite (build/mutate/seeds/jsonc.sh), with its dictionary.
MUTATE_BASELINE_jsonc := build/mutate/own/jsonc/tokener_parse_ex_fuzzer.cc
MUTATE_BASELINE_SEEDS_jsonc := build/mutate/seeds/jsonc.sh
MUTATE_BASELINE_DICT_jsonc := src:fuzz/tokener_parse_ex_fuzzer.dict
MUTATE_BASELINE_CFLAGS_jsonc := -Isrc:fuzz
