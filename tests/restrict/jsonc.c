/* Restrictions of harness/jsonc.c, shown against the real json-c: each
 * value or case the strategy excludes is really refused or changed by the
 * library, so the exclusion hides no bug. */
#include <json-c/json.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testkit.h"


/* Parses text fed in the given pieces, ended by a NUL piece when the
 * tokener wants more (as the harness does). *ok: success. */
static struct json_object *parse_pieces(const char *const *pieces, size_t n, int *ok)
{
    struct json_tokener *tok = json_tokener_new();
    struct json_object *o = NULL;
    enum json_tokener_error e = json_tokener_continue;
    for (size_t i = 0; i < n && e == json_tokener_continue; i++) {
        o = json_tokener_parse_ex(tok, pieces[i], (int)strlen(pieces[i]));
        e = json_tokener_get_error(tok);
    }
    if (e == json_tokener_continue) {
        o = json_tokener_parse_ex(tok, "", 1);
        e = json_tokener_get_error(tok);
    }
    *ok = e == json_tokener_success;
    json_tokener_free(tok);
    return o;
}

static struct json_object *parse(const char *text, int *ok)
{
    return parse_pieces(&text, 1, ok);
}

/* C1: keys are C strings. */
static void c1_nul_keys(void)
{
    int ok;
    struct json_object *o = parse("{\"a\\u0000b\":1}", &ok);
    struct json_object *v = NULL;
    verdict("C1 nul-cuts-key", ok && json_object_object_get_ex(o, "a", &v) &&
               json_object_object_length(o) == 1,
            "not cut");
    json_object_put(o);
    o = parse("\"a\\u0000b\"", &ok);
    verdict("C1 nul-kept-in-string", ok && json_object_get_string_len(o) == 3,
            "string length %d", ok ? json_object_get_string_len(o) : -1);
    json_object_put(o);
}

/* C2: every NaN prints as NaN and reads back as one NaN; json_object_equal
 * uses == on doubles. */
static void c2_nan(void)
{
    double neg_nan = -nan("5");
    struct json_object *d = json_object_new_double(neg_nan);
    const char *t = json_object_to_json_string_ext(d, JSON_C_TO_STRING_PLAIN);
    int ok;
    struct json_object *back = parse(t, &ok);
    double b = ok ? json_object_get_double(back) : 0;
    uint64_t bits_in, bits_out;
    memcpy(&bits_in, &neg_nan, 8);
    memcpy(&bits_out, &b, 8);
    verdict("C2 nan-payload-and-sign-lost",
            !strcmp(t, "NaN") && ok && isnan(b) && bits_in != bits_out,
            "printed %s", t);
    struct json_object *d2 = json_object_new_double(neg_nan);
    verdict("C2 equal-says-nan-differs", !json_object_equal(d, d2), "NaN == NaN");
    json_object_put(d2);
    json_object_put(d);
    json_object_put(back);
}

/* C3: lone surrogate escapes read as U+FFFD. */
static void c3_lone_surrogates(void)
{
    static const char *const texts[] = {"\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\""};
    for (size_t i = 0; i < 3; i++) {
        int ok;
        struct json_object *o = parse(texts[i], &ok);
        const char *s = ok ? json_object_get_string(o) : "";
        char name[64];
        snprintf(name, sizeof name, "C3 lone-surrogate-is-fffd-%zu", i);
        verdict(name, ok && !strncmp(s, "\xef\xbf\xbd", 3), "read %s", s);
        json_object_put(o);
    }
}

/* C4: the last value of a repeated key wins. */
static void c4_duplicates(void)
{
    int ok;
    struct json_object *o = parse("{\"a\":1,\"a\":2}", &ok), *v = NULL;
    verdict("C4 last-wins", ok && json_object_object_length(o) == 1 &&
               json_object_object_get_ex(o, "a", &v) && json_object_get_int(v) == 2,
            "not as documented");
    json_object_put(o);
}

/* C5: integers: int64 up to INT64_MAX, uint64 above; beyond saturates. */
static void c5_integers(void)
{
    int ok;
    struct json_object *o = parse("9223372036854775807", &ok);
    verdict("C5 int64-max-is-int64", ok && json_object_get_int64(o) == INT64_MAX &&
               json_object_get_uint64(o) == (uint64_t)INT64_MAX,
            "not int64");
    json_object_put(o);
    o = parse("9223372036854775808", &ok);
    verdict("C5 above-is-uint64", ok && json_object_get_uint64(o) == (uint64_t)INT64_MAX + 1 &&
               json_object_get_int64(o) == INT64_MAX,
            "not uint64");
    json_object_put(o);
    o = parse("18446744073709551616", &ok);
    verdict("C5 above-uint64-saturates", ok && json_object_get_uint64(o) == UINT64_MAX,
            "not saturated");
    json_object_put(o);
    o = parse("-9223372036854775809", &ok);
    verdict("C5 below-int64-saturates", ok && json_object_get_int64(o) == INT64_MIN,
            "not saturated");
    json_object_put(o);
}

