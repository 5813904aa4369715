# bson: BSON through libbson (build/lib-libbson.sh), on the binary family.
LIB_bson := libbson
