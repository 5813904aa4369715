#!/usr/bin/env bash
# make mutate-<target>: mutation analysis. Plants small faults in the
# library under test (one per build), replays the target's corpus on each
# and fuzzes the survivors, once with the target's properties and once
# crash-only (PF_CHECKS=none), and writes out/mutate/<target>/report.md,
# mutants.tsv and summary.json.
#   build/mutate/run.sh <target>
# Settings: MUTANTS=<n>|all (a sample of the covered mutants, drawn from
# SEED), MUTANT_TIME=<seconds> of fuzzing per mutant and run, JOBS=<n>
# mutants at once, SEED=<n>, MIN_SCORE=<pct> (exit 1 below it),
# MUTANT_IDS=<id,...> (run just these), MUTATOR=0|1 (the structure-aware
# mutator off or on while fuzzing mutants), SHARD=<i>/<n> (the i-th of n
# shares of the sample: every n-th mutant, from the i-th; merge.sh joins
# the shards' results into the report one run would write).
# BASELINE="<file>..." also runs every mutant through other fuzz targets
# (files defining LLVMFuzzerTestOneInput, C or C++: src:<path> in the
# library's source, or a path), a third score: see baseline.sh;
# BASELINE_CORPUS=<dir>..., BASELINE_DICT=<file>... (one for all or one
# each), BASELINE_SOURCES=<files linked into each>, BASELINE_CFLAGS.
# BASELINE=own: the library's own fuzz target as build/targets/<t>.mk
# names it (MUTATE_BASELINE_<t>, seeds by MUTATE_BASELINE_SEEDS_<t>);
# BASELINE=auto: own where there is one. MUTATE_GATE=1: MIN_SCORE is the
# target's gate (MUTATE_MIN_SCORE_<t>) unless given.
# The target is described by the PF_MUTATE_* variables build/mk/mutate.mk
# sets. An interrupted run resumes: finished mutants are kept in results/
# (baseline/) and not run again.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
top=$(cd "$here/../.." && pwd)
t=${1:?usage: run.sh <target>}

MUTANTS=${MUTANTS:-all} MUTANT_TIME=${MUTANT_TIME:-10} JOBS=${JOBS:-1} SEED=${SEED:-1}
MIN_SCORE=${MIN_SCORE:-} SHARD=${SHARD:-} BASELINE=${BASELINE:-}
BASELINE_TIME=${BASELINE_TIME:-}
# MUTATE_GATE=1: MIN_SCORE defaults to the target's gate (build/mk/mutate.mk).
[ "${MUTATE_GATE:-}" != 1 ] || MIN_SCORE=${MIN_SCORE:-${PF_MUTATE_GATE:-}}
case $MUTANTS in all|[1-9]|[1-9][0-9]*) ;; *) mt_die "MUTANTS must be a number or all";; esac
case $MUTANTS in all) ;; *[!0-9]*) mt_die "MUTANTS must be a number or all";; esac
case $MUTANT_TIME in ''|*[!0-9]*) mt_die "MUTANT_TIME must be seconds";; esac
case $BASELINE_TIME in *[!0-9]*) mt_die "BASELINE_TIME must be seconds";; esac
case $JOBS in ''|*[!0-9]*|0) mt_die "JOBS must be a positive number";; esac
case $SEED in ''|*[!0-9]*) mt_die "SEED must be a number";; esac
[ -z "$MIN_SCORE" ] || awk -v s="$MIN_SCORE" 'BEGIN { exit !(s ~ /^[0-9]+(\.[0-9]+)?$/ && s <= 100) }' ||
  mt_die "MIN_SCORE must be a percentage (0-100)"
shard_i=1 shard_n=1
if [ -n "$SHARD" ]; then
  [[ $SHARD =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
    mt_die "SHARD must be <i>/<n> with 1 <= i <= n (e.g. SHARD=2/4)"
  shard_i=${BASH_REMATCH[1]} shard_n=${BASH_REMATCH[2]}
fi
export MUTANT_TIME SEED
# MUTATOR=0|1: the structure-aware mutator off or on in the fuzzing runs
# (PF_MUTATOR; unset: the binary's default).
case ${MUTATOR:-} in '') ;; 0|1) export PF_MUTATOR=$MUTATOR ;; *) mt_die "MUTATOR must be 0 or 1";; esac
export PF_MUTANT_INPUT_TIMEOUT=${PF_MUTANT_INPUT_TIMEOUT:-5}
# A shard's own directory: shards run on one machine do not meet.
if [ "$shard_n" -gt 1 ]; then
  export PF_MUTATE_OUT=${PF_MUTATE_OUT:-$top/out/mutate/$t}/shard-$shard_i-of-$shard_n
