/* Unit tests of the byte-stream decoder (design §3), part 7: misuse. A
 * draw whose constraints leave no value must say so in one line naming
 * the draw and its label, and abort -- at its first call, whatever the
 * input, recording or not. Each case runs in a child process; the parent
 * checks the signal and the child's stderr. Constraints at the edge that
 * still leave a value must draw normally. */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz.h"
#include "testkit.h"

#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef void (*draw_fn)(pf_src *s);

static const double inf = INFINITY;

static void dbl_minus_inf(pf_src *s)
{
    pf_float_opts o = {.bounded = true, .min = -inf, .max = -inf, .no_inf = true};
    (void)pf_double(s, "neg_inf_only", &o);
}
static void dbl_plus_inf(pf_src *s)
{
    pf_float_opts o = {.bounded = true, .min = inf, .max = inf, .no_inf = true};
    (void)pf_double(s, "pos_inf_only", &o);
}
static void dbl_nan_bound(pf_src *s)
{
    pf_float_opts o = {.bounded = true, .min = NAN, .max = 1};
    (void)pf_double(s, "nan_bound", &o);
}
static void dbl_reversed(pf_src *s)
{
    pf_float_opts o = {.bounded = true, .min = 3, .max = 2};
    (void)pf_double(s, "reversed", &o);
}
static void flt_between_floats(pf_src *s)
{
    pf_float_opts o = {.bounded = true, .min = 0.1, .max = 0.1};
    (void)pf_float(s, "no_float", &o);
}
static void flt_beyond_max(pf_src *s)
{
    pf_float_opts o = {.bounded = true, .min = 1e39, .max = inf, .no_inf = true};
    (void)pf_float(s, "beyond_flt_max", &o);
}
static void flt_below_subnormal(pf_src *s)
{
    pf_float_opts o = {.bounded = true, .min = 1e-50, .max = 1e-49};
    (void)pf_float(s, "tiny", &o);
}
static void text_null_alphabet(pf_src *s)
{
    pf_text_opts o = {.alphabet_len = 3};
    size_t len;
    (void)pf_text(s, "null_alphabet", &o, &len);
}
static void text_surrogate(pf_src *s)
{
    static const uint32_t abc[] = {'a', 0xd800};
    pf_text_opts o = {.alphabet = abc, .alphabet_len = 2};
    size_t len;
    (void)pf_text(s, "surrogate", &o, &len);
}
static void text_too_big(pf_src *s)
{
    static const uint32_t abc[] = {0x110000};
    pf_text_opts o = {.alphabet = abc, .alphabet_len = 1};
    size_t len;
    (void)pf_text(s, "above_max", &o, &len);
}
static void text_empty_alphabet(pf_src *s)
{
    static const uint32_t abc[] = {'a'};
    pf_text_opts o = {.alphabet = abc, .alphabet_len = 0, .min_len = 1};
    size_t len;
    (void)pf_text(s, "empty_alphabet", &o, &len);
}
static void tree_no_leaf(pf_src *s) { (void)pf_tree_kind(s, "no_leaf", 0, 3, 0, 2); }
static void tree_weighted_no_leaf(pf_src *s)
{
    static const uint32_t w[] = {0, 0, 5};
    (void)pf_tree_kind_weighted(s, "leafless", 0, 3, w, 2, 1); /* not at the cap */
}
static void weighted_zero(pf_src *s)
{
    static const uint32_t w[] = {0, 0, 0};
    (void)pf_choice_weighted(s, "all_zero", w, 3);
}
static void weighted_none(pf_src *s) { (void)pf_choice_weighted(s, "none", NULL, 0); }
static void chunks_none(pf_src *s)
{
    size_t sizes[1];
    (void)pf_chunks(s, "no_chunks", 5, sizes, 0);
}
static void enc_zero_weight(pf_src *s)
{
    static const uint32_t w[] = {1, 0};
    pf_buf e = {0};
    (void)s;
    pf_enc_choice_weighted(&e, w, 2, 1);
    pf_buf_free(&e);
}

typedef struct misuse_case {
    const char *draw, *label;
    draw_fn fn;
} misuse_case;

static const misuse_case cases[] = {
    {"pf_double", "neg_inf_only", dbl_minus_inf},
    {"pf_double", "pos_inf_only", dbl_plus_inf},
    {"pf_double", "nan_bound", dbl_nan_bound},
    {"pf_double", "reversed", dbl_reversed},
    {"pf_float", "no_float", flt_between_floats},
    {"pf_float", "beyond_flt_max", flt_beyond_max},
    {"pf_float", "tiny", flt_below_subnormal},
    {"pf_text", "null_alphabet", text_null_alphabet},
    {"pf_text", "surrogate", text_surrogate},
    {"pf_text", "above_max", text_too_big},
    {"pf_text", "empty_alphabet", text_empty_alphabet},
    {"pf_tree_kind", "no_leaf", tree_no_leaf},
    {"pf_tree_kind_weighted", "leafless", tree_weighted_no_leaf},
    {"pf_choice_weighted", "all_zero", weighted_zero},
    {"pf_choice_weighted", "none", weighted_none},
    {"pf_chunks", "no_chunks", chunks_none},
    {"pf_enc_choice_weighted", "", enc_zero_weight},
};

