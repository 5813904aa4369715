#!/usr/bin/env bash
# The test suite (`make test`): builds everything with -Werror and the
# sanitizers, then runs each check as a step. A step that prints its own
# "N passed, N failed" line contributes those counts; any other step counts
# as one test. Logs go to out/test-logs/. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
# Run lengths and seeds come from the profile (ci unless PROFILE says).
PF_DEFAULT_PROFILE=ci
source build/profiles.sh
logs=out/test-logs
rm -rf "$logs" out/test-tmp && mkdir -p "$logs" out/test-tmp
passed=0 failed=0
targets=$(ls harness/*.c | xargs -n1 basename | sed 's/\.c$//')

# step NAME COMMAND...: runs COMMAND, logs it, tallies it as one test.
# steps NAME COMMAND...: the same for a command that counts its own tests
# (its last "N passed, N failed" line is added to the totals).
step() { run_step 0 "$@"; }
steps() { run_step 1 "$@"; }
run_step() {
  local counted=$1 name=$2; shift 2
  local log=$logs/${name//\//_}.log ok=1
  "$@" >"$log" 2>&1 || ok=0
  tally "$counted" "$name" "$log" "$ok"
}
# tally COUNTED NAME LOG OK: adds a finished step to the totals and prints
# its line (the step's own variables are prefixed: a step function that
# sets a global of the same name cannot change them).
tally() {
  local t_counted=$1 t_name=$2 t_log=$3 t_ok=$4 t_p t_f t_line=
  [ "$t_counted" = 1 ] &&
    t_line=$(grep -E '^([A-Za-z]+: )?[0-9]+ passed, [0-9]+ failed' "$t_log" | tail -1 | sed 's/^[A-Za-z]*: //')
  if [ -n "$t_line" ]; then
    t_p=${t_line%% passed*}; t_f=${t_line#*, }; t_f=${t_f%% failed*}
    # A step that failed without counting it still counts as a failure.
    [ "$t_ok" = 0 ] && [ "$t_f" = 0 ] && t_f=1
  else
    t_p=$t_ok; t_f=$((1 - t_ok))
  fi
  passed=$((passed + t_p)); failed=$((failed + t_f))
  if [ "$t_f" = 0 ]; then
    printf 'PASS %-44s %s\n' "$t_name" "${t_line:+($t_line)}"
  else
    printf 'FAIL %-44s %s  log: %s\n' "$t_name" "${t_line:+($t_line)}" "$t_log"
    tail -n 25 "$t_log" | sed 's/^/    | /'
  fi
}
# bg_steps NAME COMMAND...: a counted step that runs beside the others
# (niced), started now; bg_wait NAME waits for it and tallies it.
declare -A bg_pid=()
bg_steps() {
  local name=$1; shift
  local log=$logs/${name//\//_}.log
  ( "$@" >"$log" 2>&1; echo $? >"$log.rc" ) &
  bg_pid[$name]=$!
}
bg_wait() {
  local name=$1 log=$logs/${1//\//_}.log
  wait "${bg_pid[$name]}" 2>/dev/null
  tally 1 "$name" "$log" "$([ "$(cat "$log.rc" 2>/dev/null)" = 0 ] && echo 1 || echo 0)"
}

# --- build: library, every target's binaries, tools, -Werror ---------------
build_all() {
  local goals=(out/lib/libpropfuzz.a)
  for t in $targets; do
    goals+=(out/libfuzzer/$t out/replay/$t out/tools/$t-seeds)
  done
  # The engine, workflow and coverage checks run on codec only: building
  # every library four times would not fit CI's time.
  goals+=(out/afl/codec out/afl-cmplog/codec out/cov/codec)
  # Every planted bug's fuzz binary; its replay and shrink builds only for
  # codec, whose workflow and shrinker steps below use them (each is a
  # whole harness build: for every target they were 170 builds of 4-6 s
  # CPU each that no step ran).
  for h in tests/planted/*/*.h; do
    goals+=("out/planted/${h#tests/planted/}")
  done
  for h in tests/planted/codec/*.h; do
    goals+=("out/planted-replay/${h#tests/planted/}" "out/planted-shrink/${h#tests/planted/}")
  done
  goals+=(out/shrink/codec)
  for c in tests/test_*.c; do [ -f "$c" ] && goals+=("out/tests/$(basename "${c%.c}")"); done
  for c in tests/restrict/*.c; do [ -f "$c" ] && goals+=("out/restrict/$(basename "${c%.c}")"); done
  goals+=(out/bench/draw_speed)
  # The mutation generator (and its libclang package) before the OSS-Fuzz
  # check starts beside the steps: no package install runs while it fetches.
  goals+=(out/mutate/tool/pf-mutgen)
  make -s -j2 "${goals[@]/%.h/}"
}
step build build_all

# The simulated OSS-Fuzz build builds the libraries again with OSS-Fuzz's
# flags, mostly compiler time. It runs beside the steps below, which mostly
# keep one core busy, at a lower priority (timed checks such as the planted
# bugs' 60 s come first), and is tallied at the end.
# make test builds every target but numeric, whose libraries (FFTW and GSL,
# which OSS-Fuzz builds from source) were 7 of this step's 12 minutes beside
# the other steps: the nightly `make ossfuzz-check` builds it.
PF_OSSFUZZ_TEST_TARGETS=$(for t in $targets; do [ "$t" = numeric ] || echo "$t"; done | xargs)
bg_steps "oss-fuzz/simulated-build" env SANITIZERS=address ENGINES=libfuzzer \
  PF_OSSFUZZ_TARGETS="$PF_OSSFUZZ_TEST_TARGETS" nice -n 10 tests/ossfuzz_check.sh

# --- unit tests of the decoder and comparisons ------------------------------
for c in tests/test_*.c; do
  [ -f "$c" ] || continue
  name=$(basename "${c%.c}")
  steps "unit/$name" "out/tests/$name"
done

# --- restrictions: what a strategy excludes, the library really refuses ---
for c in tests/restrict/*.c; do
  [ -f "$c" ] || continue
  name=$(basename "${c%.c}")
  steps "restrict/$name" "out/restrict/$name"
done

# --- seeds: the committed corpus is what the values in the harness encode --
seeds_in_sync() {
  local t=$1 dir=out/test-tmp/seeds-$1
  rm -rf "$dir" && mkdir -p "$dir"
  # A target without seeds passes (the tool says "no seeds (recommended:
  # ...)"): seeds are recommended, not required.
  "out/tools/$t-seeds" "$dir" || return 1
  for f in "$dir"/*; do
    [ -e "$f" ] || continue
    cmp "$f" "corpus/$t/$(basename "$f")" ||
      { echo "corpus/$t/$(basename "$f") is stale: run make seeds-$t"; return 1; }
  done
}
for t in $targets; do step "seeds/$t" seeds_in_sync "$t"; done

# --- replay every corpus and regress file under ASan+UBSan+LSan ------------
for t in $targets; do steps "replay/$t" "out/replay/$t" "corpus/$t"; done

# Seeds are corpus/<t>'s top-level files; regress/ and known/ fail on
# purpose and libFuzzer reads corpus folders recursively.
seeds_of() {
  local dir=out/test-tmp/seeds-only-$1
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir"
    find "corpus/$1" -maxdepth 1 -type f ! -name '*.expect' ! -name '*.txt' -exec cp {} "$dir/" \;
  fi
  echo "$dir"
}

# A target's own libFuzzer options (LIBFUZZER_OPTS_<t>, build/targets/<t>.mk),
# as make fuzz-<t> passes them to build/propfuzz.
lf_opts() { make -s --no-print-directory "print-LIBFUZZER_OPTS_$1"; }

# --- libFuzzer smoke run of each real target: fixed seed, 20000 runs -------
# (or 20 s, whichever comes first)
smoke() {
  local t=$1 work=out/test-tmp/smoke-$1
  mkdir -p "$work/corpus" "$work/findings"
  # 20000 runs, or 20 s for the slow targets (search builds two FTS5
  # indexes per input).
  local checks=PF_SMOKE_CHECKS_$t  # the profile may narrow a target's checks
  PF_CHECKS=${!checks:-all} PF_FINDINGS_DIR=$work/findings "out/libfuzzer/$t" -seed="$PF_SEED" -runs="$PF_SMOKE_RUNS" \
    -max_total_time="$PF_SMOKE_TIME" $(lf_opts "$t") \
    -dict="dict/$t.dict" -artifact_prefix="$work/findings/" \
    "$work/corpus" "$(seeds_of "$t")" || return 1
}
for t in $targets; do step "smoke/$t" smoke "$t"; done

# --- planted bugs: each oracle catches its bug within 60 s -----------------
# The failure must name the planted property, and the input must have been
# saved (with its report) before anything else. A property's further
# planted bugs are <property>-<bug>.h.
planted() {
  local h=$1 bin=out/planted/${1#tests/planted/}
  bin=${bin%.h}
  local bug; bug=$(basename "${h%.h}")
  local prop=${bug%%-*}
  local t; t=$(basename "$(dirname "$h")")
  local work=out/test-tmp/planted-$t-$bug
  mkdir -p "$work/corpus" "$work/findings"
  PF_FINDINGS_DIR=$work/findings timeout "$PF_PLANTED_TIMEOUT" "$bin" -seed="$PF_SEED" \
    -max_total_time="$PF_PLANTED_TIME" $(lf_opts "$t") \
    -dict="dict/$t.dict" -artifact_prefix="$work/findings/" \
    "$work/corpus" "$(seeds_of "$t")" > "$work/log" 2>&1
  cat "$work/log"
  grep -q "property=$prop\b" "$work/log" || { echo "no failure of property=$prop"; return 1; }
  if grep -o 'property=[a-z0-9_]*' "$work/log" | grep -vq "property=$prop\$"; then
    echo "a different property was reported"; return 1
  fi
  ls "$work/findings/$prop"-* >/dev/null 2>&1 || { echo "finding not saved"; return 1; }
  grep -q "Falsifying example" "$work/findings/$prop"-*.report.txt || { echo "report not saved"; return 1; }
}
for h in tests/planted/*/*.h; do
  p=${h#tests/planted/}
  case $p in */crash_*) continue;; esac  # crashes, not properties: see shrink/
  step "planted/${p%.h}" planted "$h"
done

# --- engines and the failure workflow ----------------------------------------
# AFL++ smoke run of codec: ~10 s, prints its stats, finds nothing.
afl_smoke() {
  local dir=out/test-tmp/afl-smoke out
  rm -rf "$dir" && mkdir -p "$dir"
  out=$(build/propfuzz afl codec --bin-dir out --afl-out "$dir/out" --findings "$dir/findings" \
        --work "$dir/work" --time 10 --jobs 1 2>&1) || { echo "$out"; return 1; }
  echo "$out"
  grep -Eq '^afl main +execs [1-9][0-9]* .* crashes 0 ' <<<"$out"
}
step "afl/smoke-codec" afl_smoke

# The whole workflow on a planted bug: fuzzing finds it, the artifact and
# report land under findings/, keep files it in a copy of regress/, and
# replay then fails on exactly that property.
workflow() {
  local dir=out/test-tmp/workflow prop=round_trip
  rm -rf "$dir" && mkdir -p "$dir"
  # The planted binaries stand in for the real ones (local: later steps
  # must see the real ones again).
  local planted=(--fuzz-bin "out/planted/codec/$prop"
                 --replay-bin "out/planted-replay/codec/$prop"
                 --shrink-bin "out/planted-shrink/codec/$prop")
  local out
  out=$(build/propfuzz fuzz codec "${planted[@]}" --findings "$dir/findings" --work "$dir/work" \
    --time 60 --engine-args "$(lf_opts codec)" 2>&1)
  local rc=$?
  echo "$out"
  [ $rc = 1 ] || { echo "expected propfuzz fuzz to report a finding (rc 1), got $rc"; return 1; }
  grep -q "keep it: build/propfuzz keep codec --replay-bin out/planted-replay/codec/$prop $dir/findings/" <<<"$out" ||
    { echo "no keep hint naming the command"; return 1; }
  ls "$dir"/findings/$prop-*.report.txt || { echo "no report beside the artifact"; return 1; }
  local min; min=$(ls "$dir"/findings/$prop-*.min | head -1)
  [ -n "$min" ] && grep -q "property=$prop" "$min.report.txt" || { echo "no minimised finding"; return 1; }
  build/propfuzz keep codec "$min" "${planted[@]}" --into "$dir/regress" || return 1
  ls "$dir"/regress/$prop-* || return 1
  local out; out=$("out/planted-replay/codec/$prop" "$dir/regress")
  echo "$out"
  grep -q "^FAIL $dir/regress/$prop-[0-9a-f]*: property=$prop check=bin_props.c:[0-9]*/oracle.c:[0-9]*$" <<<"$out" &&
    grep -q '^0 passed, 1 failed$' <<<"$out"
}
step "workflow/planted-to-regress" workflow

# The shrinker on a planted bug: a padded failing batch shrinks to the one
# value that fails, printed exactly.
shrink_planted_exact() {
  local dir=out/test-tmp/shrink-exact
  rm -rf "$dir" && mkdir -p "$dir"
  # mode values, then the variation all zeros (no chunk plan, perm_seed 0:
  # 5 bytes), then the batch (the binary family's draws, written by
  # pf_bin_seed_values): "hello", 7, [true], then f64 -0.0 as raw bits
  printf '\x00\x00\x00\x00\x00\x00\x06\x00\x00\x00hello\x00\x01\x03\x00\x07\x00\x00\x00\x00\x00\x00\x00\x01\x08\x00\x00\x01\x01\x01\x00\x01\x04\x01\x80\x00\x00\x00\x00\x00\x00\x00\x80' > "$dir/in"
  ASAN_OPTIONS=detect_leaks=0 out/planted-shrink/codec/round_trip "$dir/in" || return 1
  cat "$dir/in.min.report.txt"
  grep -q '^          f64 = -0.0$' "$dir/in.min.report.txt" &&
    grep -q '^  value         = f64(-0)$' "$dir/in.min.report.txt" &&
    grep -q '(9 bytes, hex 00 00 00 00 00 00 04 01 05)' "$dir/in.min.report.txt" &&
    grep -q 'static const uint8_t input\[\] = {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x01, 0x05};' "$dir/in.min.report.txt"
}
step "shrink/codec-planted-exact" shrink_planted_exact

# A crashing (ASan) planted bug: every attempt runs in a child, so the
# shrinker survives and still shrinks it.
shrink_crash() {
  local dir=out/test-tmp/shrink-crash out
  rm -rf "$dir" && mkdir -p "$dir"
  # values mode, no variation, then the batch "XABC", "ABCDE"
  printf '\x00\x00\x00\x00\x00\x00\x06\x00\x00\x00XABC\x00\x01\x06\x00\x00\x00ABCDE\x00\x00' > "$dir/in"
  out=$(ASAN_OPTIONS=detect_leaks=0 out/planted-shrink/codec/crash_heap_overflow "$dir/in" 2>&1) || { echo "$out"; return 1; }
  echo "$out"
  grep -q 'crash:asan-heap-buffer-overflow, 27 -> 11 bytes' <<<"$out" &&
    [ "$(od -An -tx1 "$dir/in.min" | tr -d " \n")" = 0000000000000600000041 ] &&
    grep -q 'text = "A"' "$dir/in.min.report.txt"
}
step "shrink/crash-survived" shrink_crash

[ -x tests/shrink/run.sh ] && steps "shrink/benchmarks" tests/shrink/run.sh

# Parallel libFuzzer: --jobs 2 (make: JOBS=2) runs two workers on one corpus
# and stops at --time; --fork (LF_PARALLEL=fork) uses libFuzzer's -fork=2.
parallel_libfuzzer() {
  local dir=out/test-tmp/jobs2 out
  rm -rf "$dir" && mkdir -p "$dir"
  out=$(build/propfuzz fuzz codec --bin-dir out --findings "$dir/findings" --work "$dir/work" \
        --jobs 2 --time 4 2>&1) || { echo "$out"; return 1; }
  echo "$out"
  grep -q '^propfuzz: 2 workers of ' <<<"$out" && grep -q '^worker 2: #[0-9]' <<<"$out" &&
    [ "$(grep -c '^Done ' <<<"$out")" = 2 ] && [ -n "$(ls -A "$dir/work")" ] || return 1
  rm -rf "$dir" && mkdir -p "$dir"
  out=$(build/propfuzz fuzz codec --bin-dir out --findings "$dir/findings" --work "$dir/work" \
        --jobs 2 --time 4 --fork 2>&1) || { echo "$out"; return 1; }
  echo "$out"
  grep -q -- '-fork=2' <<<"$out" && grep -q 'INFO: exiting: 0' <<<"$out"
}
step "libfuzzer/jobs2-codec" parallel_libfuzzer

# Corpus care: -merge=1 adds only inputs with new coverage; afl-cmin,
# afl-tmin and -minimize_crash=1 work on propfuzz binaries.
corpus_tools() {
  local dir=out/test-tmp/corpus-tools before after
  rm -rf "$dir" && mkdir -p "$dir/corpus" "$dir/work" "$dir/cmin"
  cp corpus/codec/[a-z]* "$dir/corpus/" 2>/dev/null
  out/libfuzzer/codec -seed=7 -runs=3000 "$dir/work" corpus/codec > "$dir/fuzz.log" 2>&1 || return 1
  before=$(ls "$dir/corpus" | wc -l)
  make -s merge-codec MERGE_INTO="$dir/corpus" MERGE_FROM="$dir/work" > "$dir/merge.log" 2>&1 || return 1
  after=$(ls "$dir/corpus" | wc -l)
  echo "merge: $before -> $after files"
  grep -q 'MERGE-OUTER' "$dir/merge.log" && [ "$after" -gt "$before" ] &&
    [ "$after" -lt $((before + $(ls "$dir/work" | wc -l))) ] || return 1
  # AFL_ALLOW_TMP: CI may clone the project under /tmp, which afl-cmin refuses.
  AFL_ALLOW_TMP=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0 \
    afl-cmin -i corpus/codec -o "$dir/cmin/out" -- out/afl/codec > "$dir/cmin.log" 2>&1 || { cat "$dir/cmin.log"; return 1; }
  [ -n "$(ls -A "$dir/cmin/out")" ] || return 1
  ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0 \
    afl-tmin -i corpus/codec/batch-mixed -o "$dir/tmin" -- out/afl/codec > "$dir/tmin.log" 2>&1 || { cat "$dir/tmin.log"; return 1; }
  [ -s "$dir/tmin" ] && [ "$(stat -c %s "$dir/tmin")" -le "$(stat -c %s corpus/codec/batch-mixed)" ] || return 1
  printf '\x00\x00\x00\x00\x00\x00\x06\x00\x00\x00hello\x00\x01\x04\x01\x80\x00\x00\x00\x00\x00\x00\x00\x80\x00' > "$dir/crash"
  PF_FINDINGS_DIR= out/planted/codec/round_trip -minimize_crash=1 -runs=2000 -exact_artifact_path="$dir/crash.min" \
    "$dir/crash" > "$dir/minimize.log" 2>&1
  [ -s "$dir/crash.min" ] && [ "$(stat -c %s "$dir/crash.min")" -lt "$(stat -c %s "$dir/crash")" ]
}
step "corpus/merge-cmin-tmin-minimize" corpus_tools

coverage_report() {
  make -s coverage-codec || return 1
  grep -E 'msgpack-c-[0-9.]+/src/unpack\.c' out/coverage/codec/summary.txt &&
    [ -s out/coverage/codec/html/index.html ] &&
    grep -q 'unpack.c' out/coverage/codec/html/index.html
}
step "coverage/codec" coverage_report

show_any_input() {
  local out; out=$(make -s show-codec FILE=corpus/codec/map-mixed-keys 2>&1) || return 1
  echo "$out"
  grep -qE 'kind = [0-9]+ \(map\)' <<<"$out" && grep -q 'text = "1"' <<<"$out"
}
step "show/codec" show_any_input

# Misuse gets one line that says what to do, and a non-zero exit.
misuse() {
  local out
  out=$(make -s fuzz-nosuchtarget 2>&1) && return 1
  grep -q 'no such target (targets: ' <<<"$out" || return 1
  out=$(make -s keep 2>&1) && return 1
  grep -q 'usage: make keep FILE=' <<<"$out" || return 1
  out=$(make -s show-codec FILE=/nonexistent 2>&1) && return 1
  grep -q 'no such file' <<<"$out" || return 1
  out=$(FUZZ_TIME=abc make -s fuzz-codec 2>&1) && return 1
  grep -q -- '--time must be seconds' <<<"$out"
}
step "misuse/one-line-errors" misuse


# --- feature suites: each tests/steps/<name>.sh adds its own steps (it may
# build what it needs with make -s inside a step). Sourced in name order.
for f in tests/steps/*.sh; do
  [ -f "$f" ] && . "$f"
done

# OSS-Fuzz: build/oss-fuzz/build.sh set up as OSS-Fuzz's compile sets it up
# for libFuzzer + ASan, in a sandbox (no network, no package installs,
# sources only through the Dockerfile's PF_SRC_*), then check_build's checks
# on each target (tests/ossfuzz_check.sh). Started after the build, beside
# the steps above; waited for last, so that no step waits for it. UBSan,
# MSan, coverage, AFL++ and the targets make test leaves to it are the
# nightly `make ossfuzz-check`.
bg_wait "oss-fuzz/simulated-build"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
