# Sourced by tests/ossfuzz_check.sh and tests/ossfuzz/template.sh when
# OSS_FUZZ_DIR names a checkout of google/oss-fuzz: the builds run through
# base-builder's compile and each $OUT is checked by base-runner's
# test_all.py (and coverage). Only the steps that touch the image itself
# are replaced, by commands on a PATH of their own: compile_libfuzzer /
# compile_afl (they copy the engine into /usr/lib), sysctl (a kernel
# setting), coverage_helper (a Chromium tool the runner image clones),
# rcfilt (needs rustfilt) and profraw_update.py (it upgrades profiles for
# the image's newer LLVM); and compile runs from a copy without its two
# `cp -R /usr/msan/...` lines (MSan builds: the image's MSan-built libc++
# for -stdlib=libc++, which base-clang builds and this machine lacks; the
# C++ library here is libstdc++, see OSSFUZZ_CXXFLAGS_EXTRA in sandbox.sh).
# Needs $root and $tmp.

# official_ready: OSS_FUZZ_DIR holds the scripts used here (else one FAIL
# line and the tally).
official_ready() {
  local f
  for f in base-builder/compile base-runner/test_all.py base-runner/bad_build_check base-runner/run_fuzzer; do
    [ -f "$OSS_FUZZ_DIR/infra/base-images/$f" ] ||
      { fail "OSS_FUZZ_DIR" "$OSS_FUZZ_DIR has no infra/base-images/$f (a checkout of google/oss-fuzz, or unset it)"; finish; }
  done
}

