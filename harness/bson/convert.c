/* Documents as pf_bin maps, written with bson_append_* and read back by
 * iteration (bson_iter_*): the two halves of bson's codec. */
#include "bson_target.h"

#include <string.h>

static const char *str(const pf_bin *text) { return (const char *)text->v.bytes; }

static bool append(bson_t *b, const char *key, int klen, const pf_bin *v);

static bool append_children(bson_t *b, const pf_bin *v)
{
    for (size_t i = 0; i < v->n; i++) {
        char buf[16];
        const char *key = buf;
        size_t klen;
        const pf_bin *x;
        if (v->kind == PF_BIN_ARRAY)
            klen = bson_uint32_to_string((uint32_t)i, &key, buf, sizeof buf), x = v->v.items[i];
        else
            key = str(v->v.pairs[i].key), klen = v->v.pairs[i].key->n, x = v->v.pairs[i].value;
        if (!append(b, key, (int)klen, x))
            return false;
    }
    return true;
}

bool bt_of_value(const pf_bin *doc, bson_t *out)
{
    bson_init(out);
    if (doc->kind == PF_BIN_MAP && append_children(out, doc))
        return true;
    bson_destroy(out);
    return false;
}

/* The BSON type v is written as (BSON_TYPE_EOD: none). */
static bson_type_t type_of(const pf_bin *v)
{
    static const bson_type_t of_kind[PF_BIN_N_KINDS] = {
        [PF_BIN_NIL] = BSON_TYPE_NULL, [PF_BIN_BOOL] = BSON_TYPE_BOOL,
        [PF_BIN_INT] = BSON_TYPE_INT64, [PF_BIN_FLOAT] = BSON_TYPE_DOUBLE,
        [PF_BIN_TEXT] = BSON_TYPE_UTF8, [PF_BIN_EXT] = BSON_TYPE_BINARY,
        [PF_BIN_DATE] = BSON_TYPE_DATE_TIME, [PF_BIN_DECIMAL] = BSON_TYPE_DECIMAL128,
        [PF_BIN_ARRAY] = BSON_TYPE_ARRAY, [PF_BIN_MAP] = BSON_TYPE_DOCUMENT,
    };
    if (v->kind == PF_BIN_TAG)
        return (bson_type_t)v->tag;
    return v->kind == PF_BIN_INT && v->width == 4 ? BSON_TYPE_INT32 : of_kind[v->kind];
}

static const bson_oid_t *oid_of(const pf_bin *bytes, bson_oid_t *oid)
{
    memcpy(oid->bytes, bytes->v.bytes, 12);
    return oid;
}

/* Each BSON type's bson_append_* call, in type-byte order (a tag's parts:
 * the schema in harness/bson.c). */
static bool append(bson_t *b, const char *key, int klen, const pf_bin *v)
{
    const pf_bin *p1 = v->kind == PF_BIN_TAG ? pf_bin_tag_part(v, 0) : v;
    const pf_bin *p2 = v->kind == PF_BIN_TAG ? pf_bin_tag_part(v, 1) : v;
    bson_oid_t oid;
    bson_decimal128_t dec;
    bson_t child;
    bool ok;
    switch (type_of(v)) {
    case BSON_TYPE_DOUBLE: return bson_append_double(b, key, klen, pf_bin_float_value(v));
    case BSON_TYPE_UTF8: return bson_append_utf8(b, key, klen, str(v), (int)v->n);
    case BSON_TYPE_DOCUMENT:
        if (!bson_append_document_begin(b, key, klen, &child))
            return false;
        ok = append_children(&child, v);
        return bson_append_document_end(b, &child) && ok;
    case BSON_TYPE_ARRAY:
        if (!bson_append_array_begin(b, key, klen, &child))
            return false;
        ok = append_children(&child, v);
        return bson_append_array_end(b, &child) && ok;
    case BSON_TYPE_BINARY:
        return bson_append_binary(b, key, klen, (bson_subtype_t)v->tag, v->v.bytes, (uint32_t)v->n);
    case BSON_TYPE_UNDEFINED: return bson_append_undefined(b, key, klen);
    case BSON_TYPE_OID: return bson_append_oid(b, key, klen, oid_of(p1, &oid));
    case BSON_TYPE_BOOL: return bson_append_bool(b, key, klen, v->v.b);
    case BSON_TYPE_DATE_TIME: return bson_append_date_time(b, key, klen, v->v.i);
    case BSON_TYPE_NULL: return bson_append_null(b, key, klen);
    case BSON_TYPE_REGEX:
        return bson_append_regex_w_len(b, key, klen, str(p1), (int)p1->n, str(p2));
    case BSON_TYPE_DBPOINTER: return bson_append_dbpointer(b, key, klen, str(p1), oid_of(p2, &oid));
    case BSON_TYPE_CODE: return bson_append_code(b, key, klen, str(p1));
    case BSON_TYPE_SYMBOL: return bson_append_symbol(b, key, klen, str(p1), (int)p1->n);
    case BSON_TYPE_CODEWSCOPE:
        if (!bt_of_value(p2, &child))
            return false;
        ok = bson_append_code_with_scope(b, key, klen, str(p1), &child);
        bson_destroy(&child);
        return ok;
    case BSON_TYPE_INT32: return bson_append_int32(b, key, klen, (int32_t)v->v.i);
    case BSON_TYPE_TIMESTAMP:
        return bson_append_timestamp(b, key, klen, (uint32_t)p1->v.u, (uint32_t)p2->v.u);
    case BSON_TYPE_INT64: return bson_append_int64(b, key, klen, v->v.i);
    case BSON_TYPE_DECIMAL128:
        pf_bin_decimal_words(v, &dec.high, &dec.low);
        return bson_append_decimal128(b, key, klen, &dec);
    case BSON_TYPE_MAXKEY: return bson_append_maxkey(b, key, klen);
    case BSON_TYPE_MINKEY: return bson_append_minkey(b, key, klen);
    default: return false;
    }
}

