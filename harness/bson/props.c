/* libbson's own properties: bson_validate on what it writes, Extended
 * JSON both ways, and raw bytes written back (decimal128 text: decimal.c). */
#include "bson_target.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Strings may hold U+0000 (BSON strings have a length); keys may not,
 * and the strategy never writes one. */
static const bson_validate_flags_t VALIDATE = BSON_VALIDATE_UTF8 | BSON_VALIDATE_UTF8_ALLOW_NULL;

static const char *show(pf_src *s, const pf_bin *v)
{
    return pf_bin_show(pf_bin_input_pool(s), v);
}

static void destroy(void *b) { bson_destroy(b); }

/* The value written by libbson, destroyed when the input ends. */
static bson_t *written(pf_src *s, const pf_bin *v)
{
    bson_t tmp; /* bson_t is 128-byte aligned: a copy on libbson's heap */
    if (!bt_of_value(v, &tmp)) {
        pf_line l[] = {{"value", show(s, v)}};
        pf_fail(s, NULL, "bson_append_* refused a drawn value", l, 1, NULL);
    }
    bson_t *b = bson_copy(&tmp);
    bson_destroy(&tmp);
    pf_defer(s, destroy, b);
    return b;
}

void bt_prop_validate(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    for (size_t i = 0; i < k->n; i++) {
        bson_t *b = written(s, k->values[i]);
        size_t off = 0;
        if (!bson_validate(b, VALIDATE, &off)) {
            pf_buf at = {0};
            pf_buf_printf(&at, "%zu", off);
            pf_line l[] = {{"value", show(s, k->values[i])},
                           {"bytes", pf_bin_hex(s, bson_get_data(b), b->len)},
                           {"offset", pf_buf_defer(s, &at)}};
            pf_fail(s, NULL, "bson_validate refused what libbson wrote", l, 3, NULL);
        }
    }
}

static const char *is_code(const pf_bin *v, const void *ctx)
{
    (void)ctx;
    return v->kind == PF_BIN_TAG && (v->tag == BSON_TYPE_CODE || v->tag == BSON_TYPE_CODEWSCOPE)
               ? "code" : NULL;
}

/* R11: keys Extended JSON reads as a type wrapper's. */
static bool wrapper_key(const pf_bin *key)
{
    static const char *const keys[] = {
        "$oid", "$symbol", "$numberInt", "$numberLong", "$numberDouble", "$numberDecimal",
        "$binary", "$base64", "$subType", "$type", "$uuid", "$code", "$scope", "$timestamp",
        "$regularExpression", "$regex", "$options", "$pattern", "$dbPointer", "$ref", "$id",
        "$db", "$date", "$minKey", "$maxKey", "$undefined",
    };
    for (size_t i = 0; i < PF_LEN(keys); i++)
        if (key->n == strlen(keys[i]) && !memcmp(key->v.bytes, keys[i], key->n))
            return true;
    return false;
}

/* R5-R7, R9-R11: values Extended JSON cannot carry (ctx: relaxed). */
static const char *not_json(const pf_bin *v, const void *relaxed)
{
    for (size_t i = 0; v->kind == PF_BIN_MAP && i < v->n; i++)
        if (wrapper_key(v->v.pairs[i].key))
            return "R11";
    if (v->kind == PF_BIN_FLOAT && isnan(pf_bin_float_value(v)) &&
        v->v.bits != 0x7ff8000000000000u)
        return "R5"; /* the text "NaN" carries no payload */
    if (v->kind == PF_BIN_DECIMAL && !pf_bin_decimal_text_exact(v))
        return "R6"; /* NaN's sign or payload, infinity's payload, 10^34 up */
    if (relaxed && v->kind == PF_BIN_DATE && v->v.i >= BT_YEAR_10000_MS)
        return "R7";
    for (size_t i = 0; v->kind == PF_BIN_ARRAY && i < v->n; i++)
        if (is_code(v->v.items[i], NULL) ||
            (v->v.items[i]->kind == PF_BIN_TAG && v->v.items[i]->tag == BSON_TYPE_DBPOINTER))
            return "R9"; /* code or DBPointer as an array element: a stale key */
    if (v->kind == PF_BIN_TAG && v->tag == BSON_TYPE_CODEWSCOPE &&
        pf_bin_find(v->v.items[0]->v.items[1], is_code, NULL))
        return "R10"; /* code inside a scope: read as a document */
    return NULL;
}

