#!/usr/bin/env bash
# Simulated OSS-Fuzz build and check_build for build/oss-fuzz/build.sh.
#
# (a) libFuzzer + ASan, with the variables OSS-Fuzz's compile sets and
#     PF_ROOT=<this checkout>; then what check_build (infra/base-runner
#     test_all.py -> bad_build_check) runs on each fuzz target in $OUT, with
#     $OUT moved elsewhere as test_all.py does: check_engine (`$FUZZER
#     -seed=1337 -runs=4`: instrumented, >= 100 edges), check_architecture,
#     check_mixed_sanitizers (objdump: >= 1000 __asan calls, <= 200 __ubsan),
#     check_startup_crash (run_fuzzer with SKIP_SEED_CORPUS=1: `cd $OUT;
#     $FUZZER $FUZZER_ARGS -seed=1337 -runs=4 <.options> < /dev/null` prints
#     "Done 4 runs"), and check_seed_corpus (-runs=0 over the unzipped seeds;
#     disabled upstream, kept here). The same again with UBSan (OSS-Fuzz's
#     SANITIZER_FLAGS_undefined), project.yaml's second sanitizer.
# (b) AFL++ (afl-clang-fast, libAFLDriver.a) + ASan, from a copy of the
#     checkout at $SRC/propfuzz without PF_ROOT (OSS-Fuzz's layout), with
#     decoy files in corpus/<t>/regress/ and known/ that must stay out of the
#     seed zip; checks that build.sh wrote nothing into that copy, that each
#     seed given as an argument runs clean, and that afl-fuzz starts ("All
#     set and ready to roll") and executes inputs in a 3 s run.
# Both: $OUT holds exactly one fuzz target per harness/<t>.c, with
# <t>_seed_corpus.zip (exactly the top-level seeds), <t>.dict, <t>.options.
#
# One line per check, "PASS <what>" or "FAIL <what>: <why>"; ends with
# "N passed, N failed"; exits 1 on any failure. Logs: out/test-tmp/ossfuzz-*/.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
root=$PWD
passed=0 failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
  exit
}

# Targets on Debian's shared libraries (PKGS_<t>) are left out of OSS-Fuzz
# builds (its runner has none of them), so they are not expected in $OUT.
targets=()
for h in harness/*.c; do
  [ -f "$h" ] || continue
  t=$(basename "${h%.c}")
  grep -qs "^PKGS_$t" build/targets/"$t".mk && continue
  targets+=("$t")
done
[ ${#targets[@]} -gt 0 ] || { fail "targets" "no harness/*.c"; finish; }
# PF_OSSFUZZ_TARGETS narrows the build and the checks to some targets.
if [ -n "${PF_OSSFUZZ_TARGETS:-}" ]; then
  read -r -a targets <<< "$PF_OSSFUZZ_TARGETS"
  export PF_OSSFUZZ_TARGETS
fi

# base-runner's default ASAN_OPTIONS (infra/base-images/base-runner/Dockerfile)
# and FUZZER_ARGS (bad_build_check sets the same when unset).
RUNNER_ASAN_OPTIONS=alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:strict_memcmp=1:symbolize=1:use_sigaltstack=1:dedup_token_length=3
FUZZER_ARGS="-rss_limit_mb=2560 -timeout=25"
RUNNER_UBSAN_OPTIONS=print_stacktrace=1:print_summary=1:silence_unsigned_overflow=1:symbolize=1:dedup_token_length=3
# OSS-Fuzz's SANITIZER_FLAGS_undefined (base-clang).
SANITIZER_FLAGS_undefined="-fsanitize=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"

msgpack_src=$(build/fetch-source.sh msgpack-c 4.0.0-3 2>&1) && [ -d "$msgpack_src" ] ||
  { fail "fetch msgpack-c source" "$msgpack_src"; finish; }

# --- helpers -----------------------------------------------------------------

# run_build NAME LOG DIR [VAR=VALUE...]: runs build.sh from DIR with OSS-Fuzz's
# compile variables (given) and nothing else of ours in the environment.
run_build() {
  local name=$1 log=$2 dir=$3; shift 3
  local rc=0
  (cd "$dir" && env -u CFLAGS -u CXXFLAGS -u PF_ROOT "$@" \
     bash -eu "$root/build/oss-fuzz/build.sh") >"$log" 2>&1 || rc=$?
  if [ $rc = 0 ]; then
    pass "$name: build.sh builds every target"
    return 0
  fi
  fail "$name: build.sh builds every target" "exit $rc; last lines of $log: $(tail -n 5 "$log" | tr '\n' ' ')"
  return 1
}

# fuzz_targets OUT: what test_all.py's find_fuzz_targets picks: executable
# ELF files with LLVMFuzzerTestOneInput, not afl-*, jazzer_*, llvm-symbolizer.
fuzz_targets() {
  local f n
  for f in "$1"/*; do
    n=$(basename "$f")
    case $n in llvm-symbolizer | afl-* | jazzer_*) continue ;; esac
    [ -f "$f" ] && [ -x "$f" ] || continue
    file "$f" | grep -q ELF || continue
    grep -aq LLVMFuzzerTestOneInput "$f" || continue
    echo "$n"
  done | sort
}

# seeds_of SRCROOT T: the top-level seed names of corpus/<t>/ (build.sh's rule).
seeds_of() {
  local f n
  [ -d "$1/corpus/$2" ] || return 0
  find "$1/corpus/$2" -mindepth 1 -maxdepth 1 -type f | while IFS= read -r f; do
    n=$(basename "$f")
    case $n in .* | *.expect) continue ;; esac
    [ -e "$f.expect" ] && continue
    echo "$n"
  done | sort
}

# options_args OUT T: the [libfuzzer] section of <t>.options as flags, as
# parse_options.py gives them to run_fuzzer.
options_args() {
  [ -f "$1/$2.options" ] || return 0
  awk '/^\[/{s=($0=="[libfuzzer]")} s && /=/{
         k=$0; sub(/[ \t]*=.*/, "", k); v=$0; sub(/^[^=]*=[ \t]*/, "", v);
         printf "-%s=%s ", k, v }' "$1/$2.options"
}