else
  export PF_MUTATE_OUT=${PF_MUTATE_OUT:-$top/out/mutate/$t}
fi
export PF_MUTGEN=${PF_MUTGEN:-$top/out/mutate/tool/pf-mutgen}
export PF_MUTATE_LIB_SCRIPTS=${PF_MUTATE_LIB_SCRIPTS:-$top/build}
# The project whose library this is (its revision is the campaign's):
# this checkout, or the one propfuzz mutate --compdb names.
export PF_MUTATE_PROJECT=${PF_MUTATE_PROJECT:-$top}
equiv=${PF_MUTATE_EQUIVALENT:-$top/build/mutate/equivalent/$t.txt}
out=$PF_MUTATE_OUT
mkdir -p "$out"
out=$(cd "$out" && pwd) && export PF_MUTATE_OUT=$out
for v in PF_MUTATE_HARNESS PF_MUTATE_LIBS PF_MUTATE_CORPUS PF_MUTATE_DICT CC PF_PROPFUZZ_A; do
  [ -n "${!v:-}" ] || mt_die "$v is not set (run this through make mutate-$t)"
done

# BASELINE=own: the fuzz target the target's library ships, as
# build/targets/<t>.mk names it (MUTATE_BASELINE_<t>), with the seeds its
# script makes (MUTATE_BASELINE_SEEDS_<t>) unless BASELINE_CORPUS says,
# and MUTATE_BASELINE_DICT_<t>, _SOURCES_<t>, _CFLAGS_<t> unless
# BASELINE_DICT, BASELINE_SOURCES, BASELINE_CFLAGS say; each fuzzes
# MUTATE_BASELINE_TIME_<t> seconds unless BASELINE_TIME says (MUTANT_TIME
# unless either does).
# BASELINE=auto: own where the target names one, else none.
export PF_MUTATE_BASELINE_SEEDS=
if [ "$BASELINE" = auto ]; then BASELINE=; [ -z "${PF_MUTATE_OWN_FUZZER:-}" ] || BASELINE=own; fi
if [ "$BASELINE" = own ]; then
  [ -n "${PF_MUTATE_OWN_FUZZER:-}" ] ||
    mt_die "BASELINE=own: $t names no fuzz target of its library (MUTATE_BASELINE_$t in build/targets/$t.mk); give BASELINE=<file>"
  BASELINE=$PF_MUTATE_OWN_FUZZER
  [ -n "${BASELINE_CORPUS:-}" ] || PF_MUTATE_BASELINE_SEEDS=${PF_MUTATE_OWN_SEEDS:-}
  export BASELINE_DICT=${BASELINE_DICT:-${PF_MUTATE_OWN_DICT:-}}
  export BASELINE_SOURCES=${BASELINE_SOURCES:-${PF_MUTATE_OWN_SOURCES:-}}
  export BASELINE_CFLAGS=${BASELINE_CFLAGS:-${PF_MUTATE_OWN_CFLAGS:-}}
  BASELINE_TIME=${BASELINE_TIME:-${PF_MUTATE_OWN_TIME:-}}
fi
export BASELINE_TIME=${BASELINE_TIME:-$MUTANT_TIME}

"$here/base.sh"
base=$out/base
if [ -n "$BASELINE" ]; then
  BASELINE=$BASELINE "$here/baseline.sh"
else
  rm -rf "$base/baseline"
fi

# --- which mutants ---------------------------------------------------------
# Equivalent mutants (one "<id> <reason>" a line) are not run and not scored.
declare -A is_equiv=()
if [ -f "$equiv" ]; then
  while read -r eid _; do
    case $eid in ''|'#'*) continue;; esac
    [[ $eid =~ ^m[0-9a-f]{10}$ ]] || mt_die "$equiv: '$eid' is not a mutant id"
    grep -q "^$eid	" "$base/sites.tsv" ||
      echo "propfuzz: $equiv: $eid is no longer a mutation site (stale line)" >&2
    is_equiv[$eid]=1
  done < "$equiv"
fi
if [ -n "${MUTANT_IDS:-}" ]; then
  ids=$(tr ', ' '\n\n' <<<"$MUTANT_IDS" | grep .)
  while read -r i; do
    grep -q "^$i	" "$base/covered.tsv" || mt_die "MUTANT_IDS: $i is not a covered mutant of $t"
  done <<<"$ids"
  printf '%s\n' "$ids" > "$out/sample-all.txt"
else
  n=$MUTANTS
  [ "$n" = all ] && n=$(wc -l < "$base/covered.tsv")
  cut -f1 "$base/covered.tsv" | "$PF_MUTGEN" sample "$SEED" "$n" > "$out/sample-all.txt"
