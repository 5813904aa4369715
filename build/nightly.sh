#!/usr/bin/env bash
# The slow suite (make nightly): each nightly target fuzzed for
# NIGHTLY_TIME seconds (make fuzz-<target>: findings saved, replayed, shrunk),
# its rate metrics measured on the committed seeds (a fixed population, so
# a slide between nights is the library's or the harness's, not the
# corpus's), its mutation analysis where a make mutate-<target> rule
# exists, then a summary table. Profile: nightly (build/profiles.sh);
# NIGHTLY_TARGETS=slow|all|<names>; the mutation analysis's NIGHTLY_MUTANTS,
# NIGHTLY_MUTANT_TIME, NIGHTLY_MUTATE_JOBS, NIGHTLY_MUTATE_SEED and
# NIGHTLY_BASELINE (see mutation_of). Logs: out/nightly/<run>/.
# Exits 1 when a run found something or a step failed.
set -uo pipefail
cd "$(dirname "$0")/.."
PF_DEFAULT_PROFILE=nightly
source build/profiles.sh
case $PF_NIGHTLY_TIME in ''|*[!0-9]*|0) echo "propfuzz: NIGHTLY_TIME must be seconds" >&2; exit 2;; esac

all=$(ls harness/*.c | xargs -n1 basename | sed 's/\.c$//')
case $PF_NIGHTLY_TARGETS in
  slow) want=$PF_SLOW_TARGETS ;;
  all) want=$all ;;
  *) want=$PF_NIGHTLY_TARGETS ;;
esac
targets=()
for t in $want; do
  if grep -qx "$t" <<<"$all"; then targets+=("$t")
  elif [ "$PF_NIGHTLY_TARGETS" != slow ]; then
    echo "propfuzz: no such target: $t (targets: $(echo $all))" >&2; exit 2
  fi
done
export PF_RUN_ID=${PF_RUN_ID:-nightly-$(date -u +%Y%m%dT%H%M%SZ)}
logs=out/nightly/$PF_RUN_ID
mkdir -p "$logs"
echo "propfuzz nightly $PF_RUN_ID: profile $PROFILE, ${PF_NIGHTLY_TIME} s per target: ${targets[*]}"

# The rates of this run from the metrics file, one "property p/t (x%)"
# per property and source.
rates_of() {
  local t=$1 src=$2 f=out/stats/$1/rates.tsv
  [ -f "$f" ] || { echo "-"; return 0; }
  awk -F'\t' -v run="$PF_RUN_ID" -v src="$src" '
    $2 == run && $4 == src { if (!($6 in t)) o[++n] = $6; t[$6] += $10; p[$6] += $11 }
    END { for (i = 1; i <= n; i++) printf "%s%s %d/%d (%.1f%%)", (i > 1 ? ", " : ""),
          o[i], p[o[i]], t[o[i]], (t[o[i]] ? 100 * p[o[i]] / t[o[i]] : 0)
          if (!n) printf "-" }' "$f"
}

# Mutation analysis only where the rule exists (make mutate-<target>): a
# sample of NIGHTLY_MUTANTS (200) covered mutants, NIGHTLY_MUTANT_TIME (10)
# seconds each, two at a time, against the library's own fuzz target where
# the target names one (BASELINE=auto), failing below the target's gate
# (MUTATE_GATE=1: MUTATE_MIN_SCORE_<target> in build/mk/mutate.mk).
mutation_of() {
  local t=$1 js=out/mutate/$1/summary.json
  make -n "mutate-$t" >/dev/null 2>&1 || { echo "-"; return; }
  rm -f "$js"
  make -s "mutate-$t" MUTATE_GATE=1 BASELINE=${NIGHTLY_BASELINE:-auto} MUTANTS=${NIGHTLY_MUTANTS:-200} \
    MUTANT_TIME=${NIGHTLY_MUTANT_TIME:-10} JOBS=${NIGHTLY_MUTATE_JOBS:-2} SEED=${NIGHTLY_MUTATE_SEED:-1} \
    > "$logs/$t.mutate.log" 2>&1 || status=1
  [ -f "$js" ] || { echo "?"; return; }
  awk -F': ' '/"score_with_properties"/ { p = $2 } /"score_baseline"/ { b = $2 }
    END { gsub(/,/, "", p); gsub(/,/, "", b); printf "%s%%%s", p, (b != "null" && b != "" ? " (own fuzzer " b "%)" : "") }' "$js"
}

status=0
rows=()
for t in "${targets[@]}"; do
  echo "propfuzz nightly: $t"
  if ! make -s "out/libfuzzer/$t" "out/replay/$t" > "$logs/$t.build.log" 2>&1; then
    rows+=("$t|build failed|-|-|-|-"); status=1; continue
  fi
  # Fork mode with -ignore_crashes: a night goes on past its first finding
  # (each is saved, and triaged when the run ends).
  FUZZ_TIME=$PF_NIGHTLY_TIME FUZZ_ARGS=${FUZZ_ARGS:--fork=1 -ignore_crashes=1} \
    make -s --no-print-directory "fuzz-$t" > "$logs/$t.fuzz.log" 2>&1
  rc=$?
  [ $rc = 0 ] || status=1
  # libFuzzer's last status line: "#N ..." (fork mode: "#N: ...").
  execs=$(grep -Eo '^#[0-9]+' "$logs/$t.fuzz.log" | tail -1 | tr -d '#')
  found=$(grep -Eo '[0-9]+ new finding' "$logs/$t.fuzz.log" | grep -Eo '^[0-9]+' || echo 0)
  # Rates on the committed seeds, in-process, failures counted.
  seeds=out/nightly/seeds-$t
  rm -rf "$seeds" && mkdir -p "$seeds"
  find "corpus/$t" -maxdepth 1 -type f ! -name '*.expect' ! -name '*.txt' -exec cp {} "$seeds/" \;
  PF_STATS=/dev/null PF_STATS_SOURCE=nightly PF_STATS_DIR=out/stats/$t ASAN_OPTIONS=detect_leaks=0 \
    "out/replay/$t" "$seeds" > "$logs/$t.seeds.log" 2>&1 || status=1
  rows+=("$t|${execs:-?}|$found|$(rates_of "$t" fuzz)|$(rates_of "$t" nightly)|$(mutation_of "$t")")
done

echo
echo "propfuzz nightly $PF_RUN_ID summary (logs: $logs/)"
printf '%s\n' "target|execs|findings|rates while fuzzing|rates on the seeds|mutation score" "${rows[@]}" |
  column -t -s '|' -o ' | '
echo "history: make rates-<target>; findings: out/findings/<target>/"
exit $status
