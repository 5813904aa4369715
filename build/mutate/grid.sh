#!/usr/bin/env bash
# A campaign's grid for the README, from its summary.json: which property
# (relation) kills the mutants, per property the mutants it killed first,
# all it kills (its column of the kill matrix, and that as a score), and
# those no other property kills; then, when the campaign mutated several
# libraries or source trees, the scores per source. readme.sh puts it
# between a target's mutate-grid markers.
#   grid.sh <summary.json>
set -euo pipefail
f=${1:?usage: grid.sh <summary.json>}
[ -f "$f" ] && grep -q '"first_kills"' "$f" ||
  { echo "propfuzz: $f is not a campaign's summary.json (make mutate-<target> writes one)" >&2; exit 2; }
# summary.json has one key a line (report.awk writes it); the per-property
# and per-source values are flat objects on their line.
awk '
  # obj(line, into, rec): the flat object on line into into[]; rec: its
  # keys in order into order[] (the properties, as the report lists them).
  function obj(line, into, rec,   s, n, i, kv, parts) {
    s = line; sub(/^[^{]*\{/, "", s); sub(/\},?$/, "", s)
    n = split(s, parts, /, "/)
    for (i = 1; i <= n; i++) {
      split(parts[i], kv, /": /); gsub(/"/, "", kv[1]); into[kv[1]] = kv[2]
      if (rec) order[++norder] = kv[1]
    }
  }
  function pc(k, n) { return n ? sprintf("%.1f%%", 100 * k / n) : "-" }
  function pcn(k, n) { return n ? sprintf("%.1f%% (%d/%d)", 100 * k / n, k, n) : "-" }
  /^  "first_kills": / { obj($0, first, 1); next }
  /^  "kills": / { obj($0, any, 0); has_any = 1; next }
  /^  "only_killer": / { obj($0, only, 0); next }
  /^  "by_source": / { src = $0; next }
  /^  "[a-z_]+": / {
    k = $1; gsub(/[":]/, "", k)
    v = $0; sub(/^[^:]*: */, "", v); sub(/,$/, "", v); gsub(/^"|"$/, "", v)
    j[k] = v
  }
  END {
    n = j["scored"]
    printf "%s: %d mutants scored (SEED=%s, MUTANT_TIME=%s s, revision `%s`), %s killed with properties.\n\n",
      j["target"], n, j["seed"], j["mutant_time"], j["revision"], pc(j["killed_with_properties"], n)
    print "| property | first to kill | kills (score alone) | the only killer |"
    print "|---|---|---|---|"
    for (i = 1; i <= norder; i++) {
      p = order[i]
      printf "| `%s` | %d | %s | %d |\n", p, first[p], has_any ? any[p] " (" pc(any[p], n) ")" : "-", only[p]
      firsts += first[p]
    }
    # A kill no property made first: a sanitizer, a signal, a harness
    # assertion or a hang.
    printf "| crash or hang | %d | | |\n", j["killed_with_properties"] - firsts
    # by_source: {"<dir>": {"mutants": m, "with_properties": p, "crash_only": c, "baseline": b}, ...}
    ns = 0
    s = src; sub(/^[^{]*\{/, "", s)
    while (match(s, /"[^"]*": \{[^}]*\}/)) {
      e = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
      name = e; sub(/^"/, "", name); sub(/".*/, "", name)
      split("mutants with_properties crash_only baseline", keys, " ")
      for (k = 1; k <= 4; k++) {
        v = e; if (!sub(".*\"" keys[k] "\": ", "", v)) v = "null"; sub(/[,}].*/, "", v)
        val[name, keys[k]] = v
      }
      names[++ns] = name
    }
    if (ns < 2) exit
    print "\n| source | mutants | with properties | crash-only |" (j["baseline"] != "null" ? " library'"'"'s own fuzzer |" : "")
    print "|---|---|---|---|" (j["baseline"] != "null" ? "---|" : "")
    for (i = 1; i <= ns; i++) {
      m = val[names[i], "mutants"]
      printf "| %s | %d | %s | %s |", names[i], m, pcn(val[names[i], "with_properties"], m), pcn(val[names[i], "crash_only"], m)
      if (j["baseline"] != "null") printf " %s |", pcn(val[names[i], "baseline"], m)
      printf "\n"
    }
  }' "$f"
