/* Unit tests of the table runner (pf_run): property order and spans,
 * checks switched off without losing draws, skips, discards, cleanups on
 * every way out, the report's recorded re-run, flaky failures, shrinking a
 * harness that allocates (under LeakSanitizer), statistics. */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz.h"
#include "core/pf_internal.h"
#include "testkit.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* --- a recording handler: failures are noted, the run abandoned ------ */

static char g_failed[8][32];
static size_t g_n_failed;

static void note_failure(pf_src *s, const pf__failure *f)
{
    if (g_n_failed < 8)
        snprintf(g_failed[g_n_failed++], 32, "%s", f->property);
    pf__unwind_run(s, PF__UNWIND_ABANDON);
}

static void reset(void)
{
    g_n_failed = 0;
    pf_stats_reset();
    pf__set_fail_handler(note_failure);
    unsetenv("PF_CHECKS");
}

/* --- target "abc": a draws x and fails on x == 1; b draws y; c logs --- */

static char g_log[64];
static uint8_t g_y;

static void log_name(pf_src *s)
{
    strncat(g_log, pf_property_name(s), sizeof g_log - strlen(g_log) - 2);
    strcat(g_log, " ");
}

static void prop_a(pf_src *s, void *in)
{
    (void)in;
    log_name(s);
    uint8_t x = pf_u8(s, "x");
    if (x == 1)
        pf_fail(s, NULL, "x is one", NULL, 0, NULL);
    if (x == 7)
        pf_skip(s, "R7");
}

static void prop_b(pf_src *s, void *in)
{
    (void)in;
    log_name(s);
    g_y = pf_u8(s, "y");
    if (g_y == 1)
        pf_fail(s, NULL, "y is one", NULL, 0, NULL);
}

static void prop_c(pf_src *s, void *in)
{
    (void)in;
    log_name(s);
    pf_event(s, "c_ran");
}

static const pf_property abc_props[] = {{"a", prop_a}, {"b", prop_b}, {"c", prop_c}};
static const pf_mode abc_modes[] = {{"only", NULL, abc_props, PF_LEN(abc_props)}};
/* One target object per gate setting: the gate is set up once per target. */
static const pf_target abc_all = {"abc", abc_modes, 1, NULL};
static const pf_target abc_env_b = {"abc", abc_modes, 1, NULL};
static const pf_target abc_none = {"abc", abc_modes, 1, NULL};
static const pf_target abc_only_b = {"abc", abc_modes, 1, NULL};

static void run_abc(const pf_target *t, const char *only, const uint8_t *d, size_t n)
{
    g_log[0] = 0;
    g_y = 0;
    pf_run(t, only, d, n);
}

static void test_every_property_runs_in_order(void)
{
    reset();
    run_abc(&abc_all, NULL, IN(0, 5));
    CHECK(strcmp(g_log, "a b c ") == 0, "log '%s'", g_log);
    EQ_U(g_y, 5);
    EQ_U(g_n_failed, 0);
    EQ_U(pf__stats_total(PF__STAT_CHECKED, "a", NULL), 1);
    EQ_U(pf__stats_total(PF__STAT_EVENT, "c", "c_ran"), 1);
}

static void test_failure_reported_when_checked(void)
{
    reset();
    run_abc(&abc_all, NULL, IN(1, 5));
    EQ_U(g_n_failed, 1);
    CHECK(strcmp(g_failed[0], "a") == 0, "failed %s", g_failed[0]);
    /* The handler abandoned the input: b and c did not run. */
    CHECK(strcmp(g_log, "a ") == 0, "log '%s'", g_log);
}

/* a's check off: its failure is counted, b still draws its byte from the
 * same offset as in a build where every check is on. */
static void test_checks_off_keep_draws(void)
{
    reset();
    setenv("PF_CHECKS", "b", 1);
    run_abc(&abc_env_b, NULL, IN(1, 5));
    EQ_U(g_n_failed, 0);
    CHECK(strcmp(g_log, "a b c ") == 0, "log '%s'", g_log);
    EQ_U(g_y, 5);
    EQ_U(pf__stats_total(PF__STAT_OFF, "a", NULL), 1);
    run_abc(&abc_env_b, NULL, IN(0, 1));
    EQ_U(g_n_failed, 1);
    CHECK(strcmp(g_failed[0], "b") == 0, "failed %s", g_failed[0]);
}

static void test_checks_none_is_crash_only(void)
{
    reset();
    setenv("PF_CHECKS", "none", 1);
    run_abc(&abc_none, NULL, IN(1, 1));
    EQ_U(g_n_failed, 0);
    CHECK(strcmp(g_log, "a b c ") == 0, "log '%s'", g_log);
    EQ_U(pf__stats_total(PF__STAT_OFF, "a", NULL), 1);
    EQ_U(pf__stats_total(PF__STAT_OFF, "b", NULL), 1);
}