/* Runs fn on input in a child (recording or not); returns the child's
 * stderr in err and whether it died of SIGABRT. */
static bool aborts(draw_fn fn, const uint8_t *in, size_t n, bool recording,
                   char *err, size_t cap)
{
    int fd[2];
    if (pipe(fd) != 0)
        return false;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        pf_set_recording(recording);
        pf_src *s = pf_begin("misuse", in, n);
        fn(s); /* the first call of the draw */
        pf_end(s);
        _exit(0);
    }
    close(fd[1]);
    size_t got = 0;
    ssize_t r;
    while (got + 1 < cap && (r = read(fd[0], err + got, cap - 1 - got)) > 0)
        got += (size_t)r;
    err[got] = 0;
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

static void test_misuse_one_line_first_call(void)
{
    static const uint8_t zeros[64];
    static uint8_t ff[64], mixed[64];
    memset(ff, 0xff, sizeof ff);
    g_rng = 5;
    for (size_t i = 0; i < sizeof mixed; i++)
        mixed[i] = (uint8_t)rnd();
    const uint8_t *inputs[] = {zeros, ff, mixed, NULL};
    size_t lens[] = {sizeof zeros, sizeof ff, sizeof mixed, 0};
    char err[1024], want[128];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        snprintf(want, sizeof want, "propfuzz: misuse: %s(\"%s\")", cases[c].draw,
                 cases[c].label);
        for (size_t k = 0; k < 4; k++) {
            for (int rec = 0; rec < 2; rec++) {
                bool died = aborts(cases[c].fn, inputs[k], lens[k], rec, err, sizeof err);
                char *nl = strchr(err, '\n');
                CHECK(died && strncmp(err, want, strlen(want)) == 0 && nl && nl[1] == 0,
                      "%s(\"%s\") input %zu recording %d: %s [%s]", cases[c].draw,
                      cases[c].label, k, rec, died ? "aborted" : "did not abort", err);
            }
        }
    }
}

/* The same edges, one step inside: a value is left, so the draw works. */
static void test_edges_that_leave_a_value(void)
{
    static const uint8_t zeros[64];
    pf_float_opts all_finite = {.bounded = true, .min = -inf, .max = inf, .no_inf = true};
    pf_float_opts neg_inf = {.bounded = true, .min = -inf, .max = -inf};
    pf_float_opts top = {.bounded = true, .min = -inf, .max = -DBL_MAX, .no_inf = true};
    pf_float_opts f_big = {.bounded = true, .min = 1e39, .max = inf};
    pf_float_opts f_near = {.bounded = true, .min = 0.1, .max = 0.2};
    pf_float_opts f_one = {.bounded = true, .min = 0.1, .max = (double)0.1f};
    static const uint32_t abc[] = {'a'};
    pf_text_opts empty = {.alphabet = abc, .alphabet_len = 0};
    static const uint32_t w[] = {0, 0, 5}, leaves[] = {0, 1, 0};
    size_t len, sizes[1];
    pf_src *s = pf_begin("edges", zeros, sizeof zeros);
    double d = pf_double(s, NULL, &all_finite);
    CHECK(d == 0 && !signbit(d), "[-inf, inf] finite: %g", d);
    CHECK(pf_double(s, NULL, &neg_inf) == -inf, "[-inf, -inf]");
    CHECK(pf_double(s, NULL, &top) == -DBL_MAX, "[-inf, -DBL_MAX] finite");
    CHECK(isinf(pf_float(s, NULL, &f_big)), "[1e39, inf] floats: inf");
    float f = pf_float(s, NULL, &f_near);
    CHECK(f == 0.1f, "[0.1, 0.2]: %.9g, want the float nearest 0.1 inside", (double)f);
    CHECK(pf_float(s, NULL, &f_one) == 0.1f, "[0.1, (float)0.1]");
    size_t at = pf_offset(s);
    CHECK(strcmp(pf_text(s, NULL, &empty, &len), "") == 0 && len == 0 &&
          pf_offset(s) == at, "an empty alphabet spells \"\" and reads nothing");
    EQ_U(pf_choice_weighted(s, NULL, w, 3), 2);
    EQ_U(pf_tree_kind_weighted(s, NULL, 5, 3, leaves, 2, 1), 1);
    EQ_U(pf_chunks(s, NULL, 0, sizes, 0), 0);
    pf_end(s);
    /* Fuzzed bytes under the edge options stay inside them. */
    g_rng = 8;
    for (int i = 0; i < 20000 && !g_test_failed; i++) {
        uint8_t b[9];
        for (size_t k = 0; k < sizeof b; k++)
            b[k] = (uint8_t)rnd();
        s = pf_begin("edges", b, sizeof b);
        f = pf_float(s, NULL, &f_near);
        CHECK(f >= 0.1 && f <= 0.2, "[0.1, 0.2]: %.9g", (double)f);
        pf_end(s);
        s = pf_begin("edges", b, sizeof b);
        d = pf_double(s, NULL, &top);
        CHECK(d <= -DBL_MAX && !isinf(d), "[-inf, -DBL_MAX] finite: %g", d);
        pf_end(s);
    }
}

int main(void)
{
    run("misuse_one_line_at_first_call", test_misuse_one_line_first_call);
    run("edges_that_leave_a_value", test_edges_that_leave_a_value);
    return finish();
}
