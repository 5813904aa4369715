#!/usr/bin/env bash
# Engines side by side on the codec target: execs/s of libFuzzer and of
# AFL++ (persistent mode, no CmpLog), each with JOBS=1 and JOBS=2 as
# make fuzz-/afl- (build/propfuzz) run them, and libFuzzer's -fork=2 beside, in alternating
# rounds; prints medians and ratios. The machine is shared and
# noisy: read the ratios, not the absolute numbers.
#   bash bench/engines.sh [seconds-per-run] [rounds]
# PF_BENCH_QUICK=1 (make test): 2 s per run, one round; it then only checks
# that every engine configuration ran (a zero rate fails), not its speed.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=; case ${PF_BENCH_QUICK:-0} in 0|'') ;; *) quick=1 ;; esac
secs=${1:-${quick:+2}} rounds=${2:-${quick:+1}} t=codec
secs=${secs:-20} rounds=${rounds:-3}
make -s out/libfuzzer/$t out/afl/$t >/dev/null
dir=out/bench/engines
rm -rf "$dir" && mkdir -p "$dir"
seeds=$dir/seeds
mkdir -p "$seeds"
find corpus/$t -maxdepth 1 -type f -exec cp {} "$seeds/" \;
export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
       AFL_NO_AFFINITY=1 ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0

# runs LOG: libFuzzer's run count, from its last status line.
runs() { awk 'match($0, /^#[0-9]+/) {n = substr($0, 2, RLENGTH - 1)} END {print n + 0}' "$1"; }

# libFuzzer JOBS=n as build/propfuzz runs it: n processes on one corpus
# directory, each writing what it finds there and reloading the others'
# inputs; execs/s is the sum of their runs over the wall time.
libfuzzer() { # jobs round -> execs/s
  local w=$dir/lf-$1-$2 pids=() i total=0
  mkdir -p "$w"
  for i in $(seq 1 "$1"); do
    out/libfuzzer/$t -seed="$(($2 * 10 + i))" -max_total_time="$secs" \
      -dict=dict/$t.dict "$w" "$seeds" > "$w-$i.log" 2>&1 &
    pids+=($!)
  done
  wait "${pids[@]}" || true
  for i in $(seq 1 "$1"); do total=$((total + $(runs "$w-$i.log"))); done
  echo $((total / secs))
}

# libFuzzer's own -fork=n: a parent starting short child runs and merging
# what they find (propfuzz fuzz --fork, make LF_PARALLEL=fork).
libfuzzer_fork() { # jobs round -> execs/s
  local w=$dir/lff-$1-$2
  mkdir -p "$w"
  out/libfuzzer/$t -seed="$(($2 * 10))" -max_total_time="$secs" -fork="$1" \
    -dict=dict/$t.dict "$w" "$seeds" > "$w.log" 2>&1 || true
  echo $(($(runs "$w.log") / secs))
}

# AFL++ JOBS=n as build/propfuzz runs it: n secondary (-S) instances, so no
# instance spends its time in the deterministic stages (a -M one would;
# like with like against libFuzzer, which has none); execs/s is the sum
# of execs_done over the longest run_time.
afl() { # jobs round -> execs/s (sum over instances)
  local o=$dir/afl-$1-$2 pids=() i
  for i in $(seq 1 "$1"); do
    afl-fuzz -i "$seeds" -o "$o" -x dict/$t.dict -V "$secs" -S "s$i" -- out/afl/$t > "$o-s$i.log" 2>&1 &
    pids+=($!)
  done
  wait "${pids[@]}" 2>/dev/null || true
  cat "$o"/*/fuzzer_stats | awk -F' *: ' '/^execs_done/{e+=$2} /^run_time/{if ($2>r) r=$2}
    END {printf "%.0f\n", (r > 0 ? e / r : 0)}'
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }

declare -A runs
for r in $(seq 1 "$rounds"); do
  for cfg in "libfuzzer 1" "afl 1" "libfuzzer 2" "afl 2" "libfuzzer_fork 2"; do
    set -- $cfg
    v=$("$1" "$2" "$r")
    runs["$1 $2"]+="$v "
    echo "round $r: $1 JOBS=$2: $v execs/s"
  done
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}'; }
m() { tr ' ' '\n' <<<"${runs[$1]}" | grep . | median; }
lf1=$(m "libfuzzer 1") af1=$(m "afl 1") lf2=$(m "libfuzzer 2") af2=$(m "afl 2")
lff=$(m "libfuzzer_fork 2")
echo
echo "codec, ${secs}s per run, median of $rounds rounds (execs/s):"
printf '  %-34s %10s %10s %14s\n' engine JOBS=1 JOBS=2 "JOBS=2/JOBS=1"
printf '  %-34s %10s %10s %14.2f\n' "libFuzzer, processes on one corpus" "$lf1" "$lf2" "$(ratio "$lf2" "$lf1")"
printf '  %-34s %10s %10s %14.2f\n' "libFuzzer -fork" "$lf1" "$lff" "$(ratio "$lff" "$lf1")"
printf '  %-34s %10s %10s %14.2f\n' "AFL++ persistent, -S instances" "$af1" "$af2" "$(ratio "$af2" "$af1")"
printf '  AFL++/libFuzzer at JOBS=1: %.2f\n' "$(ratio "$af1" "$lf1")"
echo "($(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
# A configuration that did not run is what a quick run is there to catch.
for v in "$lf1" "$af1" "$lf2" "$af2" "$lff"; do
  [ "${v%.*}" -gt 0 ] || { echo "bench/engines.sh: an engine configuration made no execs (logs in $dir)" >&2; exit 1; }
done
