# zlib: deflate/inflate (zlib, raw and gzip formats) through zlib (build/lib-zlib.sh).
LIB_zlib := zlib
# dlopen: reference opens the released zlib beside the build under test
# (harness/zlib/release.c); libc's since glibc 2.34.
LDLIBS_zlib := -ldl
