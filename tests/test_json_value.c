/* Unit tests of the JSON value module (include/propfuzz_json.h): the
 * strategy and its inverse, equality and paths, printing, the text writer
 * and the strict reference parser. The shared JSON properties are tested
 * in test_json_props.c. */
#include "propfuzz.h"
#include "propfuzz_json.h"
#include "testkit.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *show(pf_json_pool *p, const pf_json *v)
{
    return pf_json_show(p, v);
}

/* The option sets the JSON targets use. */
static const pf_json_opts opt_sets[] = {
    {0},
    {.no_int = true, .no_nul = true},
    {.uint = true, .nonfinite = true, .no_nul_keys = true},
    {.max_depth = 2, .max_items = 3, .max_string = 5},
    {.no_int = true, .double_max = 1e10},
};
#define N_OPT_SETS (sizeof opt_sets / sizeof opt_sets[0])

/* --- tests ---------------------------------------------------------------- */

static void test_zeros_draw_null(void)
{
    uint8_t zeros[64] = {0};
    pf_json_pool *p = pf_json_pool_new();
    for (size_t k = 0; k < N_OPT_SETS; k++) {
        pf_src *s = pf_begin("t", zeros, sizeof zeros);
        pf_json *v = pf_json_draw(s, p, &opt_sets[k]);
        CHECK(v->type == PF_JSON_NULL, "opts %zu: zeros drew %s", k, show(p, v));
        pf_end(s);
        s = pf_begin("t", NULL, 0);
        v = pf_json_draw(s, p, &opt_sets[k]);
        CHECK(v->type == PF_JSON_NULL, "opts %zu: empty input drew %s", k, show(p, v));
        pf_end(s);
    }
    pf_json_pool_free(p);
}

/* Draws from random bytes, re-encodes, redraws: the same value, and the
 * drawn value respects its options. */
static void test_draw_encode_inverse(void)
{
    pf_json_pool *p = pf_json_pool_new();
    uint8_t bytes[512];
    for (int iter = 0; iter < 3000 && !g_test_failed; iter++) {
        const pf_json_opts *o = &opt_sets[iter % N_OPT_SETS];
        size_t n = rnd() % sizeof bytes;
        for (size_t i = 0; i < n; i++) {
            uint64_t r = rnd();
            /* Bias towards small bytes: more structure, more flags. */
            bytes[i] = (uint8_t)(r % 4 == 0 ? r >> 8 : (r >> 8) % 12);
        }
        pf_src *s = pf_begin("t", bytes, n);
        pf_json *v = pf_json_draw(s, p, o);
        pf_end(s);
        CHECK(pf_json_drawable(o, v), "drawn value not drawable: %s", show(p, v));
        pf_buf e = {0};
        pf_json_enc(&e, o, v);
        s = pf_begin("t", e.data, e.len);
        pf_json *w = pf_json_draw(s, p, o);
        pf_end(s);
        pf_path path = {0};
        CHECK(pf_json_equal(v, w, NULL, &path), "redraw differs at %s: %s vs %s",
              path.text, show(p, v), show(p, w));
        pf_buf_free(&e);
        pf_json_pool_reset(p);
    }
    pf_json_pool_free(p);
}

static void walk_check(const pf_json *v, const pf_json_opts *o, unsigned depth,
                       int *bad)
{
    unsigned cap = o->max_depth ? o->max_depth : 4;
    if ((v->type == PF_JSON_ARRAY || v->type == PF_JSON_OBJECT) && depth >= cap)
        *bad = 1;
    if (v->type == PF_JSON_STRING && o->no_nul && memchr(v->v.s, 0, v->n))
        *bad = 2;
    if (v->type == PF_JSON_INT && o->no_int)
        *bad = 3;
    if (v->type == PF_JSON_DOUBLE && !o->nonfinite && !isfinite(v->v.d))
        *bad = 4;
    if (v->type == PF_JSON_UINT && v->v.u <= (uint64_t)INT64_MAX)
        *bad = 5;
    if (v->type == PF_JSON_DOUBLE && o->double_max > 0 && !(fabs(v->v.d) <= o->double_max))
        *bad = 8;
    if (v->type == PF_JSON_ARRAY)
        for (size_t i = 0; i < v->n; i++)
            walk_check(v->v.items[i], o, depth + 1, bad);
    if (v->type == PF_JSON_OBJECT)
        for (size_t i = 0; i < v->n; i++) {
            const pf_json_member *m = &v->v.members[i];
            if ((o->no_nul || o->no_nul_keys) && memchr(m->key, 0, m->key_len))
                *bad = 6;
            for (size_t j = 0; j < i; j++)
                if (v->v.members[j].key_len == m->key_len &&
                    memcmp(v->v.members[j].key, m->key, m->key_len) == 0)
                    *bad = 7;
            walk_check(m->value, o, depth + 1, bad);
        }
}

