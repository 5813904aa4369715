# Mutation analysis (build/mutate/): the generator on a file of known
# sites, and a whole campaign on the tiny library of tests/mutate/ whose
# every verdict is known, with a baseline fuzz target, in two shards
# merged, and the README table made from it. Sourced by tests/run.sh.

mutate_dir=out/test-tmp/mutate
mutgen=out/mutate/tool/pf-mutgen

# The sites of tests/mutate/operators.c, ids included: a changed id would
# orphan every line of the equivalents lists.
mutate_golden() {
  make -s "$mutgen" || return 1
  "$mutgen" sites --root tests/mutate=tests/mutate -- -std=c11 tests/mutate/operators.c |
    cut -f1-3,7-10 > "$mutate_dir-operators.tsv" || return 1
  diff tests/mutate/operators.expected "$mutate_dir-operators.tsv"
}

# apply changes exactly the site's bytes.
mutate_apply() {
  local line id
  "$mutgen" sites --root tests/mutate=tests/mutate -- -std=c11 tests/mutate/operators.c \
    > "$mutate_dir-sites.tsv" || return 1
  line=$(awk -F'\t' '$3 == 40 && $7 == "aor"' "$mutate_dir-sites.tsv")
  id=${line%%	*}
  [ -n "$id" ] || { echo "no aor site on line 40"; return 1; }
  "$mutgen" apply "$mutate_dir-sites.tsv" "$id" "$mutate_dir-applied.c" || return 1
  diff tests/mutate/operators.c "$mutate_dir-applied.c" > "$mutate_dir-applied.diff"
  cat "$mutate_dir-applied.diff"
  [ "$(grep -c '^[<>]' "$mutate_dir-applied.diff")" = 2 ] &&
    grep -q '^> .*const byte \*end = p - n;' "$mutate_dir-applied.diff" &&
    ! "$mutgen" apply "$mutate_dir-sites.tsv" m0000000000 /dev/null 2>/dev/null
}

# The sample: the same seed draws the same mutants, another seed others,
# and removing one candidate changes the sample by at most that one.
mutate_sample() {
  local ids=$mutate_dir-ids a b c
  seq 1 500 | sed 's/^/m/' > "$ids"
  a=$("$mutgen" sample 7 50 < "$ids") b=$("$mutgen" sample 7 50 < "$ids")
  c=$("$mutgen" sample 8 50 < "$ids")
  [ "$a" = "$b" ] && [ "$a" != "$c" ] && [ "$(wc -l <<<"$a")" = 50 ] || return 1
  local gone; gone=$(head -1 <<<"$a")
  b=$(grep -vx "$gone" "$ids" | "$mutgen" sample 7 50)
  [ "$(comm -23 <(sort <<<"$a") <(sort <<<"$b") | wc -l)" = 1 ]
}