fi
# sample.txt: the mutants of this run (its share, with SHARD).
awk -v i="$shard_i" -v n="$shard_n" '(NR - i) % n == 0' "$out/sample-all.txt" > "$out/sample.txt"
printf '%s/%s\n' "$shard_i" "$shard_n" > "$out/shard.txt"

# Results of an earlier run count when they were made by the same setup.
export PF_MUTATE_RESULT_PRINT
PF_MUTATE_RESULT_PRINT=$(printf '%s\n' "$(cat "$base/.fingerprint")" "$MUTANT_TIME" \
  "$PF_MUTANT_INPUT_TIMEOUT" "$SEED" "${PF_MUTATOR:-default}" | sha1sum | cut -c1-16)
mkdir -p "$out/results"
rm -rf "$out/work"
stale=0
for r in "$out"/results/*; do
  [ -f "$r" ] || continue
  if [ "$(cut -f2 "$r")" != "$PF_MUTATE_RESULT_PRINT" ]; then rm -f "$r"; stale=$((stale + 1)); fi
done
[ $stale = 0 ] || echo "propfuzz: $stale results of an earlier setup discarded (the target, corpus or settings changed)"
export PF_MUTATE_BASELINE_PRINT=
mkdir -p "$out/baseline"
if [ -n "$BASELINE" ]; then
  PF_MUTATE_BASELINE_PRINT=$(printf '%s\n' "$(cat "$base/baseline/.fingerprint")" "$BASELINE_TIME" \
    "$PF_MUTANT_INPUT_TIMEOUT" "$SEED" | sha1sum | cut -c1-16)
  for r in "$out"/baseline/*; do
    [ -f "$r" ] && [ "$(cut -f2 "$r")" != "$PF_MUTATE_BASELINE_PRINT" ] && rm -f "$r"
  done
else
  rm -f "$out"/baseline/*
fi
todo=() done_=0 n_equiv=0
while read -r i; do
  if [ -n "${is_equiv[$i]:-}" ]; then n_equiv=$((n_equiv + 1)); continue; fi
  if [ -f "$out/results/$i" ] && { [ -z "$BASELINE" ] || [ -f "$out/baseline/$i" ]; }; then
    done_=$((done_ + 1)); continue
  fi
  todo+=("$i")
done < "$out/sample.txt"
share=
[ "$shard_n" = 1 ] || share=" (shard $shard_i of $shard_n: $(wc -l < "$out/sample.txt") of $(wc -l < "$out/sample-all.txt"))"
echo "propfuzz: $(wc -l < "$out/sample.txt") mutants of $t$share ($n_equiv marked equivalent, $done_ done before);" \
     "running ${#todo[@]} with JOBS=$JOBS, MUTANT_TIME=$MUTANT_TIME${BASELINE:+, baseline: $(cut -f1 "$base/baseline/list.tsv" | paste -sd' ')$( [ "$BASELINE_TIME" = "$MUTANT_TIME" ] || echo " ${BASELINE_TIME} s each")}"

# When and from what revision (the README table's columns).
rev=$(git -C "$PF_MUTATE_PROJECT" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
[ "$rev" = unknown ] || [ -z "$(git -C "$PF_MUTATE_PROJECT" status --porcelain -- . ':!out' 2>/dev/null)" ] || rev=$rev-dirty
printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%d)" "$rev" "$MUTANT_TIME" "$SEED" \
  "${BASELINE:+$BASELINE_TIME}" > "$out/campaign.tsv"

start=$(mt_now)
if [ ${#todo[@]} -gt 0 ]; then
  printf '%s\n' "${todo[@]}" | xargs -P "$JOBS" -n 1 "$here/mutant.sh" ||
    mt_die "a mutant run failed; run again to resume"
fi
printf '%s\t%s\t%s\n' "${#todo[@]}" "$(mt_since "$start")" "$JOBS" > "$out/last-run.tsv"
rm -rf "$out/work"

PF_MUTATE_EQUIVALENT=$equiv "$here/report.sh" "$t"
score=$(sed -n 's/.*"score_with_properties": *\([0-9.]*\).*/\1/p' "$out/summary.json")
if [ "$shard_n" -gt 1 ]; then
  echo "propfuzz: shard $shard_i of $shard_n done; merge the shards: make mutate-merge-$t SHARDS=\"<their directories>\""
  exit 0
fi
if [ -n "$MIN_SCORE" ] && awk -v s="$score" -v m="$MIN_SCORE" 'BEGIN { exit !(s < m) }'; then
  echo "propfuzz: mutation score $score% is below MIN_SCORE=$MIN_SCORE%" >&2
  exit 1
fi
