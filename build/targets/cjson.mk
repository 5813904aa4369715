# cjson: JSON through cJSON (build/lib-cjson.sh).
LIB_cjson := cjson
