#!/usr/bin/env bash
# Builds msgpack-c (C library) from its Debian source with the given
# compiler and flags, so the fuzzer sees its branches and the sanitizers
# its memory. Usage: build/lib-msgpack.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libmsgpackc.a and <outdir>/include/.
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" msgpack-c 4.0.0-3)

rm -rf "$out"; mkdir -p "$out/include/msgpack" "$out/obj"
cp -r "$src/include/." "$out/include/"
# The two headers CMake would configure: only the endianness is filled in.
for h in sysdep pack_template; do
  sed -e 's/@MSGPACK_ENDIAN_BIG_BYTE@/0/' -e 's/@MSGPACK_ENDIAN_LITTLE_BYTE@/1/' \
    "$src/cmake/$h.h.in" > "$out/include/msgpack/$h.h"
done
for c in objectc unpack version vrefbuffer zone; do
  $cc "$@" -I"$out/include" -c "$src/src/$c.c" -o "$out/obj/$c.o"
done
ar rcs "$out/libmsgpackc.a" "$out"/obj/*.o
