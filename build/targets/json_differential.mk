# json_differential: cJSON, json-c, jansson and yajl against a reference
# parser, each through its adapter. json-c comes as build/lib-jsonc_iso.sh
# (its symbols clash with jansson's), which compiles its adapter into the
# library: a change of the adapter rebuilds it.
LIB_json_differential := cjson jsonc_iso jansson yajl
ADAPTERS_json_differential := json_cjson json_jansson json_yajl
$(foreach f,fuzz afl cmplog cov,out/lib/$(f)/jsonc_iso/.built): \
  adapters/json_jsonc.c adapters/json_adapters.h include/propfuzz_json.h include/propfuzz.h
