#!/usr/bin/env bash
# make mutate-table: the README's table of mutation campaigns, from their
# summary.json files (make mutate-<target> writes out/mutate/<target>/
# summary.json), so that no score in it is typed by hand. One row per
# campaign, by target name: mutants run (scored: sampled, less the
# stillborn, the equivalent and any not yet run), the equivalents (marked,
# and identical: compiled to the original's code), the
# score with properties, crash-only, with the library's own fuzzer
# (BASELINE; "-" when the campaign had none), MUTANT_TIME and SEED, the
# campaign's speed (mutants per minute at its JOBS), the date and the
# revision.
#   table.sh <summary.json>...
set -euo pipefail
[ $# -gt 0 ] || { echo "propfuzz: no campaign summaries: run make mutate-<target> first, or give SUMMARIES=\"<summary.json>...\"" >&2; exit 2; }
for f in "$@"; do
  [ -f "$f" ] || { echo "propfuzz: no such summary: $f" >&2; exit 2; }
  grep -q '"score_with_properties"' "$f" || { echo "propfuzz: $f is not a campaign's summary.json" >&2; exit 2; }
done
echo "| target | mutants run | equivalent | with properties | crash-only | library's own fuzzer | MUTANT_TIME, SEED | mutants/min (JOBS) | date | revision |"
echo "|---|---|---|---|---|---|---|---|---|---|"
# summary.json has one key a line (report.awk writes it): read those.
for f in "$@"; do
  awk '
    /^  "[a-z_]+": / {
      k = $1; gsub(/[":]/, "", k)
      v = $0; sub(/^[^:]*: */, "", v); sub(/,$/, "", v); gsub(/^"|"$/, "", v)
      j[k] = v
    }
    function pc(k, n) { return n ? sprintf("%.1f%% (%d/%d)", 100 * k / n, k, n) : "-" }
    END {
      n = j["scored"]
      # Several fuzz targets (a union) are counted, not listed.
      nb = split(j["baseline"], names, " ")
      b = j["baseline"] == "null" || j["baseline"] == "" ? "-" \
        : pc(j["killed_baseline"], n) (nb > 1 ? ", " nb " fuzz targets" : " `" j["baseline"] "`")
      if (b != "-" && j["baseline_time"] != "" && j["baseline_time"] != "null" && j["baseline_time"] != j["mutant_time"])
        b = b ", " j["baseline_time"] " s each"
      e = j["equivalent"] + j["identical"]
      if (j["identical"] + 0) e = e " (" j["identical"] " identical)"
      r = j["mutants_per_minute"] == "null" || j["mutants_per_minute"] == "" ? "-" : j["mutants_per_minute"] " (" j["jobs"] ")"
      printf "| %s | %d | %s | **%s** | %s | %s | %s s, %s | %s | %s | %s |\n", j["target"], n, e,
        pc(j["killed_with_properties"], n), pc(j["killed_crash_only"], n), b,
        j["mutant_time"], j["seed"], r, (j["date"] == "" ? "-" : j["date"]), (j["revision"] == "" ? "-" : "`" j["revision"] "`")
    }' "$f"
done | sort
