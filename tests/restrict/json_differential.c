/* Restrictions D1-D9 of harness/json_differential.c, shown against the
 * real libraries, parsed as the harness parses (through the same
 * adapters, adapters/json_adapters.h): each documented refusal is
 * a refusal, each view is what the library really holds, each leniency is
 * really accepted. (D10 is tests/restrict/yajl.c's Y6.) */
#include "propfuzz_json.h"
#include "json_adapters.h"
#include "testkit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static pf_json_pool *g_pool;

/* --- the four parsers: the adapters the harness uses ------------------ */

static pf_json *with(const pf_json_adapter *a, const char *t, size_t n)
{
    return a->parse(a, g_pool, (const uint8_t *)t, n);
}
static pf_json *cjson(const char *t, size_t n) { return with(&pf_json_cjson, t, n); }
static pf_json *jsonc(const char *t, size_t n) { return with(&pf_json_jsonc_strict, t, n); }
static pf_json *jansson(const char *t, size_t n) { return with(&pf_json_jansson, t, n); }
static pf_json *yajl(const char *t, size_t n) { return with(&pf_json_yajl_any_depth, t, n); }

typedef pf_json *(*parser)(const char *, size_t);

/* parse(text) must give the value of JSON text `want` (reference-read). */
static void gives(const char *name, parser p, const char *t, size_t n, const char *want)
{
    pf_json *got = p(t, n);
    pf_json *w = pf_json_parse(g_pool, (const uint8_t *)want, strlen(want), NULL);
    if (!w) {
        fprintf(stderr, "bad expectation %s\n", want);
        abort();
    }
    verdict(name, got && pf_json_equal(w, got, NULL, NULL), "got %s, want %s",
            got ? pf_json_show(g_pool, got) : "refused", pf_json_show(g_pool, w));
}

static void gives_value(const char *name, parser p, const char *t, size_t n,
                        const pf_json *want)
{
    pf_json *got = p(t, n);
    verdict(name, got && pf_json_equal(want, got, NULL, NULL), "got %s, want %s",
            got ? pf_json_show(g_pool, got) : "refused", pf_json_show(g_pool, want));
}

static void refuses(const char *name, parser p, const char *t, size_t n)
{
    pf_json *got = p(t, n);
    verdict(name, got == NULL, "accepted as %s", got ? pf_json_show(g_pool, got) : "");
}

#define S(lit) lit, sizeof lit - 1

static char *nested(size_t depth)
{
    char *t = malloc(2 * depth + 1);
    memset(t, '[', depth);
    memset(t + depth, ']', depth);
    t[2 * depth] = 0;
    return t;
}

/* D1-D3: views of numbers, strings, duplicate keys. */
static void d1_to_d3_views(void)
{
    gives_value("D1 cjson-neg-zero-integer-is-double", cjson, S("-0"),
                pf_json_double(g_pool, -0.0));
    gives_value("D1 cjson-integer-is-double", cjson, S("9007199254740993"),
                pf_json_double(g_pool, 9007199254740992.0));
    /* D2 */
    gives("D2 cjson-string-cut-at-nul", cjson, S("[\"a\\u0000b\"]"), "[\"a\"]");
    gives("D2 cjson-key-cut-at-nul", cjson, S("{\"k\\u0000x\":1}"), "{\"k\":1.0}");
    gives("D2 jsonc-key-cut-at-nul", jsonc, S("{\"k\\u0000x\":1}"), "{\"k\":1}");
    gives("D2 jsonc-string-keeps-nul", jsonc, S("\"a\\u0000b\""), "\"a\\u0000b\"");
    /* D3 */
    gives("D3 cjson-keeps-duplicates", cjson, S("{\"a\":1,\"b\":2,\"a\":3}"),
          "{\"a\":1.0,\"b\":2.0,\"a\":3.0}");
    gives("D3 yajl-keeps-duplicates", yajl, S("{\"a\":1,\"b\":2,\"a\":3}"),
          "{\"a\":1,\"b\":2,\"a\":3}");
    gives("D3 jansson-collapses", jansson, S("{\"a\":1,\"b\":2,\"a\":3}"), "{\"a\":3,\"b\":2}");
    gives("D3 jsonc-collapses", jsonc, S("{\"a\":1,\"b\":2,\"a\":3}"), "{\"a\":3,\"b\":2}");
}

