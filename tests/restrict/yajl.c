/* Restrictions of harness/yajl.c, shown against the real yajl: each value
 * or text the strategy excludes is really refused or changed by the
 * library, so the exclusion hides no bug. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yajl/yajl_gen.h>
#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>
#include "testkit.h"


/* A callback parser (as the harness's) that records the last integer and
 * the last string. */
typedef struct seen {
    long long i;
    unsigned char s[64];
    size_t s_len;
} seen;

static int cb_int(void *ctx, long long v) { ((seen *)ctx)->i = v; return 1; }
static int cb_double(void *ctx, double v) { (void)ctx; (void)v; return 1; }
static int cb_string(void *ctx, const unsigned char *s, size_t n)
{
    seen *x = ctx;
    x->s_len = n < sizeof x->s ? n : sizeof x->s;
    memcpy(x->s, s, x->s_len);
    return 1;
}
static int cb_other(void *ctx) { (void)ctx; return 1; }
static int cb_key(void *ctx, const unsigned char *s, size_t n) { (void)ctx; (void)s; (void)n; return 1; }
static int cb_bool(void *ctx, int b) { (void)ctx; (void)b; return 1; }

static const yajl_callbacks callbacks = {
    cb_other, cb_bool, cb_int, cb_double, NULL, cb_string,
    cb_other, cb_key, cb_other, cb_other, cb_other,
};

/* 1 when accepted; *err gets yajl's message when refused. */
static int parse(const char *text, size_t len, seen *x, char *err, size_t errlen)
{
    yajl_handle h = yajl_alloc(&callbacks, NULL, x);
    yajl_status st = yajl_parse(h, (const unsigned char *)text, len);
    if (st == yajl_status_ok)
        st = yajl_complete_parse(h);
    if (st != yajl_status_ok && err) {
        unsigned char *e = yajl_get_error(h, 0, (const unsigned char *)text, len);
        snprintf(err, errlen, "%s", (char *)e);
        yajl_free_error(h, e);
    }
    yajl_free(h);
    return st == yajl_status_ok;
}

/* Y1: LLONG_MIN is refused although yajl_gen writes it. */
static void y1_integers(void)
{
    yajl_gen g = yajl_gen_alloc(NULL);
    yajl_gen_integer(g, INT64_MIN);
    const unsigned char *buf;
    size_t len;
    yajl_gen_get_buf(g, &buf, &len);
    char text[32];
    snprintf(text, sizeof text, "%.*s", (int)len, (const char *)buf);
    yajl_gen_free(g);
    seen x = {0};
    char err[256] = "";
    int ok = parse(text, strlen(text), &x, err, sizeof err);
    verdict("Y1 int64-min-generated-but-refused",
            !strcmp(text, "-9223372036854775808") && !ok && strstr(err, "integer overflow"),
            "text %s, %s", text, ok ? "accepted" : err);
    ok = parse("-9223372036854775807", 20, &x, NULL, 0);
    verdict("Y1 int64-min-plus-1-read", ok && x.i == INT64_MIN + 1, "not read");
    ok = parse("9223372036854775808", 19, &x, err, sizeof err);
    verdict("Y1 above-int64-refused", !ok, "accepted");
}

/* Y2: the generator refuses NaN and infinities; overflow is refused. */
static void y2_finite(void)
{
    yajl_gen g = yajl_gen_alloc(NULL);
    verdict("Y2 gen-refuses-nan", yajl_gen_double(g, NAN) == yajl_gen_invalid_number,
            "NaN generated");
    verdict("Y2 gen-refuses-inf", yajl_gen_double(g, INFINITY) == yajl_gen_invalid_number,
            "inf generated");
    yajl_gen_free(g);
    seen x = {0};
    verdict("Y2 overflow-refused", !parse("1e400", 5, &x, NULL, 0), "accepted");
}

