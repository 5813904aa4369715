#!/usr/bin/env bash
# make mutate-merge-<target> SHARDS="<dir>...": joins the results of a
# campaign's shards (make mutate-<target> SHARD=<i>/<n>, each on its own
# machine or in its own directory) into one report, the one a single run of
# the whole sample writes: the shards must come from the same setup (the
# same target, library, corpus, settings and revision) and together hold
# every share. What a shard's directory must keep (a CI artifact): base/
# (sites.tsv, covered.tsv, uncovered.tsv, properties.txt, .fingerprint,
# baseline/list.tsv and baseline/.fingerprint), results/, baseline/,
# sample-all.txt, shard.txt, campaign.tsv, last-run.tsv.
#   merge.sh <target> <shard dir>...   (PF_MUTATE_OUT: where the report goes;
#   MIN_SCORE, or MUTATE_GATE=1 for the target's gate, as run.sh)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
top=$(cd "$here/../.." && pwd)
t=${1:?usage: merge.sh <target> <shard dir>...}; shift
[ $# -gt 0 ] || mt_die "no shards to merge: SHARDS=\"<dir>...\" (the PF_MUTATE_OUT of each make mutate-$t SHARD=<i>/<n>)"
out=${PF_MUTATE_OUT:-$top/out/mutate/$t}
equiv=${PF_MUTATE_EQUIVALENT:-$top/build/mutate/equivalent/$t.txt}
small=(sites.tsv covered.tsv uncovered.tsv properties.txt .fingerprint)

same() { # FILE DESCRIPTION: FILE is alike (or absent) in every shard
  local d
  for d in "${shards[@]}"; do
    if [ -e "${shards[0]}/$1" ] || [ -e "$d/$1" ]; then
      cmp -s "${shards[0]}/$1" "$d/$1" 2>/dev/null ||
        mt_die "$d: its $2 differs from ${shards[0]}'s: the shards are not of one campaign"
    fi
  done
}
shards=()
for d in "$@"; do
  [ -d "$d" ] || mt_die "no such shard directory: $d"
  for f in shard.txt sample-all.txt campaign.tsv base/.fingerprint; do
    [ -f "$d/$f" ] || mt_die "$d has no $f: not the directory of a make mutate-$t SHARD=<i>/<n> run"
  done
  shards+=("$(cd "$d" && pwd)")
done
same sample-all.txt "sample"
same base/.fingerprint "target build (base/.fingerprint)"
same base/baseline/.fingerprint "baseline"
for d in "${shards[@]}"; do
  [ "$(cut -f2- "$d/campaign.tsv")" = "$(cut -f2- "${shards[0]}/campaign.tsv")" ] ||
    mt_die "$d: another revision or MUTANT_TIME/SEED than ${shards[0]} (campaign.tsv)"
done
n=$(cut -d/ -f2 "${shards[0]}/shard.txt")
seen=$(cat "${shards[@]/%//shard.txt}" | sort -t/ -k1,1n | uniq)
[ "$(cut -d/ -f2 <<<"$seen" | sort -u)" = "$n" ] || mt_die "the shards split the sample differently (shard.txt)"
[ "$(cut -d/ -f1 <<<"$seen" | paste -sd' ')" = "$(seq 1 "$n" | paste -sd' ')" ] ||
  mt_die "shards missing: have $(cut -d/ -f1 <<<"$seen" | paste -sd' ') of 1..$n"
[ "$(wc -l <<<"$seen")" = "$#" ] || mt_die "a shard is given twice"

mkdir -p "$out"
# The merged directory's base/: the small files of the shards' (an earlier
# whole build there is kept when it is of the same setup).
if ! cmp -s "$out/base/.fingerprint" "${shards[0]}/base/.fingerprint" 2>/dev/null; then
  rm -rf "$out/base" && mkdir -p "$out/base"
  for f in "${small[@]}"; do cp "${shards[0]}/base/$f" "$out/base/"; done
fi
rm -rf "$out/base/baseline" "$out/results" "$out/baseline"
mkdir -p "$out/results" "$out/baseline"
if [ -d "${shards[0]}/base/baseline" ]; then
  mkdir -p "$out/base/baseline"
  cp "${shards[0]}/base/baseline/list.tsv" "${shards[0]}/base/baseline/.fingerprint" "$out/base/baseline/"
fi
ran=0 secs=0
for d in "${shards[@]}"; do
  # Only the shard's own share (a shard directory may hold older results).
  while read -r id; do
    [ -f "$d/results/$id" ] && cp "$d/results/$id" "$out/results/"
    [ -f "$d/baseline/$id" ] && cp "$d/baseline/$id" "$out/baseline/"
  done < <(awk -v s="$(cat "$d/shard.txt")" 'BEGIN { split(s, a, "/") } (NR - a[1]) % a[2] == 0' "$d/sample-all.txt")
  if [ -f "$d/last-run.tsv" ]; then
    read -r r s _ < "$d/last-run.tsv"
    ran=$((ran + r)) secs=$(awk -v a="$secs" -v b="$s" 'BEGIN { print a + b }')
  fi
done
cp "${shards[0]}/sample-all.txt" "$out/sample-all.txt"
cp "$out/sample-all.txt" "$out/sample.txt"
echo 1/1 > "$out/shard.txt"
cp "${shards[0]}/campaign.tsv" "$out/campaign.tsv"
# The time is the shards' machine time added up (mutants per minute on one machine).
printf '%s\t%s\t%s\n' "$ran" "$secs" "$(cut -f3 "${shards[0]}/last-run.tsv" 2>/dev/null || echo 1)" > "$out/last-run.tsv"
echo "propfuzz: merged $# shards of $t into $out"
PF_MUTATE_OUT=$out PF_MUTATE_EQUIVALENT=$equiv PF_MUTATE_SHARDS=$# "$here/report.sh" "$t"
MIN_SCORE=${MIN_SCORE:-}
[ "${MUTATE_GATE:-}" != 1 ] || MIN_SCORE=${MIN_SCORE:-${PF_MUTATE_GATE:-}}
score=$(sed -n 's/.*"score_with_properties": *\([0-9.]*\).*/\1/p' "$out/summary.json")
if [ -n "${MIN_SCORE:-}" ] && awk -v s="$score" -v m="$MIN_SCORE" 'BEGIN { exit !(s < m) }'; then
  echo "propfuzz: mutation score $score% is below MIN_SCORE=$MIN_SCORE%" >&2
  exit 1
fi
