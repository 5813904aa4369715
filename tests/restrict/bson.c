/* Restrictions of harness/bson.c, shown against the real libbson: each
 * value the strategy excludes (or each raw input it skips) is really
 * refused or changed by the library, so the exclusion hides no bug. */
#include <bson/bson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testkit.h"

static const bson_validate_flags_t UTF8 = BSON_VALIDATE_UTF8 | BSON_VALIDATE_UTF8_ALLOW_NULL;

/* A document's canonical Extended JSON read back: same bytes? */
static bool json_round_trips(const bson_t *b, bool relaxed, char **json_out)
{
    char *json = relaxed ? bson_as_relaxed_extended_json(b, NULL)
                         : bson_as_canonical_extended_json(b, NULL);
    bson_error_t err;
    bson_t *back = json ? bson_new_from_json((const uint8_t *)json, -1, &err) : NULL;
    bool same = back && back->len == b->len && !memcmp(bson_get_data(back), bson_get_data(b), b->len);
    if (back)
        bson_destroy(back);
    if (json_out)
        *json_out = json;
    else
        bson_free(json);
    return same;
}

/* R1: a string that is not UTF-8 has no Extended JSON. */
static void r1_invalid_utf8(void)
{
    bson_t b = BSON_INITIALIZER;
    bson_append_utf8(&b, "s", 1, "\xe9", 1);
    char *json = bson_as_canonical_extended_json(&b, NULL);
    verdict("R1 invalid UTF-8 has no Extended JSON", json == NULL && !bson_utf8_validate("\xe9", 1, true),
            "bson_as_canonical_extended_json wrote %s", json ? json : "(null)");
    bson_free(json);
    bson_destroy(&b);
}

/* R2: keys, regex patterns and code are C strings. */
static void r2_c_strings(void)
{
    bson_t b = BSON_INITIALIZER;
    bool key = bson_append_utf8(&b, "a\0b", 3, "x", 1);
    bool regex = bson_append_regex_w_len(&b, "r", 1, "a\0b", 3, "");
    verdict("R2 key with U+0000 refused", !key, "bson_append_utf8 accepted it");
    verdict("R2 regex pattern with U+0000 refused", !regex, "bson_append_regex_w_len accepted it");
    bson_destroy(&b);
    /* Code read from raw bytes may hold U+0000; bson_append_code stops at it. */
    static const uint8_t raw[] = {0x10, 0, 0, 0, 0x0d, 'c', 0, 4, 0, 0, 0, 'a', 0, 'b', 0, 0};
    bson_t in;
    bson_iter_t it;
    uint32_t len = 0;
    if (bson_init_static(&in, raw, sizeof raw) && bson_iter_init_find(&it, &in, "c"))
        bson_iter_code(&it, &len);
    bson_t out = BSON_INITIALIZER;
    bson_append_code(&out, "c", 1, "a\0b");
    verdict("R2 code with U+0000 cannot be written back", len == 3 && out.len != in.len,
            "read %u bytes of code, wrote %u bytes of %u", len, out.len, in.len);
    bson_destroy(&out);
}

/* R3: regex options are sorted, and unknown ones dropped. */
static void r3_regex_options(void)
{
    bson_t b = BSON_INITIALIZER;
    bson_iter_t it;
    const char *opts = "";
    bson_append_regex(&b, "r", 1, "x", "xiq");
    if (bson_iter_init_find(&it, &b, "r"))
        bson_iter_regex(&it, &opts);
    verdict("R3 regex options sorted and filtered", !strcmp(opts, "ix"), "options %s", opts);
    bson_destroy(&b);
}

/* R4: an array's keys are written again as "0", "1", ... */
static void r4_array_keys(void)
{
    static const uint8_t raw[] = {
        0x1b, 0, 0, 0, 0x04, 'a', 0, 0x13, 0, 0, 0,
        0x10, 'x', 0, 1, 0, 0, 0, 0x10, 'y', 0, 2, 0, 0, 0, 0, 0};
    bson_t in, arr;
    bson_iter_t it;
    bool valid = bson_init_static(&in, raw, sizeof raw) && bson_validate(&in, UTF8, NULL);
    bson_t out = BSON_INITIALIZER;
    bson_append_array_begin(&out, "a", 1, &arr);
    BSON_APPEND_INT32(&arr, "0", 1);
    BSON_APPEND_INT32(&arr, "1", 2);
    bson_append_array_end(&out, &arr);
    bool differ = out.len == in.len && memcmp(bson_get_data(&out), raw, sizeof raw) != 0;
    (void)it;
    verdict("R4 array keys are not kept", valid && differ, "valid %d, differ %d", valid, differ);
    bson_destroy(&out);
}

