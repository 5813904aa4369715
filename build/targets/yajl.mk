# yajl: JSON through yajl (build/lib-yajl.sh, adapters/json_yajl.c).
LIB_yajl := yajl
ADAPTERS_yajl := json_yajl
