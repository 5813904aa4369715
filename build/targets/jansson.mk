# jansson: JSON through jansson (build/lib-jansson.sh, adapters/json_jansson.c).
LIB_jansson := jansson
ADAPTERS_jansson := json_jansson
# Mutation analysis, BASELINE=own: the fuzz target jansson ships (and
# OSS-Fuzz runs), seeded with its test suites' texts behind the command
# bytes it reads first (build/mutate/seeds/jansson.sh).
MUTATE_BASELINE_jansson := src:test/ossfuzz/json_load_dump_fuzzer.cc
MUTATE_BASELINE_SEEDS_jansson := build/mutate/seeds/jansson.sh