# The tiny campaign: one mutant of each verdict (tests/mutate/tinylib.c
# says which line holds which).
declare -A mutate_expect=(
  [m17ed0e501f]="17 aor - property round_trip survived"      # + -> -
  [mdd667c4eb7]="45 cst 5 property kind_range survived"      # return 4 -> 5
  [mdb6a8e5330]="16 ror <= crash asan-heap-buffer-overflow crash"  # i < n -> i <= n
  [m9028f5fd80]="30 sdl (void)0 timeout - timeout"           # i++ deleted
  [m819ecc8753]="18 sdl (void)0 survived - survived"         # bookkeeping deleted
  [m99c6322ad6]="18 aor -= equivalent - equivalent"          # listed in equivalent.txt
  [m6001297906]="40 cst 0 stillborn - stillborn"             # case 1 -> 0: a duplicate
  [med9fb4f6a6]="58 aor / identical - identical"             # n * 1 -> n / 1: the same code
)
mutate_run() {
  local ids; ids=$(printf '%s\n' "${!mutate_expect[@]}" | sort | paste -sd,)
  make -s mutate-selftest MUTATE_OUT="$mutate_dir" MUTANT_IDS="$ids" MUTANT_TIME=2 JOBS=2 \
    PF_MUTANT_INPUT_TIMEOUT=1 "$@"
}
mutate_campaign() {
  rm -rf "$mutate_dir"
  mutate_run || return 1
  local id want got ok=0 line op repl v k cv
  for id in "${!mutate_expect[@]}"; do
    read -r line op repl v k cv <<<"${mutate_expect[$id]}"
    awk -F'\t' -v id="$id" -v l="$line" -v o="$op" -v r="$repl" \
      '$1 == id && $3 == l && $7 == o && $9 == r { f = 1 } END { exit !f }' \
      "$mutate_dir/base/sites.tsv" || { echo "$id is no longer line $line $op -> $repl"; ok=1; }
    want="$v $k $cv"
    got=$(awk -F'\t' -v id="$id" '$1 == id { print $8, $9, $12 }' "$mutate_dir/mutants.tsv")
    [ "$got" = "$want" ] || { echo "$id: expected '$want', got '$got'"; ok=1; }
  done
  # 4 killed with properties (two by a property, a crash, a hang) and 2
  # crash-only, of 8 - 1 stillborn - 1 equivalent - 1 identical.
  grep -q '"scored": 5,' "$mutate_dir/summary.json" &&
    grep -q '"score_with_properties": 80.0,' "$mutate_dir/summary.json" &&
    grep -q '"score_crash_only": 40.0,' "$mutate_dir/summary.json" &&
    grep -q '"identical": 1,' "$mutate_dir/summary.json" || { cat "$mutate_dir/summary.json"; ok=1; }
  # tiny_unused is never called: its sites are counted, not run.
  grep -q '	tiny_unused	' "$mutate_dir/base/uncovered.tsv" || { echo "tiny_unused is covered?"; ok=1; }
  grep -q '^| mutant | where | op | round_trip | kind_range | crash | crash-only |$' "$mutate_dir/report.md" &&
    grep -Eq '^\| `m17ed0e501f` \| tinylib.c:17 \| aor \| \*\*[0-9]+\.[0-9]r\*\* \|  \|  \|  \|$' "$mutate_dir/report.md" &&
    grep -q '^- `m819ecc8753` tests/mutate/tinylib.c:18 sdl in `tiny_encode`: `encoded_total += n;` → `(void)0;`$' "$mutate_dir/report.md" &&
    grep -q '^- `m99c6322ad6` .* — tinylib.c:18 encoded_total += n -> -= n: encoded_total is never read$' "$mutate_dir/report.md" ||
    { sed -n '/## Kill matrix/,$p' "$mutate_dir/report.md"; ok=1; }
  return $ok
}

# A library whose build script links its objects into one with local
# symbols (json-c for json_differential, tests/mutate/lib-tiny_iso.sh
# here): a mutant's object beside its archive would never be called, so
# the campaign relinks it (--relink) and the verdicts are tiny's. The
# mutants are m17ed0e501f's and mdb6a8e5330's, in a function named
# iso_tiny_encode here (a mutant's id says its function).
declare -A mutate_relink_expect=(
  [mfd60cafde0]="17 aor - property round_trip survived"
  [m39d0390383]="16 ror <= crash asan-heap-buffer-overflow crash"
)
mutate_relink() {
  local out=$mutate_dir-relink id want got ok=0 line op repl
  rm -rf "$out"
  make -s mutate-selftest MUTATE_SELFTEST_LIB=tiny_iso MUTATE_OUT="$out" \
    MUTANT_IDS=mfd60cafde0,m39d0390383 MUTANT_TIME=2 JOBS=2 PF_MUTANT_INPUT_TIMEOUT=1 || return 1
  for id in "${!mutate_relink_expect[@]}"; do
    read -r line op repl want <<<"${mutate_relink_expect[$id]}"
    awk -F'\t' -v id="$id" -v l="$line" -v o="$op" -v r="$repl" \
      '$1 == id && $3 == l && $7 == o && $9 == r { f = 1 } END { exit !f }' \
      "$out/base/sites.tsv" || { echo "$id is no longer line $line $op -> $repl"; ok=1; }
    got=$(awk -F'\t' -v id="$id" '$1 == id { print $8, $9, $12 }' "$out/mutants.tsv")
    [ "$got" = "$want" ] || { echo "$id: expected '$want', got '$got'"; ok=1; }
  done
  return $ok
}