# check_out_files NAME OUT SRCROOT: fuzz targets, seed zips, dicts, options.
check_out_files() {
  local name=$1 out=$2 src=$3 t want got
  want=$(printf '%s\n' "${targets[@]}" | sort)
  got=$(fuzz_targets "$out")
  if [ "$got" = "$want" ]; then
    pass "$name: \$OUT holds exactly the fuzz targets ($(xargs <<<"$got"))"
  else
    fail "$name: \$OUT holds exactly the fuzz targets" "want [$(xargs <<<"$want")], found [$(xargs <<<"$got")]"
  fi
  for t in "${targets[@]}"; do
    local zip=$out/${t}_seed_corpus.zip entries seeds bad=""
    if [ ! -s "$zip" ]; then
      fail "$name/$t: seed corpus zip" "$zip missing or empty"
    else
      entries=$(unzip -Z1 "$zip" 2>/dev/null | sort)
      seeds=$(seeds_of "$src" "$t")
      if [ -z "$entries" ]; then
        bad="holds no files"
      elif [ "$entries" != "$seeds" ]; then
        bad="not the top-level seeds: extra [$(comm -23 <(echo "$entries") <(echo "$seeds") | xargs)], missing [$(comm -13 <(echo "$entries") <(echo "$seeds") | xargs)]"
      else
        local e f
        for e in $entries; do
          unzip -p "$zip" "$e" | cmp -s - "$src/corpus/$t/$e" || bad+="$e differs from corpus/$t/$e; "
        done
        # No failing input (regress/, known/) is in it, under any name.
        local sums d
        sums=$(for e in $entries; do unzip -p "$zip" "$e" | sha256sum | cut -d' ' -f1; done)
        for d in regress known; do
          [ -d "$src/corpus/$t/$d" ] || continue
          while IFS= read -r f; do
            if grep -qx "$(sha256sum <"$f" | cut -d' ' -f1)" <<<"$sums"; then
              bad+="holds the bytes of ${f#"$src"/}; "
            fi
          done < <(find "$src/corpus/$t/$d" -type f ! -name '*.expect')
        done
      fi
      if [ -z "$bad" ]; then
        pass "$name/$t: ${t}_seed_corpus.zip holds exactly the $(wc -l <<<"$entries") top-level seeds, nothing from regress/ or known/"
      else
        fail "$name/$t: ${t}_seed_corpus.zip" "$bad"
      fi
    fi
    if [ -s "$src/dict/$t.dict" ]; then
      if cmp -s "$out/$t.dict" "$src/dict/$t.dict"; then
        pass "$name/$t: $t.dict is dict/$t.dict"
      else
        fail "$name/$t: $t.dict" "missing or not dict/$t.dict"
      fi
    fi
    local o=$out/$t.options
    if [ -f "$o" ] && grep -qx '\[libfuzzer\]' "$o" && grep -qx 'max_len = 4096' "$o" &&
       { [ ! -s "$src/dict/$t.dict" ] || grep -qx "dict = $t.dict" "$o"; }; then
      pass "$name/$t: $t.options ([libfuzzer] $(options_args "$out" "$t"| sed 's/ $//'))"
    else
      fail "$name/$t: $t.options" "missing, or lacks [libfuzzer] / dict = $t.dict (for a non-empty dict) / max_len = 4096"
    fi
  done
}