static void test_draw_respects_options(void)
{
    pf_json_pool *p = pf_json_pool_new();
    uint8_t bytes[400];
    int seen_types = 0;
    for (int iter = 0; iter < 4000 && !g_test_failed; iter++) {
        const pf_json_opts *o = &opt_sets[iter % N_OPT_SETS];
        for (size_t i = 0; i < sizeof bytes; i++)
            bytes[i] = (uint8_t)(rnd() % 3 ? rnd() % 9 : rnd());
        pf_src *s = pf_begin("t", bytes, sizeof bytes);
        pf_json *v = pf_json_draw(s, p, o);
        pf_end(s);
        int bad = 0;
        walk_check(v, o, 0, &bad);
        CHECK(!bad, "option broken (%d) in %s", bad, show(p, v));
        seen_types |= 1 << v->type;
        pf_json_pool_reset(p);
    }
    CHECK(seen_types == (1 << PF_JSON_N_TYPES) - 1, "types seen 0x%x", seen_types);
    pf_json_pool_free(p);
}

/* A value from a JSON text, through the reference parser. */
static pf_json *J(pf_json_pool *p, const char *text)
{
    pf_json_parse_info info;
    pf_json *v = pf_json_parse(p, (const uint8_t *)text, strlen(text), &info);
    if (!v) {
        fprintf(stderr, "bad test JSON %s: %s\n", text, pf_json_err_names[info.err]);
        abort();
    }
    return v;
}

static void test_equal_and_paths(void)
{
    pf_json_pool *p = pf_json_pool_new();
    pf_path path = {0};
    CHECK(!pf_json_equal(J(p, "1"), J(p, "1.0"), NULL, NULL), "1 == 1.0");
    CHECK(!pf_json_equal(J(p, "1"), J(p, "true"), NULL, NULL), "1 == true");
    CHECK(!pf_json_equal(J(p, "0.0"), J(p, "-0.0"), NULL, NULL), "0.0 == -0.0");
    CHECK(pf_json_equal(J(p, "[1,{\"a\":[null]}]"), J(p, "[1,{\"a\":[null]}]"), NULL, NULL),
          "equal trees differ");
    CHECK(!pf_json_equal(J(p, "[1,{\"a\":[null, 2]}]"), J(p, "[1,{\"a\":[null, 3]}]"),
                         NULL, &path), "different trees equal");
    CHECK(strcmp(path.text, "[1][\"a\"][1]") == 0, "path %s", path.text);
    path = (pf_path){0};
    CHECK(!pf_json_equal(J(p, "{\"a\":1,\"b\":2}"), J(p, "{\"b\":2,\"a\":1}"), NULL, &path),
          "member order ignored when ordered");
    CHECK(strcmp(path.text, "[0][\"key\"]") == 0, "path %s", path.text);
    pf_json_eq un = {.unordered = true};
    CHECK(pf_json_equal(J(p, "{\"a\":1,\"b\":2}"), J(p, "{\"b\":2,\"a\":1}"), &un, NULL),
          "unordered objects differ");
    path = (pf_path){0};
    CHECK(!pf_json_equal(J(p, "{\"a\":1}"), J(p, "{\"a\":1,\"c\":2}"), &un, &path),
          "missing member ignored");
    CHECK(strcmp(path.text, "[\"c\"]") == 0, "path %s", path.text);
    path = (pf_path){0};
    CHECK(!pf_json_equal(J(p, "[1]"), J(p, "[1,2]"), NULL, &path), "lengths ignored");
    CHECK(strcmp(path.text, "[1]") == 0, "path %s", path.text);
    /* Tolerance and NaN. */
    pf_tolerance tol = {.rel = DBL_EPSILON};
    pf_json_eq close = {.tol = &tol};
    CHECK(pf_json_equal(pf_json_double(p, 0.1 + 0.2), pf_json_double(p, 0.3), &close, NULL),
          "1 ulp not within DBL_EPSILON");
    CHECK(!pf_json_equal(pf_json_double(p, 0.1 + 0.2), pf_json_double(p, 0.3), NULL, NULL),
          "1 ulp equal bit-exactly");
    double n1 = nan(""), n2 = -nan("7");
    pf_json_eq nan_any = {.nan_any = true};
    CHECK(pf_json_equal(pf_json_double(p, n1), pf_json_double(p, n2), &nan_any, NULL),
          "nan_any");
    CHECK(!pf_json_equal(pf_json_double(p, n1), pf_json_double(p, n2), NULL, NULL),
          "NaN payloads ignored");
    pf_json *c = J(p, "{\"k\":[1,2.5,\"s\\u0000\",{}],\"\":null}");
    CHECK(pf_json_equal(c, pf_json_copy(p, c), NULL, NULL), "copy differs");
    pf_json_pool_free(p);
}

