# The structure-aware mutator (properties/mutator/). Its unit tests are
# tests/test_mutator.c (a unit/ step); here: the mutator fuzzing itself
# (tests/fuzz_mutator.c: every output fits and replays identically), and
# the switch on real targets: PF_MUTATOR=0 leaves every mutation to
# libFuzzer, PF_MUTATOR=1 makes structural edits, unset the target's
# default decides. Sourced by tests/run.sh.
mutator_fuzz_smoke() {
  local dir=out/test-tmp/fuzz-mutator
  rm -rf "$dir" && mkdir -p "$dir/corpus" "$dir/artifacts"
  make -s out/fuzz/mutator || return 1
  out/fuzz/mutator -seed=1 -runs=10000 -max_total_time=60 \
    -artifact_prefix="$dir/artifacts/" "$dir/corpus" || return 1
  [ -z "$(ls -A "$dir/artifacts")" ]
}
step "mutator/fuzz-smoke" mutator_fuzz_smoke

# The share of structural edits PF_MUTATOR_STATS reports for 300 runs.
mutator_share() { # TARGET ON(0|1|unset) -> the structural percentage
  local dir=out/test-tmp/mutator-switch-$1-$2
  local switch=(PF_MUTATOR="$2")
  [ "$2" = unset ] && switch=(-u PF_MUTATOR)
  rm -rf "$dir" && mkdir -p "$dir"
  env "${switch[@]}" PF_MUTATOR_STATS=1 "out/libfuzzer/$1" -seed=1 -runs=300 "$dir" "corpus/$1" 2>&1 |
    sed -n 's/^propfuzz mutator: .*structural \([0-9.]*\)%.*/\1/p'
}
# The switch, and each target's default: codec's is off, cjson's on
# (PF_MUTATOR_DEFAULT_ON in harness/cjson.c), and PF_MUTATOR overrides it.
mutator_switch() {
  make -s out/libfuzzer/codec out/libfuzzer/cjson || return 1
  local off on codec cjson cjson_off
  off=$(mutator_share codec 0) on=$(mutator_share codec 1) codec=$(mutator_share codec unset)
  cjson=$(mutator_share cjson unset) cjson_off=$(mutator_share cjson 0)
  echo "structural share: codec PF_MUTATOR=0 $off%, =1 $on%, unset $codec%;" \
    "cjson unset $cjson%, PF_MUTATOR=0 $cjson_off%"
  many() { [ -n "$1" ] && awk -v s="$1" 'BEGIN { exit !(s > 20) }'; }
  [ "$off" = 0.0 ] && [ "$codec" = 0.0 ] && [ "$cjson_off" = 0.0 ] && many "$on" && many "$cjson"
}
step "mutator/switch" mutator_switch

# AFL++'s custom mutator (properties/mutator/afl_hooks.c), for csv: the
# .so loads through the afl_custom_* API (tests/afl_mutator_load.c calls
# it as afl-fuzz's custom stage does, on corpus entries and random bytes),
# its edits are mostly structural, and every output replays through the
# target's replay binary, to the same draws twice.
mutator_afl_api() {
  local dir=out/test-tmp/afl-mutator
  rm -rf "$dir" && mkdir -p "$dir/out"
  make -s out/afl-mutator/csv.so out/replay/csv out/tests/afl_mutator_load || return 1
  PF_MUTATOR_STATS=1 out/tests/afl_mutator_load out/afl-mutator/csv.so "$dir/out" 300 \
    corpus/csv/* 2>"$dir/stats" || { cat "$dir/stats"; return 1; }
  cat "$dir/stats"
  local share
  share=$(sed -n 's/^propfuzz mutator: 300 mutations: .*structural \([0-9.]*\)%.*/\1/p' "$dir/stats")
  [ -n "$share" ] && awk -v s="$share" 'BEGIN { exit !(s > 60) }' ||
    { echo "structural share '$share', want > 60%"; return 1; }
  local i
  for i in 1 2; do
    PF_FINDINGS_DIR= PF_NO_FORK=1 PF_SHOW=1 out/replay/csv "$dir/out" >"$dir/show$i" 2>&1 ||
      { tail -5 "$dir/show$i"; return 1; }
  done
  tail -1 "$dir/show1"
  grep -q '^300 passed, 0 failed$' "$dir/show1" &&
    [ "$(grep -c '^draws of csv' "$dir/show1")" = 300 ] && cmp "$dir/show1" "$dir/show2"
}
step "mutator/afl-api" mutator_afl_api