# check_binary NAME FUZZER SANITIZER: check_architecture (x86_64) and
# check_mixed_sanitizers (call counts from objdump, bad_build_check's limits).
check_binary() {
  local name=$1 fz=$2 san=$3 dis asan ubsan msan dfsan ok
  if file "$fz" | grep -q x86-64; then
    pass "$name: check_architecture (x86-64)"
  else
    fail "$name: check_architecture" "$(file "$fz")"
  fi
  dis=$(objdump -dC "$fz")
  asan=$(grep -cE 'callq?\s+[0-9a-f]+\s+<__asan' <<<"$dis")
  ubsan=$(grep -cE 'callq?\s+[0-9a-f]+\s+<__ubsan' <<<"$dis")
  msan=$(grep -cE 'callq?\s+[0-9a-f]+\s+<__msan' <<<"$dis")
  dfsan=$(grep -cE 'callq?\s+[0-9a-f]+\s+<__dfsan' <<<"$dis")
  if [ "$san" = address ]; then
    [ "$asan" -ge 1000 ] && [ "$ubsan" -le 200 ] && [ "$msan" -le 3 ] && [ "$dfsan" -le 0 ] && ok=1
    want="__asan >= 1000, __ubsan <= 200"
  else
    [ "$asan" -le 0 ] && [ "$ubsan" -ge 168 ] && [ "$msan" -le 3 ] && [ "$dfsan" -le 0 ] && ok=1
    want="__asan 0, __ubsan >= 168"
  fi
  if [ -n "${ok:-}" ]; then
    pass "$name: check_mixed_sanitizers ($asan __asan, $ubsan __ubsan calls; want $want)"
  else
    fail "$name: check_mixed_sanitizers" "__asan $asan, __ubsan $ubsan, __msan $msan, __dfsan $dfsan; want $want, __msan <= 3, __dfsan 0"
  fi
}