static void test_only_from_planted_build(void)
{
    reset();
    run_abc(&abc_only_b, "b", IN(1, 1));
    EQ_U(g_n_failed, 1);
    CHECK(strcmp(g_failed[0], "b") == 0, "failed %s", g_failed[0]);
}

static void test_skip_goes_on_with_next_property(void)
{
    reset();
    run_abc(&abc_all, NULL, IN(7, 5));
    CHECK(strcmp(g_log, "a b c ") == 0, "log '%s'", g_log);
    EQ_U(g_y, 5);
    EQ_U(pf__stats_total(PF__STAT_SKIP, "a", "R7"), 1);
    EQ_U(pf__stats_total(PF__STAT_CHECKED, "a", NULL), 0);
    EQ_U(pf__stats_total(PF__STAT_CHECKED, "b", NULL), 1);
}

/* --- target "res": setup allocates; cleanups run however it ends ------ */

static int g_live;       /* allocations not yet released */
static char g_order[16];

static void release(void *p)
{
    free(p);
    g_live--;
}

static void note(const char *what)
{
    if (strlen(g_order) + 1 < sizeof g_order)
        strcat(g_order, what);
}
static void note_a(void *arg) { (void)arg; note("A"); }
static void note_b(void *arg) { (void)arg; note("B"); }

static void *res_setup(pf_src *s)
{
    void *p = malloc(64);
    g_live++;
    pf_defer(s, release, p);
    pf_defer(s, note_a, NULL);
    pf_defer(s, note_b, NULL);
    uint8_t *mem = pf_alloc(s, 100);
    memset(mem, 0xab, 100);
    pf_assume(s, pf_u8(s, "keep") != 9, "keep is not 9");
    return mem;
}

static void res_check(pf_src *s, void *in)
{
    const uint8_t *mem = in;
    PF_ASSERT(s, mem[99] == 0xab);
    if (pf_u8(s, "v") == 3)
        pf_fail(s, NULL, "v is three", NULL, 0, NULL);
}

static const pf_property res_props[] = {{"res", res_check}};
static const pf_mode res_modes[] = {{"only", res_setup, res_props, 1}};
static const pf_target res_target = {"res", res_modes, 1, NULL};

static void test_cleanups_on_every_way_out(void)
{
    reset();
    const uint8_t *ins[] = {(const uint8_t[]){0, 0}, (const uint8_t[]){0, 3},
                            (const uint8_t[]){9, 0}};
    for (size_t i = 0; i < 3; i++) {
        g_order[0] = 0;
        pf_run(&res_target, NULL, ins[i], 2);
        EQ_U(g_live, 0);
        CHECK(strcmp(g_order, "BA") == 0, "cleanups ran as '%s'", g_order);
    }
    EQ_U(g_n_failed, 1);
    EQ_U(pf__stats_total(PF__STAT_DISCARD, NULL, "keep is not 9"), 1);
    EQ_U(pf__stats_total(PF__STAT_RUN, "res", NULL), 2);
}

/* --- the linked entry point, for the report and the shrinker ---------- */

static const pf_target *g_entry = &res_target;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return pf_run(g_entry, NULL, data, size);
}

/* Fuzzing mode: the failure is abandoned (the allocation released), then
 * re-run from the top recorded; the report lists the draws. */
static int g_live_at_rerun = -1;

static void rerun_check(pf_src *s, void *in)
{
    (void)in;
    if (pf_recording())
        g_live_at_rerun = g_live - 1; /* this run's own allocation */
    if (pf_u8(s, "v") == 3) {
        if (pf_recording())
            fprintf(stderr, "live before the re-run: %d\n", g_live_at_rerun);
        pf_fail(s, NULL, "v is three", NULL, 0, NULL);
    }
}

static const pf_property rerun_props[] = {{"res", rerun_check}};
static const pf_mode rerun_modes[] = {{"only", res_setup, rerun_props, 1}};
static const pf_target rerun_target = {"res", rerun_modes, 1, NULL};

static void fuzz_one_failure(void)
{
    pf__set_fail_handler(NULL);
    pf_set_recording(false);
    g_entry = &rerun_target;
    LLVMFuzzerTestOneInput(IN(0, 3));
}

static void test_report_reruns_from_the_top(void)
{
    int status = 0;
    const char *out = in_child(fuzz_one_failure, &status);
    CHECK(out && WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "not aborted");
    CHECK(out && strstr(out, "Falsifying example  target=res  property=res  check=test_target.c:"),
          "%s", out);
    CHECK(out && strstr(out, "v = 3"), "draws not listed: %s", out);
    CHECK(out && strstr(out, "live before the re-run: 0"), "first run not released: %s", out);
    CHECK(out && !strstr(out, "FLAKY"), "marked flaky: %s", out);
}