# Resumes: finished mutants are not run again; one whose result is gone
# (an interrupted run) is. MIN_SCORE gates the exit status.
mutate_resume_gate() {
  local out
  rm -f "$mutate_dir/results/m819ecc8753"
  out=$(mutate_run MIN_SCORE=80 2>&1) || { echo "$out"; return 1; }
  echo "$out"
  grep -q '8 mutants of tiny (1 marked equivalent, 6 done before); running 1 ' <<<"$out" || return 1
  out=$(mutate_run MIN_SCORE=80.5 2>&1) && { echo "$out"; return 1; }
  echo "$out"
  grep -q 'running 0 ' <<<"$out" && grep -q 'mutation score 80.0% is below MIN_SCORE=80.5%' <<<"$out"
}

# BASELINE: the same mutants (the same ids, the same builds) also run
# through a fuzz target of the kind libraries ship (tests/mutate/
# tiny_baseline.c: crash-only, one assertion), as a third column. Added to
# the finished campaign above, only the baseline runs for its mutants;
# m793641479c (a kind made equal to another) is the one the baseline
# kills and the properties miss. The baseline fuzzes its own time
# (BASELINE_TIME), recorded in the report.
mutate_baseline_ids=m793641479c
mutate_baseline_run() {
  local ids; ids=$(printf '%s\n' "${!mutate_expect[@]}" $mutate_baseline_ids | sort | paste -sd,)
  make -s mutate-selftest MUTATE_OUT="$mutate_dir" MUTANT_IDS="$ids" MUTANT_TIME=2 JOBS=2 \
    PF_MUTANT_INPUT_TIMEOUT=1 BASELINE=src:tiny_baseline.c BASELINE_CORPUS=tests/mutate/baseline-corpus \
    BASELINE_TIME=3 "$@"
}
mutate_baseline() {
  local out ok=0 id want got
  cp "$mutate_dir/results/m17ed0e501f" "$mutate_dir-kept"
  out=$(mutate_baseline_run 2>&1) || { echo "$out"; return 1; }
  echo "$out"
  grep -q '9 mutants of tiny (1 marked equivalent, 0 done before); running 8 .*baseline: tiny_baseline 3 s each$' <<<"$out" &&
    cmp "$mutate_dir/results/m17ed0e501f" "$mutate_dir-kept" || { echo "not resumed as expected"; ok=1; }
  declare -A bexpect=(
    [m17ed0e501f]="property survived -" [mdd667c4eb7]="property survived -"
    [mdb6a8e5330]="crash crash tiny_baseline:asan-heap-buffer-overflow"
    [m9028f5fd80]="timeout timeout tiny_baseline:-" [m819ecc8753]="survived survived -"
    [m99c6322ad6]="equivalent equivalent -" [m6001297906]="stillborn stillborn -"
    [m793641479c]="survived crash tiny_baseline:signal" [med9fb4f6a6]="identical identical -"
  )
  for id in "${!bexpect[@]}"; do
    want=${bexpect[$id]}
    got=$(awk -F'\t' -v id="$id" '$1 == id { print $8, $20, $21 }' "$mutate_dir/mutants.tsv")
    [ "$got" = "$want" ] || { echo "$id: expected '$want', got '$got'"; ok=1; }
  done
  grep -q '"score_baseline": 50.0,' "$mutate_dir/summary.json" &&
    grep -q '"baseline": "tiny_baseline",' "$mutate_dir/summary.json" &&
    grep -q '"baseline_time": 3,' "$mutate_dir/summary.json" &&
    grep -q '"score_with_properties": 66.7,' "$mutate_dir/summary.json" || { cat "$mutate_dir/summary.json"; ok=1; }
  grep -q '^| mutant | where | op | round_trip | kind_range | crash | crash-only | baseline |$' "$mutate_dir/report.md" &&
    grep -q "^| the library's own fuzzer (\`tiny_baseline\`) | 3 / 6 | 50.0% |$" "$mutate_dir/report.md" &&
    grep -q '^## Killed with properties, not by the baseline (2)$' "$mutate_dir/report.md" &&
    grep -q '^Each baseline fuzz target fuzzes 3 s (BASELINE_TIME)' "$mutate_dir/report.md" &&
    grep -q '^## Killed by the baseline, not with properties (1)$' "$mutate_dir/report.md" &&
    grep -q '^- `m793641479c` tests/mutate/tinylib.c:43 cst: tiny_baseline:signal (replay)' "$mutate_dir/report.md" &&
    grep -q '^- `m17ed0e501f` tests/mutate/tinylib.c:17 aor: only `round_trip`' "$mutate_dir/report.md" ||
    { sed -n '/## Score/,$p' "$mutate_dir/report.md"; ok=1; }
  out=$(mutate_baseline_run BASELINE=src:no_such_fuzzer.c 2>&1) && ok=1
  grep -q 'BASELINE: no such file: no_such_fuzzer.c in tiny' <<<"$out" || { echo "$out"; ok=1; }
  return $ok
}

