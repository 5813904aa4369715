# cjson: JSON through cJSON (build/lib-cjson.sh, adapters/json_cjson.c).
LIB_cjson := cjson
ADAPTERS_cjson := json_cjson
# Mutation analysis, BASELINE=own: the fuzz target cJSON ships, seeded with
# its shipped inputs converted to the flag bytes it reads.
MUTATE_BASELINE_cjson := src:fuzzing/cjson_read_fuzzer.c
MUTATE_BASELINE_SEEDS_cjson := build/mutate/seeds/cjson.sh
MUTATE_BASELINE_DICT_cjson := src:fuzzing/json.dict