static void test_print(void)
{
    pf_json_pool *p = pf_json_pool_new();
    pf_json *v = J(p, "[null,true,-5,18446744073709551615,0.5,-0.0,\"a\\n\\u0000\",{\"k\":[]}]");
    const char *want = "[null, true, -5, 18446744073709551615u, f64(0.5), f64(-0), "
                       "\"a\\n\\u0000\", {\"k\": []}]";
    CHECK(strcmp(show(p, v), want) == 0, "print %s", show(p, v));
    pf_buf b = {0};
    pf_json_print(&b, J(p, "[\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",1,2,3,4,5,6,7,8,9]"), 20);
    CHECK(strstr(pf_buf_str(&b), "(cut)") != NULL, "not cut: %s", pf_buf_str(&b));
    pf_buf_free(&b);
    pf_json_pool_free(p);
}

/* write(v) parses back to v, in every writer mode, for drawn values. */
static void test_write_parse_round_trip(void)
{
    pf_json_pool *p = pf_json_pool_new();
    uint8_t bytes[400], ws_bytes[256];
    pf_json_opts o = {.uint = true};
    for (int iter = 0; iter < 3000 && !g_test_failed; iter++) {
        for (size_t i = 0; i < sizeof bytes; i++)
            bytes[i] = (uint8_t)(rnd() % 3 ? rnd() % 9 : rnd());
        for (size_t i = 0; i < sizeof ws_bytes; i++)
            ws_bytes[i] = (uint8_t)rnd();
        pf_src *s = pf_begin("t", bytes, sizeof bytes);
        pf_json *v = pf_json_draw(s, p, &o);
        pf_end(s);
        pf_src *ws = pf_begin("ws", ws_bytes, sizeof ws_bytes);
        pf_json_write_opts modes[] = {{0}, {.ascii = true}, {.escape_all = true},
                                      {.ws = ws}};
        for (size_t m = 0; m < 4; m++) {
            pf_buf b = {0};
            pf_json_write(&b, v, &modes[m]);
            pf_json_parse_info info;
            pf_json *w = pf_json_parse(p, b.data, b.len, &info);
            pf_path path = {0};
            CHECK(w != NULL, "mode %zu: parser refused %s: %s at %zu", m,
                  pf_buf_str(&b), pf_json_err_names[info.err], info.offset);
            CHECK(!w || pf_json_equal(v, w, NULL, &path),
                  "mode %zu: %s parsed as %s (at %s)", m, pf_buf_str(&b),
                  w ? show(p, w) : "-", path.text);
            pf_buf_free(&b);
        }
        pf_end(ws);
        pf_json_pool_reset(p);
    }
    pf_json_pool_free(p);
}

static void test_write_forms(void)
{
    pf_json_pool *p = pf_json_pool_new();
    struct { pf_json *v; const char *want; } cases[] = {
        {pf_json_double(p, 1.0), "1.0"},
        {pf_json_double(p, -0.0), "-0.0"},
        {pf_json_double(p, 1e300), "1.0000000000000001e+300"},
        {pf_json_double(p, INFINITY), "Infinity"},
        {pf_json_int(p, INT64_MIN), "-9223372036854775808"},
        {pf_json_uint(p, UINT64_MAX), "18446744073709551615"},
        {pf_json_string(p, "\"\\\x01\x7f\xc3\xa9", 6), "\"\\\"\\\\\\u0001\x7f\xc3\xa9\""},
        {J(p, "{\"a\":[1,{}],\"b\":\"\"}"), "{\"a\":[1,{}],\"b\":\"\"}"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pf_buf b = {0};
        pf_json_write(&b, cases[i].v, NULL);
        CHECK(strcmp(pf_buf_str(&b), cases[i].want) == 0, "wrote %s, want %s",
              pf_buf_str(&b), cases[i].want);
        pf_buf_free(&b);
    }
    pf_buf b = {0};
    pf_json_write_opts a = {.ascii = true};
    pf_json_write(&b, pf_json_string(p, "\xc3\xa9\xf0\x9f\x98\x80", 6), &a);
    CHECK(strcmp(pf_buf_str(&b), "\"\\u00e9\\ud83d\\ude00\"") == 0, "ascii %s", pf_buf_str(&b));
    pf_buf_free(&b);
    pf_json_pool_free(p);
}

static void test_parse_accepts(void)
{
    static const char *const good[] = {
        "null", " true ", "false", "0", "-0", "1", "-1", "1.5", "-1.5e10",
        "1E+2", "1e-2", "\"\"", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\u00e9\"",
        "\"\\ud83d\\ude00\"", "[]", "[ ]", "{}", "{ }", "[1,[2,[3]]]",
        "{\"a\":{\"b\":[]}}", "\t\n\r [ null , true ] \n", "\"\xc3\xa9\xf0\x9f\x98\x80\"",
        "9223372036854775807", "-9223372036854775808", "18446744073709551615",
    };
    pf_json_pool *p = pf_json_pool_new();
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        pf_json_parse_info info;
        pf_json *v = pf_json_parse(p, (const uint8_t *)good[i], strlen(good[i]), &info);
        CHECK(v != NULL, "refused %s: %s at %zu", good[i], pf_json_err_names[info.err],
              info.offset);
    }
    CHECK(J(p, "-9223372036854775808")->type == PF_JSON_INT, "INT64_MIN not int");
    CHECK(J(p, "18446744073709551615")->type == PF_JSON_UINT, "UINT64_MAX not uint");
    CHECK(J(p, "9223372036854775807")->type == PF_JSON_INT, "INT64_MAX not int");
    CHECK(J(p, "1.0")->type == PF_JSON_DOUBLE, "1.0 not double");
    CHECK(J(p, "-0")->type == PF_JSON_INT && J(p, "-0")->v.i == 0, "-0 not int 0");
    CHECK(strcmp(J(p, "\"\\ud83d\\ude00\"")->v.s, "\xf0\x9f\x98\x80") == 0, "pair");
    CHECK(strcmp(J(p, "12.50")->lit, "12.50") == 0, "literal not kept");
    pf_json_pool_free(p);
}

static void test_parse_rejects(void)
{
    static const struct { const char *text; size_t len; pf_json_err err; } bad[] = {
        {"", 0, PF_JSON_ERR_EMPTY},
        {"  ", 2, PF_JSON_ERR_EMPTY},
        {"1 2", 3, PF_JSON_ERR_TRAILING},
        {"nul", 3, PF_JSON_ERR_EOF},
        {"nulx", 4, PF_JSON_ERR_TOKEN},
        {"nullx", 5, PF_JSON_ERR_TOKEN},
        {"True", 4, PF_JSON_ERR_TOKEN},
        {"NaN", 3, PF_JSON_ERR_TOKEN},
        {"'a'", 3, PF_JSON_ERR_TOKEN},
        {"01", 2, PF_JSON_ERR_NUMBER},
        {"-", 1, PF_JSON_ERR_NUMBER},
        {"1.", 2, PF_JSON_ERR_NUMBER},
        {".5", 2, PF_JSON_ERR_TOKEN},
        {"+1", 2, PF_JSON_ERR_TOKEN},
        {"1e", 2, PF_JSON_ERR_NUMBER},
        {"1e+", 3, PF_JSON_ERR_NUMBER},
        {"1.5.5", 5, PF_JSON_ERR_NUMBER},
        {"-01", 3, PF_JSON_ERR_NUMBER},
        {"\"a\tb\"", 5, PF_JSON_ERR_CONTROL},
        {"\"\\x\"", 4, PF_JSON_ERR_ESCAPE},
        {"\"\\u12g4\"", 8, PF_JSON_ERR_ESCAPE},
        {"\"\xff\"", 3, PF_JSON_ERR_UTF8},
        {"\"\xed\xa0\x80\"", 5, PF_JSON_ERR_UTF8},
        {"\"\xc0\x80\"", 4, PF_JSON_ERR_UTF8},
        {"[1,]", 4, PF_JSON_ERR_SYNTAX},
        {"[1 2]", 5, PF_JSON_ERR_SYNTAX},
        {"{\"a\" 1}", 7, PF_JSON_ERR_SYNTAX},
        {"{\"a\":1,}", 8, PF_JSON_ERR_SYNTAX},
        {"{1:1}", 5, PF_JSON_ERR_SYNTAX},
        {"[", 1, PF_JSON_ERR_EOF},
        {"[1", 2, PF_JSON_ERR_EOF},
        {"\"abc", 4, PF_JSON_ERR_EOF},
        {"1\0", 2, PF_JSON_ERR_NUL},
        {"\"a\0\"", 4, PF_JSON_ERR_NUL},
        {"\x0b" "1", 2, PF_JSON_ERR_WS},
        {"[1\x0c]", 4, PF_JSON_ERR_WS},
        {"\xef\xbb\xbf" "1", 4, PF_JSON_ERR_BOM},
        {"/* c */ 1", 9, PF_JSON_ERR_TOKEN},
        {"]", 1, PF_JSON_ERR_SYNTAX},
    };
    pf_json_pool *p = pf_json_pool_new();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pf_json_parse_info info;
        pf_json *v = pf_json_parse(p, (const uint8_t *)bad[i].text, bad[i].len, &info);
        CHECK(v == NULL, "accepted %s", bad[i].text);
        CHECK(info.err == bad[i].err, "%s: %s, want %s", bad[i].text,
              pf_json_err_names[info.err], pf_json_err_names[bad[i].err]);
    }
    pf_json_pool_free(p);
}

