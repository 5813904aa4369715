#!/usr/bin/env bash
# Runs a fuzzing session and triages what it finds.
#   build/fuzz.sh libfuzzer|afl <target>
# Environment: FUZZ_TIME (seconds; empty = until Ctrl-C), JOBS (workers:
# libFuzzer processes sharing the work corpus, or -fork=JOBS with
# LF_PARALLEL=fork; AFL++ instances), FUZZ_ARGS (extra engine flags),
# PROFILE (build/profiles.sh; dev here: a random seed unless PF_SEED).
# Called by make fuzz-<t> / make afl-<t>.
# Tests point it elsewhere with PF_LIBFUZZER_BIN, PF_REPLAY_BIN (passed on
# to triage), PF_FINDINGS, PF_WORK and PF_AFL_OUT.
#
# Failures land in out/findings/<target>/ before anything else: the harness
# writes <property>-<hash> itself (PF_FINDINGS_DIR) and the engine writes
# its own artifact there too. After the run, build/triage.sh minimises each
# new finding and writes its report beside it.
set -uo pipefail
engine=$1 t=$2
cd "$(dirname "$0")/.."
PF_DEFAULT_PROFILE=dev
source build/profiles.sh
jobs=${JOBS:-1} time=$PF_FUZZ_TIME
findings=${PF_FINDINGS:-out/findings/$t} work=${PF_WORK:-out/work/$t}
fuzzer=${PF_LIBFUZZER_BIN:-out/libfuzzer/$t}
mkdir -p "$findings" "$work"
[ -f "dict/$t.dict" ] || { echo "propfuzz: dict/$t.dict is missing (a file of comments will do)" >&2; exit 2; }
# Engines refuse a dictionary without entries: pass it only when it has one.
dict=()
grep -qv '^[[:space:]]*\(#\|$\)' "dict/$t.dict" && dict=(-x "dict/$t.dict")
case $jobs in ''|*[!0-9]*|0) echo "propfuzz: JOBS must be a positive number" >&2; exit 2;; esac
case $time in *[!0-9]*) echo "propfuzz: FUZZ_TIME must be seconds" >&2; exit 2;; esac

# Seeds are corpus/<t>'s top-level files: regress/ and known/ hold inputs
# that fail on purpose, and an engine would stop on them at start-up.
seeds=out/seeds/$t
rm -rf "$seeds" && mkdir -p "$seeds"
find "corpus/$t" -maxdepth 1 -type f ! -name '*.expect' ! -name '*.txt' -exec cp {} "$seeds/" \;
[ -n "$(ls -A "$seeds")" ] || printf '\0' > "$seeds/empty"

# Rate metrics (properties on a rate): every process of this run appends
# its trials to out/stats/<t>/rates.tsv at exit under one run id; make
# rates-<t> shows the history.
export PF_STATS_DIR=${PF_STATS_DIR:-out/stats/$t}
export PF_RUN_ID=${PF_RUN_ID:-$(date -u +%Y%m%dT%H%M%SZ)-$$} PF_STATS_SOURCE=fuzz
mkdir -p "$PF_STATS_DIR"

