# jsonc: JSON through json-c (build/lib-jsonc.sh).
LIB_jsonc := jsonc