static void test_parse_flags(void)
{
    static const struct { const char *text; unsigned flag; } cases[] = {
        {"18446744073709551615", PF_JSON_F_BIG_INT},
        {"18446744073709551616", PF_JSON_F_HUGE_INT},
        {"-9223372036854775809", PF_JSON_F_HUGE_INT},
        {"-0", PF_JSON_F_NEG_ZERO},
        {"1e400", PF_JSON_F_OVERFLOW},
        {"-1e400", PF_JSON_F_OVERFLOW},
        {"1e-400", PF_JSON_F_UNDERFLOW},
        {"[\"a\\u0000\"]", PF_JSON_F_NUL_STR},
        {"{\"a\\u0000\":1}", PF_JSON_F_NUL_KEY},
        {"\"\\ud800\"", PF_JSON_F_LONE_SURROGATE},
        {"\"\\udc00\\ud800\"", PF_JSON_F_LONE_SURROGATE},
        {"{\"a\":1,\"a\":2}", PF_JSON_F_DUP_KEY},
    };
    pf_json_pool *p = pf_json_pool_new();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pf_json_parse_info info;
        pf_json *v = pf_json_parse(p, (const uint8_t *)cases[i].text,
                                   strlen(cases[i].text), &info);
        CHECK(v && (info.flags & cases[i].flag), "%s: flags 0x%x", cases[i].text,
              info.flags);
    }
    pf_json_parse_info info;
    pf_json_parse(p, (const uint8_t *)"1.0e0", 5, &info);
    CHECK(info.flags == 0, "1.0e0 flags 0x%x", info.flags);
    pf_json_parse(p, (const uint8_t *)"0.0", 3, &info);
    CHECK(info.flags == 0, "0.0 flags 0x%x", info.flags);
    pf_json *v = J(p, "\"\\ud800x\"");
    CHECK(v->n == 4 && memcmp(v->v.s, "\xed\xa0\x80x", 4) == 0, "lone surrogate bytes");
    pf_json_parse(p, (const uint8_t *)"[[[{\"a\":[]}]]]", 14, &info);
    CHECK(info.depth == 5, "depth %u", info.depth);
    CHECK(pf_json_depth(J(p, "[[[{\"a\":[]}]]]")) == 5, "pf_json_depth");
    /* Very deep nesting: no recursion in the parser. */
    size_t n = 200000;
    char *deep = malloc(2 * n);
    memset(deep, '[', n);
    memset(deep + n, ']', n);
    v = pf_json_parse(p, (const uint8_t *)deep, 2 * n, &info);
    CHECK(v && info.depth == n, "deep: depth %u", info.depth);
    free(deep);
    pf_json_pool_free(p);
}

