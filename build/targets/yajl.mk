# yajl: JSON through yajl (build/lib-yajl.sh).
LIB_yajl := yajl
