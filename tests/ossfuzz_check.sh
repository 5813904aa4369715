#!/usr/bin/env bash
# Simulated OSS-Fuzz build and check_build of build/oss-fuzz/build.sh.
#
#   tests/ossfuzz_check.sh            (make test: libFuzzer + ASan)
#   SANITIZERS="address undefined memory coverage" ENGINES="libfuzzer afl" \
#     tests/ossfuzz_check.sh          (make ossfuzz-check: the nightly set)
#
# 1. The integration files: the license header OSS-Fuzz's presubmit wants,
#    project.yaml's sanitizers and engines, the FILL-IN placeholders (the
#    Dockerfile clones main_repo; the README says what to fill in), the two
#    Dockerfiles' library sources (the same lines), every left-out target
#    named in the README.
# 2. Sources as the Dockerfile provides them: exactly the PF_SRC_* variables
#    build/oss-fuzz/Dockerfile sets, pointing at the Debian trees local
#    builds use (fetched before the sandbox, as any local build does).
# 3. For each engine and sanitizer OSS-Fuzz builds (AFL++ with ASan only):
#    build.sh from a copy of the checkout at $SRC/propfuzz, in a sandbox:
#    an environment of only what base-builder's compile sets ($CC, $CFLAGS
#    from base-clang's, $SANITIZER_FLAGS_<sanitizer>, -fsanitize=fuzzer-no-link,
#    $CXXFLAGS (less -stdlib=libc++: Debian's libFuzzer is built against
#    libstdc++), $LIB_FUZZING_ENGINE, $SRC $WORK $OUT,
#    nothing else: build.sh disables fetching itself) and a PATH on which
#    apt-get, apt, curl, wget, pip and
#    `git clone/fetch/pull` fail loudly. Then: nothing new in the checkout or
#    in any library source; $OUT holds one fuzz target per built harness and
#    nothing for a left-out one, each with its seed zip (exactly the
#    top-level seeds), dict and options; and, with $OUT moved away as
#    test_all.py does, what bad_build_check runs: check_engine,
#    check_architecture, check_mixed_sanitizers (its call-count limits),
#    check_startup_crash (run_fuzzer -seed=1337 -runs=4), check_seed_corpus
#    (disabled upstream, kept here); for AFL++ afl-fuzz as run_fuzzer starts
#    it ("All set and ready to roll", no "target binary crashed"); for
#    coverage what the runner's coverage script does (-merge=1 over the
#    seeds with LLVM_PROFILE_FILE, llvm-profdata merge, llvm-cov export).
#    PF_OSSFUZZ_FUZZ_SECONDS=N also fuzzes each target N seconds.
# 4. OSS_FUZZ_DIR=<checkout of google/oss-fuzz>: the builds run through
#    infra/base-images/base-builder/compile itself (for MSan without its
#    copy of the image's MSan libc++: tests/ossfuzz/official.sh), and
#    infra/base-images/base-runner/test_all.py (and for coverage its
#    coverage script) checks each $OUT.
#
# PF_OSSFUZZ_TARGETS narrows the build to some targets. One line per check,
# "PASS <what>" or "FAIL <what>: <why>"; ends with "N passed, N failed";
# exits 1 on any failure. Logs: out/test-tmp/ossfuzz/.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
root=$PWD
. tests/ossfuzz/checks.sh
. tests/ossfuzz/sandbox.sh
. tests/ossfuzz/runner.sh
. tests/ossfuzz/official.sh

SANITIZERS=${SANITIZERS:-address}
ENGINES=${ENGINES:-libfuzzer}
tmp=${PF_OSSFUZZ_TMP:-$root/out/test-tmp/ossfuzz}
rm -rf "$tmp" && mkdir -p "$tmp"
[ -z "${OSS_FUZZ_DIR:-}" ] || official_ready

check_integration_files
provide_sources "$tmp/sources.env" || finish
make_sandbox "$tmp" || finish
check_no_fetch_error

for engine in $ENGINES; do
  for san in $SANITIZERS; do
    case $engine/$san in
      libfuzzer/address | libfuzzer/undefined | libfuzzer/memory | libfuzzer/coverage | afl/address) ;;
      afl/*) continue ;;  # OSS-Fuzz builds AFL++ with ASan only
      *) fail "round $engine/$san" "unknown engine or sanitizer"; continue ;;
    esac
    round "$engine" "$san"
  done
done
finish
