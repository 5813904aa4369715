# cjson: JSON through cJSON (build/lib-cjson.sh, adapters/json_cjson.c).
LIB_cjson := cjson
ADAPTERS_cjson := json_cjson
