#!/usr/bin/env bash
# Builds zlib from its Debian source with the given compiler and flags, so
# the fuzzer sees its branches and the sanitizers its memory.
# Usage: build/lib-zlib.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libz.a and <outdir>/include/{zlib.h,zconf.h}.
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" zlib 1:1.2.13.dfsg-1)

rm -rf "$out"; mkdir -p "$out/include" "$out/obj"
# What ./configure does on Linux: zconf.h says unistd.h and stdarg.h exist,
# and the library is built with large-file support and hidden internals.
sed -e '/^#ifdef HAVE_UNISTD_H.* may be/s/def HAVE_UNISTD_H\(.*\) may be/ 1\1 was/' \
    -e '/^#ifdef HAVE_STDARG_H.* may be/s/def HAVE_STDARG_H\(.*\) may be/ 1\1 was/' \
    "$src/zconf.h" > "$out/include/zconf.h"
cp "$src/zlib.h" "$out/include/"
defs=(-D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN)
files=(adler32 crc32 deflate infback inffast inflate inftrees trees zutil
       compress uncompr gzclose gzlib gzread gzwrite)
printf '%s\n' "${files[@]}" | xargs -P2 -I{} \
  "$cc" "$@" "${defs[@]}" -I"$out/include" -I"$src" -c "$src/{}.c" -o "$out/obj/{}.o"
ar rcs "$out/libz.a" "$out"/obj/*.o