static int g_flaky_calls;

static void flaky_check(pf_src *s, void *in)
{
    (void)in;
    if (g_flaky_calls++ == 0)
        pf_fail(s, NULL, "only the first time", NULL, 0, NULL);
}

static const pf_property flaky_props[] = {{"flaky", flaky_check}};
static const pf_mode flaky_modes[] = {{"only", NULL, flaky_props, 1}};
static const pf_target flaky_target = {"res", flaky_modes, 1, NULL};

static void fuzz_flaky(void)
{
    pf__set_fail_handler(NULL);
    pf_set_recording(false);
    g_entry = &flaky_target;
    LLVMFuzzerTestOneInput(IN(0));
}

static void test_flaky_failure_says_so(void)
{
    int status = 0;
    const char *out = in_child(fuzz_flaky, &status);
    CHECK(out && WIFSIGNALED(status), "not aborted");
    CHECK(out && strstr(out, "property=flaky  check=test_target.c:") &&
          strstr(out, "  (FLAKY"), "%s", out);
}

/* The shrinker evaluates hundreds of candidates in-process; the harness's
 * allocations come back every time (LeakSanitizer checks at exit too). */
static void test_shrink_allocating_harness(void)
{
    reset();
    pf__set_fail_handler(NULL);
    g_entry = &res_target;
    pf_shrink_opts o = {.max_seconds = 5, .isolation = -1};
    pf_shrink_result r;
    int rc = pf_shrink(IN(0, 3, 7, 7, 7, 7), &o, &r);
    EQ_I(rc, 0);
    EQ_U(g_live, 0);
    CHECK(rc == 0 && strncmp(r.signature, "property=res check=test_target.c:", 33) == 0,
          "sig %s", r.signature);
    CHECK(rc == 0 && r.len == 2, "shrunk to %zu bytes", rc == 0 ? r.len : 0);
    if (rc == 0)
        pf_shrink_result_free(&r);
}

static void misuse_skip(void)
{
    pf_src *s = pf_begin("x", NULL, 0);
    pf_skip(s, "R1");
}

static void test_skip_outside_run_is_misuse(void)
{
    int status = 0;
    const char *out = in_child(misuse_skip, &status);
    CHECK(out && strstr(out, "pf_skip(\"R1\") outside a PF_TARGET run"), "%s", out);
}

static const pf_target abc_bad = {"abc", abc_modes, 1, NULL};

static void misuse_checks(void)
{
    setenv("PF_CHECKS", "a,nosuch", 1);
    pf_run(&abc_bad, NULL, IN(0));
}

static void test_unknown_check_name_is_one_line(void)
{
    int status = 0;
    const char *out = in_child(misuse_checks, &status);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 2, "status %d", status);
    CHECK(out && strstr(out, "PF_CHECKS names 'nosuch', which is not a property of abc"
                             " (its properties: a b c; or all, none)\n"), "%s", out);
}

static void test_stats_table(void)
{
    reset();
    for (uint8_t i = 0; i < 10; i++)
        run_abc(&abc_all, NULL, (const uint8_t[]){i == 3 ? 7 : 0, 0}, 2);
    FILE *f = tmpfile();
    pf_stats_print(f);
    rewind(f);
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    CHECK(strstr(text, "statistics of abc: 10 inputs"), "%s", text);
    CHECK(strstr(text, "  a                              10        9        0        0  R7 1\n"),
          "%s", text);
    CHECK(strstr(text, "events: c_ran 10 (100.0%)"), "%s", text);
}

int main(void)
{
    /* Fuzzing-mode failures save their input: not into the checkout. */
    setenv("PF_FINDINGS_DIR", "out/test-tmp/test_target-findings", 1);
    run("every_property_runs_in_order", test_every_property_runs_in_order);
    run("failure_reported_when_checked", test_failure_reported_when_checked);
    run("checks_off_keep_draws", test_checks_off_keep_draws);
    run("checks_none_is_crash_only", test_checks_none_is_crash_only);
    run("only_from_planted_build", test_only_from_planted_build);
    run("skip_goes_on_with_next_property", test_skip_goes_on_with_next_property);
    run("cleanups_on_every_way_out", test_cleanups_on_every_way_out);
    run("report_reruns_from_the_top", test_report_reruns_from_the_top);
    run("flaky_failure_says_so", test_flaky_failure_says_so);
    run("shrink_allocating_harness", test_shrink_allocating_harness);
    run("skip_outside_run_is_misuse", test_skip_outside_run_is_misuse);
    run("unknown_check_name_is_one_line", test_unknown_check_name_is_one_line);
    run("stats_table", test_stats_table);
    return finish();
}
