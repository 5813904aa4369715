# Sourced by tests/ossfuzz_check.sh: what OSS-Fuzz's runner image checks
# (infra/base-images/base-runner: test_all.py -> bad_build_check ->
# run_fuzzer; coverage), emulated; and the real scripts when OSS_FUZZ_DIR
# names a checkout of google/oss-fuzz. Needs $root and $tmp.

# base-runner's environment (infra/base-images/base-runner/Dockerfile).
RUNNER_ASAN_OPTIONS=alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:strict_memcmp=1:strip_path_prefix=/workspace/:symbolize=1:use_sigaltstack=1:dedup_token_length=3
RUNNER_MSAN_OPTIONS=print_stats=1:strip_path_prefix=/workspace/:symbolize=1:dedup_token_length=3
RUNNER_UBSAN_OPTIONS=print_stacktrace=1:print_summary=1:silence_unsigned_overflow=1:strip_path_prefix=/workspace/:symbolize=1:dedup_token_length=3
FUZZER_ARGS="-rss_limit_mb=2560 -timeout=25"

# in_runner ENGINE SANITIZER CMD...: CMD with the runner's variables.
in_runner() {
  local engine=$1 san=$2; shift 2
  env ASAN_OPTIONS="$RUNNER_ASAN_OPTIONS" MSAN_OPTIONS="$RUNNER_MSAN_OPTIONS" \
    UBSAN_OPTIONS="$RUNNER_UBSAN_OPTIONS" FUZZER_ARGS="$FUZZER_ARGS" AFL_FUZZER_ARGS="-m none" \
    FUZZING_ENGINE="$engine" SANITIZER="$san" ARCHITECTURE=x86_64 FUZZING_LANGUAGE=c "$@"
}

# options_args OUT T: the [libfuzzer] section of <t>.options as flags, as
# parse_options.py gives them to run_fuzzer.
options_args() {
  [ -f "$1/$2.options" ] || return 0
  awk '/^\[/{s=($0=="[libfuzzer]")} s && /=/{
         k=$0; sub(/[ \t]*=.*/, "", k); v=$0; sub(/^[^=]*=[ \t]*/, "", v);
         printf "-%s=%s ", k, v }' "$1/$2.options"
}

# run_libfuzzer OUT T SAN ARGS...: run_fuzzer's libFuzzer command line:
# $OUT/<t> -- $FUZZER_ARGS ARGS <options> [-dict=<t>.dict] < /dev/null, in $OUT.
run_libfuzzer() {
  local out=$1 t=$2 san=$3; shift 3
  local opts; opts=$(options_args "$out" "$t")
  [[ $opts == *-dict=* ]] || { [ -f "$out/$t.dict" ] && opts+=" -dict=$t.dict"; }
  # shellcheck disable=SC2086
  (cd "$out" && in_runner libfuzzer "$san" timeout 300 "$out/$t" -- $FUZZER_ARGS "$@" $opts </dev/null)
}

# check_mixed NAME FUZZER SANITIZER ENGINE: check_architecture and
# check_mixed_sanitizers with bad_build_check's limits.
check_mixed() {
  local name=$1 fz=$2 san=$3 engine=$4 dis asan ubsan msan dfsan ok=
  file "$fz" | grep -q x86-64 || fail "$name: check_architecture" "$(file "$fz")"
  dis=$(objdump -dC "$fz")
  asan=$(grep -cE 'callq?\s+[0-9a-f]+\s+<__asan' <<<"$dis")
  ubsan=$(grep -cE 'callq?\s+[0-9a-f]+\s+<__ubsan' <<<"$dis")
  msan=$(grep -cE 'callq?\s+[0-9a-f]+\s+<__msan' <<<"$dis")
  dfsan=$(grep -cE 'callq?\s+[0-9a-f]+\s+<__dfsan' <<<"$dis")
  case $san in
    address) [ "$asan" -ge 1000 ] && [ "$ubsan" -le 200 ] && [ "$msan" -le 3 ] && [ "$dfsan" = 0 ] && ok=1 ;;
    memory) [ "$msan" -ge 1000 ] && [ "$asan" = 0 ] && [ "$ubsan" -le 200 ] && [ "$dfsan" = 0 ] && ok=1 ;;
    undefined) { [ "$engine" != libfuzzer ] || { [ "$ubsan" -ge 168 ] && [ "$asan" = 0 ] && [ "$msan" -le 3 ] && [ "$dfsan" = 0 ]; }; } && ok=1 ;;
    *) ok=1 ;;  # coverage: bad_build_check checks no calls
  esac
  if [ -n "$ok" ]; then
    pass "$name: check_architecture, check_mixed_sanitizers ($asan __asan, $ubsan __ubsan, $msan __msan calls)"
  else
    fail "$name: check_mixed_sanitizers" "__asan $asan, __ubsan $ubsan, __msan $msan, __dfsan $dfsan for SANITIZER=$san"
  fi
}

