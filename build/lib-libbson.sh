#!/usr/bin/env bash
# Builds libbson (the BSON library of the MongoDB C driver) from its Debian
# source with the given compiler and flags, so the fuzzer sees its branches
# and the sanitizers its memory. Usage: build/lib-libbson.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libbson.a and <outdir>/include/ (bson/bson.h, as installed
# under libbson-1.0/). The sources CMake's SOURCES list names are compiled
# directly (no CMake configure: the three .h.in files need only their
# platform values filled in), libmongoc is not under test.
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" mongo-c-driver 1.23.1-1+deb12u3)/src
lb=$src/libbson/src

rm -rf "$out"; mkdir -p "$out/include/bson" "$out/obj" "$out/gen/common"
cp "$lb"/bson/*.h "$out/include/bson/"
# bson-config.h: a little-endian POSIX (Linux) build with C99 headers;
# strlcpy is not in every glibc (libbson then uses its own).
sed -e 's/@BSON_BYTE_ORDER@/1234/' -e 's/@BSON_OS@/1/' -e 's/@BSON_EXTRA_ALIGN@/1/' \
    -e 's/@BSON_HAVE_STRLCPY@/0/' -e 's/@BSON_HAVE_[A-Z_]*@/1/' "$lb/bson/bson-config.h.in" > "$out/include/bson/bson-config.h"
version=1.23.1
sed -e "s/@BSON_MAJOR_VERSION@/1/" -e "s/@BSON_MINOR_VERSION@/23/" -e "s/@BSON_MICRO_VERSION@/1/" \
    -e 's/@BSON_PRERELEASE_VERSION@//' -e "s/@BSON_VERSION@/$version/" \
    "$lb/bson/bson-version.h.in" > "$out/include/bson/bson-version.h"
sed 's/@MONGOC_ENABLE_DEBUG_ASSERTIONS@/0/' "$src/common/common-config.h.in" \
  > "$out/gen/common/common-config.h"
defs=(-DBSON_COMPILATION -DBSON_STATIC -DJSONSL_PARSE_NAN -DMCOMMON_NAME_PREFIX=_bson_mcommon)
incs=(-I"$out/include" -I"$out/include/bson" -I"$lb" -I"$lb/bson" -I"$src/common" -I"$out/gen/common")
for c in bcon bson bson-atomic bson-clock bson-context bson-decimal128 bson-error \
         bson-iso8601 bson-iter bson-json bson-keys bson-md5 bson-memory bson-oid \
         bson-reader bson-string bson-timegm bson-utf8 bson-value \
         bson-version-functions bson-writer; do
  $cc "$@" "${defs[@]}" "${incs[@]}" -c "$lb/bson/$c.c" -o "$out/obj/$c.o"
done
$cc "$@" "${defs[@]}" "${incs[@]}" -c "$lb/jsonsl/jsonsl.c" -o "$out/obj/jsonsl.o"
for c in common-b64 common-md5 common-thread; do
  $cc "$@" "${defs[@]}" "${incs[@]}" -c "$src/common/$c.c" -o "$out/obj/$c.o"
done
ar rcs "$out/libbson.a" "$out"/obj/*.o