# libfuzzer_round NAME SANITIZER SANITIZER_FLAGS SAN_ENV: build.sh with
# PF_ROOT=<this checkout>, then check_build's libFuzzer checks. SAN_ENV is
# the runner's ASAN_OPTIONS=... or UBSAN_OPTIONS=...
libfuzzer_round() {
  local name=$1 san=$2 sanflags=$3 sanenv=$4
  local d=$root/out/test-tmp/ossfuzz-$name
  rm -rf "$d" && mkdir -p "$d/out" "$d/work" "$d/src"
  local cflags="-O1 -fno-omit-frame-pointer -gline-tables-only $sanflags -fsanitize=fuzzer-no-link"
  run_build "$name" "$d/build.log" "$d/work" \
    CC=clang CXX=clang++ CFLAGS="$cflags" CXXFLAGS="$cflags" \
    LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT="$d/out" WORK="$d/work" SRC="$d/src" \
    SANITIZER="$san" FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64 \
    PF_ROOT="$root" PF_SRC_msgpack_c="$msgpack_src" || return 0
  check_out_files "$name" "$d/out" "$root"

  # test_all.py runs the checks with $OUT moved, to catch hardcoded paths.
  local out=$d/not-out t fz log edges corpus
  mv "$d/out" "$out" || { fail "$name: move \$OUT" "mv $d/out $out failed"; return 0; }
  for t in $(fuzz_targets "$out"); do
    fz=$out/$t log=$d/$t
    check_binary "$name/$t" "$fz" "$san"

    # check_engine: the binary itself, from elsewhere.
    (cd "$d" && env "$sanenv" timeout 60 "$fz" -seed=1337 -runs=4) >"$log.engine" 2>&1
    edges=$(grep -Po 'INFO: Loaded [[:digit:]]+ module.*\(.*(counters|guards)\):[[:space:]]+\K[[:digit:]]+' "$log.engine" | head -n 1)
    if grep -q 'no interesting inputs were found' "$log.engine"; then
      fail "$name/$t: check_engine" "not instrumented (see $log.engine)"
    elif [ -z "$edges" ] || [ "$edges" -lt 100 ]; then
      fail "$name/$t: check_engine" "${edges:-no} edges, want >= 100 (see $log.engine)"
    else
      pass "$name/$t: check_engine ($edges edges >= 100)"
    fi

    # check_startup_crash: run_fuzzer with SKIP_SEED_CORPUS=1.
    # shellcheck disable=SC2046,SC2086
    (cd "$out" && env "$sanenv" timeout 60 "$fz" $FUZZER_ARGS \
       -seed=1337 -runs=4 $(options_args "$out" "$t") </dev/null) >"$log.startup" 2>&1
    if grep -q 'Done 4 runs' "$log.startup"; then
      pass "$name/$t: check_startup_crash (run_fuzzer -seed=1337 -runs=4: \"Done 4 runs\")"
    else
      fail "$name/$t: check_startup_crash" "no \"Done 4 runs\": $(tail -n 3 "$log.startup" | tr '\n' ' ')"
    fi

    # check_seed_corpus: run_fuzzer -runs=0 over the unzipped seed corpus.
    corpus=$d/${t}_corpus
    rm -rf "$corpus" && mkdir -p "$corpus"
    unzip -q -o -d "$corpus" "$out/${t}_seed_corpus.zip" 2>/dev/null
    # shellcheck disable=SC2046,SC2086
    if (cd "$out" && env "$sanenv" timeout 60 "$fz" $FUZZER_ARGS \
          -runs=0 $(options_args "$out" "$t") "$corpus" </dev/null) >"$log.seeds" 2>&1 &&
       ! grep -q 'runtime error' "$log.seeds"; then
      pass "$name/$t: check_seed_corpus ($(ls "$corpus" | wc -l) seeds, -runs=0, exit 0)"
    else
      fail "$name/$t: check_seed_corpus" "a seed fails: $(grep -m1 -E 'ERROR|Falsifying|runtime error' "$log.seeds")"
    fi
  done
  mv "$out" "$d/out"
}

# --- (a) libFuzzer + ASan (and UBSan, project.yaml's second sanitizer) ------
libfuzzer_round libfuzzer address \
  "-fsanitize=address -fsanitize-address-use-after-scope" "ASAN_OPTIONS=$RUNNER_ASAN_OPTIONS"
libfuzzer_round libfuzzer-ubsan undefined "$SANITIZER_FLAGS_undefined" "UBSAN_OPTIONS=$RUNNER_UBSAN_OPTIONS"

# --- (b) AFL++ + ASan, from a copy at $SRC/propfuzz --------------------------
b=$root/out/test-tmp/ossfuzz-afl
rm -rf "$b" && mkdir -p "$b/out" "$b/work" "$b/src/propfuzz"
afl_cc=$(command -v afl-clang-fast || true)
afl_cxx=$(command -v afl-clang-fast++ || true)
afl_driver=/usr/lib/afl/libAFLDriver.a
if [ -z "$afl_cc" ] || [ ! -f "$afl_driver" ] || ! command -v afl-fuzz >/dev/null; then
  fail "afl: toolchain" "afl-clang-fast, afl-fuzz or $afl_driver missing (build/deps.sh afl)"
  finish
fi
[ -n "$afl_cxx" ] || afl_cxx=$afl_cc   # link with afl-clang-fast if there is no ++

copy=$b/src/propfuzz
tar -C "$root" --exclude=./out --exclude=./.git -cf - . | tar -C "$copy" -xf -
# Decoy failing inputs: build.sh must leave them out of the seed zips.
for t in "${targets[@]}"; do
  mkdir -p "$copy/corpus/$t/regress" "$copy/corpus/$t/known"
  printf 'propfuzz decoy: regress/ is not a seed\n' >"$copy/corpus/$t/regress/zz-decoy-regress"
  printf 'propfuzz decoy: known/ is not a seed\n' >"$copy/corpus/$t/known/zz-decoy-known"
  echo round_trip >"$copy/corpus/$t/known/zz-decoy-known.expect"
done
(cd "$copy" && find . -printf '%p %s %T@\n' | sort) >"$b/tree.before"

