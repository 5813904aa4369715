/* The JSON strategy (include/propfuzz_json.h): a value drawn as a tree
 * kind and its payload, the inverse that writes seeds, and the check that
 * a value is drawable under given options. */
#include "json_internal.h"

#include <math.h>

/* ------------------------------------------------------------------ */
/* The strategy.                                                       */
/* ------------------------------------------------------------------ */

enum { DEFAULT_DEPTH = 4, DEFAULT_ITEMS = 6, DEFAULT_STRING = 40 };

/* The kinds a library can hold, leaves first (pf_tree_kind's order). The
 * names must outlive the draw (records keep the pointer): one static table
 * per shape. */
typedef struct kinds {
    pf_json_type k[PF_JSON_N_TYPES];
    const char *const *names;
    size_t n_leaf, n;
} kinds;

static const char *const names_no_int[] = {
    "null", "bool", "double", "string", "array", "object"};
static const char *const names_int[] = {
    "null", "bool", "int", "double", "string", "array", "object"};
static const char *const names_uint[] = {
    "null", "bool", "int", "uint", "double", "string", "array", "object"};

static void kinds_of(const pf_json_opts *o, kinds *ks)
{
    size_t n = 0;
    ks->k[n++] = PF_JSON_NULL;
    ks->k[n++] = PF_JSON_BOOL;
    ks->names = names_no_int;
    if (!o->no_int) {
        ks->k[n++] = PF_JSON_INT;
        ks->names = names_int;
        if (o->uint) {
            ks->k[n++] = PF_JSON_UINT;
            ks->names = names_uint;
        }
    }
    ks->k[n++] = PF_JSON_DOUBLE;
    ks->k[n++] = PF_JSON_STRING;
    ks->n_leaf = n;
    ks->k[n++] = PF_JSON_ARRAY;
    ks->k[n++] = PF_JSON_OBJECT;
    ks->n = n;
}

static unsigned max_depth(const pf_json_opts *o)
{
    return o->max_depth ? o->max_depth : DEFAULT_DEPTH;
}
static size_t max_items(const pf_json_opts *o)
{
    return o->max_items ? o->max_items : DEFAULT_ITEMS;
}
static size_t max_string(const pf_json_opts *o)
{
    return o->max_string ? o->max_string : DEFAULT_STRING;
}

static pf_float_opts float_opts(const pf_json_opts *o)
{
    pf_float_opts f = {.no_nan = !o->nonfinite, .no_inf = !o->nonfinite};
    if (o->double_max > 0) {
        f.bounded = true;
        f.min = -o->double_max;
        f.max = o->double_max;
        f.no_nan = f.no_inf = true;
    }
    return f;
}

static const uint64_t UINT_LO = (uint64_t)INT64_MAX + 1;

/* Drops NUL bytes (U+0000 is the only code point with a 0x00 byte). */
static size_t strip_nul(char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (s[i])
            s[n++] = s[i];
    s[n] = 0;
    return n;
}

static const char *draw_text(pf_src *s, const char *label,
                             const pf_json_opts *o, bool no_nul, size_t *len)
{
    pf_text_opts t = {.max_len = max_string(o)};
    const char *text = pf_text(s, label, &t, len);
    if (no_nul && memchr(text, 0, *len))
        *len = strip_nul((char *)text, *len); /* arena memory: ours */
    return text;
}

static pf_json *draw_at(pf_src *s, pf_json_pool *p, const pf_json_opts *o,
                        const kinds *ks, unsigned depth)
{
    size_t kind = pf_tree_kind(s, "kind", depth, max_depth(o), ks->n_leaf,
                               ks->n - ks->n_leaf);
    pf_name_values(s, ks->names, ks->n);
    size_t len;
    pf_float_opts f = float_opts(o);
    switch (ks->k[kind]) {
    case PF_JSON_NULL:
        return pf_json_null(p);
    case PF_JSON_BOOL:
        return pf_json_bool(p, pf_bool(s, "bool"));
    case PF_JSON_INT:
        return pf_json_int(p, o->int_bounded
                                  ? pf_i64_range(s, "int", o->int_min, o->int_max)
                                  : pf_i64(s, "int"));
    case PF_JSON_UINT:
        return pf_json_uint(p, pf_u64_range(s, "uint", UINT_LO, UINT64_MAX));
    case PF_JSON_DOUBLE:
        return pf_json_double(p, pf_double(s, "double", &f));
    case PF_JSON_STRING: {
        const char *t = draw_text(s, "string", o, o->no_nul, &len);
        return pf_json_string(p, t, len);
    }
    case PF_JSON_ARRAY: {
        pf_json *a = pf_json_array(p, max_items(o));
        pf_list l;
        pf_list_begin(s, &l, "array", 0, max_items(o));
        while (pf_list_more(s, &l))
            pf_json_push(p, a, draw_at(s, p, o, ks, depth + 1));
        return a;
    }
    default: {
        pf_json *obj = pf_json_object(p, max_items(o));
        pf_list l;
        pf_list_begin(s, &l, "object", 0, max_items(o));
        while (pf_list_more(s, &l)) {
            const char *k = draw_text(s, "key", o, o->no_nul || o->no_nul_keys,
                                      &len);
            if (!pf_list_unique(s, &l, k, len))
                continue; /* keys are distinct: see pf_json_draw */
            pf_json_put(p, obj, k, len, draw_at(s, p, o, ks, depth + 1));
        }
        return obj;
    }
    }
}

