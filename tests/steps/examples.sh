# The example runner and a failure's identity (sourced by tests/run.sh).

# Every target runs as an ordinary test: its corpus, then generated
# examples (the profile's budget), with its seed printed.
examples_of() {
  local t=$1 dir=out/test-tmp/examples-$1
  rm -rf "$dir" && mkdir -p "$dir"
  make -s "out/examples/$t" || return 1
  # As the smoke run: a property on a rate fails some inputs by design, so
  # the profile may narrow a target's checks (PF_SMOKE_CHECKS_<t>).
  local checks=PF_SMOKE_CHECKS_$t
  PF_CHECKS=${!checks:-all} PF_FINDINGS_DIR=$dir/findings PF_SEED=$PF_SEED PF_EXAMPLES=$PF_EXAMPLES_RUNS \
    PF_TIME=$PF_EXAMPLES_TIME "out/examples/$t" "corpus/$t"
}
for t in $targets; do steps "examples/$t" examples_of "$t"; done

# two_checks: two bugs of one property at two checks (tests/examples/).
two_checks_dir=out/test-tmp/two-checks
two_checks_build() {
  local d=$two_checks_dir
  rm -rf "$d" && mkdir -p "$d"
  make -s out/lib/libpropfuzz.a out/obj/pf/drivers/example_main.o || return 1
  local warn=(-std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
              -Wformat=2 -Wvla -Werror)
  clang "${warn[@]}" -g -O1 -fsanitize=address,undefined -Iinclude tests/examples/two_checks.c \
    out/obj/pf/drivers/example_main.o out/lib/libpropfuzz.a -lm -o "$d/examples" &&
  clang "${warn[@]}" -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude \
    tests/examples/two_checks.c out/lib/libpropfuzz.a -lm -o "$d/fuzz" || return 1
  # gcc, no sanitizers: libpropfuzz and the runner as a plain test build.
  local srcs; srcs=$(make -s --no-print-directory print-PF_SRCS)
  # shellcheck disable=SC2086
  gcc "${warn[@]}" -O1 -Iinclude tests/examples/two_checks.c $srcs \
    properties/drivers/example_main.c -lm -o "$d/examples-gcc"
}
step "examples/two-checks-build" two_checks_build

# Two distinct failures of one property: both reported, each shrunk to its
# own minimum ([5, 0] and [200]), the run ends "N passed, 2 failed".
two_checks_runner() {
  local bin=${1:-examples} out
  local d=$two_checks_dir/runner-$bin
  rm -rf "$d" && mkdir -p "$d"
  out=$(PF_FINDINGS_DIR=$d PF_SEED=1 PF_EXAMPLES=20000 PF_TIME=60 \
        "$two_checks_dir/$bin" 2>&1)
  local rc=$?
  echo "$out"
  [ $rc = 1 ] || { echo "exit $rc, want 1"; return 1; }
  grep -q '^examples: two_checks, seed 1 (PF_SEED=1 repeats this run)$' <<<"$out" &&
    grep -Eq '^[0-9]+ passed, 2 failed$' <<<"$out" &&
    [ "$(grep -c '^Falsifying example  target=two_checks  property=round_trip  check=two_checks.c:' <<<"$out")" = 2 ] ||
    { echo "not two reports"; return 1; }
  # Each minimum by its decoded values: the x draws of its report.
  local mins; mins=$(for f in "$d"/*.min.report.txt; do
                       sed -n 's/^ *x = //p' "$f" | paste -sd, -; done | sort | xargs)
  echo "minimal values: $mins"
  [ "$mins" = "200 5,0" ] || { echo "want [200] and [5, 0]"; return 1; }
}
step "examples/two-distinct-failures" two_checks_runner
step "examples/gcc-no-sanitizers" two_checks_runner examples-gcc

# Fuzzing keeps going (PF_KEEP_GOING=1): each distinct failure saved and
# reported once, the run ends with their list and exit 0.
two_checks_keep_going() {
  local d=$two_checks_dir/keep out
  rm -rf "$d" && mkdir -p "$d"
  out=$(PF_KEEP_GOING=1 PF_FINDINGS_DIR=$d "$two_checks_dir/fuzz" -seed=1 -runs=300000 2>&1) ||
    { echo "$out" | tail -40; return 1; }
  echo "$out" | tail -8
  grep -q 'propfuzz: 2 distinct failures, 0 known' <<<"$out" &&
    [ "$(ls "$d"/round_trip-*.report.txt | wc -l)" = 2 ]
}
step "examples/fuzz-keep-going" two_checks_keep_going

# A known failure stops nothing: both checks listed as known (PF_KNOWN, a
# directory of .expect files as corpus/<t>/known/ holds), the fuzz run
# goes to its end; an expectation naming only the property covers both.
two_checks_known() {
  local d=$two_checks_dir/known out
  rm -rf "$d" && mkdir -p "$d/known"
  grep -ho 'check=two_checks.c:[0-9]*' "$two_checks_dir"/runner-examples/*.report.txt | sort -u |
    while read -r c; do echo "round_trip $c" > "$d/known/${c##*:}.expect"; done
  [ "$(ls "$d"/known/*.expect | wc -l)" = 2 ] || { echo "no expectations from the runner"; return 1; }
  out=$(PF_KNOWN=$d/known PF_FINDINGS_DIR=$d/findings "$two_checks_dir/fuzz" -seed=1 -runs=100000 2>&1) ||
    { echo "$out" | tail -40; return 1; }
  echo "$out" | tail -6
  grep -q 'propfuzz: 0 distinct failures, 2 known' <<<"$out" && grep -q '^Done 100000 runs' <<<"$out" &&
    [ -z "$(ls -A "$d/findings" 2>/dev/null)" ] || return 1
  echo round_trip > "$d/by-property"
  out=$(PF_KNOWN=$d/by-property PF_FINDINGS_DIR=$d/findings "$two_checks_dir/fuzz" -seed=2 -runs=50000 2>&1) ||
    { echo "$out" | tail -20; return 1; }
  grep -q 'propfuzz: 0 distinct failures, 2 known' <<<"$out"
}
step "examples/fuzz-known-goes-on" two_checks_known
