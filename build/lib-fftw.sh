#!/usr/bin/env bash
# Builds FFTW 3 (double precision) from source with the given compiler and
# flags, for builds that cannot link the system's libfftw3: OSS-Fuzz and
# ClusterFuzzLite (target numeric, build/oss-fuzz/system-libs). Local builds
# link Debian's package (build/targets/numeric.mk) and do not use this.
# FFTW's own configure and make, out of tree (nothing is written into the
# source), with Debian's options for amd64 (SSE2 and AVX codelets, chosen
# at run time by CPU); no threads, no Fortran wrappers, no documentation.
# Usage: build/lib-fftw.sh <outdir> <cc> <cflags...>
# Source: Debian's fftw3 3.3.10-1, or PF_SRC_fftw3 (the release tarball:
# the git tree lacks the generated codelets).
# Result: <outdir>/libfftw3.a and <outdir>/include/fftw3.h.
set -euo pipefail
mkdir -p "$1"
out=$(cd "$1" && pwd) cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" fftw3 3.3.10-1)

rm -rf "$out"; mkdir -p "$out/include" "$out/build"
cd "$out/build"
log=$out/build/build.log
opts=(--disable-shared --enable-static --disable-fortran --disable-doc
      --disable-threads --disable-openmp --enable-sse2 --enable-avx)
# Only the library: its parts (SUBDIRS of Makefile.am), then libfftw3.la;
# not the tests, tools and benchmarks.
build_lib() {
  local d
  for d in support kernel simd-support dft rdft reodft api; do
    make -j2 -s -C "$d" || return 1
  done
  make -s libfftw3.la
}
if ! "$src/configure" "${opts[@]}" CC="$cc" CFLAGS="$*" >"$log" 2>&1 ||
   ! build_lib >>"$log" 2>&1; then
  tail -n 20 "$log" >&2
  echo "propfuzz: building FFTW failed (log: $log)" >&2
  exit 1
fi
cp .libs/libfftw3.a "$out/"
cp "$src/api/fftw3.h" "$out/include/"
