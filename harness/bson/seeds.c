/* bson's seeds, written as values: one document per BSON type libbson
 * writes, edges of each, and every document's bytes as a raw-mode seed. */
#include "bson_target.h"

enum { MODE_VALUES, MODE_RAW, N_MODES }; /* as harness/bson.c's table */

/* A BSON type of its own over its parts (bson_target.h). */
static pf_bin *own(pf_bin_pool *p, bson_type_t t, pf_bin *a, pf_bin *b)
{
    return pf_bin_tag_parts(p, t, a, b);
}

static pf_bin *doc1(pf_bin_pool *p, const char *key, pf_bin *v)
{
    pf_bin *d = pf_bin_map(p, 1);
    pf_bin_put(p, d, pf_bin_text(p, key), v);
    return d;
}

static const uint8_t oid_bytes[12] = {0x56, 0xe1, 0xfc, 0x72, 0xe0, 0xc9, 0x17, 0xe9, 0xc4, 0x71, 0x41, 0x61};

void pf_target_seeds(pf_bin_emit *emit)
{
    pf_bin_pool *p = pf_bin_pool_new();
    pf_bin *oid = pf_bin_bytes(p, PF_BIN_BYTES, oid_bytes, 12);
    pf_bin *scope = doc1(p, "x", pf_bin_int(p, 1, 4));
    pf_bin *arr = pf_bin_array(p, 3);
    pf_bin_push(p, arr, pf_bin_int(p, 1, 4));
    pf_bin_push(p, arr, pf_bin_text(p, "two"));
    pf_bin_push(p, arr, pf_bin_array(p, 0));
    /* Family boundaries: a 256-byte string, a 16-element array. */
    static char big[257];
    for (size_t i = 0; i < 256; i++)
        big[i] = "ab"[i % 2];
    pf_bin *wide = pf_bin_array(p, 16);
    for (size_t i = 0; i < 16; i++)
        pf_bin_push(p, wide, pf_bin_text(p, "w"));
    struct { const char *name; pf_bin *doc; } seeds[] = {
        {"empty", pf_bin_map(p, 0)},
        {"double", doc1(p, "d", pf_bin_f64(p, 1.0))},
        {"double-negzero", doc1(p, "d", pf_bin_f64(p, -0.0))},
        {"double-nan-payload", doc1(p, "d", pf_bin_float_bits(p, 0x7ff8000000000001u, 64))},
        {"double-subnormal", doc1(p, "d", pf_bin_f64(p, 5e-324))},
        {"string", doc1(p, "s", pf_bin_text(p, "h\xc3\xa9llo"))},
        {"string-escapes", doc1(p, "s", pf_bin_text(p, "\x01\"\\/\t\xf0\x9f\x98\x80\x7f"))},
        {"string-nul", doc1(p, "s", pf_bin_bytes(p, PF_BIN_TEXT, "a\0b", 3))},
        {"document", doc1(p, "o", scope)},
        {"array", doc1(p, "a", arr)},
        {"binary-generic", doc1(p, "b", pf_bin_ext(p, 0, "\x01\x02", 2))},
        {"binary-old", doc1(p, "b", pf_bin_ext(p, 2, "abc", 3))},
        {"binary-uuid", doc1(p, "b", pf_bin_ext(p, 4, "0123456789abcdef", 16))},
        {"binary-user", doc1(p, "b", pf_bin_ext(p, 0x80, "", 0))},
        {"oid", doc1(p, "_id", own(p, BSON_TYPE_OID, oid, NULL))},
        {"bool", doc1(p, "t", pf_bin_bool(p, true))},
        {"datetime", doc1(p, "dt", pf_bin_date(p, 1356351330501))},
        {"datetime-negative", doc1(p, "dt", pf_bin_date(p, -284643869501))},
        {"datetime-leap-day", doc1(p, "dt", pf_bin_date(p, INT64_C(1709208000123)))},
        {"datetime-year-9999", doc1(p, "dt", pf_bin_date(p, INT64_C(253402300799999)))},
        {"null", doc1(p, "n", pf_bin_nil(p))},
        {"regex", doc1(p, "r", own(p, BSON_TYPE_REGEX, pf_bin_text(p, "^a.*"),
                                      pf_bin_text(p, "imx")))},
        {"dbpointer", doc1(p, "p", own(p, BSON_TYPE_DBPOINTER, pf_bin_text(p, "db.c"), oid))},
        {"code", doc1(p, "c", own(p, BSON_TYPE_CODE, pf_bin_text(p, "function(){}"), NULL))},
        {"code-w-scope", doc1(p, "c", own(p, BSON_TYPE_CODEWSCOPE, pf_bin_text(p, "x"), scope))},
        {"symbol", doc1(p, "y", own(p, BSON_TYPE_SYMBOL, pf_bin_text(p, "sym"), NULL))},
        {"int32", doc1(p, "i", pf_bin_int(p, INT32_MIN, 4))},
        {"timestamp", doc1(p, "ts", own(p, BSON_TYPE_TIMESTAMP, pf_bin_uint(p, 4294967295u, 4),
                                        pf_bin_uint(p, 1, 4)))},
        {"int64", doc1(p, "l", pf_bin_int(p, INT64_MAX, 8))},
        {"int64-negative", doc1(p, "l", pf_bin_int(p, INT64_C(-5000000000), 8))},
        /* The reader's strtoll at its negative cutoff: the last digit
         * equals the limit's. */
        {"int64-min", doc1(p, "l", pf_bin_int(p, INT64_MIN, 8))},
        {"decimal-one", doc1(p, "m", pf_bin_decimal(p, 0x3040000000000000u, 1))},
        {"decimal-neg-inf", doc1(p, "m", pf_bin_decimal(p, 0xf800000000000000u, 0))},
        {"decimal-max", doc1(p, "m", pf_bin_decimal(p, 0x5fffed09bead87c0u, 0x378d8e63ffffffffu))},
        {"undefined", doc1(p, "u", own(p, BSON_TYPE_UNDEFINED, NULL, NULL))},
        {"minkey", doc1(p, "k", own(p, BSON_TYPE_MINKEY, NULL, NULL))},
        {"maxkey", doc1(p, "k", own(p, BSON_TYPE_MAXKEY, NULL, NULL))},
        {"string-256", doc1(p, "s", pf_bin_bytes(p, PF_BIN_TEXT, big, 256))},
        {"array-16", doc1(p, "a", wide)},
        {"duplicate-keys", doc1(p, "a", pf_bin_nil(p))},
    };
    pf_bin_put(p, seeds[PF_LEN(seeds) - 1].doc, pf_bin_text(p, "a"), pf_bin_bool(p, false));
    for (size_t i = 0; i < PF_LEN(seeds); i++)
        pf_bin_seed_both(emit, seeds[i].name, MODE_VALUES, MODE_RAW, N_MODES, &bt_codec,
                         seeds[i].doc);
    const pf_bin *batch[] = {seeds[1].doc, seeds[0].doc, seeds[9].doc};
    pf_bin_seed_values(emit, "batch-of-three", MODE_VALUES, N_MODES, &bt_codec, batch, 3);
    pf_bin_pool_free(p);
}