cflags="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope"
if run_build afl "$b/build.log" / \
     CC="$afl_cc" CXX="$afl_cxx" CFLAGS="$cflags" CXXFLAGS="$cflags" \
     LIB_FUZZING_ENGINE="$afl_driver" OUT="$b/out" WORK="$b/work" SRC="$b/src" \
     SANITIZER=address FUZZING_ENGINE=afl ARCHITECTURE=x86_64 \
     PF_SRC_msgpack_c="$msgpack_src" PF_CACHE="$PWD/out"; then
  (cd "$copy" && find . -printf '%p %s %T@\n' | sort) >"$b/tree.after"
  if cmp -s "$b/tree.before" "$b/tree.after"; then
    pass "afl: build.sh (from \$SRC/propfuzz) wrote nothing into the source tree"
  else
    fail "afl: build.sh wrote into the source tree" \
      "$(diff "$b/tree.before" "$b/tree.after" | grep '^[<>]' | head -n 3 | tr '\n' ' ')"
  fi
  check_out_files afl "$b/out" "$copy"

  out=$b/not-out
  mv "$b/out" "$out" || fail "afl: move \$OUT" "mv $b/out $out failed"
  for t in $(fuzz_targets "$out"); do
    fz=$out/$t log=$b/$t
    check_binary "afl/$t" "$fz" address

    corpus=$b/${t}_corpus
    rm -rf "$corpus" && mkdir -p "$corpus"
    unzip -q -o -d "$corpus" "$out/${t}_seed_corpus.zip" 2>/dev/null
    n=0 bad=""
    for f in "$corpus"/*; do
      [ -f "$f" ] || continue
      n=$((n + 1))
      if ! { (cd "$out" && timeout 30 "$fz" "$f") >"$log.seed" 2>&1; } 2>/dev/null ||
         ! grep -q 'Execution successful' "$log.seed"; then
        bad+="$(basename "$f") "
        cp "$log.seed" "$log.seed-$(basename "$f")"
      fi
    done
    if [ "$n" -gt 0 ] && [ -z "$bad" ]; then
      pass "afl/$t: each of the $n seeds runs clean as an argument"
    else
      fail "afl/$t: seeds as arguments" "${bad:-no seeds} (logs $log.seed-*)"
    fi

    # check_engine / check_startup_crash for afl: afl-fuzz as run_fuzzer
    # starts it (stdin input: Debian's 4.04c driver aborts on @@), 3 s.
    echo input >"$corpus/input"
    rm -rf "$b/$t-afl-out"
    dict=()
    [ -f "$out/$t.dict" ] && dict=(-x "$out/$t.dict")
    (cd "$out" && AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
       AFL_FAST_CAL=1 AFL_TRY_AFFINITY=1 AFL_FORKSRV_INIT_TMOUT=30000 \
       AFL_IGNORE_PROBLEMS=1 AFL_IGNORE_UNKNOWN_ENVS=1 \
       ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0:detect_odr_violation=0 \
       timeout --preserve-status -s INT 15 afl-fuzz -V 3 -t 5000+ -i "$corpus" \
         -o "$b/$t-afl-out" "${dict[@]}" -- "$fz") >"$log.afl-fuzz" 2>&1
    execs=$(awk -F: '/^execs_done/{gsub(/ /, "", $2); print $2}' "$b/$t-afl-out/default/fuzzer_stats" 2>/dev/null)
    if grep -aqE 'target binary (crashed|terminated)' "$log.afl-fuzz"; then
      fail "afl/$t: afl-fuzz starts" "target binary crashed or terminated (see $log.afl-fuzz)"
    elif ! grep -aq 'All set and ready to roll' "$log.afl-fuzz"; then
      fail "afl/$t: afl-fuzz starts" "no \"All set and ready to roll\": $(grep -a -m1 -E 'PROGRAM ABORT|Oops|Whoops' "$log.afl-fuzz" | sed 's/\x1b\[[0-9;]*m//g')"
    elif [ -z "$execs" ] || [ "$execs" -le 0 ]; then
      fail "afl/$t: afl-fuzz executes inputs" "execs_done=${execs:-none}"
    else
      pass "afl/$t: afl-fuzz -V 3 starts (\"All set and ready to roll\") and executes inputs ($execs execs)"
    fi
  done
  mv "$out" "$b/out"
fi

finish