/* Any bytes: the parser never crashes, and what it accepts it writes
 * back to text that parses to the same value. */
static void test_parse_any_bytes(void)
{
    static const char alphabet[] = "[]{}\",:0123456789-+.eEtrufalsn\\u \t\n\x01\x80\xc3\xa9";
    pf_json_pool *p = pf_json_pool_new();
    uint8_t t[64];
    int accepted = 0;
    for (int iter = 0; iter < 200000 && !g_test_failed; iter++) {
        size_t n = rnd() % sizeof t;
        for (size_t i = 0; i < n; i++)
            t[i] = rnd() % 8 ? (uint8_t)alphabet[rnd() % (sizeof alphabet - 1)]
                             : (uint8_t)rnd();
        pf_json_parse_info info;
        pf_json *v = pf_json_parse(p, t, n, &info);
        if (v && !(info.flags & (PF_JSON_F_HUGE_INT | PF_JSON_F_OVERFLOW))) {
            accepted++;
            pf_buf b = {0};
            pf_json_write(&b, v, NULL);
            pf_json *w = pf_json_parse(p, b.data, b.len, NULL);
            CHECK(w && pf_json_equal(v, w, NULL, NULL), "rewrite of %.*s: %s",
                  (int)n, (const char *)t, pf_buf_str(&b));
            pf_buf_free(&b);
        }
        pf_json_pool_reset(p);
    }
    CHECK(accepted > 1000, "only %d accepted", accepted);
    if (getenv("PF_TEST_VERBOSE"))
        printf("  %d of 200000 accepted\n", accepted);
    pf_json_pool_free(p);
}

