# bson: BSON through libbson (build/lib-libbson.sh), on the binary family.
LIB_bson := libbson
# Mutation analysis, BASELINE=own: the fuzz target libbson ships (it reads
# JSON text, bson_init_from_json), seeded with the BSON Corpus's Extended
# JSON and parse errors; libbson ships no dictionary.
MUTATE_BASELINE_bson := src:src/libbson/fuzz/fuzz_test_libbson.c
MUTATE_BASELINE_SEEDS_bson := build/mutate/seeds/bson.sh
