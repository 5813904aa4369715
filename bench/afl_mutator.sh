#!/usr/bin/env bash
# bench/afl_mutator.sh — the structure-aware mutator as AFL++'s custom
# mutator (properties/mutator/afl_hooks.c) against afl-fuzz alone.
#
#   bash bench/afl_mutator.sh
#
# For each target and run: `propfuzz afl` from the committed seeds (CmpLog
# binary, dictionary, a fresh output directory) TIME seconds with
# PF_MUTATOR=0 and, at the same time (the two arms share the machine
# alike), PF_MUTATOR=1. Per arm: the edges found and the executions
# (afl-fuzz's fuzzer_stats), the executions the custom stage took
# (PF_MUTATOR_STATS) and the queue entries it added (afl-fuzz names them
# after afl_custom_describe). Then the median edges per arm.
#
# Settings (environment): TARGETS ("csv cjson"), RUNS (2), TIME (60),
# PF_MUTATOR_AFL_CALLS (the custom stage's length; default the mutator's).
# PF_BENCH_QUICK=1 (what make test runs): codec, one run, TIME=3; it
# checks that everything builds, loads, runs and is parsed, and its
# numbers mean nothing. Outputs: out/bench/afl_mutator/ (logs,
# results.tsv).
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

QUICK=
case ${PF_BENCH_QUICK:-0} in 0|'') ;; *) QUICK=1 ;; esac
TARGETS=${TARGETS:-${QUICK:+codec}}; TARGETS=${TARGETS:-csv cjson}
RUNS=${RUNS:-${QUICK:+1}}; RUNS=${RUNS:-2}
TIME=${TIME:-${QUICK:+3}}; TIME=${TIME:-60}
command -v afl-fuzz >/dev/null ||
  { echo "bench/afl_mutator.sh: afl-fuzz is not installed (Debian: apt-get install afl++)" >&2; exit 2; }

out=out/bench/afl_mutator
rm -rf "$out" && mkdir -p "$out"
results=$out/results.tsv
printf 'target\tarm\trun\tedges\texecs\tcustom_execs\tcustom_entries\tentries\n' >"$results"

# run_arm T ARM R: one propfuzz afl run, in the background.
run_arm() {
  local t=$1 arm=$2 r=$3 d=$out/$1-$2-$3 on=0
  [ "$arm" = on ] && on=1
  mkdir -p "$d"
  PF_MUTATOR=$on PF_MUTATOR_STATS=1 nice -n 10 build/propfuzz afl "$t" --bin-dir out \
    --corpus "corpus/$t" --findings "$d/findings" --work "$d/work" --afl-out "$d/afl" \
    --time "$TIME" >"$d/log" 2>&1 || true
}

# row T ARM R: the run's line of results.tsv.
row() {
  local d=$out/$1-$2-$3
  local stats=$d/afl/main/fuzzer_stats queue=$d/afl/main/queue
  [ -f "$stats" ] || { echo "bench/afl_mutator.sh: no fuzzer_stats in $d/afl/main (see $d/log)" >&2; return 1; }
  local edges execs custom entries mine
  edges=$(awk -F' *: ' '$1 == "edges_found" {print $2}' "$stats")
  execs=$(awk -F' *: ' '$1 == "execs_done" {print $2}' "$stats")
  custom=$(sed -n 's/^propfuzz mutator: \([0-9]*\) mutations.*/\1/p' "$d/afl/main.log" | tail -1)
  entries=$(find "$queue" -maxdepth 1 -name 'id:*' ! -name '*orig:*' | wc -l)
  mine=$(find "$queue" -maxdepth 1 -name 'id:*pf-structural*' | wc -l)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$edges" "$execs" \
    "${custom:-0}" "$mine" "$entries" >>"$results"
}

for t in $TARGETS; do
  make -s "out/afl/$t" "out/afl-cmplog/$t" "out/replay/$t" "out/shrink/$t" "out/afl-mutator/$t.so"
  for r in $(seq 1 "$RUNS"); do
    run_arm "$t" off "$r" & off=$!
    run_arm "$t" on "$r" & on=$!
    wait "$off" "$on"
    row "$t" off "$r"
    row "$t" on "$r"
    grep -q "installed successfully" "$out/$t-on-$r/afl/main.log" ||
      { echo "bench/afl_mutator.sh: afl-fuzz did not load out/afl-mutator/$t.so (see $out/$t-on-$r/afl/main.log)" >&2; exit 1; }
  done
done

column -t "$results"
echo "median edges (off / on):"
awk -F'\t' 'NR > 1 { v[$1 "/" $2] = v[$1 "/" $2] " " $4; t[$1] = 1 }
  function median(s,   a, n, i, j, x) {
    n = split(s, a, " ")
    for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END { for (k in t) printf "  %s %s / %s\n", k, median(v[k "/off"]), median(v[k "/on"]) }' "$results"
