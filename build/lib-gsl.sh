#!/usr/bin/env bash
# Builds the parts of GSL that propfuzz targets call from source with the
# given compiler and flags, for builds that cannot link the system's libgsl:
# OSS-Fuzz and ClusterFuzzLite (target numeric, build/oss-fuzz/system-libs).
# Local builds link Debian's package (build/targets/numeric.mk) and do not
# use this. GSL's own configure, out of tree (nothing is written into the
# source), then only the subdirectories listed below (each is a libtool
# convenience library of GSL's build): the whole of GSL is ~40 such parts
# and would take several times as long.
# Usage: build/lib-gsl.sh <outdir> <cc> <cflags...>
# Source: Debian's gsl 2.7.1+dfsg-5+deb12u1, or PF_SRC_gsl (the release
# tarball, with configure; the git tree has none).
# Result: <outdir>/libgsl.a and <outdir>/include/gsl/*.h (all of GSL's
# headers; a call into a part not built here fails to link).
set -euo pipefail
mkdir -p "$1"
out=$(cd "$1" && pwd) cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" gsl 2.7.1+dfsg-5+deb12u1)

# What numeric calls (poly, sort, statistics) and what those call.
parts=(sys err complex poly sort statistics)

rm -rf "$out"; mkdir -p "$out/include/gsl" "$out/build" "$out/obj"
cd "$out/build"
log=$out/build/build.log
build_parts() {
  local d
  make -s -C gsl || return 1   # the gsl/ header links
  for d in "${parts[@]}"; do make -j2 -s -C "$d" || return 1; done
}
if ! "$src/configure" --disable-shared --enable-static CC="$cc" CFLAGS="$*" >"$log" 2>&1 ||
   ! build_parts >>"$log" 2>&1; then
  tail -n 20 "$log" >&2
  echo "propfuzz: building GSL failed (log: $log)" >&2
  exit 1
fi
cp -L gsl/*.h "$out/include/gsl/"
# One archive (the parts call each other, so their order would matter);
# members are renamed <part>-<file>.o, as file names repeat across parts.
for d in "${parts[@]}"; do
  mkdir -p "$out/obj/$d"
  (cd "$out/obj/$d" && ar x "$out/build/$d/.libs/libgsl$d.a" &&
   for o in *.o; do mv "$o" "../$d-$o"; done)
  rmdir "$out/obj/$d"
done
ar rcs "$out/libgsl.a" "$out"/obj/*.o
