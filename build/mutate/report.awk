# Writes report.md and summary.json from mutants.tsv (see report.sh for the
# variables). Columns: 1 id, 2 file, 3 line, 4 op, 5 function, 6 before,
# 7 after, 8 verdict, 9 killer, 10 phase, 11 seconds, 12-15 the same for
# the crash-only run, 16 cells (name:seconds:phase,...), 17 equivalence reason.
function killed(v) { return v == "property" || v == "crash" || v == "timeout" }
function pct(k, n) { return n ? sprintf("%.1f", 100 * k / n) : "0.0" }
function base(f) { sub(/.*\//, "", f); return f }
function cell(sec, phase) { return sec (phase == "replay" ? "r" : "f") }

NR == 1 { next }
{
    n++; row[n] = $0
    v = $8; cv = $12
    if (v == "stillborn") { stillborn++; next }
    if (v == "equivalent") { equivalent++; eq_row[++n_eq] = n; next }
    if (v == "not-run") { notrun++; next }
    scored++
    ops[$4]++
    if (killed(v)) { kp++; op_kp[$4]++ }
    if (killed(cv)) { kc++; op_kc[$4]++ }
    if (v == "property") first[$9]++
    if (v == "crash") crash_p[$9]++
    if (cv == "crash") crash_c[$13]++
    if (v == "timeout") to_p++
    if (cv == "timeout") to_c++
    if (v == "preexisting") { pre++; pre_row[++n_pre] = n }
    if (!killed(v)) surv_row[++n_surv] = n
    else if (!killed(cv)) only_p[++n_only] = n
    if (killed(cv) && !killed(v)) only_c++
    m = split($16, cs, ",")
    for (i = 1; i <= m; i++) { split(cs[i], c, ":"); if (c[1] !~ /^crash:|^timeout/) any[c[1]]++ }
    matrix[++n_mx] = n
}
END {
    np = split(props, P, ",")
    sp = pct(kp, scored); sc = pct(kc, scored)
    rate = secs > 0 ? sprintf("%.1f", ran * 60 / secs) : "n/a"
    print "# Mutation analysis: " t > md
    print "" > md
    printf "Sites: %d found in the library's source, %d on lines the corpus covers, %d not covered (not run).  \n", n_sites, n_cov, n_uncov > md
    printf "Sample: %d covered mutants (SEED=%s), %d stillborn (do not compile), %d marked equivalent; MUTANT_TIME=%ss.  \n", n, seed, stillborn, equivalent, mt > md
    printf "This run: %d mutants in %.0f s with JOBS=%s: %s mutants per minute.\n\n", ran, secs, jobs, rate > md
    print "## Score" > md
    print "" > md
    print "| run | killed | score |" > md
    print "|---|---|---|" > md
    printf "| with properties | %d / %d | **%s%%** |\n", kp, scored, sp > md
    printf "| crash-only (`PF_CHECKS=none`) | %d / %d | %s%% |\n", kc, scored, sc > md
    printf "| what the properties add | +%d | **+%s points** |\n\n", kp - kc, pct(kp - kc, scored) > md
    print "score = killed / (mutants − stillborn − equivalent); a hang (timeout) counts as killed." > md
    if (notrun) printf "%d sampled mutants have no result yet (interrupted: run again to resume).\n", notrun > md
    if (only_c) printf "%d mutants were killed crash-only but not with properties (fuzzing luck).\n", only_c > md
    if (pre) printf "%d runs found a failure the unmutated target has too (listed below; not kills).\n", pre > md
    print "" > md
    print "## Kills" > md
    print "" > md
    print "| killed by | first to kill | in the matrix |" > md
    print "|---|---|---|" > md
    for (i = 1; i <= np; i++) printf "| property `%s` | %d | %d |\n", P[i], first[P[i]], any[P[i]] > md
    for (k in crash_p) printf "| crash `%s` | %d | |\n", k, crash_p[k] > md
    if (to_p) printf "| timeout | %d | |\n", to_p > md
    print "" > md
    printf "Crash-only run: %d crashes", kc - to_c > md
    sep = " ("
    for (k in crash_c) { printf "%s%s %d", sep, k, crash_c[k] > md; sep = ", " }
    printf "%s, %d timeouts.\n\n", (sep == ", " ? ")" : ""), to_c > md
    print "| operator | mutants | killed with properties | killed crash-only |" > md
    print "|---|---|---|---|" > md
    for (o in ops) printf "| %s | %d | %d | %d |\n", o, ops[o], op_kp[o], op_kc[o] > md
    print "" > md
    print "## Kill matrix" > md
    print "" > md
    print "One row per mutant, one column per property: the seconds until that property failed" > md
    print "(`r`: replaying the corpus, where every property is tried on its own; `f`: fuzzing," > md
    print "which stops at the first failure). A row without a kill is a gap; a column without kills" > md
    print "is a property that caught nothing the others did not." > md
    print "" > md
    hdr = "| mutant | where | op |"; sep2 = "|---|---|---|"
    for (i = 1; i <= np; i++) { hdr = hdr " " P[i] " |"; sep2 = sep2 "---|" }
    print hdr " crash | crash-only |" > md
    print sep2 "---|---|" > md
    for (r = 1; r <= n_mx; r++) {
        split(row[matrix[r]], f, "\t")
        delete got
        m = split(f[16], cs, ",")
        for (i = 1; i <= m; i++) { split(cs[i], c, ":"); got[c[1]] = cell(c[2], c[3]) }
        line = "| `" f[1] "` | " base(f[2]) ":" f[3] " | " f[4] " |"
        for (i = 1; i <= np; i++) line = line " " ((P[i] in got) ? got[P[i]] : "") " |"
        cr = f[8] == "crash" ? f[9] " " cell(f[11], f[10]) : f[8] == "timeout" ? "timeout " cell(f[11], f[10]) : ""
        co = killed(f[12]) ? (f[12] == "timeout" ? "timeout" : f[13]) " " cell(f[15], f[14]) : ""
        print line " " cr " | " co " |" > md
    }
    print "" > md
    printf "## Survivors (%d)\n\n", n_surv > md
    print "Not killed with properties: add or sharpen a property or a strategy, or mark the mutant" > md
    print "equivalent (build/mutate/equivalent/" t ".txt) with the reason no input can tell it apart." > md
    print "" > md
    for (r = 1; r <= n_surv; r++) {
        split(row[surv_row[r]], f, "\t")
        printf "- `%s` %s:%s %s in `%s`%s: `%s` → `%s`\n", f[1], f[2], f[3], f[4], f[5],
            (f[8] == "preexisting" ? " (fuzzing hit a failure the original has too: " f[9] ")" : ""), f[6], f[7] > md
    }
    print "" > md
    printf "## Killed only with properties (%d)\n\n", n_only > md
    for (r = 1; r <= n_only; r++) {
        split(row[only_p[r]], f, "\t")
        printf "- `%s` %s:%s %s: %s — `%s` → `%s`\n", f[1], f[2], f[3], f[4], f[9], f[6], f[7] > md
    }
    print "" > md
    printf "## Marked equivalent (%d)\n\n", n_eq > md
    for (r = 1; r <= n_eq; r++) {
        split(row[eq_row[r]], f, "\t")
        printf "- `%s` %s:%s: `%s` → `%s` — %s\n", f[1], f[2], f[3], f[6], f[7], f[17] > md
    }
    printf "{\n  \"target\": \"%s\",\n  \"sites\": %d,\n  \"covered\": %d,\n  \"uncovered\": %d,\n", t, n_sites, n_cov, n_uncov > js
    printf "  \"sampled\": %d,\n  \"stillborn\": %d,\n  \"equivalent\": %d,\n  \"not_run\": %d,\n", n, stillborn, equivalent, notrun > js
    printf "  \"scored\": %d,\n  \"killed_with_properties\": %d,\n  \"killed_crash_only\": %d,\n", scored, kp, kc > js
    printf "  \"score_with_properties\": %s,\n  \"score_crash_only\": %s,\n", sp, sc > js
    printf "  \"timeouts_with_properties\": %d,\n  \"timeouts_crash_only\": %d,\n  \"preexisting\": %d,\n", to_p, to_c, pre > js
    printf "  \"first_kills\": {" > js
    for (i = 1; i <= np; i++) printf "%s\"%s\": %d", (i > 1 ? ", " : ""), P[i], first[P[i]] > js
    printf "},\n  \"mutant_time\": %s,\n  \"seed\": %s,\n  \"jobs\": %s,\n  \"mutants_per_minute\": %s\n}\n", mt, seed, jobs, (rate == "n/a" ? "null" : rate) > js
}
