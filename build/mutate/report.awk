# Writes report.md and summary.json from mutants.tsv (see report.sh for the
# variables). Columns: 1 id, 2 file, 3 line, 4 op, 5 function, 6 before,
# 7 after, 8 verdict, 9 killer, 10 phase, 11 seconds, 12-15 the same for
# the crash-only run, 16 cells (name:seconds:phase,...), 17 equivalence
# reason, 18 build seconds, 19 seconds for the whole mutant.
function killed(v) { return v == "property" || v == "crash" || v == "timeout" }
function pct(k, n) { return n ? sprintf("%.1f", 100 * k / n) : "0.0" }
function base(f) { sub(/.*\//, "", f); return f }
function cell(sec, phase) { return sec (phase == "replay" ? "r" : "f") }
function out(s) { print s > md }

NR == 1 { next }
{
    n++; row[n] = $0
    v = $8; cv = $12
    if (v == "stillborn") { stillborn++; next }
    if (v == "equivalent") { equivalent++; eq_row[++n_eq] = n; next }
    if (v == "not-run") { notrun++; next }
    scored++
    ops[$4]++
    if ($19 != "-") { mutant_secs += $19; timed++ }
    if (killed(v)) { kp++; op_kp[$4]++ }
    if (killed(cv)) { kc++; op_kc[$4]++ }
    if (killed(cv) && $13 != "harness_assert") kc_san++
    if (v == "property") first[$9]++
    if (v == "crash") crash_p[$9]++
    if (cv == "crash") crash_c[$13]++
    if (v == "timeout") to_p++
    if (cv == "timeout") to_c++
    if (v == "preexisting" || cv == "preexisting") pre++
    if (!killed(v)) surv_row[++n_surv] = n
    else if (!killed(cv)) only_p[++n_only] = n
    if (killed(cv) && !killed(v)) only_c++
    m = split($16, cs, ",")
    for (i = 1; i <= m; i++) { split(cs[i], c, ":"); any[c[1]]++ }
    matrix[++n_mx] = n
}

function header(   rate) {
    rate = secs > 0 ? sprintf("%.1f", ran * 60 / secs) : "n/a"
    out("# Mutation analysis: " t)
    out("")
    printf "Sites: %d in the library's source, %d on lines the corpus covers, %d not covered (counted, not run).  \n", n_sites, n_cov, n_uncov > md
    printf "Sample: %d covered mutants (SEED=%s), %d stillborn (do not compile), %d marked equivalent; MUTANT_TIME=%s s.  \n", n, seed, stillborn, equivalent, mt > md
    printf "This run: %d mutants in %.0f s with JOBS=%s (%s mutants per minute)", ran, secs, jobs, rate > md
    if (timed) printf "; %.1f s per mutant on average.\n\n", mutant_secs / timed > md
    else out(".\n")
    return rate
}

function score_table() {
    out("## Score\n")
    out("| run | killed | score |")
    out("|---|---|---|")
    printf "| with properties | %d / %d | **%s%%** |\n", kp, scored, pct(kp, scored) > md
    printf "| crash-only (`PF_CHECKS=none`) | %d / %d | %s%% |\n", kc, scored, pct(kc, scored) > md
    printf "| of which sanitizers and hangs alone (no harness assertion) | %d / %d | %s%% |\n", kc_san, scored, pct(kc_san, scored) > md
    printf "| what the properties add | +%d | **+%s points** |\n\n", kp - kc, pct(kp - kc, scored) > md
    out("score = killed / (mutants − stillborn − equivalent). A kill is a property failure, a sanitizer")
    out("report or signal, a harness assertion (`PF_ASSERT`, on even with `PF_CHECKS=none`), or a hang.")
    if (notrun) printf "\n%d sampled mutants have no result yet (interrupted: run again to resume).\n", notrun > md
    if (only_c) printf "\n%d mutants were killed crash-only but not with properties (fuzzing luck).\n", only_c > md
    if (pre) printf "\n%d runs found a failure the unmutated target has too (not counted as kills).\n", pre > md
    out("")
}

function kills_tables(   i, k, sep) {
    out("## Kills\n")
    out("| killed by | first to kill | in the matrix |")
    out("|---|---|---|")
    for (i = 1; i <= np; i++) printf "| property `%s` | %d | %d |\n", P[i], first[P[i]], any[P[i]] > md
    for (k in crash_p) printf "| crash `%s` | %d | |\n", k, crash_p[k] > md
    if (to_p) printf "| timeout | %d | |\n", to_p > md
    printf "\nCrash-only run: %d crashes", kc - to_c > md
    sep = " ("
    for (k in crash_c) { printf "%s%s %d", sep, k, crash_c[k] > md; sep = ", " }
    printf "%s, %d timeouts.\n\n", (sep == ", " ? ")" : ""), to_c > md
    out("| operator | mutants | killed with properties | killed crash-only |")
    out("|---|---|---|---|")
    for (k in ops) printf "| %s | %d | %d | %d |\n", k, ops[k], op_kp[k], op_kc[k] > md
    out("")
}

function matrix_table(   r, i, m, f, cs, c, got, line, cr, co, hdr, rule) {
    out("## Kill matrix\n")
    out("One row per mutant, one column per property: the seconds until that property failed")
    out("(`r`: replaying the corpus, where every property is tried on its own; `f`: fuzzing,")
    out("which stops at the first failure). A row without a kill is a gap; a column without kills")
    out("is a property that caught nothing the others did not.\n")
    hdr = "| mutant | where | op |"; rule = "|---|---|---|"
    for (i = 1; i <= np; i++) { hdr = hdr " " P[i] " |"; rule = rule "---|" }
    out(hdr " crash | crash-only |")
    out(rule "---|---|")
    for (r = 1; r <= n_mx; r++) {
        split(row[matrix[r]], f, "\t")
        delete got
        m = split(f[16], cs, ",")
        for (i = 1; i <= m; i++) { split(cs[i], c, ":"); got[c[1]] = cell(c[2], c[3]) }
        line = "| `" f[1] "` | " base(f[2]) ":" f[3] " | " f[4] " |"
        for (i = 1; i <= np; i++) line = line " " ((P[i] in got) ? got[P[i]] : "") " |"
        cr = f[8] == "crash" ? f[9] " " cell(f[11], f[10]) : f[8] == "timeout" ? "timeout " cell(f[11], f[10]) : ""
        co = killed(f[12]) ? (f[12] == "timeout" ? "timeout" : f[13]) " " cell(f[15], f[14]) : ""
        out(line " " cr " | " co " |")
    }
    out("")
}

function lists(   r, f) {
    printf "## Survivors (%d)\n\n", n_surv > md
    out("Not killed with properties: add or sharpen a property or a strategy, or mark the mutant")
    out("equivalent (build/mutate/equivalent/" t ".txt) with the reason no input can tell it apart.\n")
    for (r = 1; r <= n_surv; r++) {
        split(row[surv_row[r]], f, "\t")
        printf "- `%s` %s:%s %s in `%s`%s: `%s` → `%s`\n", f[1], f[2], f[3], f[4], f[5],
            (f[8] == "preexisting" ? " (fuzzing hit a failure the original has too: " f[9] ")" : ""),
            f[6], f[7] > md
    }
    printf "\n## Killed only with properties (%d)\n\n", n_only > md
    for (r = 1; r <= n_only; r++) {
        split(row[only_p[r]], f, "\t")
        printf "- `%s` %s:%s %s: %s — `%s` → `%s`\n", f[1], f[2], f[3], f[4], f[9], f[6], f[7] > md
    }
    printf "\n## Marked equivalent (%d)\n\n", n_eq > md
    for (r = 1; r <= n_eq; r++) {
        split(row[eq_row[r]], f, "\t")
        printf "- `%s` %s:%s: `%s` → `%s` — %s\n", f[1], f[2], f[3], f[6], f[7], f[17] > md
    }
}

function json(rate,   i) {
    printf "{\n  \"target\": \"%s\",\n  \"sites\": %d,\n  \"covered\": %d,\n  \"uncovered\": %d,\n", t, n_sites, n_cov, n_uncov > js
    printf "  \"sampled\": %d,\n  \"stillborn\": %d,\n  \"equivalent\": %d,\n  \"not_run\": %d,\n", n, stillborn, equivalent, notrun > js
    printf "  \"scored\": %d,\n  \"killed_with_properties\": %d,\n  \"killed_crash_only\": %d,\n", scored, kp, kc > js
    printf "  \"killed_sanitizers_only\": %d,\n", kc_san > js
    printf "  \"score_with_properties\": %s,\n  \"score_crash_only\": %s,\n", pct(kp, scored), pct(kc, scored) > js
    printf "  \"timeouts_with_properties\": %d,\n  \"timeouts_crash_only\": %d,\n  \"preexisting\": %d,\n", to_p, to_c, pre > js
    printf "  \"first_kills\": {" > js
    for (i = 1; i <= np; i++) printf "%s\"%s\": %d", (i > 1 ? ", " : ""), P[i], first[P[i]] > js
    printf "},\n  \"mutant_time\": %s,\n  \"seed\": %s,\n  \"jobs\": %s,\n", mt, seed, jobs > js
    printf "  \"mutants_per_minute\": %s,\n", (rate == "n/a" ? "null" : rate) > js
    printf "  \"seconds_per_mutant\": %s\n}\n", (timed ? sprintf("%.1f", mutant_secs / timed) : "null") > js
}

END {
    np = split(props, P, ",")
    rate = header()
    score_table()
    kills_tables()
    matrix_table()
    lists()
    json(rate)
}
