# json_differential: cJSON, json-c, jansson and yajl against a reference
# parser. json-c comes as build/lib-jsonc_iso.sh (its symbols clash with
# jansson's).
LIB_json_differential := cjson jsonc_iso jansson yajl
