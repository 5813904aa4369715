# Writes report.md and summary.json from mutants.tsv (see report.sh for the
# variables). Columns: 1 id, 2 file, 3 line, 4 op, 5 function, 6 before,
# 7 after, 8 verdict, 9 killer, 10 phase, 11 seconds, 12-15 the same for
# the crash-only run, 16 cells (name:seconds:phase,...), 17 equivalence
# reason, 18 build seconds, 19 seconds for the whole mutant, 20-23 the
# baseline's verdict, killer (<baseline>:<kind>), phase, seconds (verdict
# "-" without BASELINE).
function killed(v) { return v == "property" || v == "crash" || v == "timeout" }
function pct(k, n) { return n ? sprintf("%.1f", 100 * k / n) : "0.0" }
function base(f) { sub(/.*\//, "", f); return f }
function cell(sec, phase) { return sec (phase == "replay" ? "r" : "f") }
function out(s) { print s > md }
# The part of the library a mutant is in: the first component of its file's
# shown path (a Debian source tree, or a repository directory).
function source_of(f) { return f ~ /\// ? substr(f, 1, index(f, "/") - 1) : "." }

NR == 1 { next }
{
    n++; row[n] = $0
    v = $8; cv = $12
    if (v == "stillborn") { stillborn++; next }
    if (v == "equivalent") { equivalent++; eq_row[++n_eq] = n; next }
    if (v == "identical") { identical++; id_row[++n_id] = n; next }
    if (v == "not-run") { notrun++; next }
    scored++
    ops[$4]++
    if ($19 != "-") { mutant_secs += $19; timed++ }
    g = source_of($2)
    if (!(g in src_n)) src_order[++n_src] = g
    src_n[g]++
    if (killed(v)) { kp++; op_kp[$4]++; src_kp[g]++ }
    if (killed(cv)) { kc++; op_kc[$4]++; src_kc[g]++ }
    bv = $20
    if (killed(bv)) { kb++; op_kb[$4]++; src_kb[g]++ }
    if (bv == "not-run") b_notrun++
    if (baseline != "" && killed(v) && !killed(bv)) p_not_b[++n_pnb] = n
    if (baseline != "" && killed(bv) && !killed(v)) b_not_p[++n_bnp] = n
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
    # Killed by one property alone: the relation that mutant needs.
    if (m == 1 && v == "property") { split(cs[1], c, ":"); sole[c[1]]++; sole_row[++n_sole] = n }
    matrix[++n_mx] = n
}

function header(   rate) {
    rate = secs > 0 ? sprintf("%.1f", ran * 60 / secs) : "n/a"
    out("# Mutation analysis: " t)
    out("")
    printf "Sites: %d in the library's source, %d on lines the corpus covers, %d not covered (counted, not run).  \n", n_sites, n_cov, n_uncov > md
    printf "Sample: %d covered mutants (SEED=%s), %d stillborn (do not compile), %d marked equivalent, %d identical (compile to the original's code: equivalent, not run); MUTANT_TIME=%s s.  \n", n, seed, stillborn, equivalent, identical, mt > md
    if (baseline != "" && bt != "" && bt != mt)
        printf "Each baseline fuzz target fuzzes %s s (BASELINE_TIME).  \n", bt > md
    if (baseline != "") printf "Baseline: `%s` (each mutant also fuzzed by it from its own corpus; a kill by any counts).  \n", baseline > md
    if (date != "") printf "Run: %s at revision %s%s.  \n", date, rev, (shards > 1 ? ", merged from " shards " shards" : "") > md
    printf "This run: %d mutants in %.0f s with JOBS=%s (%s mutants per minute)", ran, secs, jobs, rate > md
    if (timed) printf "; %.1f s per mutant on average.\n\n", mutant_secs / timed > md
    else out(".\n")
    return rate
}

function score_table(   i, g) {
    out("## Score\n")
    out("| run | killed | score |")
    out("|---|---|---|")
    printf "| with properties | %d / %d | **%s%%** |\n", kp, scored, pct(kp, scored) > md
    printf "| crash-only (`PF_CHECKS=none`) | %d / %d | %s%% |\n", kc, scored, pct(kc, scored) > md
    printf "| of which sanitizers and hangs alone (no harness assertion) | %d / %d | %s%% |\n", kc_san, scored, pct(kc_san, scored) > md
    printf "| what the properties add | +%d | **+%s points** |\n", kp - kc, pct(kp - kc, scored) > md
    if (baseline != "") {
        printf "| the library's own fuzzer (`%s`) | %d / %d | %s%% |\n", baseline, kb, scored, pct(kb, scored) > md
        printf "| properties over it | %+d | **%+.1f points** |\n", kp - kb, (scored ? 100 * (kp - kb) / scored : 0) > md
    }
    out("")
    out("score = killed / (mutants − stillborn − equivalent − identical). A kill is a property failure, a sanitizer")
    out("report or signal, a harness assertion (`PF_ASSERT`, on even with `PF_CHECKS=none`), or a hang.")
    if (notrun) printf "\n%d sampled mutants have no result yet (interrupted: run again to resume).\n", notrun > md
    if (only_c) printf "\n%d mutants were killed crash-only but not with properties (fuzzing luck).\n", only_c > md
    if (pre) printf "\n%d runs found a failure the unmutated target has too (not counted as kills).\n", pre > md
    if (b_notrun) printf "\n%d mutants have no baseline result yet (run again to resume).\n", b_notrun > md
    out("")
    if (n_src > 1) {
        out("## Score by source\n")
        out("Mutants grouped by the source tree they are in (for a target that links several libraries).\n")
        out("| source | mutants | with properties | crash-only |" (baseline != "" ? " baseline |" : ""))
        out("|---|---|---|---|" (baseline != "" ? "---|" : ""))
        for (i = 1; i <= n_src; i++) {
            g = src_order[i]
            printf "| %s | %d | %d (%s%%) | %d (%s%%) |", g, src_n[g], src_kp[g], pct(src_kp[g], src_n[g]),
                src_kc[g], pct(src_kc[g], src_n[g]) > md
            if (baseline != "") printf " %d (%s%%) |", src_kb[g], pct(src_kb[g], src_n[g]) > md
            printf "\n" > md
        }
        out("")
    }
}

function kills_tables(   i, k, sep) {
    out("## Kills\n")
    out("Per property: the mutants it killed first, the mutants it kills at all (its column of the")
    out("kill matrix, and that as a score), and those no other property kills.\n")
    out("| killed by | first to kill | in the matrix | score alone | the only killer |")
    out("|---|---|---|---|---|")
    for (i = 1; i <= np; i++) printf "| property `%s` | %d | %d | %s%% | %d |\n", P[i], first[P[i]], any[P[i]], pct(any[P[i]], scored), sole[P[i]] > md
    for (k in crash_p) printf "| crash `%s` | %d | |\n", k, crash_p[k] > md
    if (to_p) printf "| timeout | %d | |\n", to_p > md
    printf "\nCrash-only run: %d crashes", kc - to_c > md
    sep = " ("
    for (k in crash_c) { printf "%s%s %d", sep, k, crash_c[k] > md; sep = ", " }
    printf "%s, %d timeouts.\n\n", (sep == ", " ? ")" : ""), to_c > md
    out("| operator | mutants | killed with properties | killed crash-only |" (baseline != "" ? " baseline |" : ""))
    out("|---|---|---|---|" (baseline != "" ? "---|" : ""))
    for (k in ops) printf "| %s | %d | %d | %d |%s\n", k, ops[k], op_kp[k], op_kc[k],
        (baseline != "" ? " " op_kb[k] + 0 " |" : "") > md
    out("")
}

function matrix_table(   r, i, m, f, cs, c, got, line, cr, co, bo, hdr, rule) {
    out("## Kill matrix\n")
    out("One row per mutant, one column per property: the seconds until that property failed")
    out("(`r`: replaying the corpus; `f`: fuzzing, the time to the input that failed first; either")
    out("way every property is then tried on its own on the failing inputs, so a row shows every")
    out("relation that sees the mutant; the first to fail is in bold). A row without a kill is a gap; a column without kills")
    out("is a property that caught nothing the others did not.\n")
    hdr = "| mutant | where | op |"; rule = "|---|---|---|"
    for (i = 1; i <= np; i++) { hdr = hdr " " P[i] " |"; rule = rule "---|" }
    out(hdr " crash | crash-only |" (baseline != "" ? " baseline |" : ""))
    out(rule "---|---|" (baseline != "" ? "---|" : ""))
    for (r = 1; r <= n_mx; r++) {
        split(row[matrix[r]], f, "\t")
        delete got
        m = split(f[16], cs, ",")
        for (i = 1; i <= m; i++) { split(cs[i], c, ":"); got[c[1]] = cell(c[2], c[3]) }
        line = "| `" f[1] "` | " base(f[2]) ":" f[3] " | " f[4] " |"
        for (i = 1; i <= np; i++)
            line = line " " ((P[i] in got) ? (f[8] == "property" && f[9] == P[i] ? "**" got[P[i]] "**" : got[P[i]]) : "") " |"
        cr = f[8] == "crash" ? f[9] " " cell(f[11], f[10]) : f[8] == "timeout" ? "timeout " cell(f[11], f[10]) : ""
        co = killed(f[12]) ? (f[12] == "timeout" ? "timeout" : f[13]) " " cell(f[15], f[14]) : ""
        bo = killed(f[20]) ? f[21] " " cell(f[23], f[22]) : ""
        out(line " " cr " | " co " |" (baseline != "" ? " " bo " |" : ""))
    }
    out("")
}

function lists(   r, f) {
    printf "## Survivors (%d)\n\n", n_surv > md
    out("Not killed with properties: add or sharpen a property or a strategy, or mark the mutant")
    out("equivalent (" equiv_where ") with the reason no input can tell it apart.\n")
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
    printf "\n## Killed by one property only (%d)\n\n", n_sole > md
    out("The relation each of these mutants needs: drop it and the mutant survives.\n")
    for (r = 1; r <= n_sole; r++) {
        split(row[sole_row[r]], f, "\t")
        printf "- `%s` %s:%s %s: only `%s` — `%s` → `%s`\n", f[1], f[2], f[3], f[4], f[9], f[6], f[7] > md
    }
    if (baseline != "") {
        printf "\n## Killed with properties, not by the baseline (%d)\n\n", n_pnb > md
        for (r = 1; r <= n_pnb; r++) {
            split(row[p_not_b[r]], f, "\t")
            printf "- `%s` %s:%s %s: %s — `%s` → `%s`\n", f[1], f[2], f[3], f[4], f[9], f[6], f[7] > md
        }
        printf "\n## Killed by the baseline, not with properties (%d)\n\n", n_bnp > md
        out("Each is a lesson: a property or strategy propfuzz lacks.\n")
        for (r = 1; r <= n_bnp; r++) {
            split(row[b_not_p[r]], f, "\t")
            printf "- `%s` %s:%s %s: %s (%s) — `%s` → `%s`\n", f[1], f[2], f[3], f[4], f[21], f[22], f[6], f[7] > md
        }
    }
    printf "\n## Identical to the original (%d)\n\n", n_id > md
    out("Their objects are the unmutated ones byte for byte (debug information aside): equivalent.\n")
    for (r = 1; r <= n_id; r++) {
        split(row[id_row[r]], f, "\t")
        printf "- `%s` %s:%s %s: `%s` → `%s`\n", f[1], f[2], f[3], f[4], f[6], f[7] > md
    }
    printf "\n## Marked equivalent (%d)\n\n", n_eq > md
    for (r = 1; r <= n_eq; r++) {
        split(row[eq_row[r]], f, "\t")
        printf "- `%s` %s:%s: `%s` → `%s` — %s\n", f[1], f[2], f[3], f[6], f[7], f[17] > md
    }
}

function json(rate,   i, g) {
    printf "{\n  \"target\": \"%s\",\n  \"sites\": %d,\n  \"covered\": %d,\n  \"uncovered\": %d,\n", t, n_sites, n_cov, n_uncov > js
    printf "  \"sampled\": %d,\n  \"stillborn\": %d,\n  \"equivalent\": %d,\n  \"identical\": %d,\n  \"not_run\": %d,\n", n, stillborn, equivalent, identical, notrun > js
    printf "  \"scored\": %d,\n  \"killed_with_properties\": %d,\n  \"killed_crash_only\": %d,\n", scored, kp, kc > js
    printf "  \"killed_sanitizers_only\": %d,\n", kc_san > js
    printf "  \"baseline\": %s,\n", (baseline == "" ? "null" : "\"" baseline "\"") > js
    printf "  \"killed_baseline\": %s,\n  \"score_baseline\": %s,\n", (baseline == "" ? "null" : kb + 0),
        (baseline == "" ? "null" : pct(kb, scored)) > js
    printf "  \"baseline_not_run\": %d,\n", b_notrun > js
    printf "  \"score_with_properties\": %s,\n  \"score_crash_only\": %s,\n", pct(kp, scored), pct(kc, scored) > js
    printf "  \"timeouts_with_properties\": %d,\n  \"timeouts_crash_only\": %d,\n  \"preexisting\": %d,\n", to_p, to_c, pre > js
    printf "  \"first_kills\": {" > js
    for (i = 1; i <= np; i++) printf "%s\"%s\": %d", (i > 1 ? ", " : ""), P[i], first[P[i]] > js
    printf "},\n  \"kills\": {" > js
    for (i = 1; i <= np; i++) printf "%s\"%s\": %d", (i > 1 ? ", " : ""), P[i], any[P[i]] > js
    printf "},\n  \"only_killer\": {" > js
    for (i = 1; i <= np; i++) printf "%s\"%s\": %d", (i > 1 ? ", " : ""), P[i], sole[P[i]] > js
    printf "},\n  \"by_source\": {" > js
    for (i = 1; i <= n_src; i++) {
        g = src_order[i]
        printf "%s\"%s\": {\"mutants\": %d, \"with_properties\": %d, \"crash_only\": %d, \"baseline\": %s}",
            (i > 1 ? ", " : ""), g, src_n[g], src_kp[g], src_kc[g], (baseline == "" ? "null" : src_kb[g] + 0) > js
    }
    printf "},\n  \"date\": \"%s\",\n  \"revision\": \"%s\",\n  \"shards\": %d,\n", date, rev, shards > js
    printf "  \"mutant_time\": %s,\n  \"seed\": %s,\n  \"jobs\": %s,\n", mt, seed, jobs > js
    printf "  \"baseline_time\": %s,\n", (baseline == "" || bt == "" ? "null" : bt) > js
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
