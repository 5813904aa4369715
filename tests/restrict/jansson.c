/* Restrictions of harness/jansson.c, shown against the real jansson: each
 * value the strategy excludes is really refused or changed by the library,
 * so the exclusion hides no bug. */
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testkit.h"


static const size_t LOAD = JSON_DECODE_ANY | JSON_ALLOW_NUL;

static json_t *load(const char *text, json_error_t *e)
{
    return json_loadb(text, strlen(text), LOAD, e);
}

/* J1: integers are long long; above INT64_MAX is refused. */
static void j1_integers(void)
{
    json_error_t e;
    json_t *j = load("9223372036854775808", &e);
    verdict("J1 above-int64-refused", j == NULL && strstr(e.text, "too big integer"),
            "accepted or other error: %s", j ? "accepted" : e.text);
    json_decref(j);
    j = load("-9223372036854775809", &e);
    verdict("J1 below-int64-refused", j == NULL, "accepted");
    json_decref(j);
    j = load("-9223372036854775808", &e);
    verdict("J1 int64-min-read", j && json_integer_value(j) == INT64_MIN, "not read");
    json_decref(j);
}

/* J2: doubles are finite. */
static void j2_finite(void)
{
    verdict("J2 json_real-refuses-nan", json_real(NAN) == NULL, "NaN accepted");
    verdict("J2 json_real-refuses-inf", json_real(INFINITY) == NULL, "inf accepted");
    json_error_t e;
    json_t *j = load("1e400", &e);
    verdict("J2 overflow-refused", j == NULL && strstr(e.text, "overflow"),
            "%s", j ? "accepted" : e.text);
    json_decref(j);
}

/* J3: a NUL in a key dumps, but does not load; in a string it loads with
 * JSON_ALLOW_NUL only. */
static void j3_nul(void)
{
    json_t *o = json_object();
    int set = json_object_setn_new(o, "a\0b", 3, json_null());
    char *text = json_dumps(o, JSON_COMPACT);
    json_error_t e;
    json_t *back = text ? load(text, &e) : NULL;
    verdict("J3 nul-key-dumps-but-does-not-load",
            set == 0 && text && !strcmp(text, "{\"a\\u0000b\":null}") && back == NULL &&
               strstr(e.text, "NUL byte in object key"),
            "set %d, text %s, %s", set, text ? text : "(null)",
            back ? "loaded" : e.text);
    free(text);
    json_decref(o);
    json_decref(back);
    json_t *j = json_loadb("\"a\\u0000b\"", 10, JSON_DECODE_ANY, &e);
    verdict("J3 nul-string-needs-allow-nul", j == NULL, "loaded without JSON_ALLOW_NUL");
    json_decref(j);
    j = load("\"a\\u0000b\"", &e);
    verdict("J3 nul-string-with-allow-nul", j && json_string_length(j) == 3,
            "not loaded: %s", j ? "" : e.text);
    json_decref(j);
}

/* J4: strings are valid UTF-8. */
static void j4_utf8(void)
{
    verdict("J4 stringn-refuses-invalid-utf8", json_stringn("\xff", 1) == NULL,
            "accepted");
    verdict("J4 stringn-refuses-encoded-surrogate", json_stringn("\xed\xa0\x80", 3) == NULL,
            "accepted");
    static const char *const texts[] = {"\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\""};
    for (size_t i = 0; i < 3; i++) {
        json_error_t e;
        json_t *j = load(texts[i], &e);
        char name[64];
        snprintf(name, sizeof name, "J4 lone-surrogate-refused-%zu", i);
        verdict(name, j == NULL, "%s accepted", texts[i]);
        json_decref(j);
    }
}

/* J5: a second value under the same key replaces the first. */
static void j5_duplicates(void)
{
    json_t *o = json_object();
    json_object_set_new(o, "a", json_integer(1));
    json_object_set_new(o, "a", json_integer(2));
    verdict("J5 set-replaces", json_object_size(o) == 1 &&
               json_integer_value(json_object_get(o, "a")) == 2,
            "size %zu", json_object_size(o));
    json_decref(o);
    json_error_t e;
    json_t *j = load("{\"a\":1,\"a\":2}", &e);
    verdict("J5 load-keeps-last", j && json_object_size(j) == 1 &&
               json_integer_value(json_object_get(j, "a")) == 2,
            "not as documented");
    json_decref(j);
}

/* J6: the depth limit counts every value, a scalar too: 2048 arrays
 * nested read, but a number inside them is 2049 deep and refused. */
static char *nested(size_t depth, const char *inside)
{
    char *t = malloc(2 * depth + strlen(inside) + 1);
    memset(t, '[', depth);
    strcpy(t + depth, inside);
    memset(t + depth + strlen(inside), ']', depth);
    t[2 * depth + strlen(inside)] = '\0';
    return t;
}

static void j6_depth(void)
{
    json_error_t e;
    char *empty = nested(2048, ""), *number = nested(2048, "0"), *shallower = nested(2047, "0");
    json_t *a = load(empty, &e), *c = load(shallower, &e), *b = load(number, &e);
    verdict("J6 2048-arrays-read", a != NULL, "refused");
    verdict("J6 a-scalar-inside-2048-arrays-refused",
            b == NULL && strstr(e.text, "maximum parsing depth"), "read");
    verdict("J6 a-scalar-inside-2047-arrays-read", c != NULL, "refused");
    json_decref(a), json_decref(b), json_decref(c);
    free(empty), free(number), free(shallower);
}

int main(void)
{
    json_object_seed(1);
    j1_integers();
    j2_finite();
    j3_nul();
    j4_utf8();
    j5_duplicates();
    j6_depth();
    return finish();
}