# SHARD: two shards of the same campaign, merged, give the unsharded
# run's verdicts, kill matrix and scores.
mutate_shards() {
  local ok=0 i strip pids=()
  # (waited by process id: a job number such as %2 is not found once
  # that job has ended and been reaped, whichever shard ends first)
  for i in 1 2; do
    mutate_baseline_run SHARD=$i/2 > "$mutate_dir-shard$i.log" 2>&1 &
    pids+=($!)
  done
  wait "${pids[0]}" && wait "${pids[1]}" || { cat "$mutate_dir"-shard?.log; return 1; }
  cat "$mutate_dir"-shard?.log
  grep -q 'shard 1 of 2: 5 of 9' "$mutate_dir-shard1.log" || ok=1
  # (make mutate-merge-<target> runs this script for a real target.)
  PF_MUTATE_OUT="$mutate_dir-merged" PF_MUTATE_EQUIVALENT=tests/mutate/equivalent.txt \
    build/mutate/merge.sh tiny "$mutate_dir/shard-2-of-2" "$mutate_dir/shard-1-of-2" || return 1
  # Everything but the seconds.
  strip() { cut -f1-10,12-14,16,17,20-22 "$1" | sed 's/:[0-9.]*:/::/g'; }
  diff <(strip "$mutate_dir/mutants.tsv") <(strip "$mutate_dir-merged/mutants.tsv") || ok=1
  diff <(grep -v 'seconds\|mutants_per_minute\|"shards"\|"jobs"\|"date"' "$mutate_dir/summary.json") \
       <(grep -v 'seconds\|mutants_per_minute\|"shards"\|"jobs"\|"date"' "$mutate_dir-merged/summary.json") || ok=1
  diff <(sed -n '/^## Kill matrix/,/^## Survivors/p' "$mutate_dir/report.md" | sed -E 's/[0-9]+\.[0-9]+([rf])/\1/g') \
       <(sed -n '/^## Kill matrix/,/^## Survivors/p' "$mutate_dir-merged/report.md" | sed -E 's/[0-9]+\.[0-9]+([rf])/\1/g') || ok=1
  # A missing share is refused.
  # (its output captured first: under pipefail its own exit status, 2,
  # would fail a pipeline into grep)
  local refused
  refused=$(PF_MUTATE_OUT="$mutate_dir-merged" build/mutate/merge.sh tiny "$mutate_dir/shard-1-of-2" 2>&1)
  grep -q 'shards missing: have 1 of 1..2' <<<"$refused" || { echo "a missing shard was not refused: $refused"; ok=1; }
  return $ok
}

# make mutate-table: the README table from a summary.json.
mutate_table() {
  local out
  out=$(make -s mutate-table SUMMARIES="$mutate_dir/summary.json") || return 1
  echo "$out"
  grep -q '^| target | mutants run | equivalent | with properties | crash-only |' <<<"$out" &&
    grep -q '^| tiny | 6 | 2 (1 identical) | \*\*66.7% (4/6)\*\* | 33.3% (2/6) | 50.0% (3/6) `tiny_baseline`, 3 s each | 2 s, 1 | [0-9.]* ([0-9]*) | 20[0-9-]* | `[0-9a-f]*\(-dirty\)\?` |$' <<<"$out" || return 1
  out=$(make -s mutate-table SUMMARIES=tests/mutate/equivalent.txt 2>&1) && return 1
  grep -q 'is not a campaign' <<<"$out"
}

