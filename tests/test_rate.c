/* Unit tests of the rate oracle (pf_check_rate): the k/m boundaries, a
 * failure listing every trial with its notes, deterministic replay, the
 * counts behind the rate metrics (and their rates.tsv line), misuse, and
 * shrinking that keeps "fewer than m of k" and lands just below budget. */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz.h"
#include "core/pf_internal.h"
#include "testkit.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* --- a recording handler: the failure's lines are kept ---------------- */

static char g_failed_prop[32];
static char g_lines[4096];
static size_t g_n_failed;

static void keep_failure(pf_src *s, const pf__failure *f)
{
    g_n_failed++;
    snprintf(g_failed_prop, sizeof g_failed_prop, "%s", f->property);
    g_lines[0] = 0;
    for (size_t i = 0; i < f->n_lines; i++) {
        size_t n = strlen(g_lines);
        snprintf(g_lines + n, sizeof g_lines - n, "%s = %s\n", f->lines[i].name,
                 f->lines[i].text);
    }
    pf__unwind_run(s, PF__UNWIND_ABANDON);
}

static void reset(void)
{
    g_n_failed = 0;
    g_failed_prop[0] = g_lines[0] = 0;
    pf_stats_reset();
    pf__set_fail_handler(keep_failure);
    unsetenv("PF_CHECKS");
}

/* --- target "odd": trial i draws x; it passes when x is even or the
 * input's size (drawn first) is below 100. k and m come from globals. --- */

static unsigned g_k = 5, g_m = 4, g_returned;
static uint8_t g_size;
static uint8_t g_x[PF_RATE_MAX_TRIALS];

static bool odd_trial(pf_src *s, void *ctx, unsigned index, pf_trial *t)
{
    (void)ctx;
    uint8_t x = pf_u8(s, "x");
    g_x[index] = x;
    bool ok = x % 2 == 0 || g_size < 100;
    if (!ok)
        pf_trial_notef(t, "x", "%u is odd", x);
    return ok;
}

static void *odd_setup(pf_src *s)
{
    g_size = pf_u8(s, "size");
    return NULL;
}

static void prop_odd(pf_src *s, void *in)
{
    (void)in;
    g_returned = pf_check_rate(s, NULL, g_k, g_m, odd_trial, NULL);
}

static const pf_property odd_props[] = {{"odd", prop_odd}};
static const pf_mode odd_modes[] = {{"only", odd_setup, odd_props, 1}};
static const pf_target odd_target = {"odd", odd_modes, 1, NULL};

static const pf_target *g_entry = &odd_target;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return pf_run(g_entry, NULL, data, size);
}

/* An input of size 200 whose trials draw x[0..k-1]. */
static void run_odd(unsigned k, unsigned m, const uint8_t *x)
{
    uint8_t in[1 + PF_RATE_MAX_TRIALS] = {200};
    memcpy(in + 1, x, k);
    g_k = k;
    g_m = m;
    g_returned = 99;
    pf_run(&odd_target, NULL, in, 1 + k);
}

static void test_boundaries(void)
{
    reset();
    run_odd(5, 4, (const uint8_t[]){0, 0, 0, 0, 1});   /* 4 of 5 */
    EQ_U(g_n_failed, 0);
    EQ_U(g_returned, 4);
    run_odd(5, 4, (const uint8_t[]){0, 1, 0, 0, 1});   /* 3 of 5 */
    EQ_U(g_n_failed, 1);
    CHECK(strcmp(g_failed_prop, "odd") == 0, "failed %s", g_failed_prop);
    run_odd(5, 5, (const uint8_t[]){0, 0, 0, 0, 1});   /* strict: 4 of 5 */
    EQ_U(g_n_failed, 2);
    run_odd(5, 5, (const uint8_t[]){0, 2, 4, 6, 8});   /* 5 of 5 */
    EQ_U(g_n_failed, 2);
    EQ_U(g_returned, 5);
    run_odd(5, 0, (const uint8_t[]){1, 1, 1, 1, 1});   /* m = 0 never fails */
    EQ_U(g_n_failed, 2);
    EQ_U(g_returned, 0);
    run_odd(1, 1, (const uint8_t[]){1});               /* a plain property */
    EQ_U(g_n_failed, 3);
    run_odd(PF_RATE_MAX_TRIALS, PF_RATE_MAX_TRIALS - 1, (const uint8_t[PF_RATE_MAX_TRIALS]){[7] = 1});
    EQ_U(g_n_failed, 3);
    EQ_U(g_returned, PF_RATE_MAX_TRIALS - 1);
}