/* C6: NOZERO cuts a trailing zero off the exponent. */
static void c6_nozero(void)
{
    struct json_object *d = json_object_new_double(1.0223439315167754e-10);
    const char *t = json_object_to_json_string_ext(d, JSON_C_TO_STRING_NOZERO);
    verdict("C6 nozero-cuts-exponent", !strcmp(t, "1.0223439315167754e-1"),
            "printed %s", t);
    json_object_put(d);
    d = json_object_new_double(1e-10);
    t = json_object_to_json_string_ext(d, JSON_C_TO_STRING_PLAIN);
    verdict("C6 plain-is-right", !strcmp(t, "1e-10"), "printed %s", t);
    json_object_put(d);
}

/* C7: resuming inside a number, json-c takes a '-' into it. */
static void c7_sign_after_boundary(void)
{
    int ok_whole, ok_pieces;
    struct json_object *w = parse("-1-1", &ok_whole);
    const char *const pieces[] = {"-1", "-1"};
    struct json_object *p = parse_pieces(pieces, 2, &ok_pieces);
    /* Whole: json-c stops after -1 (the rest is not whitespace, so the
     * harness refuses it); in pieces the second '-' joins the number and
     * strtoll reads "-1-1" as -1. */
    struct json_tokener *tok = json_tokener_new();
    struct json_object *w2 = json_tokener_parse_ex(tok, "-1-1", 4);
    size_t end = json_tokener_get_parse_end(tok);
    json_tokener_free(tok);
    verdict("C7 whole-stops-at-second-minus", w2 && end == 2, "end %zu", end);
    verdict("C7 pieces-read-minus-1", ok_pieces && json_object_get_int64(p) == -1,
            "pieces: %s", ok_pieces ? json_object_to_json_string(p) : "refused");
    json_object_put(w);
    json_object_put(w2);
    json_object_put(p);
    (void)ok_whole;
    const char *const digits[] = {"12", "34"};
    p = parse_pieces(digits, 2, &ok_pieces);
    verdict("C7 digits-across-boundary-fine", ok_pieces && json_object_get_int64(p) == 1234,
            "not 1234");
    json_object_put(p);
}

/* C8: an escaped pair whose code point has low 16 bits in D800-DFFF. */
static void c8_misdecoded_pairs(void)
{
    int ok;
    struct json_object *o = parse("\"\\ud836\\udc00\"", &ok);
    const char *s = ok ? json_object_get_string(o) : "";
    verdict("C8 pair-U+1D800-is-fffd", ok && !strcmp(s, "\xef\xbf\xbd"), "read %s", s);
    json_object_put(o);
    o = parse("\"\\ud835\\udc00\"", &ok);
    s = ok ? json_object_get_string(o) : "";
    verdict("C8 pair-U+1D400-is-right", ok && !strcmp(s, "\xf0\x9d\x90\x80"), "read %s", s);
    json_object_put(o);
    o = parse("\"\xf0\x9d\xa0\x80\"", &ok);
    s = ok ? json_object_get_string(o) : "";
    verdict("C8 raw-U+1D800-is-right", ok && !strcmp(s, "\xf0\x9d\xa0\x80"), "read %s", s);
    json_object_put(o);
}

/* C9: a block comment ending in two stars and a slash stays open. */
static void c9_comment_star_star_slash(void)
{
    int ok;
    struct json_object *o = parse("[/* a */1]", &ok);
    verdict("C9 comment-star-slash-reads", ok && json_object_array_length(o) == 1, "refused");
    json_object_put(o);
    o = parse("[/* a **" "/1]", &ok);
    verdict("C9 comment-star-star-slash-refused", !ok, "read %s",
            ok ? json_object_to_json_string(o) : "");
    json_object_put(o);
    o = parse("[/***" "/1]", &ok);
    verdict("C9 comment-three-stars-refused", !ok, "read %s",
            ok ? json_object_to_json_string(o) : "");
    json_object_put(o);
}

int main(void)
{
    c9_comment_star_star_slash();
    c8_misdecoded_pairs();
    c1_nul_keys();
    c2_nan();
    c3_lone_surrogates();
    c4_duplicates();
    c5_integers();
    c6_nozero();
    c7_sign_after_boundary();
    return finish();
}