/* D4-D7: integers, overflow, surrogates, U+0000 in keys. */
static void d4_to_d7_refusals(void)
{
    refuses("D4 jansson-refuses-above-int64", jansson, S("9223372036854775808"));
    refuses("D4 yajl-refuses-above-int64", yajl, S("9223372036854775808"));
    refuses("D4 yajl-refuses-int64-min", yajl, S("-9223372036854775808"));
    gives("D4 jansson-reads-int64-min", jansson, S("-9223372036854775808"),
          "-9223372036854775808");
    gives("D4 jsonc-uint64", jsonc, S("18446744073709551615"), "18446744073709551615");
    gives("D4 jsonc-saturates-above", jsonc, S("18446744073709551616"), "18446744073709551615");
    gives("D4 jsonc-saturates-below", jsonc, S("-9223372036854775809"), "-9223372036854775808");
    gives_value("D4 cjson-big-is-double", cjson, S("18446744073709551616"),
                pf_json_double(g_pool, 18446744073709551616.0));
    /* D5 */
    refuses("D5 jansson-refuses-overflow", jansson, S("1e400"));
    refuses("D5 yajl-refuses-overflow", yajl, S("1e400"));
    gives_value("D5 cjson-reads-inf", cjson, S("-1e400"), pf_json_double(g_pool, -INFINITY));
    gives_value("D5 jsonc-reads-inf", jsonc, S("1e400"), pf_json_double(g_pool, INFINITY));
    /* D6 */
    refuses("D6 cjson-refuses-lone-surrogate", cjson, S("\"\\ud800\""));
    refuses("D6 jansson-refuses-lone-surrogate", jansson, S("\"\\udc00\""));
    gives("D6 jsonc-lone-is-fffd", jsonc, S("\"\\ud800\\u0041\""), "\"\\ufffdA\"");
    gives("D6 yajl-high-alone-is-question-mark", yajl, S("\"\\ud800\""), "\"?\"");
    gives("D6 jsonc-pair-for-U+1D800-is-fffd", jsonc, S("\"\\ud836\\udc00\""), "\"\\ufffd\"");
    gives("D6 jsonc-raw-U+1D800-is-kept", jsonc, S("\"\xf0\x9d\xa0\x80\""), "\"\\ud836\\udc00\"");
    /* D7 */
    refuses("D7 jansson-refuses-nul-key", jansson, S("{\"\\u0000\":1}"));
}

/* D8: each library's depth limit (json-c counts a scalar as a level). */
static void d8_depth(void)
{
    static const struct { const char *lib; parser p; size_t max; } limits[] = {
        {"cjson", cjson, 1000}, {"jsonc", jsonc, 32}, {"jansson", jansson, 2048},
        /* (json-c: empty arrays; its levels count a scalar inside, below) */
    };
    for (size_t i = 0; i < 3; i++) {
        char name[64], *ok = nested(limits[i].max), *deep = nested(limits[i].max + 1);
        snprintf(name, sizeof name, "D8 %s-accepts-depth-%zu", limits[i].lib, limits[i].max);
        verdict(name, limits[i].p(ok, strlen(ok)) != NULL, "refused");
        snprintf(name, sizeof name, "D8 %s-refuses-depth-%zu", limits[i].lib, limits[i].max + 1);
        refuses(name, limits[i].p, deep, strlen(deep));
        free(ok);
        free(deep);
    }
    char *j32 = nested(32), *j32s = malloc(66);
    memset(j32s, '[', 32);
    j32s[32] = '1';
    memset(j32s + 33, ']', 32);
    j32s[65] = 0;
    verdict("D8 jsonc-32-empty-levels", jsonc(j32, 64) != NULL, "refused");
    refuses("D8 jsonc-refuses-scalar-in-32-arrays", jsonc, j32s, 65);
    j32s[31] = '1';
    memmove(j32s + 32, j32s + 33, 33);
    verdict("D8 jsonc-scalar-in-31-arrays", jsonc(j32s, 63) != NULL, "refused");
    free(j32);
    free(j32s);
    char *deep = nested(5000);
    verdict("D8 yajl-no-limit", yajl(deep, strlen(deep)) != NULL, "refused");
    free(deep);
}

