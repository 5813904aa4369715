# zstd: Zstandard frames through libzstd (build/lib-zstd.sh).
LIB_zstd := zstd