pf_json *pf_json_draw(pf_src *s, pf_json_pool *p, const pf_json_opts *o)
{
    static const pf_json_opts defaults;
    if (!o)
        o = &defaults;
    kinds ks;
    kinds_of(o, &ks);
    return draw_at(s, p, o, &ks, 0);
}

static void enc_at(pf_buf *e, const pf_json_opts *o, const kinds *ks,
                   const pf_json *v, unsigned depth)
{
    size_t kind = 0;
    while (kind < ks->n && ks->k[kind] != v->type)
        kind++;
    if (kind == ks->n)
        kind = 0; /* not drawable: null */
    pf_enc_tree_kind(e, depth, max_depth(o), ks->n_leaf, ks->n - ks->n_leaf,
                     kind);
    pf_float_opts f = float_opts(o);
    pf_text_opts t = {.max_len = max_string(o)};
    switch (ks->k[kind]) {
    case PF_JSON_NULL:
        break;
    case PF_JSON_BOOL:
        pf_enc_bool(e, v->v.b);
        break;
    case PF_JSON_INT:
        if (o->int_bounded)
            pf_enc_i64_range(e, o->int_min, o->int_max, v->v.i);
        else
            pf_enc_i64_range(e, INT64_MIN, INT64_MAX, v->v.i);
        break;
    case PF_JSON_UINT:
        pf_enc_u64_range(e, UINT_LO, UINT64_MAX, v->v.u);
        break;
    case PF_JSON_DOUBLE:
        pf_enc_double(e, &f, v->v.d);
        break;
    case PF_JSON_STRING:
        pf_enc_text(e, &t, v->v.s, v->n);
        break;
    case PF_JSON_ARRAY:
        for (size_t i = 0; i < v->n; i++) {
            pf_enc_more(e, true);
            enc_at(e, o, ks, v->v.items[i], depth + 1);
        }
        if (v->n < max_items(o))
            pf_enc_more(e, false);
        break;
    default:
        for (size_t i = 0; i < v->n; i++) {
            pf_enc_more(e, true);
            pf_enc_text(e, &t, v->v.members[i].key, v->v.members[i].key_len);
            enc_at(e, o, ks, v->v.members[i].value, depth + 1);
        }
        if (v->n < max_items(o))
            pf_enc_more(e, false);
        break;
    }
}

void pf_json_enc(pf_buf *e, const pf_json_opts *o, const pf_json *v)
{
    static const pf_json_opts defaults;
    if (!o)
        o = &defaults;
    kinds ks;
    kinds_of(o, &ks);
    enc_at(e, o, &ks, v, 0);
}

static bool text_drawable(const pf_json_opts *o, const char *s, size_t len,
                          bool no_nul)
{
    size_t n = pf_utf8_count((const uint8_t *)s, len);
    return n != SIZE_MAX && n <= max_string(o) && !(no_nul && memchr(s, 0, len));
}

static bool drawable_at(const pf_json_opts *o, const pf_json *v, unsigned depth)
{
    switch (v->type) {
    case PF_JSON_NULL:
    case PF_JSON_BOOL:
        return true;
    case PF_JSON_INT:
        return !o->no_int &&
               (!o->int_bounded || (v->v.i >= o->int_min && v->v.i <= o->int_max));
    case PF_JSON_UINT:
        return !o->no_int && o->uint && v->v.u >= UINT_LO;
    case PF_JSON_DOUBLE:
        if (o->double_max > 0)
            return fabs(v->v.d) <= o->double_max;
        return o->nonfinite || isfinite(v->v.d);
    case PF_JSON_STRING:
        return text_drawable(o, v->v.s, v->n, o->no_nul);
    case PF_JSON_ARRAY:
        if (depth >= max_depth(o) || v->n > max_items(o))
            return false;
        for (size_t i = 0; i < v->n; i++)
            if (!drawable_at(o, v->v.items[i], depth + 1))
                return false;
        return true;
    case PF_JSON_OBJECT:
        if (depth >= max_depth(o) || v->n > max_items(o))
            return false;
        for (size_t i = 0; i < v->n; i++) {
            const pf_json_member *m = &v->v.members[i];
            if (!text_drawable(o, m->key, m->key_len, o->no_nul || o->no_nul_keys) ||
                !drawable_at(o, m->value, depth + 1))
                return false;
            for (size_t j = 0; j < i; j++)
                if (v->v.members[j].key_len == m->key_len &&
                    memcmp(v->v.members[j].key, m->key, m->key_len) == 0)
                    return false;
        }
        return true;
    default:
        return false;
    }
}

bool pf_json_drawable(const pf_json_opts *o, const pf_json *v)
{
    static const pf_json_opts defaults;
    return drawable_at(o ? o : &defaults, v, 0);
}