# Publishing a campaign and the README's table generated from it: a table
# typed or left stale is refused by --check, and mutate-readme mends it.
mutate_publish() {
  local pub=$mutate_dir-published doc=$mutate_dir-readme.md out
  rm -rf "$pub" && build/mutate/publish.sh "$mutate_dir" "$pub/tiny" || return 1
  cmp -s "$mutate_dir/summary.json" "$pub/tiny/summary.json" && [ -f "$pub/tiny/report.md" ] || return 1
  out=$(build/mutate/publish.sh "$mutate_dir/nothing" "$pub/x" 2>&1) && return 1
  grep -q 'no finished campaign' <<<"$out" || return 1
  printf '# doc\n<!-- mutate-table: generated by make mutate-readme from bench/mutation/ -->\n| typed |\n<!-- /mutate-table -->\n<!-- mutate-grid: tiny -->\n| typed grid |\n<!-- /mutate-grid -->\nafter\n' > "$doc"
  build/mutate/readme.sh --check "$doc" "$pub/tiny/summary.json" 2>/dev/null && { echo "a typed table passed --check"; return 1; }
  build/mutate/readme.sh "$doc" "$pub/tiny/summary.json" || return 1
  build/mutate/readme.sh --check "$doc" "$pub/tiny/summary.json" || return 1
  grep -q '^| tiny | 6 |' "$doc" && ! grep -q typed "$doc" && tail -1 "$doc" | grep -qx after || return 1
  # the grid: a row per property, its first kills summing with the crashes
  # to the kills with properties (4)
  awk '/^<!-- mutate-grid: tiny -->$/,/^<!-- \/mutate-grid -->$/' "$doc" |
    awk -F' [|] ' '/^[|] (`|crash)/ { sum += $2 } END { exit !(sum == 4) }' || { cat "$doc"; return 1; }
  grep -q '^tiny: 6 mutants scored (SEED=1, ' "$doc" || return 1
  printf '<!-- mutate-table: generated by make mutate-readme from bench/mutation/ -->\n<!-- /mutate-table -->\n<!-- mutate-grid: other -->\n<!-- /mutate-grid -->\n' > "$doc-other"
  out=$(build/mutate/readme.sh --check "$doc-other" "$pub/tiny/summary.json" 2>&1) && return 1
  grep -q 'shows a mutate-grid for other, but no published campaign of other' <<<"$out" || { echo "$out"; return 1; }
  sed -i 's/^| tiny | 6 |/| tiny | 7 |/' "$doc"
  out=$(build/mutate/readme.sh --check "$doc" "$pub/tiny/summary.json" 2>&1) && return 1
  grep -q 'run make mutate-readme' <<<"$out"
}

mutate_misuse() {
  local out
  out=$(make -s mutate-nosuchtarget 2>&1) && return 1
  grep -q 'no such target' <<<"$out" || return 1
  out=$(make -s mutate-selftest MUTATE_OUT="$mutate_dir" MUTANTS=lots 2>&1) && return 1
  grep -q 'MUTANTS must be a number or all' <<<"$out" || return 1
  out=$(mutate_run MUTANT_IDS=m0123456789 2>&1) && return 1
  grep -q 'MUTANT_IDS: m0123456789 is not a covered mutant of tiny' <<<"$out" || return 1
  out=$(mutate_run SHARD=3/2 2>&1) && return 1
  grep -q 'SHARD must be <i>/<n> with 1 <= i <= n' <<<"$out"
}

mkdir -p "$(dirname "$mutate_dir")"
step mutate/generator-golden mutate_golden
step mutate/apply mutate_apply
step mutate/sample mutate_sample
step mutate/tiny-campaign mutate_campaign
step mutate/resume-and-min-score mutate_resume_gate
step mutate/relink mutate_relink
step mutate/baseline mutate_baseline
step mutate/shards-merged mutate_shards
step mutate/table mutate_table
step mutate/publish-and-readme mutate_publish
# The README's table is what the published campaigns give.
step mutate/readme-table build/mutate/readme.sh --check README.md bench/mutation/*/summary.json
step mutate/misuse mutate_misuse
