/* Unit tests of a failure's identity and of what a run does with it
 * (properties/core/fail.c, findings.c, report.c): the signature is the
 * property and the check's site; the shrinker keeps the whole signature;
 * PF_KEEP_GOING saves each distinct failure once and goes on; a known
 * failure (PF_KNOWN) stops nothing; without PF_FINDINGS_DIR the input is
 * still saved. */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz.h"
#include "core/pf_internal.h"
#include "testkit.h"

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define IN(...) (const uint8_t[]){__VA_ARGS__}, sizeof((const uint8_t[]){__VA_ARGS__})

/* One property, two checks: x must not be 0, y must not be 9. The first
 * is the "simpler" bug a shrinker of the second would slip to. */
static void two_checks(pf_src *s, void *in)
{
    (void)in;
    uint8_t x = pf_u8(s, "x"), y = pf_u8(s, "y");
    if (x == 0)
        pf_fail(s, NULL, "x is zero", NULL, 0, NULL);
    if (y == 9)
        pf_fail(s, NULL, "y is nine", NULL, 0, NULL);
}

static const pf_property props[] = {{"round_trip", two_checks}};
static const pf_mode modes[] = {{"only", NULL, props, 1}};
static const pf_target two = {"two", modes, 1, NULL};
PF_TARGET(two)

static char g_sig_x[160], g_sig_y[160];

static void test_signature_names_the_check(void)
{
    CHECK(pf_fails(IN(0, 0), g_sig_x, sizeof g_sig_x), "x=0 passes");
    CHECK(pf_fails(IN(3, 9), g_sig_y, sizeof g_sig_y), "y=9 passes");
    CHECK(strncmp(g_sig_x, "property=round_trip check=test_findings.c:", 42) == 0,
          "%s", g_sig_x);
    CHECK(strcmp(g_sig_x, g_sig_y) != 0, "one signature for two checks: %s", g_sig_x);
}

static void test_signature_matching(void)
{
    CHECK(pf__signature_matches(g_sig_x, "round_trip"), "property alone");
    CHECK(pf__signature_matches(g_sig_x, g_sig_x + 9), "property and check");
    CHECK(!pf__signature_matches(g_sig_x, g_sig_y + 9), "the other check");
    CHECK(!pf__signature_matches(g_sig_x, "round"), "a prefix of the name");
    CHECK(pf__signature_matches("crash:asan-heap-buffer-overflow",
                                "crash:asan-heap-buffer-overflow"), "crash");
}

/* y=9 with x=3: lowering x to 0 fails the other check; the shrinker must
 * keep y's failure and stop at x=1. */
static void test_shrinker_keeps_the_check(void)
{
    pf_shrink_opts o = {.max_seconds = 5, .isolation = -1};
    pf_shrink_result r;
    int rc = pf_shrink(IN(3, 9), &o, &r);
    EQ_I(rc, 0);
    if (rc != 0)
        return;
    CHECK(strcmp(r.signature, g_sig_y) == 0, "slipped to %s", r.signature);
    CHECK(r.len == 2 && r.data[0] == 1 && r.data[1] == 9, "shrunk to %zu bytes %02x %02x",
          r.len, r.len ? r.data[0] : 0, r.len > 1 ? r.data[1] : 0);
    pf_shrink_result_free(&r);
}

/* --- fuzzing mode, in a child ------------------------------------------ */

static char g_dir[256];

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static size_t files_in(const char *dir, const char *suffix)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name), sl = strlen(suffix);
        if (e->d_name[0] != '.' && len >= sl && strcmp(e->d_name + len - sl, suffix) == 0)
            n++;
    }
    closedir(d);
    return n;
}

static void fuzz_mix(void)
{
    pf__set_fail_handler(NULL);
    pf_set_recording(false);
    LLVMFuzzerTestOneInput(IN(0, 0)); /* x */
    LLVMFuzzerTestOneInput(IN(0, 1)); /* x again */
    LLVMFuzzerTestOneInput(IN(4, 4)); /* passes */
    LLVMFuzzerTestOneInput(IN(3, 9)); /* y */
    LLVMFuzzerTestOneInput(IN(0, 9)); /* x first */
}

static void test_keep_going_reports_each_once(void)
{
    snprintf(g_dir, sizeof g_dir, "out/test-tmp/findings-keep-%ld", (long)getpid());
    setenv("PF_FINDINGS_DIR", g_dir, 1);
    setenv("PF_KEEP_GOING", "1", 1);
    int status = 0;
    const char *out = in_child(fuzz_mix, &status);
    unsetenv("PF_KEEP_GOING");
    CHECK(out && WIFEXITED(status) && WEXITSTATUS(status) == 0, "stopped: %s", out);
    EQ_U(count(out, "Falsifying example"), 2);
    CHECK(strstr(out, "propfuzz: 2 distinct failures, 0 known"), "%s", out);
    CHECK(strstr(out, "(3 times)") && strstr(out, "(1 time)"), "%s", out);
    EQ_U(files_in(g_dir, ".report.txt"), 2);
}

static void fuzz_known_then_new(void)
{
    pf__set_fail_handler(NULL);
    pf_set_recording(false);
    LLVMFuzzerTestOneInput(IN(0, 0)); /* known: goes on */
    LLVMFuzzerTestOneInput(IN(0, 5)); /* known: goes on */
    LLVMFuzzerTestOneInput(IN(3, 9)); /* new: reports and aborts */
}

static void test_known_failure_stops_nothing(void)
{
    char known[300];
    snprintf(known, sizeof known, "%s-known", g_dir);
    FILE *f = fopen(known, "w");
    CHECK(f != NULL, "cannot write %s", known);
    if (!f)
        return;
    fprintf(f, "# a known bug\n%s\n", g_sig_x + 9);
    fclose(f);
    setenv("PF_KNOWN", known, 1);
    int status = 0;
    const char *out = in_child(fuzz_known_then_new, &status);
    unsetenv("PF_KNOWN");
    CHECK(out && WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "not aborted: %s", out);
    EQ_U(count(out, "Falsifying example"), 1);
    CHECK(strstr(out, g_sig_y + 20), "the new failure not reported: %s", out);
}

static void fuzz_in_dir(void)
{
    pf__set_fail_handler(NULL);
    pf_set_recording(false);
    if (chdir(g_dir) == 0)
        LLVMFuzzerTestOneInput(IN(0, 0));
}

static void test_saved_without_findings_dir(void)
{
    unsetenv("PF_FINDINGS_DIR");
    int status = 0;
    const char *out = in_child(fuzz_in_dir, &status);
    CHECK(out && strstr(out, "input  : propfuzz-findings/two/round_trip-"), "%s", out);
    char dir[400];
    snprintf(dir, sizeof dir, "%s/propfuzz-findings/two", g_dir);
    EQ_U(files_in(dir, ".report.txt"), 1);
}

int main(void)
{
    run("signature_names_the_check", test_signature_names_the_check);
    run("signature_matching", test_signature_matching);
    run("shrinker_keeps_the_check", test_shrinker_keeps_the_check);
    run("keep_going_reports_each_once", test_keep_going_reports_each_once);
    run("known_failure_stops_nothing", test_known_failure_stops_nothing);
    run("saved_without_findings_dir", test_saved_without_findings_dir);
    return finish();
}
