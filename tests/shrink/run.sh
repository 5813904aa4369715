#!/usr/bin/env bash
# tests/shrink/run.sh — the shrinking benchmarks (design §6): builds each
# tests/shrink/<name>.c with driver.c into out/shrink-bench/<name>, runs
# it (PF_SHRINK_RUNS failing inputs of each kind, random-length and
# 512-byte, each shrunk with a PF_SHRINK_SECONDS cap; a test per kind and
# benchmark: its required share reached the ideal), prints each
# benchmark's summary line and ends with the summed "N passed, N failed". Full logs: out/shrink-bench/logs/<name>.log.
#
#   bash tests/shrink/run.sh [NAME...]     (default: every benchmark)
#
# PF_SHRINK_LIB=<libpropfuzz.a> measures another build of the library (an
# older commit's, for a before/after table) with these benchmarks; its
# binaries and logs go to PF_SHRINK_OUT (default out/shrink-bench/other).
set -uo pipefail
cd "$(dirname "$0")/../.."

LIB=${PF_SHRINK_LIB:-out/lib/libpropfuzz.a}
OUT=out/shrink-bench
[ -n "${PF_SHRINK_LIB:-}" ] && OUT=${PF_SHRINK_OUT:-out/shrink-bench/other}
CFLAGS=(-std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
        -Wformat=2 -Wvla -Werror -g -O1 -fsanitize=address,undefined
        -fno-sanitize-recover=undefined -Iinclude)
# The in-process shrinker abandons failing runs mid-way (their allocations
# with them), so leak checking would only report that.
export ASAN_OPTIONS=detect_leaks=0

if [ -z "${PF_SHRINK_LIB:-}" ]; then
  make -s out/lib/libpropfuzz.a || { echo "0 passed, 1 failed"; exit 1; }
fi
mkdir -p "$OUT/logs"

if [ $# -gt 0 ]; then
  names=("$@")
else
  names=()
  for f in tests/shrink/*.c; do
    n=$(basename "${f%.c}")
    [ "$n" = driver ] || names+=("$n")
  done
fi

# Build all first, two compilers at a time (the machine has two cores).
build() {
  rm -f "$OUT/$1"
  clang "${CFLAGS[@]}" "tests/shrink/$1.c" tests/shrink/driver.c \
    "$LIB" -lm -o "$OUT/$1" >"$OUT/logs/$1.build.log" 2>&1
}
for n in "${names[@]}"; do
  build "$n" &
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
done
wait

# What a log says about its misses: for a benchmark that must reach its
# ideal, the first three misses with their start and end values; for any
# benchmark, the most common results that were not the ideal; and the
# first frames of a sanitizer report.
misses() {
  local log=$1
  if grep -q '^FAIL ' "$log"; then
    grep -E -A2 'NOT ideal|signature changed|no failing input' "$log" |
      grep -v '^--$' | head -n 9 | sed 's/^/    /'
  fi
  grep -A2 'NOT ideal' "$log" | sed -n 's/^    to  *//p' | sort | uniq -c |
    sort -rn | head -n 3 | sed 's/^ *\([0-9]*\) /    missed: \1x /'
  grep -E -A3 '^(note|ideal self-check)' "$log" | grep -v '^--$' | sed 's/^/    /'
  grep -m1 -A0 'ERROR: AddressSanitizer\|runtime error' "$log" | sed 's/^/    | /'
  grep -m4 -E '^    #[0-3] ' "$log" | sed 's/^/    | /'
}

runs=${PF_SHRINK_RUNS:-20}
passed=0 failed=0
for n in "${names[@]}"; do
  log=$OUT/logs/$n.log
  if [ ! -x "$OUT/$n" ]; then
    echo "FAIL $n: build failed:"; sed 's/^/    /' "$OUT/logs/$n.build.log"
    failed=$((failed + 2)); continue
  fi
  "$OUT/$n" >"$log" 2>&1
  rc=$?
  grep -E '^[a-z0-9_]+: ideal in |^FAIL ' "$log" ||
    echo "FAIL $n: died (exit $rc) after $(grep -c ' seed ' "$log") of $((2 * runs)) runs"
  misses "$log"
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
  if [ -n "$line" ]; then
    p=${line%% passed*}; f=${line#*, }; f=${f%% failed*}
    [ "$rc" != 0 ] && [ "$f" = 0 ] && f=1
  else
    p=0; f=2 # died: neither kind of start can be trusted
  fi
  passed=$((passed + p)); failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
