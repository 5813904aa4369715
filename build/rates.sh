#!/usr/bin/env bash
# The history of a target's rate metrics (make rates-<target>): one row per
# run, source and property, oldest first, from out/stats/<target>/rates.tsv
# (appended by every run of a target with properties on a rate; see
# properties/core/stats.c). Lines of one run (several processes) are summed.
# A rate below the previous run's 95% interval for the same source and
# property is marked SLIDE: that is the drop worth a look before a budget
# breaks.   build/rates.sh <target> [file]
set -euo pipefail
t=${1:?usage: build/rates.sh <target> [rates.tsv]}
file=${2:-out/stats/$t/rates.tsv}
[ -s "$file" ] || { echo "propfuzz: no rate metrics for $t yet ($file): run make fuzz-$t or make nightly" >&2; exit 2; }
echo "rates of $t ($file), oldest first; checks: above the edge / at the edge / below budget"
awk -F'\t' '
function wilson(p, n, side,   z, ph, d, c, r) {
  if (n == 0) return 0
  z = 1.959964; ph = p / n; d = 1 + z * z / n; c = ph + z * z / (2 * n)
  r = z * sqrt(ph * (1 - ph) / n + z * z / (4 * n * n))
  return (c + side * r) / d
}
NR == 1 { next }
{
  key = $2 SUBSEP $4 SUBSEP $6
  if (!(key in checks)) { order[++n] = key; date[key] = $1; prof[key] = $3 }
  checks[key] += $7; edge[key] += $8; below[key] += $9; trials[key] += $10; passed[key] += $11
}
END {
  printf "%-20s %-7s %-7s %-16s %7s %17s %9s %9s %7s  %-13s %s\n", "date", "profile", "source",
         "property", "checks", "above/edge/below", "trials", "passed", "rate", "95% CI", "vs previous"
  for (i = 1; i <= n; i++) {
    k = order[i]; split(k, part, SUBSEP)
    rate = trials[k] ? passed[k] / trials[k] : 0
    lo = wilson(passed[k], trials[k], -1); hi = wilson(passed[k], trials[k], 1)
    series = part[2] SUBSEP part[3]; note = ""
    if (series in last_rate) {
      note = sprintf("%+.1f pts", 100 * (rate - last_rate[series]))
      if (rate < last_lo[series]) note = note "  SLIDE"
    }
    last_rate[series] = rate; last_lo[series] = lo
    printf "%-20s %-7s %-7s %-16s %7d %17s %9d %9d %6.1f%%  %5.1f-%5.1f%%  %s\n", date[k], prof[k],
           part[2], part[3], checks[k], (checks[k] - edge[k] - below[k]) "/" edge[k] "/" below[k],
           trials[k], passed[k], 100 * rate, 100 * lo, 100 * hi, note
  }
}' "$file"