official_bin() {
  local b=$tmp/official-bin
  [ -d "$b" ] && { echo "$b"; return; }
  mkdir -p "$b"
  printf '#!/bin/sh\necho "sysctl $*: skipped (not in the image)"\n' > "$b/sysctl"
  # Sourced by compile: as upstream, but the engine stays in $WORK.
  cat > "$b/compile_libfuzzer" <<'EOF'
echo -n "Compiling libFuzzer to $LIB_FUZZING_ENGINE... "
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer"
echo " done."
EOF
  cat > "$b/compile_afl" <<EOF
echo "Copying Debian's AFL++ (the image's is precompiled in \$SRC/aflplusplus)"
cp -f $AFL_DRIVER "\$LIB_FUZZING_ENGINE"
cp "\$(command -v afl-fuzz)" "\$OUT/"
# Full paths, as upstream's \$SRC/aflplusplus/afl-clang-fast.
export CC=$(command -v afl-clang-fast) CXX=$(command -v afl-clang-fast++) AFL_QUIET=1
export ASAN_OPTIONS="detect_leaks=0:symbolize=0:detect_odr_violation=0:abort_on_error=1"
export AFL_IGNORE_PROBLEMS=1 AFL_IGNORE_UNKNOWN_ENVS=1
env | grep -E '^AFL_' | tee "\$OUT/afl_options.txt"
EOF
  # The runner's coverage_helper runs Chromium's coverage_utils.py; a
  # static fuzz target has no shared libraries, and post_process only
  # rewrites the HTML report.
  printf '#!/bin/sh\necho "coverage_helper $*: not run (Chromium tool)" >&2\n' > "$b/coverage_helper"
  printf '#!/bin/sh\nexec c++filt -n\n' > "$b/rcfilt"
  # profraw_update.py rewrites clang 14's profraw (version 8) for the
  # image's newer llvm-profdata; this machine's llvm-profdata 14 reads it
  # as it is.
  printf '#!/bin/sh\necho "profraw_update.py $*: kept as is (llvm-profdata 14)"\n' > "$b/profraw_update.py"
  # compile without the MSan libc++ copy (the image's /usr/msan).
  sed 's|^\([[:space:]]*\)cp -R /usr/msan/\(.*\)$|\1echo "compile: not copied (no /usr/msan here): \2"|' \
    "$OSS_FUZZ_DIR/infra/base-images/base-builder/compile" > "$b/compile"
  chmod +x "$b"/*
  echo "$b"
}

# official_compile DIR WORKDIR VAR=VALUE...: compile in WORKDIR (the
# Dockerfile's), with base-builder's own variables (it adds the sanitizer
# and coverage flags itself); the sources and paths from the given
# environment.
official_compile() {
  local d=$1 wd=$2 v keep=(); shift 2
  for v in "$@"; do
    case $v in SRC=* | WORK=* | OUT=* | HOME=* | SANITIZER=* | FUZZING_ENGINE=* | PF_SRC_* | PF_OSSFUZZ_TARGETS=*) keep+=("$v") ;; esac
  done
  (cd "$wd" && env -i "${keep[@]}" \
     PATH="$(official_bin):$tmp/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
     CC=clang CXX=clang++ CCC=clang++ CFLAGS="$OSSFUZZ_CFLAGS" CXXFLAGS_EXTRA="$OSSFUZZ_CXXFLAGS_EXTRA" \
     CXXFLAGS="$OSSFUZZ_CFLAGS $OSSFUZZ_CXXFLAGS_EXTRA" FUZZING_LANGUAGE=c ARCHITECTURE=x86_64 \
     SANITIZER_FLAGS_address="$SANITIZER_FLAGS_address" SANITIZER_FLAGS_undefined="$SANITIZER_FLAGS_undefined" \
     SANITIZER_FLAGS_memory="$SANITIZER_FLAGS_memory" SANITIZER_FLAGS_coverage="" \
     COVERAGE_FLAGS="$COVERAGE_FLAGS_libfuzzer" COVERAGE_FLAGS_coverage="$COVERAGE_FLAGS_coverage" \
     UBSAN_OPTIONS=silence_unsigned_overflow=1 \
     LIB_FUZZING_ENGINE="$d/work/libFuzzingEngine.a" LIB_FUZZING_ENGINE_DEPRECATED="$d/work/libFuzzingEngine.a" \
     "$(official_bin)/compile")
}

# official_checks NAME ENGINE SANITIZER DIR: test_all.py on $OUT (it moves
# $OUT under /tmp/not-out itself); for coverage, the runner's coverage
# script over the unzipped seed corpora.
official_checks() {
  local name=$1 engine=$2 san=$3 d=$4 runner=$OSS_FUZZ_DIR/infra/base-images/base-runner rc=0
  local path; path="$(official_bin):$runner:/usr/local/bin:/usr/bin:/bin"
  # OSS-Fuzz runs test_all.py on fuzzing builds only (build_project.py);
  # a coverage build has no libFuzzer counters and would fail check_engine.
  [ "$san" = coverage ] && { official_coverage "$name" "$d" "$path"; return; }
  (cd "$d" && env -i HOME="$d/home" PATH="$path" OUT="$d/out" \
     bash -c '. "$0"; in_runner "$@"' "$root/tests/ossfuzz/runner.sh" "$engine" "$san" \
     python3 "$runner/test_all.py") > "$d/test_all.log" 2>&1 || rc=$?
  if [ $rc = 0 ]; then
    pass "$name: OSS-Fuzz's test_all.py passes ($(grep -c 'INFO: performing bad build checks' "$d/test_all.log") targets checked; log ${d#"$root"/}/test_all.log)"
  else
    fail "$name: OSS-Fuzz's test_all.py" "exit $rc: $(grep -m3 -E 'BAD BUILD|ERROR|Broken' "$d/test_all.log" | tr '\n' ' ') (log $d/test_all.log)"
  fi
}

# official_coverage NAME DIR PATH: the runner's coverage script over the
# unzipped seed corpora (the runner image sets GOPATH; C needs none).
official_coverage() {
  local name=$1 d=$2 path=$3 t corpus=$2/corpus rc=0
  rm -rf "$corpus"
  for t in $(fuzz_targets "$d/out"); do
    mkdir -p "$corpus/$t" && unzip -q -o -d "$corpus/$t" "$d/out/${t}_seed_corpus.zip"
  done
  (cd "$d" && env -i HOME="$d/home" PATH="$path" OUT="$d/out" CORPUS_DIR="$corpus" GOPATH="$d/go" \
     COVERAGE_OUTPUT_DIR="$d/coverage" COVERAGE_EXTRA_ARGS= \
     bash -c '. "$0"; in_runner "$@"' "$root/tests/ossfuzz/runner.sh" libfuzzer coverage \
     "$OSS_FUZZ_DIR/infra/base-images/base-runner/coverage") > "$d/coverage.log" 2>&1 || rc=$?
  if [ $rc = 0 ] && [ -s "$d/coverage/report/linux/summary.json" ]; then
    pass "$name: OSS-Fuzz's coverage script: $(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["data"][0]["totals"]["lines"]; print("%d of %d lines (%.1f%%)" % (t["covered"], t["count"], t["percent"]))' "$d/coverage/report/linux/summary.json")"
  else
    fail "$name: OSS-Fuzz's coverage script" "exit $rc: $(grep -m2 -E 'Error|error' "$d/coverage.log" | tr '\n' ' ') (log $d/coverage.log)"
  fi
}