# check_libfuzzer_target NAME OUT T SANITIZER: check_engine,
# check_startup_crash, check_seed_corpus (and a short fuzzing run).
check_libfuzzer_target() {
  local name=$1 out=$2 t=$3 san=$4 log=$tmp/$1 edges corpus secs=${PF_OSSFUZZ_FUZZ_SECONDS:-0}
  check_mixed "$name" "$out/$t" "$san" libfuzzer
  (cd "$tmp" && in_runner libfuzzer "$san" timeout 120 "$out/$t" -- -seed=1337 -runs=4) >"$log.engine" 2>&1
  edges=$(grep -Po 'INFO: Loaded [[:digit:]]+ module.*\(.*(counters|guards)\):[[:space:]]+\K[[:digit:]]+' "$log.engine" | head -n 1)
  if grep -q 'no interesting inputs were found' "$log.engine"; then
    fail "$name: check_engine" "not instrumented (see $log.engine)"
  elif [ -n "$edges" ] && [ "$edges" -lt 100 ]; then
    fail "$name: check_engine" "$edges edges, want >= 100 (see $log.engine)"
  else
    pass "$name: check_engine (${edges:-?} edges)"
  fi
  run_libfuzzer "$out" "$t" "$san" -seed=1337 -runs=4 >"$log.startup" 2>&1
  grep -q 'Done 4 runs' "$log.startup" && pass "$name: check_startup_crash (\"Done 4 runs\")" ||
    fail "$name: check_startup_crash" "no \"Done 4 runs\": $(grep -m1 -E 'ERROR|Falsifying|WARNING: Memory' "$log.startup" || tail -n 2 "$log.startup" | tr '\n' ' ') (log $log.startup)"
  corpus=$tmp/$1.corpus
  rm -rf "$corpus" && mkdir -p "$corpus" && unzip -q -o -d "$corpus" "$out/${t}_seed_corpus.zip" 2>/dev/null
  if run_libfuzzer "$out" "$t" "$san" -runs=0 "$corpus" >"$log.seeds" 2>&1; then
    pass "$name: check_seed_corpus ($(ls "$corpus" | wc -l) seeds, -runs=0)"
  else
    fail "$name: check_seed_corpus" "a seed fails: $(grep -m1 -E 'ERROR|Falsifying|runtime error|WARNING: Memory' "$log.seeds") (log $log.seeds)"
  fi
  [ "$secs" -gt 0 ] || return 0
  if run_libfuzzer "$out" "$t" "$san" -max_total_time="$secs" "$corpus" >"$log.fuzz" 2>&1; then
    pass "$name: fuzzes ${secs} s clean ($(grep -o 'Done [0-9]* runs' "$log.fuzz" | tail -1))"
  else
    fail "$name: fuzzing ${secs} s" "$(grep -m1 -E 'ERROR|Falsifying|runtime error|WARNING: Memory' "$log.fuzz") (log $log.fuzz)"
  fi
}