/* Y3: lone surrogate escapes. */
static void y3_surrogates(void)
{
    seen x = {0};
    int ok = parse("\"\\ud800\"", 8, &x, NULL, 0);
    verdict("Y3 high-alone-is-question-mark", ok && x.s_len == 1 && x.s[0] == '?',
            "read %zu bytes", x.s_len);
    ok = parse("\"\\udc00\"", 8, &x, NULL, 0);
    verdict("Y3 low-alone-is-invalid-utf8",
            ok && x.s_len == 3 && !memcmp(x.s, "\xed\xb0\x80", 3), "read %zu bytes",
            x.s_len);
    /* ... which the generator writes raw and the parser, whose UTF-8
     * check does not look at surrogates, reads back. */
    yajl_gen g = yajl_gen_alloc(NULL);
    yajl_gen_string(g, x.s, x.s_len);
    const unsigned char *buf;
    size_t len;
    yajl_gen_get_buf(g, &buf, &len);
    char text[16];
    memcpy(text, buf, len);
    yajl_gen_free(g);
    seen y = {0};
    verdict("Y3 own-text-read-back", parse(text, len, &y, NULL, 0) && y.s_len == 3 &&
               !memcmp(y.s, "\xed\xb0\x80", 3), "refused or changed");
    ok = parse("\"\\ud800\\u0041\"", 14, &x, NULL, 0);
    verdict("Y3 high-then-other-escape-is-U+10041",
            ok && x.s_len == 4 && !memcmp(x.s, "\xf0\x90\x81\x81", 4), "read %zu bytes",
            x.s_len);
}

/* Y4: yajl_tree keeps keys as C strings. */
static void y4_tree_keys(void)
{
    char err[128];
    yajl_val t = yajl_tree_parse("{\"\":1,\"\\u0000\":2}", err, sizeof err);
    verdict("Y4 tree-nul-key-is-empty",
            t && YAJL_IS_OBJECT(t) && t->u.object.len == 2 &&
               !strcmp(t->u.object.keys[0], "") && !strcmp(t->u.object.keys[1], ""),
            "not as described");
    const char *path[] = {"", NULL};
    yajl_val v = t ? yajl_tree_get(t, path, yajl_t_any) : NULL;
    verdict("Y4 tree-get-finds-the-first", v && YAJL_IS_INTEGER(v) && YAJL_GET_INTEGER(v) == 1,
            "not the first");
    yajl_tree_free(t);
}

/* Y5: no depth limit. */
static void y5_depth(void)
{
    size_t n = 20000;
    char *deep = malloc(2 * n);
    memset(deep, '[', n);
    memset(deep + n, ']', n);
    seen x = {0};
    verdict("Y5 no-depth-limit", parse(deep, 2 * n, &x, NULL, 0), "refused");
    free(deep);
}

/* Y6: yajl_parse_integer overflows a long long before it checks: under
 * UBSan the process aborts, so the parse runs in a child. */
static void y6_integer_ub(void)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        seen x = {0};
        /* The first 18 digits are 922337203685477583: times 10 overflows. */
        parse("92233720368547758300", 20, &x, NULL, 0);
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    verdict("Y6 parse-integer-overflows",
            WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) != 0),
            "the child parsed it cleanly (UB not detected)");
    seen x = {0};
    verdict("Y6 below-the-window-is-refused-cleanly",
            !parse("92233720368547758000", 20, &x, NULL, 0), "accepted");
}

/* Y7: yajl_tree keeps a subnormal double's value but does not call it a
 * double: strtod reports ERANGE on underflow (C11 7.22.1.3 allows it;
 * glibc does) and yajl_tree sets YAJL_NUMBER_DOUBLE_VALID only when errno
 * stays 0. The callback parser reads it as a double. */
static void y7_subnormal(void)
{
    char err[128];
    yajl_val t = yajl_tree_parse("[4.9406564584124654e-324,2.2250738585072014e-308]", err,
                                 sizeof err);
    verdict("Y7 tree-subnormal-not-double",
            t && YAJL_IS_ARRAY(t) && t->u.array.len == 2 &&
               !YAJL_IS_DOUBLE(t->u.array.values[0]) &&
               t->u.array.values[0]->u.number.d == 4.9406564584124654e-324 &&
               YAJL_IS_DOUBLE(t->u.array.values[1]),
            "not as described");
    yajl_tree_free(t);
}

int main(void)
{
    y1_integers();
    y2_finite();
    y3_surrogates();
    y4_tree_keys();
    y5_depth();
    y6_integer_ub();
    y7_subnormal();
    return finish();
}