static void test_containers_grow(void)
{
    pf_json_pool *p = pf_json_pool_new();
    pf_json *a = pf_json_array(p, 0), *o = pf_json_object(p, 1);
    for (int i = 0; i < 1000; i++) {
        pf_json_push(p, a, pf_json_int(p, i));
        char k[16];
        int n = snprintf(k, sizeof k, "k%d", i);
        pf_json_put(p, o, k, (size_t)n, pf_json_int(p, i));
    }
    CHECK(a->n == 1000 && a->v.items[999]->v.i == 999, "array");
    const pf_json *g = pf_json_get(o, "k500", 4);
    CHECK(g && g->v.i == 500, "get");
    CHECK(pf_json_get(o, "k", 1) == NULL, "get missing");
    pf_json_pool_free(p);
}

int main(void)
{
    g_rng = 0x9e3779b97f4a7c15u; /* the cases this file always drew */
    run("zeros_draw_null", test_zeros_draw_null);
    run("draw_encode_inverse", test_draw_encode_inverse);
    run("draw_respects_options", test_draw_respects_options);
    run("equal_and_paths", test_equal_and_paths);
    run("print", test_print);
    run("write_forms", test_write_forms);
    run("write_parse_round_trip", test_write_parse_round_trip);
    run("parse_accepts", test_parse_accepts);
    run("parse_rejects", test_parse_rejects);
    run("parse_flags", test_parse_flags);
    run("parse_any_bytes", test_parse_any_bytes);
    run("containers_grow", test_containers_grow);
    return finish();
}