# check_afl_target NAME OUT T: each seed as an argument, then afl-fuzz as
# run_fuzzer starts it (bad_build_check's check_engine / check_startup_crash:
# "All set and ready to roll", no "target binary crashed/terminated").
check_afl_target() {
  local name=$1 out=$2 t=$3 log=$tmp/$1 corpus=$tmp/$1.corpus f bad="" n=0 dict=()
  check_mixed "$name" "$out/$t" address afl
  rm -rf "$corpus" && mkdir -p "$corpus" && unzip -q -o -d "$corpus" "$out/${t}_seed_corpus.zip" 2>/dev/null
  for f in "$corpus"/*; do
    n=$((n + 1))
    (cd "$out" && in_runner afl address timeout 60 "$out/$t" "$f") >"$log.seed" 2>&1 || bad+="$(basename "$f") "
  done
  [ -z "$bad" ] && pass "$name: each of the $n seeds runs clean as an argument" ||
    fail "$name: seeds as arguments" "$bad"
  echo input > "$corpus/input"
  [ -f "$out/$t.dict" ] && dict=(-x "$out/$t.dict")
  rm -rf "$tmp/$1.afl-out"
  # run_fuzzer's afl settings; -V 5 ends the run once it is under way.
  (cd "$out" && in_runner afl address env \
     ASAN_OPTIONS="$RUNNER_ASAN_OPTIONS:abort_on_error=1:symbolize=0:detect_odr_violation=0:" \
     MSAN_OPTIONS="$RUNNER_MSAN_OPTIONS:exit_code=86:symbolize=0" UBSAN_OPTIONS="$RUNNER_UBSAN_OPTIONS:symbolize=0" \
     AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_SKIP_CPUFREQ=1 AFL_TRY_AFFINITY=1 AFL_FAST_CAL=1 \
     AFL_CMPLOG_ONLY_NEW=1 AFL_FORKSRV_INIT_TMOUT=30000 AFL_IGNORE_PROBLEMS=1 AFL_IGNORE_UNKNOWN_ENVS=1 \
     AFL_NO_UI=1 timeout --preserve-status -s INT 35s "$out/afl-fuzz" -m none -t 5000+ -V 5 \
     -i "$corpus" -o "$tmp/$1.afl-out" "${dict[@]}" -- "$out/$t") >"$log.afl" 2>&1
  if grep -aqE 'target binary (crashed|terminated)' "$log.afl"; then
    fail "$name: afl-fuzz" "target binary crashed or terminated (log $log.afl)"
  elif ! grep -aq 'All set and ready to roll' "$log.afl"; then
    fail "$name: afl-fuzz" "no \"All set and ready to roll\": $(grep -a -m1 -E 'PROGRAM ABORT|Oops|Whoops' "$log.afl" | sed 's/\x1b\[[0-9;]*m//g') (log $log.afl)"
  else
    pass "$name: afl-fuzz starts (\"All set and ready to roll\", $(awk -F: '/^execs_done/{gsub(/ /,"",$2); print $2}' "$tmp/$1.afl-out/default/fuzzer_stats" 2>/dev/null) execs)"
  fi
}

# check_coverage NAME OUT T: the runner's coverage script for one target:
# -merge=1 over the seeds with LLVM_PROFILE_FILE, llvm-profdata merge,
# llvm-cov export; the library under test must have covered lines.
check_coverage() {
  local name=$1 out=$2 t=$3 d=$tmp/$1.cov lines
  rm -rf "$d" && mkdir -p "$d/dummy" "$d/corpus"
  unzip -q -o -d "$d/corpus" "$out/${t}_seed_corpus.zip" 2>/dev/null
  (cd "$out" && in_runner libfuzzer coverage env LLVM_PROFILE_FILE="$d/$t.%1m.profraw" \
     timeout 600 "$out/$t" -merge=1 -timeout=100 "$d/dummy" "$d/corpus") >"$d/log" 2>&1
  if ! llvm-profdata merge -j=1 -sparse "$d"/*.profraw -o "$d/$t.profdata" 2>>"$d/log" ||
     ! llvm-cov export -summary-only -instr-profile="$d/$t.profdata" -object="$out/$t" \
         -path-equivalence=/,"$out" > "$d/$t.json" 2>>"$d/log"; then
    fail "$name: coverage" "llvm-profdata/llvm-cov failed (log $d/log)"; return
  fi
  lines=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["data"][0]
lib=[f for f in d["files"] if "/lib/" in f["filename"] or "/src/" in f["filename"] and "propfuzz" not in f["filename"]]
print(d["totals"]["lines"]["covered"], len(lib), sum(f["summary"]["lines"]["covered"] for f in lib))' "$d/$t.json" 2>>"$d/log")
  read -r total nlib libcov <<<"${lines:-0 0 0}"
  if [ "${libcov:-0}" -gt 0 ]; then
    pass "$name: coverage report ($total lines covered, $libcov in $nlib library files)"
  else
    fail "$name: coverage" "no covered line in the library ($lines; log $d/log)"
  fi
}

# round ENGINE SANITIZER: build, $OUT files, then the checks with $OUT moved.
round() {
  local engine=$1 san=$2 name=$1-$2 d=$tmp/$1-$2 t
  build_round "$name" "$engine" "$san" "$d" || return 0
  check_out_files "$name" "$d/out" "$tmp/src/propfuzz"
  # test_all.py checks with $OUT elsewhere, to catch hard-coded paths.
  mv "$d/out" "$d/not-out" || { fail "$name: move \$OUT" "mv failed"; return 0; }
  for t in $(fuzz_targets "$d/not-out"); do
    case $engine/$san in
      afl/*) check_afl_target "$name/$t" "$d/not-out" "$t" ;;
      */coverage) check_coverage "$name/$t" "$d/not-out" "$t" ;;
      *) check_libfuzzer_target "$name/$t" "$d/not-out" "$t" "$san" ;;
    esac
  done
  mv "$d/not-out" "$d/out"
  [ -n "${OSS_FUZZ_DIR:-}" ] && official_checks "$name" "$engine" "$san" "$d"
  return 0
}
