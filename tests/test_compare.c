/* Unit tests of the comparison helpers the oracles use (design §4):
 * bit-exact float equality, ULP distance, tolerances, the path of the
 * first difference, and the byte renderings used in reports. */
#include "propfuzz.h"
#include "testkit.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static void eq_s(int line, const char *what, const char *got, const char *want)
{
    if (strcmp(got, want) != 0)
        fail_at(line, "%s = '%s', want '%s'", what, got, want);
}
#define EQ_S(a, b) eq_s(__LINE__, #a, (a), (b))

static double dbl(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}
static float flt(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* --- bit-exact equality ---------------------------------------------- */

static void test_f64_bits_equal(void)
{
    EQ_U(pf_f64_bits_equal(1.0, 1.0), 1);
    EQ_U(pf_f64_bits_equal(0.0, -0.0), 0);
    EQ_U(pf_f64_bits_equal(-0.0, -0.0), 1);
    EQ_U(pf_f64_bits_equal(1.0, nextafter(1.0, 2.0)), 0);
    EQ_U(pf_f64_bits_equal(NAN, NAN), 1); /* same bits: equal, unlike == */
    EQ_U(pf_f64_bits_equal(dbl(0x7ff8000000000000), dbl(0x7ff8000000000001)), 0);
    EQ_U(pf_f64_bits_equal(dbl(0x7ff0000000000001), dbl(0x7ff0000000000001)), 1);
    EQ_U(pf_f64_bits_equal(dbl(0x7ff8000000000000), dbl(0xfff8000000000000)), 0);
    EQ_U(pf_f64_bits_equal(INFINITY, INFINITY), 1);
    EQ_U(pf_f64_bits_equal(INFINITY, -INFINITY), 0);
}

static void test_f32_bits_equal(void)
{
    EQ_U(pf_f32_bits_equal(1.0f, 1.0f), 1);
    EQ_U(pf_f32_bits_equal(0.0f, -0.0f), 0);
    EQ_U(pf_f32_bits_equal(1.0f, nextafterf(1.0f, 2.0f)), 0);
    EQ_U(pf_f32_bits_equal(flt(0x7fc00000), flt(0x7fc00000)), 1);
    EQ_U(pf_f32_bits_equal(flt(0x7fc00000), flt(0x7fc00001)), 0);
    EQ_U(pf_f32_bits_equal(flt(0x7fc00000), flt(0xffc00000)), 0);
}

/* --- ULP distance -------------------------------------------------------- */

static void test_ulp_distance(void)
{
    const double tiny = 0x1p-1074;
    EQ_U(pf_ulp_distance(1.0, 1.0), 0);
    EQ_U(pf_ulp_distance(1.0, nextafter(1.0, 2.0)), 1);
    EQ_U(pf_ulp_distance(nextafter(1.0, 2.0), 1.0), 1);
    EQ_U(pf_ulp_distance(1.0, nextafter(1.0, 0.0)), 1);
    EQ_U(pf_ulp_distance(1.0, 2.0), UINT64_C(1) << 52);
    EQ_U(pf_ulp_distance(-0.0, 0.0), 0);          /* the zeros meet */
    EQ_U(pf_ulp_distance(0.0, tiny), 1);
    EQ_U(pf_ulp_distance(-0.0, tiny), 1);
    EQ_U(pf_ulp_distance(-tiny, tiny), 2);         /* across zero */
    EQ_U(pf_ulp_distance(-1.0, 1.0), UINT64_C(0x7fe0000000000000));
    EQ_U(pf_ulp_distance(DBL_MAX, INFINITY), 1);
    EQ_U(pf_ulp_distance(-INFINITY, INFINITY), UINT64_C(0xffe0000000000000));
    EQ_U(pf_ulp_distance(NAN, 1.0), UINT64_MAX);
    EQ_U(pf_ulp_distance(1.0, NAN), UINT64_MAX);
    EQ_U(pf_ulp_distance(NAN, NAN), UINT64_MAX);
    EQ_U(pf_ulp_distance(dbl(0x7ff0000000000001), INFINITY), UINT64_MAX);
    /* Adjacent doubles are 1 apart everywhere, and the distance is
     * symmetric. */
    g_rng = 1;
    for (int i = 0; i < 100000 && !g_test_failed; i++) {
        double x = dbl(rnd());
        if (isnan(x) || isinf(x))
            continue;
        double up = nextafter(x, INFINITY), down = nextafter(x, -INFINITY);
        CHECK(pf_ulp_distance(x, up) == 1 && pf_ulp_distance(down, x) == 1 &&
              pf_ulp_distance(down, up) == 2 && pf_ulp_distance(up, down) == 2,
              "neighbours of %a", x);
    }
}

/* --- tolerances ------------------------------------------------------------ */

static void test_close(void)
{
    const pf_tolerance exact = {0, 0, 0};
    const pf_tolerance rel1 = {.rel = 0.01}, rel05 = {.rel = 0.005};
    const pf_tolerance abs9 = {.abs = 1e-9}, abs11 = {.abs = 1e-11};
    const pf_tolerance ulp1 = {.ulps = 1}, ulp2 = {.ulps = 2};
    const pf_tolerance loose = {.rel = 1, .abs = 1e300, .ulps = 1000};
    const double one_up = nextafter(1.0, 2.0), two_up = nextafter(one_up, 2.0);
    const double tiny = 0x1p-1074;
    EQ_U(pf_close(NAN, NAN, exact), 1);
    EQ_U(pf_close(NAN, 1.0, loose), 0);
    EQ_U(pf_close(1.0, NAN, loose), 0);
    EQ_U(pf_close(INFINITY, INFINITY, exact), 1);
    EQ_U(pf_close(INFINITY, -INFINITY, loose), 0);
    EQ_U(pf_close(INFINITY, DBL_MAX, loose), 0);
    EQ_U(pf_close(0.0, -0.0, exact), 1);
    EQ_U(pf_close(1.0, 1.0, exact), 1);
    EQ_U(pf_close(1.0, one_up, exact), 0);
    EQ_U(pf_close(100.0, 101.0, rel1), 1);       /* 1 <= 0.01 * 101 */
    EQ_U(pf_close(101.0, 100.0, rel1), 1);
    EQ_U(pf_close(100.0, 101.0, rel05), 0);
    EQ_U(pf_close(-100.0, -101.0, rel1), 1);
    EQ_U(pf_close(1e-10, 0.0, abs9), 1);
    EQ_U(pf_close(1e-10, 0.0, abs11), 0);
    EQ_U(pf_close(1e-10, 0.0, rel1), 0);         /* rel alone fails near 0 */
    EQ_U(pf_close(1.0, one_up, ulp1), 1);
    EQ_U(pf_close(1.0, two_up, ulp1), 0);
    EQ_U(pf_close(1.0, two_up, ulp2), 1);
    EQ_U(pf_close(-tiny, tiny, ulp2), 1);        /* ULPs across zero */
    EQ_U(pf_close(-tiny, tiny, ulp1), 0);
    EQ_U(pf_close(1.0, 1.5, ulp2), 0);
}

/* --- difference paths ---------------------------------------------------- */

static void test_path(void)
{
    pf_path p = {0};
    pf_path_key(&p, (const uint8_t *)"", 0);
    size_t saved = p.len;
    pf_path_index(&p, 1);
    EQ_S(p.text, "[\"\"][1]"); /* the report's example */
    EQ_U(p.len, strlen(p.text));
    pf_path_pop(&p, saved);
    EQ_S(p.text, "[\"\"]");
    EQ_U(p.len, saved);
    pf_path_pop(&p, 100);     /* longer than the path: nothing to pop */
    EQ_S(p.text, "[\"\"]");
    pf_path_pop(&p, 0);
    EQ_S(p.text, "");
    EQ_U(p.len, 0);

    pf_path_key(&p, (const uint8_t *)"a\"b\\", 4);
    pf_path_index(&p, SIZE_MAX);
    EQ_S(p.text, "[\"a\\\"b\\\\\"][18446744073709551615]");
    pf_path_pop(&p, 0);
    pf_path_key(&p, (const uint8_t *)"\0\n\xc3\xa9\xff", 5);
    EQ_S(p.text, "[\"\\u0000\\n\xc3\xa9\\xff\"]");
    pf_path_pop(&p, 0);

    char key[50];
    memset(key, 'x', sizeof key);
    pf_path_key(&p, (const uint8_t *)key, sizeof key); /* cut at 40 */
    EQ_S(p.text, "[\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"...]");
    pf_path_pop(&p, 0);

    for (size_t i = 0; i < 100; i++) /* overflow: truncated, terminated */
        pf_path_index(&p, 12345);
    CHECK(p.len <= sizeof p.text - 1 && p.text[p.len] == 0 && strlen(p.text) == p.len,
          "overflowed path: len %zu", p.len);
    CHECK(strncmp(p.text, "[12345][12345]", 14) == 0, "overflowed path prefix");
    size_t full = p.len;
    pf_path_key(&p, (const uint8_t *)"k", 1);
    EQ_U(p.len, full);
}

/* --- rendering bytes ------------------------------------------------------ */

static const char *quoted(pf_buf *b, const char *s, size_t n)
{
    b->len = 0;
    pf_buf_quote(b, (const uint8_t *)s, n);
    return pf_buf_str(b);
}

static void test_buf_quote(void)
{
    pf_buf b = {0};
    EQ_S(quoted(&b, "", 0), "\"\"");
    EQ_S(quoted(&b, "abc", 3), "\"abc\"");
    EQ_S(quoted(&b, "a\"b\\c", 5), "\"a\\\"b\\\\c\"");
    EQ_S(quoted(&b, "\n\t\r", 3), "\"\\n\\t\\u000d\"");
    EQ_S(quoted(&b, "\0\x01\x1f\x7f", 4), "\"\\u0000\\u0001\\u001f\\u007f\"");
    /* valid UTF-8 stays as text, astral too */
    EQ_S(quoted(&b, "\xc3\xa9\xe2\x80\xae\xf0\x9f\x98\x80", 9),
         "\"\xc3\xa9\xe2\x80\xae\xf0\x9f\x98\x80\"");
    /* anything else byte by byte as \xNN */
    EQ_S(quoted(&b, "\xff", 1), "\"\\xff\"");
    EQ_S(quoted(&b, "a\xc3", 2), "\"a\\xc3\"");          /* truncated */
    EQ_S(quoted(&b, "\xc0\xaf", 2), "\"\\xc0\\xaf\"");    /* overlong */
    EQ_S(quoted(&b, "\xe0\x80\x80", 3), "\"\\xe0\\x80\\x80\"");
    EQ_S(quoted(&b, "\xed\xa0\x80", 3), "\"\\xed\\xa0\\x80\""); /* surrogate */
    EQ_S(quoted(&b, "\xf4\x90\x80\x80", 4), "\"\\xf4\\x90\\x80\\x80\"");
    EQ_S(quoted(&b, "\xc3(", 2), "\"\\xc3(\"");
    /* appends to what is there */
    b.len = 0;
    pf_buf_put(&b, "k=", 2);
    pf_buf_quote(&b, (const uint8_t *)"v", 1);
    EQ_S(pf_buf_str(&b), "k=\"v\"");
    pf_buf_free(&b);
}

static void test_buf_hex(void)
{
    static const uint8_t d[] = {0x00, 0xab, 0x10, 0xff};
    pf_buf b = {0};
    pf_buf_hex(&b, d, 3, 10);
    EQ_S(pf_buf_str(&b), "00 ab 10");
    b.len = 0;
    pf_buf_hex(&b, d, 4, 4);
    EQ_S(pf_buf_str(&b), "00 ab 10 ff");
    b.len = 0;
    pf_buf_hex(&b, d, 4, 2);
    EQ_S(pf_buf_str(&b), "00 ab ... (2 more)");
    b.len = 0;
    pf_buf_hex(&b, d, 0, 10);
    EQ_S(pf_buf_str(&b), "");
    b.len = 0;
    pf_buf_put(&b, "x: ", 3);
    pf_buf_hex(&b, d + 3, 1, 8);
    EQ_S(pf_buf_str(&b), "x: ff");
    pf_buf_free(&b);
}

int main(void)
{
    run("f64_bits_equal", test_f64_bits_equal);
    run("f32_bits_equal", test_f32_bits_equal);
    run("ulp_distance", test_ulp_distance);
    run("close_rel_abs_ulps", test_close);
    run("path_index_key_pop", test_path);
    run("buf_quote", test_buf_quote);
    run("buf_hex", test_buf_hex);
    return finish();
}
