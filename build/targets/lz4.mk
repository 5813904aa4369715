# lz4: the LZ4 frame and block formats through liblz4 (build/lib-lz4.sh).
LIB_lz4 := lz4