static void test_counts_for_the_metrics(void)
{
    reset();
    run_odd(5, 4, (const uint8_t[]){0, 0, 0, 0, 0});   /* all passed */
    run_odd(5, 4, (const uint8_t[]){0, 0, 1, 0, 0});   /* the edge */
    run_odd(5, 4, (const uint8_t[]){1, 1, 1, 0, 0});   /* below */
    EQ_U(pf__stats_total(PF__STAT_TRIALS, "odd", NULL), 15);
    EQ_U(pf__stats_total(PF__STAT_PASSES, "odd", NULL), 11);
    EQ_U(pf__stats_total(PF__STAT_TRIALS, "odd", "checks"), 3);
    EQ_U(pf__stats_total(PF__STAT_TRIALS, "odd", "edge"), 1);
    EQ_U(pf__stats_total(PF__STAT_TRIALS, "odd", "below"), 1);
    FILE *f = tmpfile();
    pf_stats_print(f);
    rewind(f);
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    char want[256];
    snprintf(want, sizeof want, "  rate %-20s 11 of 15 trials passed: 73.3%% "
             "(95%% CI 48.0-89.1%%); 3 checks: 1 at the edge of their budget, "
             "1 below\n", "odd");
    CHECK(strstr(text, want), "%s", text);
}

static void test_every_trial_in_the_failure(void)
{
    reset();
    run_odd(5, 4, (const uint8_t[]){0, 3, 0, 5, 0});
    EQ_U(g_n_failed, 1);
    CHECK(strstr(g_lines, "budget = at least 4 of 5 trials pass\n"
                          "passed = 3 of 5\n"
                          "trial[0] = pass\n"
                          "trial[1] = FAIL\n"
                          "trial[1].x = 3 is odd\n"
                          "trial[2] = pass\n"
                          "trial[3] = FAIL\n"
                          "trial[3].x = 5 is odd\n"
                          "trial[4] = pass\n"), "%s", g_lines);
}

/* --- the printed report (fuzzing mode, in a child) -------------------- */

static void fuzz_below_budget(void)
{
    pf__set_fail_handler(NULL);
    pf_set_recording(false);
    g_k = 3;
    g_m = 3;
    LLVMFuzzerTestOneInput(IN(200, 0, 7, 0));
}

static void test_report_lists_trials_and_their_draws(void)
{
    int status = 0;
    const char *out = in_child(fuzz_below_budget, &status);
    CHECK(out && WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "not aborted");
    CHECK(out && strstr(out, "Falsifying example  target=odd  property=odd  check=test_rate.c:") &&
          strstr(out, "\n  failed: 2 of 3 trials passed, below the budget of 3\n"),
          "%s", out);
    CHECK(out && strstr(out, "      trial[1]:\n        x = 7\n"), "draws: %s", out);
    CHECK(out && strstr(out, "  trial[1]   = FAIL\n  trial[1].x = 7 is odd\n"), "%s", out);
    CHECK(out && !strstr(out, "FLAKY"), "marked flaky: %s", out);
}

/* --- deterministic replay: a trial that draws a seed for its noise ---- */

static char g_log[512];

static bool noisy_trial(pf_src *s, void *ctx, unsigned index, pf_trial *t)
{
    (void)ctx;
    (void)t;
    uint64_t z = pf_u32(s, "noise_seed") + index * UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z ^= z >> 31;
    size_t n = strlen(g_log);
    snprintf(g_log + n, sizeof g_log - n, "%u:%llu ", index,
             (unsigned long long)(z % 1000));
    return z % 4 != 0;
}

static void prop_noisy(pf_src *s, void *in)
{
    (void)in;
    g_returned = pf_check_rate(s, NULL, 8, 0, noisy_trial, NULL);
}

static const pf_property noisy_props[] = {{"noisy", prop_noisy}};
static const pf_mode noisy_modes[] = {{"only", NULL, noisy_props, 1}};
static const pf_target noisy_target = {"noisy", noisy_modes, 1, NULL};

static void test_replay_gives_the_same_trials(void)
{
    reset();
    uint8_t in[32];
    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)(i * 37 + 11);
    char first[512];
    g_log[0] = 0;
    pf_run(&noisy_target, NULL, in, sizeof in);
    unsigned passed = g_returned;
    snprintf(first, sizeof first, "%s", g_log);
    /* Recorded this time, as the report and the shrinker run it. */
    pf_set_recording(true);
    g_log[0] = 0;
    pf_run(&noisy_target, NULL, in, sizeof in);
    pf_set_recording(false);
    CHECK(strcmp(first, g_log) == 0, "'%s' then '%s'", first, g_log);
    EQ_U(g_returned, passed);
    CHECK(strstr(first, "7:"), "not every trial ran: %s", first);
}

/* --- the metrics file ---------------------------------------------- */

static char g_dir[64];

static void rates_to_dir(void)
{
    setenv("PF_STATS_DIR", g_dir, 1);
    setenv("PF_RUN_ID", "run-1", 1);
    setenv("PF_PROFILE", "ci", 1);
    setenv("PF_STATS_SOURCE", "fuzz", 1);
    pf_stats_reset();
    pf__set_fail_handler(keep_failure);
    run_odd(5, 4, (const uint8_t[]){0, 0, 1, 0, 0});
    run_odd(5, 4, (const uint8_t[]){0, 0, 0, 0, 0});
}

/* Below budget in fuzzing mode the process aborts: its rates are written
 * before, once (the report's re-run is not). */
