#!/usr/bin/env bash
# The report of a campaign, from base/ and results/ (see run.sh):
#   mutants.tsv   one row per sampled mutant (machine-readable)
#   summary.json  the scores and counts
#   report.md     scores, kill matrix, survivors with their diffs
#   usage: report.sh <target>     (PF_MUTATE_OUT, PF_MUTATE_EQUIVALENT set;
#   PF_MUTATE_EQUIVALENT_HINT: where the report says equivalents are listed)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
t=$1 out=$PF_MUTATE_OUT base=$PF_MUTATE_OUT/base
equiv=${PF_MUTATE_EQUIVALENT:-/dev/null}
[ -f "$equiv" ] || equiv=/dev/null

# --- mutants.tsv: sites joined with results and the equivalents list ------
all=$out/.results.tsv bres=$out/.baseline.tsv
: > "$all"; : > "$bres"
for r in "$out"/results/*; do [ -f "$r" ] && cat "$r" >> "$all"; done
for r in "$out"/baseline/*; do [ -f "$r" ] && cat "$r" >> "$bres"; done
baseline=
[ -f "$base/baseline/list.tsv" ] && baseline=$(cut -f1 "$base/baseline/list.tsv" | paste -sd' ')
{
  printf 'id\tfile\tline\top\tfunction\tbefore\tafter\tverdict\tkiller\tphase\tseconds'
  printf '\tcrash_only_verdict\tcrash_only_killer\tcrash_only_phase\tcrash_only_seconds\tcells'
  printf '\tequivalent\tbuild_seconds\ttotal_seconds'
  printf '\tbaseline_verdict\tbaseline_killer\tbaseline_phase\tbaseline_seconds\n'
  awk -F'\t' -v OFS='\t' -v eqf="$equiv" -v sitef="$base/sites.tsv" -v resf="$all" -v bresf="$bres" \
      -v has_base="${baseline:+1}" '
    FILENAME == eqf {
      if ($0 ~ /^[ \t]*(#|$)/) next
      line = $0; sub(/^[ \t]+/, "", line); id = line; sub(/[ \t].*/, "", id)
      sub(/^[^ \t]+[ \t]*/, "", line); eq[id] = line; next
    }
    FILENAME == sitef { site[$1] = $2 OFS $3 OFS $7 OFS $10 OFS $11 OFS $12; next }
    FILENAME == resf {
      res[$1] = $3 OFS $4 OFS $5 OFS $6 OFS $8 OFS $9 OFS $10 OFS $11 OFS $7; secs[$1] = $12 OFS $13; next
    }
    FILENAME == bresf { bres[$1] = $3 OFS $4 OFS $5 OFS $6; next }
    {
      id = $1
      if (id in eq) r = "equivalent\t-\t-\t-\tequivalent\t-\t-\t-\t"
      else if (id in res) r = res[id]
      else r = "not-run\t-\t-\t-\tnot-run\t-\t-\t-\t"
      b = (id in eq) ? "equivalent" OFS "-" OFS "-" OFS "-" : (id in bres) ? bres[id] : \
          (has_base ? "not-run" : "-") OFS "-" OFS "-" OFS "-"
      print id, site[id], r, (id in eq) ? eq[id] : "", (id in secs) ? secs[id] : "-" OFS "-", b
    }' "$equiv" "$base/sites.tsv" "$all" "$bres" "$out/sample.txt" | sort -t "$(printf '\t')" -k2,2 -k3,3n -k1,1
} > "$out/mutants.tsv"
rm -f "$all" "$bres"
# When and from what: run.sh's campaign.tsv (date, revision, the seconds
# of fuzzing of a mutant and of each baseline fuzz target, the seed).
date= rev= mt=${MUTANT_TIME:-} seed=${SEED:-} bt=
[ -f "$out/campaign.tsv" ] && IFS=$'\t' read -r date rev mt seed bt < "$out/campaign.tsv"

props=$(paste -sd, "$base/properties.txt")
read -r ran secs jobs < "$out/last-run.tsv" || { ran=0 secs=0 jobs=1; }
awk -F'\t' -v t="$t" -v props="$props" -v ran="$ran" -v secs="$secs" -v jobs="$jobs" \
    -v n_sites="$(wc -l < "$base/sites.tsv")" -v n_cov="$(wc -l < "$base/covered.tsv")" \
    -v n_uncov="$(wc -l < "$base/uncovered.tsv")" -v mt="$mt" -v seed="$seed" -v bt="$bt" \
    -v baseline="$baseline" -v date="$date" -v rev="$rev" -v shards="${PF_MUTATE_SHARDS:-1}" \
    -v equiv_where="${PF_MUTATE_EQUIVALENT_HINT:-build/mutate/equivalent/$t.txt}" \
    -v md="$out/report.md" -v js="$out/summary.json" -f "$here/report.awk" "$out/mutants.tsv"
cat "$out/report.md" | sed -n '/^## Score/,/^## Kill matrix/p' | sed '$d'
echo "propfuzz: report: $out/report.md (machine-readable: mutants.tsv, summary.json)"