/* --- reading back -------------------------------------------------- */

static pf_bin *text(pf_bin_pool *p, const char *s, uint32_t len)
{
    return pf_bin_bytes(p, PF_BIN_TEXT, s, len);
}

static pf_bin *oid_bytes(pf_bin_pool *p, const bson_oid_t *oid)
{
    return pf_bin_bytes(p, PF_BIN_BYTES, oid->bytes, 12);
}

/* A BSON type of its own over its parts (bson_target.h). */
static pf_bin *own(pf_bin_pool *p, bson_type_t t, pf_bin *a, pf_bin *b)
{
    return pf_bin_tag_parts(p, t, a, b);
}

static pf_bin *read_container(pf_bin_pool *p, bson_iter_t *it, bool arr);

/* Each BSON type's bson_iter_* calls, in the same order as append's. */
static pf_bin *read_value(pf_bin_pool *p, bson_iter_t *it)
{
    uint32_t len, len2;
    const uint8_t *data;
    const char *s, *s2;
    const bson_oid_t *oid;
    bson_subtype_t sub;
    bson_decimal128_t dec;
    bson_iter_t child;
    bson_t scope;
    pf_bin *sv;
    bson_type_t t = bson_iter_type(it);
    switch (t) {
    case BSON_TYPE_DOUBLE: return pf_bin_f64(p, bson_iter_double(it));
    case BSON_TYPE_UTF8: s = bson_iter_utf8(it, &len); return text(p, s, len);
    case BSON_TYPE_DOCUMENT: case BSON_TYPE_ARRAY:
        return bson_iter_recurse(it, &child) ? read_container(p, &child, t == BSON_TYPE_ARRAY)
                                             : NULL;
    case BSON_TYPE_BINARY:
        /* Each of bson_iter_binary's outputs is optional: the subtype
         * alone, then the bytes alone. */
        bson_iter_binary(it, &sub, NULL, NULL);
        bson_iter_binary(it, NULL, &len, &data);
        return pf_bin_ext(p, sub, data, len);
    case BSON_TYPE_UNDEFINED: return own(p, t, NULL, NULL);
    case BSON_TYPE_OID: return own(p, t, oid_bytes(p, bson_iter_oid(it)), NULL);
    case BSON_TYPE_BOOL: return pf_bin_bool(p, bson_iter_bool(it));
    case BSON_TYPE_DATE_TIME: return pf_bin_date(p, bson_iter_date_time(it));
    case BSON_TYPE_NULL: return pf_bin_nil(p);
    case BSON_TYPE_REGEX:
        s = bson_iter_regex(it, &s2);
        return own(p, t, pf_bin_text(p, s), pf_bin_text(p, s2));
    case BSON_TYPE_DBPOINTER:
        bson_iter_dbpointer(it, &len, &s, &oid);
        return own(p, t, text(p, s, len), oid_bytes(p, oid));
    case BSON_TYPE_CODE: s = bson_iter_code(it, &len); return own(p, t, text(p, s, len), NULL);
    case BSON_TYPE_SYMBOL:
        s = bson_iter_symbol(it, &len);
        return own(p, t, text(p, s, len), NULL);
    case BSON_TYPE_CODEWSCOPE:
        s = bson_iter_codewscope(it, &len, &len2, &data);
        if (!bson_init_static(&scope, data, len2) || !(sv = bt_value_of(p, &scope)))
            return NULL;
        return own(p, t, text(p, s, len), sv);
    case BSON_TYPE_INT32: return pf_bin_int(p, bson_iter_int32(it), 4);
    case BSON_TYPE_TIMESTAMP:
        bson_iter_timestamp(it, &len, &len2);
        return own(p, t, pf_bin_uint(p, len, 4), pf_bin_uint(p, len2, 4));
    case BSON_TYPE_INT64: return pf_bin_int(p, bson_iter_int64(it), 8);
    case BSON_TYPE_DECIMAL128:
        bson_iter_decimal128(it, &dec);
        return pf_bin_decimal(p, dec.high, dec.low);
    case BSON_TYPE_MAXKEY: case BSON_TYPE_MINKEY: return own(p, t, NULL, NULL);
    default: return NULL;
    }
}

static pf_bin *read_container(pf_bin_pool *p, bson_iter_t *it, bool arr)
{
    pf_bin *v = arr ? pf_bin_array(p, 4) : pf_bin_map(p, 4);
    while (bson_iter_next(it)) {
        pf_bin *x = read_value(p, it);
        if (!x)
            return NULL;
        if (arr)
            pf_bin_push(p, v, x);
        else
            pf_bin_put(p, v, text(p, bson_iter_key(it), bson_iter_key_len(it)), x);
    }
    return it->err_off ? NULL : v; /* iteration stopped at corrupt bytes */
}

pf_bin *bt_value_of(pf_bin_pool *p, const bson_t *b)
{
    bson_iter_t it;
    return bson_iter_init(&it, b) ? read_container(p, &it, false) : NULL;
}