static void rates_then_abort(void)
{
    setenv("PF_STATS_DIR", g_dir, 1);
    setenv("PF_RUN_ID", "run-2", 1);
    setenv("PF_PROFILE", "ci", 1);
    setenv("PF_STATS_SOURCE", "fuzz", 1);
    pf_stats_reset();
    pf__set_fail_handler(NULL);
    pf_set_recording(false);
    run_odd(5, 4, (const uint8_t[]){0, 0, 0, 0, 0});
    run_odd(5, 4, (const uint8_t[]){1, 1, 0, 0, 0});
}

static void test_rates_file_at_exit(void)
{
    snprintf(g_dir, sizeof g_dir, "/tmp/pf-test-rate-%ld/stats", (long)getpid());
    int status = 0;
    in_child(rates_to_dir, &status);
    in_child(rates_to_dir, &status);
    in_child(rates_then_abort, &status);
    CHECK(WIFSIGNALED(status), "the below-budget child did not abort");
    char path[128], text[2048] = {0};
    snprintf(path, sizeof path, "%s/rates.tsv", g_dir);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[n] = 0;
    if (f)
        fclose(f);
    static const char header[] = "date\trun\tprofile\tsource\ttarget\tproperty\t"
        "checks\tedge\tbelow\ttrials\tpassed\trate\tci_lo\tci_hi\n";
    CHECK(strncmp(text, header, strlen(header)) == 0, "header: %s", text);
    const char *line = strchr(text, '\n');
    line = line ? strchr(line + 1, '\t') : NULL; /* past the date */
    CHECK(line && strncmp(line, "\trun-1\tci\tfuzz\todd\todd\t2\t1\t0\t10\t9\t0.9000\t", 40) == 0,
          "line: %s", text);
    /* Three processes, three lines after one header; the last counts the
     * check that aborted it, and the re-run's count is not in it. */
    size_t lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    EQ_U(lines, 4);
    CHECK(strstr(text, "\trun-2\tci\tfuzz\todd\todd\t2\t0\t1\t10\t8\t0.8000\t"),
          "aborted run: %s", strstr(text, "run-2") ? strstr(text, "run-2") : "no line");
    remove(path);
    rmdir(g_dir);
    *strrchr(g_dir, '/') = 0; /* its parent was made too */
    rmdir(g_dir);
}

/* --- misuse -------------------------------------------------------- */

static void bad_m(void) { run_odd(3, 4, (const uint8_t[]){0, 0, 0}); }
static void bad_k(void) { run_odd(0, 0, (const uint8_t[]){0}); }

static void test_misuse_is_one_line(void)
{
    int status = 0;
    const char *out = in_child(bad_m, &status);
    CHECK(out && WIFSIGNALED(status) &&
          strstr(out, "propfuzz: pf_check_rate(odd, k=3, m=4): k must be 1..64 "
                      "and m at most k\n"), "%s", out);
    out = in_child(bad_k, &status);
    CHECK(out && WIFSIGNALED(status) && strstr(out, "k=0, m=0"), "%s", out);
}

/* --- shrinking keeps "fewer than m of k" ----------------------------- */

static void test_shrink_stays_below_budget(void)
{
    reset();
    pf__set_fail_handler(NULL);
    g_entry = &odd_target;
    g_k = 5;
    g_m = 4;
    /* size 250, five odd trials (0 of 5), padding after */
    pf_shrink_opts o = {.max_seconds = 10, .isolation = -1};
    pf_shrink_result r;
    int rc = pf_shrink(IN(250, 9, 7, 5, 3, 1, 77, 77, 77), &o, &r);
    EQ_I(rc, 0);
    if (rc != 0)
        return;
    CHECK(strncmp(r.signature, "property=odd check=test_rate.c:", 31) == 0, "sig %s",
          r.signature);
    /* Rerun the result: still below budget, and only just: 3 of 5 pass
     * (a fourth would meet it), the size as small as fails, x at 0 or 1. */
    pf__set_fail_handler(keep_failure);
    g_n_failed = 0;
    pf_run(&odd_target, NULL, r.data, r.len);
    EQ_U(g_n_failed, 1);
    EQ_U(g_size, 100);
    unsigned odd = 0, sum = 0;
    for (unsigned i = 0; i < 5; i++) {
        odd += g_x[i] % 2;
        sum += g_x[i];
    }
    EQ_U(odd, 2);
    EQ_U(sum, 2);
    CHECK(strstr(g_lines, "passed = 3 of 5\n"), "%s", g_lines);
    pf_shrink_result_free(&r);
}

int main(void)
{
    /* Fuzzing-mode failures save their input: not into the checkout. */
    setenv("PF_FINDINGS_DIR", "out/test-tmp/test_rate-findings", 1);
    run("boundaries", test_boundaries);
    run("counts_for_the_metrics", test_counts_for_the_metrics);
    run("every_trial_in_the_failure", test_every_trial_in_the_failure);
    run("report_lists_trials_and_their_draws", test_report_lists_trials_and_their_draws);
    run("replay_gives_the_same_trials", test_replay_gives_the_same_trials);
    run("rates_file_at_exit", test_rates_file_at_exit);
    run("misuse_is_one_line", test_misuse_is_one_line);
    run("shrink_stays_below_budget", test_shrink_stays_below_budget);
    return finish();
}
