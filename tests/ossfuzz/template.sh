#!/usr/bin/env bash
# The OSS-Fuzz template for other libraries (build/oss-fuzz/template/) on
# the example project tests/outside, with the simulated base-builder build
# of tests/ossfuzz_check.sh:
#
#   tests/ossfuzz/template.sh                       libFuzzer + ASan
#   SANITIZERS="address undefined memory coverage" ENGINES="libfuzzer afl" tests/ossfuzz/template.sh
#   OSS_FUZZ_DIR=<checkout of google/oss-fuzz> SANITIZERS=... tests/ossfuzz/template.sh
#
# $SRC holds a copy of this checkout as propfuzz (the Dockerfile's clone)
# and of tests/outside as library (its WORKDIR, with decoy failing inputs
# in corpus/varint/regress and known); template/build.sh runs there in the
# sandbox (compile's variables only, no network, no installs). Checks:
# nothing written into either source; $OUT holds exactly the fuzz target
# varint, its seed zip (exactly the top-level seeds), options; then, with
# $OUT moved, bad_build_check's checks (tests/ossfuzz/runner.sh; for
# coverage, which OSS-Fuzz builds for every project, the runner's coverage
# steps). With OSS_FUZZ_DIR, build.sh runs through base-builder's compile
# itself and base-runner's test_all.py (coverage: its coverage script)
# checks $OUT, as for this repository's own
# build (tests/ossfuzz/official.sh says what is replaced). One line per
# check, "N passed, N failed" at the end. Logs under
# out/test-tmp/ossfuzz-template/.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
root=$PWD
. tests/ossfuzz/checks.sh
. tests/ossfuzz/sandbox.sh
. tests/ossfuzz/runner.sh
. tests/ossfuzz/official.sh
unset PF_OSSFUZZ_TARGETS
SANITIZERS=${SANITIZERS:-address}
ENGINES=${ENGINES:-libfuzzer}
tmp=${PF_OSSFUZZ_TMP:-$root/out/test-tmp/ossfuzz-template}
rm -rf "$tmp" && mkdir -p "$tmp/bin" "$tmp/src/library"
: > "$tmp/sources.env"
[ -z "${OSS_FUZZ_DIR:-}" ] || official_ready

# The integration files: what OSS-Fuzz's presubmit checks (license
# header, $LIB_FUZZING_ENGINE, apt-get update before install), the
# sanitizers and engines of project.yaml, and the script ClusterFuzzLite's
# build.sh runs.
tpl=build/oss-fuzz/template
bad=""
for f in $tpl/Dockerfile $tpl/build.sh; do
  grep -q 'http://www.apache.org/licenses/LICENSE-2.0' "$f" || bad+="$f "
done
[ -z "$bad" ] && pass "template: license header in build.sh and Dockerfile" || fail "template: license header" "missing in $bad"
if grep -v '^[[:space:]]*#' $tpl/build.sh | grep -q -- '-lFuzzingEngine' ||
   grep -qE 'RUN apt(-get)? install' $tpl/Dockerfile $tpl/.clusterfuzzlite/Dockerfile; then
  fail "template: presubmit" "-lFuzzingEngine in build.sh or RUN apt-get install without update"
else
  pass "template: \$LIB_FUZZING_ENGINE, apt-get update before install"
fi
check_project_yaml $tpl/project.yaml
cf=$(sed -n 's|^exec bash -eu "\$SRC/propfuzz/\([^"]*\)".*|\1|p' $tpl/.clusterfuzzlite/build.sh)
[ -n "$cf" ] && [ -f "$cf" ] && pass "template: .clusterfuzzlite/build.sh runs $cf" ||
  fail "template: .clusterfuzzlite/build.sh" "runs '${cf:-nothing}', not a file of this checkout"