stamp=$(mktemp)
# Ctrl-C reaches the engine (same process group); this script stays to
# triage what was found.
trap '' INT
export PF_FINDINGS_DIR=$findings
rc=0
case $engine in
libfuzzer)
  args=(-artifact_prefix="$findings/" -seed="$PF_SEED")
  # The target's own libFuzzer options (LIBFUZZER_OPTS_<t> in
  # build/targets/<t>.mk), before FUZZ_ARGS so that those win.
  # shellcheck disable=SC2207
  args+=($(make -s --no-print-directory "print-LIBFUZZER_OPTS_$t"))
  [ ${#dict[@]} -gt 0 ] && args+=(-dict="dict/$t.dict")
  [ -n "$time" ] && args+=(-max_total_time="$time")
  # shellcheck disable=SC2206
  args+=(${FUZZ_ARGS:-})
  if [ "$jobs" -gt 1 ] && [ "${LF_PARALLEL:-workers}" = fork ]; then
    # libFuzzer's own fork mode: short child runs, merged by the parent.
    args+=(-fork="$jobs")
    echo "propfuzz: $fuzzer ${args[*]} $work $seeds"
    "$fuzzer" "${args[@]}" "$work" "$seeds" || rc=$?
  elif [ "$jobs" -gt 1 ]; then
    # JOBS independent fuzzers on one work corpus: each writes what it
    # finds there and reloads the others' inputs (-reload), as AFL++'s
    # instances sync through their output directory. No parent merges, so
    # the second core fuzzes all the time (bench/engines.sh compares).
    logs=${work%/}.logs
    rm -rf "$logs" && mkdir -p "$logs"
    pids=()
    for i in $(seq 1 "$jobs"); do
      # A fixed seed gives each worker its own (seed + i); 0 stays random.
      seed=()
      [ "$PF_SEED" != 0 ] && seed=(-seed="$((PF_SEED + i))")
      "$fuzzer" "${args[@]}" "${seed[@]}" "$work" "$seeds" \
        > "$logs/worker-$i.log" 2>&1 &
      pids+=($!)
    done
    echo "propfuzz: $jobs workers of $fuzzer ${args[*]} $work $seeds (logs: $logs/)"
    for p in "${pids[@]}"; do wait "$p" || rc=$?; done
    for i in $(seq 1 "$jobs"); do
      echo "worker $i: $(grep -E '^#[0-9]+' "$logs/worker-$i.log" | tail -1)"
      grep -E '^(==[0-9]+==|Falsifying|SUMMARY|Done )' "$logs/worker-$i.log" | head -5
    done
  else
    echo "propfuzz: $fuzzer ${args[*]} $work $seeds"
    "$fuzzer" "${args[@]}" "$work" "$seeds" || rc=$?
  fi
  ;;
afl)
  out=${PF_AFL_OUT:-out/afl-out/$t}
  mkdir -p "$out"
  export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
         AFL_SKIP_CRASHES=1 AFL_AUTORESUME=1 AFL_NO_AFFINITY=1 \
         ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0 \
         UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0
  common=(-i "$seeds" -o "$out" "${dict[@]}")
  [ -n "$time" ] && common+=(-V "$time")
  pids=()
  for i in $(seq 2 "$jobs"); do
    afl-fuzz "${common[@]}" -S "s$i" -- "out/afl/$t" > "$out/s$i.log" 2>&1 &
    pids+=($!)
  done
  # shellcheck disable=SC2206
  extra=(${FUZZ_ARGS:-})
  # Every instance is a secondary (-S): a main (-M) spends its time in the
  # deterministic stages, so one -M beside -S instances is not like with
  # like (bench/engines.sh). AFL_DETERMINISTIC=1 makes the first one -M.
  role=-S
  [ "${AFL_DETERMINISTIC:-}" = 1 ] && role=-M
  echo "propfuzz: afl-fuzz ${common[*]} $role main -c out/afl-cmplog/$t ${extra[*]} -- out/afl/$t"
  afl-fuzz "${common[@]}" "$role" main -c "out/afl-cmplog/$t" "${extra[@]}" -- "out/afl/$t" \
    > "$out/main.log" 2>&1 || rc=$?
  [ ${#pids[@]} -gt 0 ] && { kill -INT "${pids[@]}" 2>/dev/null; wait "${pids[@]}" 2>/dev/null; }
  # afl-fuzz 4.04c can leave its CmpLog fork server behind (stopped); it
  # holds the output directory's lock and the next run refuses to start.
  pkill -KILL -f "^out/afl-cmplog/$t( |\$)" 2>/dev/null || true
  tail -n 3 "$out/main.log"
  for d in "$out"/*/; do
    f=$d/fuzzer_stats
    [ -f "$f" ] || continue
    awk -v n="$(basename "$d")" -F' *: ' '
      /^execs_done/{e=$2} /^execs_per_sec/{s=$2} /^corpus_count/{c=$2}
      /^saved_crashes/{x=$2} /^bitmap_cvg/{b=$2}
      END{printf "afl %-6s execs %s  execs/s %s  corpus %s  crashes %s  coverage %s\n", n, e, s, c, x, b}' "$f"
  done
  # AFL's own crash files join the findings, so a sanitizer crash that
  # never reached pf_fail is not lost.
  for c in "$out"/*/crashes/id:*; do
    [ -f "$c" ] || continue
    cp -n "$c" "$findings/afl-crash-$(sha1sum "$c" | cut -c1-12)"
  done
  ;;
*) echo "propfuzz: unknown engine $engine" >&2; exit 2;;
esac

# What the run exercised: per property, how many inputs of the work corpus
# checked it, skipped it or discarded it (make stats-<t>; 30 s at most).
replay=${PF_REPLAY_BIN:-out/replay/$t}
case $engine in afl) queues=("$out"/*/queue);; *) queues=("$work");; esac
if [ -x "$replay" ] && [ -n "$(ls -A "${queues[0]}" 2>/dev/null)" ]; then
  echo "propfuzz: statistics of the corpus the run built (${queues[*]}):"
  PF_STATS=/dev/stdout PF_STATS_SECONDS=${PF_STATS_SECONDS:-30} ASAN_OPTIONS=detect_leaks=0 PF_STATS_SOURCE=replay \
    "$replay" "${queues[@]}" 2>/dev/null | sed 's/^/  /'
fi

mapfile -t new < <(find "$findings" -maxdepth 1 -type f -newer "$stamp" \
  ! -name '*.txt' ! -name '*.min' ! -name '*.flaky' | sort)
rm -f "$stamp"
if [ ${#new[@]} -gt 0 ]; then
  echo "propfuzz: ${#new[@]} new finding(s) in $findings/"
  # The shrinker's candidates are not a population to measure. A slow
  # target gets the profile's longer shrinking time (an evaluation of one
  # ocr candidate is a dozen recognitions).
  case " $PF_SLOW_TARGETS " in *" $t "*) export PF_SHRINK_TIME=${PF_SHRINK_TIME:-$PF_SLOW_SHRINK_TIME};; esac
  PF_STATS_DIR= build/triage.sh "$t" "${new[@]}"
  exit 1
fi
exit $rc
