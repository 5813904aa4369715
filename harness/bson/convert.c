/* Documents as pf_bin maps, written with bson_append_* and read back by
 * iteration (bson_iter_*): the two halves of bson's codec. */
#include "bson_target.h"

#include <string.h>

static bool append(bson_t *b, const char *key, int klen, const pf_bin *v);

static bool append_children(bson_t *b, const pf_bin *v)
{
    for (size_t i = 0; i < v->n; i++) {
        char buf[16];
        const char *key;
        if (v->kind == PF_BIN_ARRAY) {
            size_t klen = bson_uint32_to_string((uint32_t)i, &key, buf, sizeof buf);
            if (!append(b, key, (int)klen, v->v.items[i]))
                return false;
        } else {
            const pf_bin *k = v->v.pairs[i].key;
            if (!append(b, (const char *)k->v.bytes, (int)k->n, v->v.pairs[i].value))
                return false;
        }
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

static bool append_tag(bson_t *b, const char *key, int klen, const pf_bin *v)
{
    const pf_bin *in = v->v.items[0], *const *part = (const pf_bin *const *)in->v.items;
    bson_oid_t oid;
    switch (v->tag) {
    case BSON_TYPE_UNDEFINED: return bson_append_undefined(b, key, klen);
    case BSON_TYPE_MINKEY: return bson_append_minkey(b, key, klen);
    case BSON_TYPE_MAXKEY: return bson_append_maxkey(b, key, klen);
    case BSON_TYPE_OID:
        memcpy(oid.bytes, in->v.bytes, 12);
        return bson_append_oid(b, key, klen, &oid);
    case BSON_TYPE_REGEX:
        return bson_append_regex_w_len(b, key, klen, (const char *)part[0]->v.bytes,
                                       (int)part[0]->n, (const char *)part[1]->v.bytes);
    case BSON_TYPE_DBPOINTER:
        memcpy(oid.bytes, part[1]->v.bytes, 12);
        return bson_append_dbpointer(b, key, klen, (const char *)part[0]->v.bytes, &oid);
    case BSON_TYPE_CODE: return bson_append_code(b, key, klen, (const char *)in->v.bytes);
    case BSON_TYPE_SYMBOL:
        return bson_append_symbol(b, key, klen, (const char *)in->v.bytes, (int)in->n);
    case BSON_TYPE_CODEWSCOPE: {
        bson_t scope;
        if (!bt_of_value(part[1], &scope))
            return false;
        bool ok = bson_append_code_with_scope(b, key, klen, (const char *)part[0]->v.bytes,
                                              &scope);
        bson_destroy(&scope);
        return ok;
    }
    case BSON_TYPE_TIMESTAMP:
        return bson_append_timestamp(b, key, klen, (uint32_t)part[0]->v.u,
                                     (uint32_t)part[1]->v.u);
    default: return false;
    }
}

static bool append(bson_t *b, const char *key, int klen, const pf_bin *v)
{
    bson_decimal128_t dec;
    double d;
    switch (v->kind) {
    case PF_BIN_NIL: return bson_append_null(b, key, klen);
    case PF_BIN_BOOL: return bson_append_bool(b, key, klen, v->v.b);
    case PF_BIN_INT:
        return v->width == 4 ? bson_append_int32(b, key, klen, (int32_t)v->v.i)
                             : bson_append_int64(b, key, klen, v->v.i);
    case PF_BIN_FLOAT:
        memcpy(&d, &v->v.bits, 8);
        return bson_append_double(b, key, klen, d);
    case PF_BIN_TEXT:
        return bson_append_utf8(b, key, klen, (const char *)v->v.bytes, (int)v->n);
    case PF_BIN_EXT:
        return bson_append_binary(b, key, klen, (bson_subtype_t)v->tag, v->v.bytes,
                                  (uint32_t)v->n);
    case PF_BIN_DATE: return bson_append_date_time(b, key, klen, v->v.i);
    case PF_BIN_DECIMAL:
        memcpy(&dec.low, v->v.bytes, 8);
        memcpy(&dec.high, v->v.bytes + 8, 8);
        return bson_append_decimal128(b, key, klen, &dec);
    case PF_BIN_ARRAY: case PF_BIN_MAP: {
        bson_t child;
        bool arr = v->kind == PF_BIN_ARRAY;
        if (!(arr ? bson_append_array_begin(b, key, klen, &child)
                  : bson_append_document_begin(b, key, klen, &child)))
            return false;
        bool ok = append_children(&child, v);
        return (arr ? bson_append_array_end(b, &child) : bson_append_document_end(b, &child)) &&
               ok;
    }
    case PF_BIN_TAG: return append_tag(b, key, klen, v);
    default: return false;
    }
}

/* --- reading back -------------------------------------------------- */

static pf_bin *parts(pf_bin_pool *p, int64_t tag, pf_bin *a, pf_bin *b)
{
    pf_bin *arr = pf_bin_array(p, 2);
    pf_bin_push(p, arr, a);
    pf_bin_push(p, arr, b);
    return pf_bin_tag(p, tag, arr);
}

static pf_bin *read_container(pf_bin_pool *p, bson_iter_t *it, bool arr);

static pf_bin *read_value(pf_bin_pool *p, bson_iter_t *it)
{
    uint32_t len, len2;
    const uint8_t *data;
    const char *str;
    const bson_oid_t *oid;
    bson_subtype_t sub;
    bson_decimal128_t dec;
    bson_iter_t child;
    bson_type_t t = bson_iter_type(it);
    switch (t) {
    case BSON_TYPE_DOUBLE: return pf_bin_f64(p, bson_iter_double(it));
    case BSON_TYPE_UTF8:
        str = bson_iter_utf8(it, &len);
        return pf_bin_bytes(p, PF_BIN_TEXT, str, len);
    case BSON_TYPE_DOCUMENT: case BSON_TYPE_ARRAY:
        if (!bson_iter_recurse(it, &child))
            return NULL;
        return read_container(p, &child, t == BSON_TYPE_ARRAY);
    case BSON_TYPE_BINARY:
        bson_iter_binary(it, &sub, &len, &data);
        return pf_bin_ext(p, sub, data, len);
    case BSON_TYPE_UNDEFINED: case BSON_TYPE_MINKEY: case BSON_TYPE_MAXKEY:
        return pf_bin_tag(p, t, pf_bin_nil(p));
    case BSON_TYPE_OID:
        return pf_bin_tag(p, t, pf_bin_bytes(p, PF_BIN_BYTES, bson_iter_oid(it)->bytes, 12));
    case BSON_TYPE_BOOL: return pf_bin_bool(p, bson_iter_bool(it));
    case BSON_TYPE_DATE_TIME: return pf_bin_date(p, bson_iter_date_time(it));
    case BSON_TYPE_NULL: return pf_bin_nil(p);
    case BSON_TYPE_REGEX: {
        const char *opts;
        str = bson_iter_regex(it, &opts);
        return parts(p, t, pf_bin_text(p, str), pf_bin_text(p, opts));
    }
    case BSON_TYPE_DBPOINTER:
        bson_iter_dbpointer(it, &len, &str, &oid);
        return parts(p, t, pf_bin_bytes(p, PF_BIN_TEXT, str, len),
                     pf_bin_bytes(p, PF_BIN_BYTES, oid->bytes, 12));
    case BSON_TYPE_CODE:
        str = bson_iter_code(it, &len);
        return pf_bin_tag(p, t, pf_bin_bytes(p, PF_BIN_TEXT, str, len));
    case BSON_TYPE_SYMBOL:
        str = bson_iter_symbol(it, &len);
        return pf_bin_tag(p, t, pf_bin_bytes(p, PF_BIN_TEXT, str, len));
    case BSON_TYPE_CODEWSCOPE: {
        bson_t scope;
        str = bson_iter_codewscope(it, &len, &len2, &data);
        if (!bson_init_static(&scope, data, len2))
            return NULL;
        pf_bin *sv = bt_value_of(p, &scope);
        return sv ? parts(p, t, pf_bin_bytes(p, PF_BIN_TEXT, str, len), sv) : NULL;
    }
    case BSON_TYPE_INT32: return pf_bin_int(p, bson_iter_int32(it), 4);
    case BSON_TYPE_TIMESTAMP:
        bson_iter_timestamp(it, &len, &len2);
        return parts(p, t, pf_bin_uint(p, len, 4), pf_bin_uint(p, len2, 4));
    case BSON_TYPE_INT64: return pf_bin_int(p, bson_iter_int64(it), 8);
    case BSON_TYPE_DECIMAL128: {
        uint8_t b[16];
        bson_iter_decimal128(it, &dec);
        memcpy(b, &dec.low, 8);
        memcpy(b + 8, &dec.high, 8);
        return pf_bin_bytes(p, PF_BIN_DECIMAL, b, 16);
    }
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
            pf_bin_put(p, v, pf_bin_bytes(p, PF_BIN_TEXT, bson_iter_key(it), bson_iter_key_len(it)), x);
    }
    return it->err_off ? NULL : v; /* iteration stopped at corrupt bytes */
}

pf_bin *bt_value_of(pf_bin_pool *p, const bson_t *b)
{
    bson_iter_t it;
    return bson_iter_init(&it, b) ? read_container(p, &it, false) : NULL;
}

/* The text bson_iter_visit_all checks for UTF-8 in the element at it
 * (besides its key), or NULL. */
static const char *visited_text(const bson_iter_t *it, uint32_t *len)
{
    const char *opts;
    const bson_oid_t *oid;
    uint32_t scope_len;
    const uint8_t *scope;
    switch (bson_iter_type(it)) {
    case BSON_TYPE_UTF8: return bson_iter_utf8(it, len);
    case BSON_TYPE_CODE: return bson_iter_code(it, len);
    case BSON_TYPE_SYMBOL: return bson_iter_symbol(it, len);
    case BSON_TYPE_CODEWSCOPE: return bson_iter_codewscope(it, len, &scope_len, &scope);
    case BSON_TYPE_DBPOINTER: {
        const char *coll;
        bson_iter_dbpointer(it, len, &coll, &oid);
        return coll;
    }
    case BSON_TYPE_REGEX: {
        const char *re = bson_iter_regex(it, &opts);
        *len = (uint32_t)strlen(re);
        return re;
    }
    default: return NULL;
    }
}

/* R8 over b and what it holds; *r4 set when an array's keys are not
 * "0", "1", ... (array: b is an array). */
static bool hole(const bson_t *b, bool array, bool *r4)
{
    bson_iter_t it;
    if (!bson_iter_init(&it, b))
        return false;
    for (uint32_t i = 0; bson_iter_next(&it); i++) {
        uint32_t len = 0, len2;
        const uint8_t *data = NULL;
        bson_t sub;
        bson_type_t t = bson_iter_type(&it);
        const char *key = bson_iter_key(&it), *text = visited_text(&it, &len), *index;
        char buf[16];
        if (!bson_utf8_validate(key, strlen(key), false) ||
            (text && !bson_utf8_validate(text, len, true)))
            return true;
        if (array && bson_uint32_to_string(i, &index, buf, sizeof buf) && strcmp(key, index))
            *r4 = true;
        if (t == BSON_TYPE_DOCUMENT)
            bson_iter_document(&it, &len, &data);
        else if (t == BSON_TYPE_ARRAY)
            bson_iter_array(&it, &len, &data);
        else if (t == BSON_TYPE_CODEWSCOPE) {
            const char *code = bson_iter_codewscope(&it, &len2, &len, &data);
            if (code[len2] != 0) /* the code's terminator is not checked */
                return true;
        }
        if (data && (!bson_init_static(&sub, data, len) ||
                     hole(&sub, t == BSON_TYPE_ARRAY, r4)))
            return true;
    }
    return false;
}

const char *bt_raw_unfit(const bson_t *b)
{
    bool r4 = false;
    return hole(b, false, &r4) ? "R8" : r4 ? "R4" : NULL;
}
