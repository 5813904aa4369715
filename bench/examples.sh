#!/usr/bin/env bash
# The example runner against libFuzzer on the planted bugs (tests/planted/):
# for each bug, the examples and seconds the runner (no coverage feedback)
# takes to find it within EXAMPLES examples — as make test runs it (the
# target's seeds first, then generated examples), from nothing (generated
# examples only), and from nothing with uniform bytes only (PF_GEN=uniform:
# the baseline for the generator's biases) — beside libFuzzer's seconds to
# the same bug from the same seeds. One process at a time, fixed seeds;
# prints a table and the share found. "0" examples: a seed fails.
#
#   bash bench/examples.sh [TARGET|TARGET/PROPERTY ...]
#   EXAMPLES=10000 (per bug)  RUNNER_TIME=120 and LF_TIME=60 (caps, s)  SEED=1
#   PF_BENCH_QUICK=1: two codec bugs, 2000 examples, 10 s (make test).
set -uo pipefail
cd "$(dirname "$0")/.."
# As every profile sets it (build/profiles.sh): Tesseract's OpenMP at one
# thread; a pool of threads also hangs the report's forked child.
export OMP_THREAD_LIMIT=${OMP_THREAD_LIMIT:-1}
EXAMPLES=${EXAMPLES:-10000} LF_TIME=${LF_TIME:-60} SEED=${SEED:-1}
RUNNER_TIME=${RUNNER_TIME:-120}
sel=("$@")
if [ -n "${PF_BENCH_QUICK:-}" ]; then
  EXAMPLES=2000 LF_TIME=10 RUNNER_TIME=10
  [ ${#sel[@]} -gt 0 ] || sel=(codec/round_trip codec/smallest_encoding)
fi
bugs=()
for h in tests/planted/*/*.h; do
  p=${h#tests/planted/}; p=${p%.h}
  case $p in */crash_*) continue ;; esac
  if [ ${#sel[@]} -gt 0 ]; then
    keep=0
    for s in "${sel[@]}"; do [ "$s" = "${p%%/*}" ] || [ "$s" = "$p" ] && keep=1; done
    [ $keep = 1 ] || continue
  fi
  bugs+=("$p")
done
[ ${#bugs[@]} -gt 0 ] || { echo "bench/examples.sh: no planted bug matches ${sel[*]}" >&2; exit 2; }

work=out/bench/examples
rm -rf "$work" && mkdir -p "$work"
now() { date +%s.%N; }

# Seeds as make test gives them: corpus/<t>'s top-level files.
seeds_of() {
  local d=$work/seeds-$1
  [ -d "$d" ] || { mkdir -p "$d"; find "corpus/$1" -maxdepth 1 -type f ! -name '*.expect' ! -name '*.txt' -exec cp {} "$d/" \;; }
  echo "$d"
}

# runner BIN T GEN CORPUS: "<examples> <seconds>" to the first failure
# (0 when a corpus input fails), or "- -".
runner() {
  local log=$work/runner.log corpus=()
  [ "$4" = seeds ] && corpus=("$(seeds_of "$2")")
  PF_GEN=$3 PF_SEED=$SEED PF_EXAMPLES=$EXAMPLES PF_TIME=$RUNNER_TIME PF_KEEP_GOING=0 \
    PF_SHRINK_TIME=0.2 PF_FINDINGS_DIR=$work/findings "$1" "${corpus[@]}" > "$log" 2>&1
  if grep -q '^FAIL .*/seeds-' "$log"; then echo "0 0"; return; fi
  sed -n 's/^found .* after \([0-9]*\) examples (\([0-9.]*\) s)$/\1 \2/p' "$log" | head -1 | grep . || echo "- -"
}

# libfuzzer BIN T: seconds to the first failure, or "-".
libfuzzer() {
  local log=$work/libfuzzer.log t0 t1
  rm -rf "$work/lf-corpus" && mkdir -p "$work/lf-corpus" "$work/findings"
  t0=$(now)
  PF_FINDINGS_DIR=$work/findings timeout $((LF_TIME + 30)) "$1" -seed="$SEED" -max_total_time="$LF_TIME" \
    $(make -s --no-print-directory "print-LIBFUZZER_OPTS_$2") -dict="dict/$2.dict" \
    -artifact_prefix="$work/findings/" "$work/lf-corpus" "$(seeds_of "$2")" > "$log" 2>&1
  t1=$(now)
  if grep -q 'Falsifying example' "$log"; then awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f\n", b - a}'; else echo -; fi
}

echo "== example runner vs libFuzzer on planted bugs, $(date -u '+%Y-%m-%d %H:%M UTC'), seed $SEED"
echo "machine: $(getconf _NPROCESSORS_ONLN) cores, load $(cut -d' ' -f1-3 /proc/loadavg); runner: at most $EXAMPLES examples; libFuzzer: at most ${LF_TIME} s"
[ -n "${PF_BENCH_QUICK:-}" ] && echo "mode: quick (PF_BENCH_QUICK=1): checks that it builds and runs; the numbers are not measurements"
goals=()
for b in "${bugs[@]}"; do goals+=("out/planted-examples/$b" "out/planted/$b"); done
make -s -j2 "${goals[@]}" || { echo "bench/examples.sh: build failed" >&2; exit 1; }
printf '%-34s %16s %16s %16s %11s\n' bug "seeds+generated" "generated only" "uniform only" "libFuzzer"
printf '%-34s %16s %16s %16s %11s\n' "" "examples    s" "examples    s" "examples    s" "s"
found=0 found_g=0 found_u=0 found_lf=0 n=0
for b in "${bugs[@]}"; do
  t=${b%%/*}
  read -r ex sec < <(runner "out/planted-examples/$b" "$t" mix seeds)
  read -r gex gsec < <(runner "out/planted-examples/$b" "$t" mix none)
  read -r uex usec < <(runner "out/planted-examples/$b" "$t" uniform none)
  lf=$(libfuzzer "out/planted/$b" "$t")
  printf '%-34s %9s %6s %9s %6s %9s %6s %11s\n' "$b" "$ex" "$sec" "$gex" "$gsec" "$uex" "$usec" "$lf"
  n=$((n + 1))
  [ "$ex" != - ] && found=$((found + 1))
  [ "$gex" != - ] && found_g=$((found_g + 1))
  [ "$uex" != - ] && found_u=$((found_u + 1))
  [ "$lf" != - ] && found_lf=$((found_lf + 1))
done
echo "found within $EXAMPLES examples: seeds+generated $found of $n ($((100 * found / n))%), generated only $found_g ($((100 * found_g / n))%), uniform only $found_u ($((100 * found_u / n))%); libFuzzer within ${LF_TIME} s: $found_lf of $n"