void bt_extjson(pf_src *s, pf_bin_case *k, bool relaxed, bt_json_variant *variant)
{
    for (size_t i = 0; i < k->n; i++) {
        const char *r = pf_bin_find(k->values[i], not_json, relaxed ? "" : NULL);
        if (r)
            pf_skip(s, r);
    }
    for (size_t i = 0; i < k->n; i++) {
        bson_t *b = written(s, k->values[i]);
        size_t len;
        char *json = relaxed ? bson_as_relaxed_extended_json(b, &len)
                             : bson_as_canonical_extended_json(b, &len);
        PF_ASSERT(s, json != NULL);
        pf_defer(s, bson_free, json);
        const char *what = relaxed ? "relaxed Extended JSON" : "canonical Extended JSON";
        if (variant) {
            pf_buf v = {0};
            what = variant(s, json, len, &v);
            len = v.len;
            json = (char *)pf_buf_defer(s, &v);
        }
        bson_error_t err;
        bson_t *back = bson_new_from_json((const uint8_t *)json, (ssize_t)len, &err);
        if (back)
            pf_defer(s, destroy, back);
        pf_bin *bv = back ? bt_value_of(k->pool, back) : NULL;
        static const pf_bin_eq by_value = {.any_width = true};
        pf_path path = {0};
        bool same = back && (relaxed ? bv && pf_bin_equal(k->values[i], bv, &by_value, &path)
                                     : back->len == b->len &&
                                           !memcmp(bson_get_data(back), bson_get_data(b), b->len));
        if (!same) {
            pf_buf sum = {0};
            pf_buf_printf(&sum, "%s read back as %s", what,
                          relaxed ? "another value" : "other bytes");
            pf_line l[] = {{"value", show(s, k->values[i])},
                           {"json", json},
                           {"read back", back ? pf_bin_hex(s, bson_get_data(back), back->len) : err.message}};
            pf_fail(s, NULL, pf_buf_defer(s, &sum), l, 3, path.text);
        }
    }
}

void bt_prop_extjson_canonical(pf_src *s, void *bin_case) { bt_extjson(s, bin_case, false, NULL); }
void bt_prop_extjson_relaxed(pf_src *s, void *bin_case) { bt_extjson(s, bin_case, true, NULL); }

void bt_prop_raw_reserialize(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    bson_t b;
    size_t off;
    if (!bson_init_static(&b, k->raw, k->len))
        return;
    /* Printing never crashes, valid or not (NULL when corrupt). */
    bson_free(bson_as_canonical_extended_json(&b, NULL));
    bson_free(bson_as_relaxed_extended_json(&b, NULL));
    bool valid = bson_validate(&b, VALIDATE, &off);
    /* bson.h: offset may be NULL; the verdict is the same. */
    if (bson_validate(&b, VALIDATE, NULL) != valid) {
        pf_line l[] = {{"bytes", pf_bin_hex(s, k->raw, k->len)}};
        pf_fail(s, NULL, "bson_validate's verdict changes when no offset is asked for", l, 1,
                NULL);
    }
    if (!valid)
        return;
    const char *r = bt_raw_unfit(&b);
    if (r)
        pf_skip(s, r);
    pf_bin *v = bt_value_of(k->pool, &b);
    if (!v) {
        pf_line l[] = {{"bytes", pf_bin_hex(s, k->raw, k->len)}};
        pf_fail(s, NULL, "iteration failed on bytes bson_validate accepted", l, 1, NULL);
    }
    if ((r = bt_codec.unfit(&bt_codec, v)) != NULL)
        pf_skip(s, r);
    bson_t *again = written(s, v);
    if (again->len != k->len || memcmp(bson_get_data(again), k->raw, k->len)) {
        pf_line l[] = {{"bytes", pf_bin_hex(s, k->raw, k->len)}, {"value", show(s, v)},
                       {"written back", pf_bin_hex(s, bson_get_data(again), again->len)}};
        pf_fail(s, NULL, "validated bytes wrote back differently", l, 3, NULL);
    }
}
