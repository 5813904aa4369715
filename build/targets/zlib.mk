# zlib: deflate/inflate (zlib, raw and gzip formats) through zlib (build/lib-zlib.sh).
LIB_zlib := zlib