/* R5: a NaN payload does not survive Extended JSON. */
static void r5_nan_payload(void)
{
    uint64_t bits = 0x7ff8000000000001u;
    double d;
    memcpy(&d, &bits, 8);
    bson_t b = BSON_INITIALIZER;
    bson_append_double(&b, "d", 1, d);
    char *json;
    bool same = json_round_trips(&b, false, &json);
    verdict("R5 NaN payload lost in Extended JSON", !same, "%s read back the same", json);
    bson_free(json);
    bson_destroy(&b);
}

/* R6: decimal128 bits the text does not keep. */
static void r6_decimal(void)
{
    static const bson_decimal128_t cases[] = {
        {.high = 0x6c10000000000000u, .low = 0}, /* large form: the value 0 */
        {.high = 0xfc00000000000000u, .low = 0}, /* negative NaN */
        {.high = 0x7c00000000000000u, .low = 12}, /* NaN with a payload */
        {.high = 0x0001ed09bead87c0u, .low = 0x378d8e6400000000u}, /* 10^34 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[BSON_DECIMAL128_STRING];
        bson_decimal128_t back = {0};
        bson_decimal128_to_string(&cases[i], text);
        bson_decimal128_from_string(text, &back);
        char name[64];
        snprintf(name, sizeof name, "R6 decimal128 case %zu changes through text", i);
        verdict(name, back.high != cases[i].high || back.low != cases[i].low, "%s kept its bits",
                text);
    }
}

/* R7: relaxed dates from year 10000 on do not read back (FINDINGS.md). */
static void r7_relaxed_date(void)
{
    bson_t b = BSON_INITIALIZER;
    bson_append_date_time(&b, "d", 1, INT64_C(253402300800000));
    char *json;
    bson_error_t err;
    bool canonical = json_round_trips(&b, false, NULL);
    json = bson_as_relaxed_extended_json(&b, NULL);
    bson_t *back = bson_new_from_json((const uint8_t *)json, -1, &err);
    verdict("R7 relaxed date of year 10000 refused when read back", canonical && back == NULL,
            "%s read back", json);
    if (back)
        bson_destroy(back);
    bson_free(json);
    bson_destroy(&b);
}

/* R8: bson_validate accepts a string that is not UTF-8 (FINDINGS.md),
 * and validates nothing after it. */
static void r8_validate_utf8(void)
{
    static const uint8_t raw[] = {
        0x0e + 8, 0, 0, 0, 0x02, 'a', 0, 2, 0, 0, 0, 0xe9, 0,
        /* then a document whose length field is wrong */
        0x03, 'b', 0, 0x05, 0, 0, 0, 0, 0};
    bson_t b;
    size_t off = 0;
    bool init = bson_init_static(&b, raw, sizeof raw);
    bool valid = init && bson_validate(&b, UTF8, &off);
    verdict("R8 bson_validate accepts invalid UTF-8", init && valid, "init %d valid %d", init, valid);
}

/* R8: a scope whose last byte is not 0 is not visited, so not refused. */
static void r8_validate_scope(void)
{
    static const uint8_t raw[] = {
        0x1e, 0, 0, 0, 0x0f, 'c', 0, 0x16, 0, 0, 0, 2, 0, 0, 0, 'x', 0,
        0x0c, 0, 0, 0, 0x10, 'x', 0, 1, 1, 0, 0, 0x09, 0};
    bson_t b, scope;
    bson_iter_t it;
    uint32_t len = 0, slen = 0;
    const uint8_t *data = NULL;
    bool valid = bson_init_static(&b, raw, sizeof raw) && bson_validate(&b, UTF8, NULL);
    if (valid && bson_iter_init_find(&it, &b, "c"))
        bson_iter_codewscope(&it, &len, &slen, &data);
    bool scope_ok = data && bson_init_static(&scope, data, slen);
    verdict("R8 bson_validate accepts a scope bson_init_static refuses", valid && !scope_ok,
            "valid %d, scope readable %d", valid, scope_ok);
}

/* R8: bson_validate checks nothing after a code with scope: a "$" key
 * (refused on its own with BSON_VALIDATE_DOLLAR_KEYS) and a byte past
 * the end marker both pass after one. */
static void r8_validate_after_scope(void)
{
    static const uint8_t dollar[] = {
        0x1f, 0, 0, 0, 0x0f, 'c', 0, 0x0f, 0, 0, 0, 2, 0, 0, 0, 'x', 0,
        5, 0, 0, 0, 0, 0x10, '$', 'k', 0, 1, 0, 0, 0, 0};
    static const uint8_t alone[] = {0x0d, 0, 0, 0, 0x10, '$', 'k', 0, 1, 0, 0, 0, 0};
    static const uint8_t trailing[] = {
        0x1e, 0, 0, 0, 0x0f, 0, 0x16, 0, 0, 0, 2, 0, 0, 0, 'x', 0,
        0x0c, 0, 0, 0, 0x10, 'x', 0, 1, 1, 0, 0, 0, 0, 0};
    bson_t b;
    bson_iter_t it;
    bool after = bson_init_static(&b, dollar, sizeof dollar) &&
                 bson_validate(&b, BSON_VALIDATE_DOLLAR_KEYS, NULL);
    bool own = bson_init_static(&b, alone, sizeof alone) &&
               bson_validate(&b, BSON_VALIDATE_DOLLAR_KEYS, NULL);
    bool past = bson_init_static(&b, trailing, sizeof trailing) && bson_validate(&b, UTF8, NULL);
    bool iterates = past && bson_iter_init(&it, &b);
    while (iterates && bson_iter_next(&it))
        ;
    verdict("R8 bson_validate checks nothing after a code with scope",
            after && !own && past && iterates && it.err_off != 0,
            "$ key after it %d, alone %d; trailing byte valid %d, iteration error at %u", after,
            own, past, iterates ? it.err_off : 0);
}

/* R9: code as an array element reads back from JSON under a garbage key. */
static void r9_code_in_array(void)
{
    bson_error_t err;
    bson_t *b = bson_new_from_json((const uint8_t *)"{\"a\": [{\"$code\": \"x\"}]}", -1, &err);
    bson_iter_t it, arr;
    const char *key = "(none)";
    if (b && bson_iter_init_find(&it, b, "a") && bson_iter_recurse(&it, &arr) && bson_iter_next(&arr))
        key = bson_iter_key(&arr);
    bool wrong = b && strcmp(key, "0") != 0;
    verdict("R9 code in an array read from JSON has a wrong key", wrong, "key %s", key);
    if (b)
        bson_destroy(b);
    b = bson_new_from_json((const uint8_t *)"{\"$x\": [null, {\"$dbPointer\": {\"$ref\": \"c\", "
                                            "\"$id\": {\"$oid\": \"000000000000000000000000\"}}}]}",
                           -1, &err);
    key = "(none)";
    if (b && bson_iter_init_find(&it, b, "$x") && bson_iter_recurse(&it, &arr) &&
        bson_iter_next(&arr) && bson_iter_next(&arr))
        key = bson_iter_key(&arr);
    wrong = b && strcmp(key, "1") != 0;
    verdict("R9 a DBPointer in an array read from JSON has a wrong key", wrong, "key %s", key);
    if (b)
        bson_destroy(b);
}

/* R10: code with scope inside a scope reads back from canonical Extended
 * JSON as a plain document. */
static void r10_code_in_scope(void)
{
    bson_t inner_scope = BSON_INITIALIZER, scope = BSON_INITIALIZER, b = BSON_INITIALIZER;
    bson_append_code_with_scope(&scope, "k", 1, "b", &inner_scope);
    bson_append_code_with_scope(&b, "d", 1, "a", &scope);
    char *json;
    bool same = json_round_trips(&b, false, &json);
    verdict("R10 code inside a scope changes through Extended JSON", !same, "%s read back the same",
            json ? json : "(null)");
    bson_free(json);
    bson_destroy(&b);
    bson_destroy(&scope);
    bson_destroy(&inner_scope);
}

/* R11: a document whose key is a type wrapper's has no faithful text. */
static void r11_wrapper_keys(void)
{
    bson_t b = BSON_INITIALIZER, child;
    bson_append_document_begin(&b, "k", 1, &child);
    bson_append_null(&child, "$code", 5);
    bson_append_document_end(&b, &child);
    char *json;
    bool same = json_round_trips(&b, false, &json);
    verdict("R11 a \"$code\" key does not survive Extended JSON", !same, "%s read back the same",
            json ? json : "(null)");
    bson_free(json);
    bson_destroy(&b);
}

int main(void)
{
    r1_invalid_utf8();
    r2_c_strings();
    r3_regex_options();
    r4_array_keys();
    r5_nan_payload();
    r6_decimal();
    r7_relaxed_date();
    r8_validate_utf8();
    r8_validate_scope();
    r8_validate_after_scope();
    r9_code_in_array();
    r10_code_in_scope();
    r11_wrapper_keys();
    return finish();
}
