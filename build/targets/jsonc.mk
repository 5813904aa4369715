# jsonc: JSON through json-c (build/lib-jsonc.sh, adapters/json_jsonc.c).
LIB_jsonc := jsonc
ADAPTERS_jsonc := json_jsonc