# The sandbox's failing commands and the copy of the checkout
# (make_sandbox), then the template's build.sh and the library.
make_sandbox "$tmp" || { fail "sandbox" "copying the checkout failed"; finish; }
cp build/oss-fuzz/template/build.sh "$tmp/src/build.sh"
cp -r tests/outside/. "$tmp/src/library/"
rm -rf "$tmp/src/library/build"
mkdir -p "$tmp/src/library/corpus/varint/regress" "$tmp/src/library/corpus/varint/known"
printf 'decoy: regress/ is not a seed\n' > "$tmp/src/library/corpus/varint/regress/zz-decoy"
printf 'decoy: known/ is not a seed\n' > "$tmp/src/library/corpus/varint/known/zz-decoy"

template_round() {
  local engine=$1 san=$2 name=$1-$2 d=$tmp/$1-$2 rc=0 envv stamp
  mkdir -p "$d/out" "$d/work" "$d/home"
  compile_env "$engine" "$san" "$d" > "$d/env"
  if [ "$engine" = afl ]; then
    cp "$(command -v afl-fuzz)" "$d/out/" && grep '^AFL_' "$d/env" > "$d/out/afl_options.txt"
  fi
  : > "$tmp/forbidden.log"
  { tree_state "$tmp/src/library"; tree_state "$tmp/src/propfuzz"; } > "$d/tree.before"
  mapfile -t envv < "$d/env"
  if [ -n "${OSS_FUZZ_DIR:-}" ]; then
    official_compile "$d" "$tmp/src/library" "${envv[@]}" > "$d/build.log" 2>&1 || rc=$?
  else
    (cd "$tmp/src/library" && env -i "${envv[@]}" bash -eu "$tmp/src/build.sh") > "$d/build.log" 2>&1 || rc=$?
  fi
  if [ $rc != 0 ]; then
    fail "$name: build.sh" "exit $rc; $(grep -m1 -E 'build.sh:|error|Error|sandbox:' "$d/build.log" || tail -n 3 "$d/build.log" | tr '\n' ' ') (log $d/build.log)"
    return
  fi
  pass "$name: build.sh ran (log ${d#"$root"/}/build.log)"
  [ -s "$tmp/forbidden.log" ] && fail "$name: no network, no installs" "$(head -n 3 "$tmp/forbidden.log" | tr '\n' ';')" ||
    pass "$name: no network, no installs"
  { tree_state "$tmp/src/library"; tree_state "$tmp/src/propfuzz"; } > "$d/tree.after"
  cmp -s "$d/tree.before" "$d/tree.after" && pass "$name: nothing written into \$SRC/library or \$SRC/propfuzz" ||
    fail "$name: build.sh wrote into its sources" "$(diff "$d/tree.before" "$d/tree.after" | grep '^[<>]' | head -n 3 | tr '\n' ' ')"
  local got; got=$(fuzz_targets "$d/out" | xargs)
  [ "$got" = varint ] && pass "$name: \$OUT holds exactly the fuzz target varint" ||
    fail "$name: \$OUT fuzz targets" "want [varint], found [$got]"
  check_seed_zip "$name/varint" "$d/out/varint_seed_corpus.zip" "$tmp/src/library" varint
  grep -qx '\[libfuzzer\]' "$d/out/varint.options" 2>/dev/null && grep -qx 'max_len = 4096' "$d/out/varint.options" &&
    pass "$name/varint: varint.options" || fail "$name/varint: varint.options" "missing or without [libfuzzer] / max_len = 4096"
  mv "$d/out" "$d/not-out"
  case $engine/$san in
    afl/*) check_afl_target "$name/varint" "$d/not-out" varint ;;
    */coverage) check_coverage "$name/varint" "$d/not-out" varint ;;
    *) check_libfuzzer_target "$name/varint" "$d/not-out" varint "$san" ;;
  esac
  mv "$d/not-out" "$d/out"
  [ -z "${OSS_FUZZ_DIR:-}" ] || official_checks "$name" "$engine" "$san" "$d"
}

for engine in $ENGINES; do
  for san in $SANITIZERS; do
    case $engine/$san in
      libfuzzer/address | libfuzzer/undefined | libfuzzer/memory | libfuzzer/coverage | afl/address) ;;
      afl/*) continue ;;  # OSS-Fuzz builds AFL++ with ASan only
      *) fail "template $engine/$san" "unknown engine or sanitizer"; continue ;;
    esac
    template_round "$engine" "$san"
  done
done
finish