/* D9: json-c and yajl, validating UTF-8, read a sequence of the right
 * shape that is no UTF-8 as its bytes, and refuse one of the wrong shape;
 * the reference refuses them all. */
static void utf8_shape_leniency(const char *lib, parser p)
{
    static const char *const shaped[] = {"\xc1\x84", "\xe0\x80\xaf", "\xed\xbb\xbf",
                                         "\xf4\x90\x80\x80"};
    char name[64], text[16];
    for (size_t i = 0; i < PF_LEN(shaped); i++) {
        size_t n = (size_t)snprintf(text, sizeof text, "[\"%s\"]", shaped[i]);
        pf_json *want = pf_json_array(g_pool, 1);
        pf_json_push(g_pool, want, pf_json_string(g_pool, shaped[i], strlen(shaped[i])));
        snprintf(name, sizeof name, "D9 %s-utf8-shape-only-%zu", lib, i);
        gives_value(name, p, text, n, want);
        snprintf(name, sizeof name, "D9 reference-refuses-%s-utf8-shape-only-%zu", lib, i);
        verdict(name, !pf_json_parse(g_pool, (const uint8_t *)text, n, NULL), "accepted");
    }
    snprintf(name, sizeof name, "D9 %s-utf8-wrong-shape-refused", lib);
    refuses(name, p, S("[\"\xc1" "A\"]"));
}

/* D9: what each library accepts beyond the reference. */
static void d9_leniencies(void)
{
    gives("D9 cjson-leading-zero", cjson, S("01"), "1.0");
    gives("D9 cjson-bare-point", cjson, S("1."), "1.0");
    gives("D9 cjson-point-first", cjson, S("-.5"), "-0.5");
    gives("D9 cjson-raw-tab", cjson, S("\"a\tb\""), "\"a\\tb\"");
    pf_json *ff = pf_json_array(g_pool, 1);
    pf_json_push(g_pool, ff, pf_json_string(g_pool, "\xff", 1));
    gives_value("D9 cjson-invalid-utf8", cjson, S("[\"\xff\"]"), ff);
    gives("D9 cjson-control-whitespace", cjson, S("[1,\x01 2]"), "[1.0,2.0]");
    gives("D9 cjson-nul-whitespace", cjson, S("[1]\0"), "[1.0]");
    gives("D9 cjson-bom", cjson, S("\xef\xbb\xbf" "1"), "1.0");
    gives("D9 cjson-non-hex-escape-is-nul", cjson, S("[\"\\uX000a\"]"), "[\"\"]");
    gives("D9 jsonc-leading-zeros", jsonc, S("[00,-01]"), "[0,-1]");
    gives("D9 jsonc-bare-point", jsonc, S("[1.]"), "[1.0]");
    gives_value("D9 jsonc-infinity", jsonc, S("-Infinity"), pf_json_double(g_pool, -INFINITY));
    verdict("D9 jsonc-nan", jsonc("NaN", 3) != NULL, "refused");
    gives("D9 jsonc-raw-tab", jsonc, S("\"a\tb\""), "\"a\\tb\"");
    refuses("D9 jsonc-strict-refuses-nul", jsonc, S("1\0"));
    gives("D9 jansson-nul-after-number-skipped", jansson, S("[1\0]"), "[1]");
    gives("D9 jansson-nul-after-literal-skipped", jansson, S("[true\0]"), "[true]");
    refuses("D9 jansson-nul-elsewhere-refused", jansson, S("[1]\0"));
    gives("D9 yajl-vt-ff-whitespace", yajl, S("[\x0b" "1,\x0c" "2]"), "[1,2]");
    gives("D9 yajl-unterminated-string-tail", yajl, S("1 \"abc"), "1");
    refuses("D9 yajl-other-tail-refused", yajl, S("1 x"));
    refuses("D9 jansson-strict-number", jansson, S("01"));
    utf8_shape_leniency("jsonc", jsonc);
    utf8_shape_leniency("yajl", yajl);
}

int main(void)
{
    g_pool = pf_json_pool_new();
    d1_to_d3_views();
    d4_to_d7_refusals();
    d8_depth();
    d9_leniencies();
    pf_json_pool_free(g_pool);
    return finish();
}
