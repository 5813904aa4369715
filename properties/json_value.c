/* The JSON value model of the JSON targets (include/propfuzz_json.h): one
 * tree type, its strategy and inverse, equality, printing, a canonical text
 * writer and a strict reference parser. */
#include "pf_internal.h"
#include "propfuzz_json.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* Pools.                                                              */
/* ------------------------------------------------------------------ */

struct pf_json_pool {
    pf_arena arena;
};

pf_json_pool *pf_json_pool_new(void)
{
    pf_json_pool *p = calloc(1, sizeof *p);
    if (!p) {
        fprintf(stderr, "propfuzz: out of memory (json pool)\n");
        abort();
    }
    return p;
}

void pf_json_pool_reset(pf_json_pool *p)
{
    pf__arena_reset(&p->arena);
}

void pf_json_pool_free(pf_json_pool *p)
{
    if (!p)
        return;
    pf__arena_free(&p->arena);
    free(p);
}

void *pf_json_alloc(pf_json_pool *p, size_t n)
{
    return pf__arena_alloc(&p->arena, n);
}

static pf_json *node(pf_json_pool *p, pf_json_type t)
{
    pf_json *v = pf_json_alloc(p, sizeof *v);
    memset(v, 0, sizeof *v);
    v->type = t;
    return v;
}

pf_json *pf_json_null(pf_json_pool *p) { return node(p, PF_JSON_NULL); }

pf_json *pf_json_bool(pf_json_pool *p, bool b)
{
    pf_json *v = node(p, PF_JSON_BOOL);
    v->v.b = b;
    return v;
}

pf_json *pf_json_int(pf_json_pool *p, int64_t i)
{
    pf_json *v = node(p, PF_JSON_INT);
    v->v.i = i;
    return v;
}

pf_json *pf_json_uint(pf_json_pool *p, uint64_t u)
{
    pf_json *v = node(p, PF_JSON_UINT);
    v->v.u = u;
    return v;
}

pf_json *pf_json_double(pf_json_pool *p, double d)
{
    pf_json *v = node(p, PF_JSON_DOUBLE);
    v->v.d = d;
    return v;
}

static char *copy_str(pf_json_pool *p, const char *s, size_t len)
{
    char *c = pf_json_alloc(p, len + 1);
    if (len)
        memcpy(c, s, len);
    c[len] = 0;
    return c;
}

pf_json *pf_json_string(pf_json_pool *p, const char *s, size_t len)
{
    pf_json *v = node(p, PF_JSON_STRING);
    v->v.s = copy_str(p, s, len);
    v->n = len;
    return v;
}

pf_json *pf_json_array(pf_json_pool *p, size_t cap)
{
    pf_json *v = node(p, PF_JSON_ARRAY);
    v->cap = cap;
    v->v.items = pf_json_alloc(p, (cap ? cap : 1) * sizeof *v->v.items);
    return v;
}

pf_json *pf_json_object(pf_json_pool *p, size_t cap)
{
    pf_json *v = node(p, PF_JSON_OBJECT);
    v->cap = cap;
    v->v.members = pf_json_alloc(p, (cap ? cap : 1) * sizeof *v->v.members);
    return v;
}

void pf_json_push(pf_json_pool *p, pf_json *a, pf_json *item)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 4;
        pf_json **items = pf_json_alloc(p, cap * sizeof *items);
        if (a->n)
            memcpy(items, a->v.items, a->n * sizeof *items);
        a->v.items = items;
        a->cap = cap;
    }
    a->v.items[a->n++] = item;
}

void pf_json_put(pf_json_pool *p, pf_json *o, const char *key, size_t key_len,
                 pf_json *value)
{
    if (o->n == o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 4;
        pf_json_member *m = pf_json_alloc(p, cap * sizeof *m);
        if (o->n)
            memcpy(m, o->v.members, o->n * sizeof *m);
        o->v.members = m;
        o->cap = cap;
    }
    pf_json_member *m = &o->v.members[o->n++];
    m->key = copy_str(p, key, key_len);
    m->key_len = key_len;
    m->value = value;
}

pf_json *pf_json_copy(pf_json_pool *p, const pf_json *v)
{
    pf_json *c;
    switch (v->type) {
    case PF_JSON_STRING:
        c = pf_json_string(p, v->v.s, v->n);
        break;
    case PF_JSON_ARRAY:
        c = pf_json_array(p, v->n);
        for (size_t i = 0; i < v->n; i++)
            pf_json_push(p, c, pf_json_copy(p, v->v.items[i]));
        break;
    case PF_JSON_OBJECT:
        c = pf_json_object(p, v->n);
        for (size_t i = 0; i < v->n; i++)
            pf_json_put(p, c, v->v.members[i].key, v->v.members[i].key_len,
                        pf_json_copy(p, v->v.members[i].value));
        break;
    default:
        c = node(p, v->type);
        c->v = v->v;
        break;
    }
    if (v->lit) {
        c->lit = copy_str(p, v->lit, v->lit_len);
        c->lit_len = v->lit_len;
    }
    return c;
}

const pf_json *pf_json_get(const pf_json *o, const char *key, size_t key_len)
{
    if (o->type != PF_JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < o->n; i++) {
        const pf_json_member *m = &o->v.members[i];
        if (m->key_len == key_len && (key_len == 0 || memcmp(m->key, key, key_len) == 0))
            return m->value;
    }
    return NULL;
}

unsigned pf_json_depth(const pf_json *v)
{
    unsigned d = 0;
    if (v->type == PF_JSON_ARRAY) {
        for (size_t i = 0; i < v->n; i++) {
            unsigned k = pf_json_depth(v->v.items[i]);
            d = k > d ? k : d;
        }
        return d + 1;
    }
    if (v->type == PF_JSON_OBJECT) {
        for (size_t i = 0; i < v->n; i++) {
            unsigned k = pf_json_depth(v->v.members[i].value);
            d = k > d ? k : d;
        }
        return d + 1;
    }
    return 0;
}

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

/* Code points of valid UTF-8 (no surrogates, no overlongs), or SIZE_MAX. */
static size_t utf8_count(const uint8_t *p, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; n++) {
        uint8_t c = p[i];
        size_t need;
        uint8_t lo = 0x80, hi = 0xBF;
        if (c < 0x80) {
            i++;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else {
            return SIZE_MAX;
        }
        if (len - i <= need)
            return SIZE_MAX;
        for (size_t k = 1; k <= need; k++) {
            uint8_t b = p[i + k];
            if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF))
                return SIZE_MAX;
        }
        i += need + 1;
    }
    return n;
}

static bool text_drawable(const pf_json_opts *o, const char *s, size_t len,
                          bool no_nul)
{
    size_t n = utf8_count((const uint8_t *)s, len);
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

/* ------------------------------------------------------------------ */
/* Equality.                                                           */
/* ------------------------------------------------------------------ */

static bool doubles_equal(double a, double b, const pf_json_eq *how)
{
    if (how->tol) /* zeros keep their sign under a tolerance too */
        return pf_close(a, b, *how->tol) &&
               (a != 0 || b != 0 || signbit(a) == signbit(b));
    if (how->nan_any && isnan(a) && isnan(b))
        return true;
    return pf_f64_bits_equal(a, b);
}

static bool bytes_eq(const char *a, size_t na, const char *b, size_t nb)
{
    return na == nb && (na == 0 || memcmp(a, b, na) == 0);
}

static bool equal_at(const pf_json *a, const pf_json *b, const pf_json_eq *how,
                     pf_path *path)
{
    if (a->type != b->type)
        return false;
    switch (a->type) {
    case PF_JSON_NULL: return true;
    case PF_JSON_BOOL: return a->v.b == b->v.b;
    case PF_JSON_INT: return a->v.i == b->v.i;
    case PF_JSON_UINT: return a->v.u == b->v.u;
    case PF_JSON_DOUBLE: return doubles_equal(a->v.d, b->v.d, how);
    case PF_JSON_STRING: return bytes_eq(a->v.s, a->n, b->v.s, b->n);
    case PF_JSON_ARRAY:
        for (size_t i = 0; i < a->n && i < b->n; i++) {
            size_t mark = path ? path->len : 0;
            if (path)
                pf_path_index(path, i);
            if (!equal_at(a->v.items[i], b->v.items[i], how, path))
                return false;
            if (path)
                pf_path_pop(path, mark);
        }
        if (a->n != b->n && path)
            pf_path_index(path, a->n < b->n ? a->n : b->n);
        return a->n == b->n;
    case PF_JSON_OBJECT:
        for (size_t i = 0; i < a->n; i++) {
            const pf_json_member *x = &a->v.members[i];
            const pf_json *yv = NULL;
            if (how->unordered) {
                yv = pf_json_get(b, x->key, x->key_len);
            } else if (i < b->n) {
                const pf_json_member *y = &b->v.members[i];
                if (!bytes_eq(x->key, x->key_len, y->key, y->key_len)) {
                    if (path) {
                        pf_path_index(path, i);
                        pf_path_key(path, (const uint8_t *)"key", 3);
                    }
                    return false;
                }
                yv = y->value;
            }
            size_t mark = path ? path->len : 0;
            if (path)
                pf_path_key(path, (const uint8_t *)x->key, x->key_len);
            if (!yv || !equal_at(x->value, yv, how, path))
                return false;
            if (path)
                pf_path_pop(path, mark);
        }
        if (a->n != b->n) {
            if (path && how->unordered) {
                /* The first key of b that a lacks. */
                for (size_t i = 0; i < b->n; i++)
                    if (!pf_json_get(a, b->v.members[i].key, b->v.members[i].key_len)) {
                        pf_path_key(path, (const uint8_t *)b->v.members[i].key,
                                    b->v.members[i].key_len);
                        break;
                    }
            } else if (path) {
                pf_path_index(path, a->n < b->n ? a->n : b->n);
            }
            return false;
        }
        return true;
    default:
        return false;
    }
}

bool pf_json_equal(const pf_json *a, const pf_json *b, const pf_json_eq *how,
                   pf_path *path)
{
    static const pf_json_eq strict;
    if (!how)
        how = &strict;
    if (equal_at(a, b, how, NULL))
        return true;
    if (path)
        equal_at(a, b, how, path); /* again, to say where */
    return false;
}

/* ------------------------------------------------------------------ */
/* Printing for reports.                                               */
/* ------------------------------------------------------------------ */

static void print_double(pf_buf *b, double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    if (isnan(d))
        pf_buf_printf(b, "f64(nan 0x%016" PRIx64 ")", bits);
    else
        pf_buf_printf(b, "f64(%.17g)", d);
}

static void print_at(pf_buf *b, const pf_json *v, size_t stop)
{
    if (b->len > stop)
        return;
    switch (v->type) {
    case PF_JSON_NULL: pf_buf_printf(b, "null"); break;
    case PF_JSON_BOOL: pf_buf_printf(b, v->v.b ? "true" : "false"); break;
    case PF_JSON_INT: pf_buf_printf(b, "%" PRId64, v->v.i); break;
    case PF_JSON_UINT: pf_buf_printf(b, "%" PRIu64 "u", v->v.u); break;
    case PF_JSON_DOUBLE: print_double(b, v->v.d); break;
    case PF_JSON_STRING:
        pf_buf_quote(b, (const uint8_t *)v->v.s, v->n);
        break;
    case PF_JSON_ARRAY:
        pf_buf_putc(b, '[');
        for (size_t i = 0; i < v->n && b->len <= stop; i++) {
            if (i)
                pf_buf_printf(b, ", ");
            print_at(b, v->v.items[i], stop);
        }
        pf_buf_putc(b, ']');
        break;
    default:
        pf_buf_putc(b, '{');
        for (size_t i = 0; i < v->n && b->len <= stop; i++) {
            if (i)
                pf_buf_printf(b, ", ");
            pf_buf_quote(b, (const uint8_t *)v->v.members[i].key,
                         v->v.members[i].key_len);
            pf_buf_printf(b, ": ");
            print_at(b, v->v.members[i].value, stop);
        }
        pf_buf_putc(b, '}');
        break;
    }
}

void pf_json_print(pf_buf *b, const pf_json *v, size_t limit)
{
    size_t stop = b->len + (limit ? limit : 4096);
    print_at(b, v, stop);
    if (b->len > stop)
        pf_buf_printf(b, " ...(cut)");
}

const char *pf_json_show(pf_json_pool *p, const pf_json *v)
{
    pf_buf b = {0};
    pf_json_print(&b, v, 0);
    char *s = copy_str(p, (const char *)b.data, b.len);
    pf_buf_free(&b);
    return s;
}

/* ------------------------------------------------------------------ */
/* Writing JSON text.                                                  */
/* ------------------------------------------------------------------ */

static const uint32_t ws_alphabet[] = {' ', '\t', '\n', '\r'};

static void put_ws(pf_buf *b, const pf_json_write_opts *o)
{
    if (!o || !o->ws)
        return;
    pf_text_opts t = {.max_len = 3, .alphabet = ws_alphabet, .alphabet_len = 4};
    size_t n;
    const char *w = pf_text(o->ws, "ws", &t, &n);
    pf_buf_put(b, w, n);
}

static void put_u_escape(pf_buf *b, uint32_t cp)
{
    if (cp >= 0x10000) {
        cp -= 0x10000;
        pf_buf_printf(b, "\\u%04x\\u%04x", 0xD800 + (cp >> 10),
                      0xDC00 + (cp & 0x3FF));
    } else {
        pf_buf_printf(b, "\\u%04x", cp);
    }
}

static void write_string(pf_buf *b, const char *s, size_t len,
                         const pf_json_write_opts *o)
{
    const uint8_t *p = (const uint8_t *)s;
    bool ascii = o && (o->ascii || o->escape_all);
    bool all = o && o->escape_all;
    pf_buf_putc(b, '"');
    for (size_t i = 0; i < len;) {
        uint8_t c = p[i];
        if (c >= 0x80) {
            size_t n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            if (!ascii || n > len - i || utf8_count(p + i, n) != 1) {
                pf_buf_putc(b, c); /* raw (invalid UTF-8 stays invalid) */
                i++;
                continue;
            }
            uint32_t cp = n == 2 ? (c & 0x1Fu) : n == 3 ? (c & 0x0Fu) : (c & 0x07u);
            for (size_t k = 1; k < n; k++)
                cp = cp << 6 | (p[i + k] & 0x3Fu);
            put_u_escape(b, cp);
            i += n;
            continue;
        }
        switch (c) {
        case '"': pf_buf_put(b, "\\\"", 2); break;
        case '\\': pf_buf_put(b, "\\\\", 2); break;
        case '\b': pf_buf_put(b, "\\b", 2); break;
        case '\f': pf_buf_put(b, "\\f", 2); break;
        case '\n': pf_buf_put(b, "\\n", 2); break;
        case '\r': pf_buf_put(b, "\\r", 2); break;
        case '\t': pf_buf_put(b, "\\t", 2); break;
        default:
            if (c < 0x20 || all)
                put_u_escape(b, c);
            else
                pf_buf_putc(b, c);
        }
        i++;
    }
    pf_buf_putc(b, '"');
}

static void write_double(pf_buf *b, double d)
{
    if (isnan(d)) {
        pf_buf_printf(b, "NaN");
    } else if (isinf(d)) {
        pf_buf_printf(b, d > 0 ? "Infinity" : "-Infinity");
    } else {
        char tmp[40];
        snprintf(tmp, sizeof tmp, "%.17g", d);
        pf_buf_printf(b, "%s", tmp);
        if (strspn(tmp, "-0123456789") == strlen(tmp))
            pf_buf_printf(b, ".0");
    }
}

static void write_at(pf_buf *b, const pf_json *v, const pf_json_write_opts *o)
{
    put_ws(b, o);
    switch (v->type) {
    case PF_JSON_NULL: pf_buf_printf(b, "null"); break;
    case PF_JSON_BOOL: pf_buf_printf(b, v->v.b ? "true" : "false"); break;
    case PF_JSON_INT: pf_buf_printf(b, "%" PRId64, v->v.i); break;
    case PF_JSON_UINT: pf_buf_printf(b, "%" PRIu64, v->v.u); break;
    case PF_JSON_DOUBLE: write_double(b, v->v.d); break;
    case PF_JSON_STRING: write_string(b, v->v.s, v->n, o); break;
    case PF_JSON_ARRAY:
        pf_buf_putc(b, '[');
        for (size_t i = 0; i < v->n; i++) {
            if (i) {
                put_ws(b, o);
                pf_buf_putc(b, ',');
            }
            write_at(b, v->v.items[i], o);
        }
        put_ws(b, o);
        pf_buf_putc(b, ']');
        break;
    default:
        pf_buf_putc(b, '{');
        for (size_t i = 0; i < v->n; i++) {
            if (i) {
                put_ws(b, o);
                pf_buf_putc(b, ',');
            }
            put_ws(b, o);
            write_string(b, v->v.members[i].key, v->v.members[i].key_len, o);
            put_ws(b, o);
            pf_buf_putc(b, ':');
            write_at(b, v->v.members[i].value, o);
        }
        put_ws(b, o);
        pf_buf_putc(b, '}');
        break;
    }
}

void pf_json_write(pf_buf *b, const pf_json *v, const pf_json_write_opts *o)
{
    write_at(b, v, o);
    put_ws(b, o);
}

/* ------------------------------------------------------------------ */
/* The strict reference parser.                                        */
/* ------------------------------------------------------------------ */

const char *const pf_json_err_names[PF_JSON_N_ERRS] = {
    "ok", "empty", "trailing", "token", "number", "control", "escape",
    "utf8", "syntax", "eof", "nul", "ws", "bom",
};

typedef struct parser {
    pf_json_pool *pool;
    const uint8_t *t;
    size_t len, pos;
    pf_json_parse_info *info;
    pf_buf scratch;
} parser;

typedef struct frame {
    pf_json *c;
    const char *key; /* object: the member being read */
    size_t key_len;
} frame;

static bool fail(parser *ps, pf_json_err e)
{
    ps->info->err = e;
    ps->info->offset = ps->pos;
    return false;
}

static bool is_ws(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void skip_ws(parser *ps)
{
    while (ps->pos < ps->len && is_ws(ps->t[ps->pos]))
        ps->pos++;
}

/* The error for an unexpected byte where a token or whitespace may go. */
static bool unexpected(parser *ps, pf_json_err otherwise)
{
    if (ps->pos >= ps->len)
        return fail(ps, PF_JSON_ERR_EOF);
    uint8_t c = ps->t[ps->pos];
    if (c == 0)
        return fail(ps, PF_JSON_ERR_NUL);
    if (c < 0x20)
        return fail(ps, PF_JSON_ERR_WS);
    return fail(ps, otherwise);
}

static int hex4(const uint8_t *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        uint8_t c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= c - '0';
        else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
        else return -1;
    }
    return v;
}

static void put_utf8(pf_buf *b, uint32_t cp)
{
    uint8_t o[4];
    size_t n;
    if (cp < 0x80) { o[0] = (uint8_t)cp; n = 1; }
    else if (cp < 0x800) {
        o[0] = (uint8_t)(0xC0 | cp >> 6); o[1] = (uint8_t)(0x80 | (cp & 0x3F)); n = 2;
    } else if (cp < 0x10000) {
        o[0] = (uint8_t)(0xE0 | cp >> 12); o[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (uint8_t)(0x80 | (cp & 0x3F)); n = 3;
    } else {
        o[0] = (uint8_t)(0xF0 | cp >> 18); o[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
        o[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F)); o[3] = (uint8_t)(0x80 | (cp & 0x3F));
        n = 4;
    }
    pf_buf_put(b, o, n);
}

/* Reads a string at ps->pos (a '"'); its bytes go to ps->scratch. */
static bool parse_string(parser *ps, bool is_key)
{
    ps->scratch.len = 0;
    ps->pos++;
    for (;;) {
        if (ps->pos >= ps->len)
            return fail(ps, PF_JSON_ERR_EOF);
        uint8_t c = ps->t[ps->pos];
        if (c == '"') {
            ps->pos++;
            return true;
        }
        if (c == 0)
            return fail(ps, PF_JSON_ERR_NUL);
        if (c < 0x20)
            return fail(ps, PF_JSON_ERR_CONTROL);
        if (c >= 0x80) {
            size_t n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            if (n > ps->len - ps->pos ||
                utf8_count(ps->t + ps->pos, n) != 1)
                return fail(ps, PF_JSON_ERR_UTF8);
            pf_buf_put(&ps->scratch, ps->t + ps->pos, n);
            ps->pos += n;
            continue;
        }
        if (c != '\\') {
            pf_buf_putc(&ps->scratch, c);
            ps->pos++;
            continue;
        }
        if (ps->len - ps->pos < 2) {
            ps->pos = ps->len;
            return fail(ps, PF_JSON_ERR_EOF);
        }
        uint8_t e = ps->t[ps->pos + 1];
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e && simple) {
            static const char out[] = "\"\\/\b\f\n\r\t";
            pf_buf_putc(&ps->scratch, (uint8_t)out[simple - "\"\\/bfnrt"]);
            ps->pos += 2;
            continue;
        }
        if (e != 'u')
            return fail(ps, PF_JSON_ERR_ESCAPE);
        if (ps->len - ps->pos < 6) {
            ps->pos = ps->len;
            return fail(ps, PF_JSON_ERR_EOF);
        }
        int cp = hex4(ps->t + ps->pos + 2);
        if (cp < 0)
            return fail(ps, PF_JSON_ERR_ESCAPE);
        ps->pos += 6;
        if (cp >= 0xD800 && cp <= 0xDBFF && ps->len - ps->pos >= 6 &&
            ps->t[ps->pos] == '\\' && ps->t[ps->pos + 1] == 'u') {
            int lo = hex4(ps->t + ps->pos + 2);
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                ps->pos += 6;
            }
        }
        if (cp >= 0xD800 && cp <= 0xDFFF)
            ps->info->flags |= PF_JSON_F_LONE_SURROGATE;
        if (cp == 0)
            ps->info->flags |= is_key ? PF_JSON_F_NUL_KEY : PF_JSON_F_NUL_STR;
        put_utf8(&ps->scratch, (uint32_t)cp);
    }
}

static bool is_number_byte(uint8_t c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' ||
           c == 'e' || c == 'E';
}

/* A number: the longest run of number bytes, which must match the
 * grammar as a whole (so "01" is a bad number, not 0 then garbage). */
static pf_json *parse_number(parser *ps)
{
    size_t start = ps->pos, end = start;
    while (end < ps->len && is_number_byte(ps->t[end]))
        end++;
    const uint8_t *p = ps->t + start;
    size_t n = end - start, i = 0;
    bool neg = false, integral = true;
    if (i < n && p[i] == '-')
        neg = true, i++;
    if (i < n && p[i] == '0') {
        i++;
    } else if (i < n && p[i] >= '1' && p[i] <= '9') {
        while (i < n && p[i] >= '0' && p[i] <= '9')
            i++;
    } else {
        ps->pos = start + i;
        fail(ps, PF_JSON_ERR_NUMBER);
        return NULL;
    }
    size_t int_end = i;
    if (i < n && p[i] == '.') {
        integral = false;
        i++;
        size_t d = i;
        while (i < n && p[i] >= '0' && p[i] <= '9')
            i++;
        if (i == d) {
            ps->pos = start + i;
            fail(ps, PF_JSON_ERR_NUMBER);
            return NULL;
        }
    }
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        integral = false;
        i++;
        if (i < n && (p[i] == '+' || p[i] == '-'))
            i++;
        size_t d = i;
        while (i < n && p[i] >= '0' && p[i] <= '9')
            i++;
        if (i == d) {
            ps->pos = start + i;
            fail(ps, PF_JSON_ERR_NUMBER);
            return NULL;
        }
    }
    if (i != n) {
        ps->pos = start + i;
        fail(ps, PF_JSON_ERR_NUMBER);
        return NULL;
    }
    char *lit = copy_str(ps->pool, (const char *)p, n);
    pf_json *v = NULL;
    if (integral) {
        uint64_t mag = 0;
        bool over = false;
        for (size_t k = neg ? 1 : 0; k < int_end; k++) {
            unsigned dgt = p[k] - '0';
            if (mag > (UINT64_MAX - dgt) / 10)
                over = true;
            else
                mag = mag * 10 + dgt;
        }
        if (!over && neg && mag <= (uint64_t)INT64_MAX + 1) {
            if (mag == 0)
                ps->info->flags |= PF_JSON_F_NEG_ZERO;
            v = pf_json_int(ps->pool, mag == (uint64_t)INT64_MAX + 1
                                          ? INT64_MIN : -(int64_t)mag);
        } else if (!over && !neg && mag <= (uint64_t)INT64_MAX) {
            v = pf_json_int(ps->pool, (int64_t)mag);
        } else if (!over && !neg) {
            ps->info->flags |= PF_JSON_F_BIG_INT;
            v = pf_json_uint(ps->pool, mag);
        } else {
            ps->info->flags |= PF_JSON_F_HUGE_INT | PF_JSON_F_INT_AS_DOUBLE;
        }
    }
    if (!v) {
        double d = strtod(lit, NULL);
        if (isinf(d))
            ps->info->flags |= PF_JSON_F_OVERFLOW;
        if (d == 0) {
            /* Any non-zero digit in the significand: it underflowed. */
            for (size_t k = 0; k < n && p[k] != 'e' && p[k] != 'E'; k++)
                if (p[k] >= '1' && p[k] <= '9') {
                    ps->info->flags |= PF_JSON_F_UNDERFLOW;
                    break;
                }
        }
        v = pf_json_double(ps->pool, d);
    }
    v->lit = lit;
    v->lit_len = n;
    ps->pos = end;
    return v;
}

static pf_json *parse_literal(parser *ps)
{
    static const char *const words[] = {"null", "true", "false"};
    for (int w = 0; w < 3; w++) {
        size_t n = strlen(words[w]);
        if (ps->t[ps->pos] != (uint8_t)words[w][0])
            continue;
        size_t k = 0;
        while (k < n && ps->pos + k < ps->len &&
               ps->t[ps->pos + k] == (uint8_t)words[w][k])
            k++;
        if (k < n) {
            ps->pos += k;
            fail(ps, ps->pos >= ps->len ? PF_JSON_ERR_EOF : PF_JSON_ERR_TOKEN);
            return NULL;
        }
        ps->pos += n;
        /* "nullx": the word must end there. */
        if (ps->pos < ps->len && ((ps->t[ps->pos] >= 'a' && ps->t[ps->pos] <= 'z') ||
                                  (ps->t[ps->pos] >= 'A' && ps->t[ps->pos] <= 'Z') ||
                                  (ps->t[ps->pos] >= '0' && ps->t[ps->pos] <= '9'))) {
            fail(ps, PF_JSON_ERR_TOKEN);
            return NULL;
        }
        return w == 0 ? pf_json_null(ps->pool) : pf_json_bool(ps->pool, w == 1);
    }
    fail(ps, PF_JSON_ERR_TOKEN);
    return NULL;
}

/* Reads `"key" :` at ps->pos (after whitespace) into the frame. */
static bool parse_key(parser *ps, frame *f)
{
    skip_ws(ps);
    if (ps->pos >= ps->len || ps->t[ps->pos] != '"')
        return unexpected(ps, PF_JSON_ERR_SYNTAX);
    if (!parse_string(ps, true))
        return false;
    f->key_len = ps->scratch.len;
    f->key = copy_str(ps->pool, (const char *)ps->scratch.data, ps->scratch.len);
    skip_ws(ps);
    if (ps->pos >= ps->len || ps->t[ps->pos] != ':')
        return unexpected(ps, PF_JSON_ERR_SYNTAX);
    ps->pos++;
    return true;
}

static bool has_key(const pf_json *o, const char *key, size_t len)
{
    return pf_json_get(o, key, len) != NULL;
}

pf_json *pf_json_parse(pf_json_pool *pool, const uint8_t *text, size_t len,
                       pf_json_parse_info *info)
{
    pf_json_parse_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    parser ps = {.pool = pool, .t = text, .len = len, .info = info};
    frame *stack = NULL;
    size_t depth = 0, cap = 0;
    pf_json *v = NULL, *result = NULL;

    if (len >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF) {
        fail(&ps, PF_JSON_ERR_BOM);
        goto out;
    }
    skip_ws(&ps);
    if (ps.pos >= len) {
        fail(&ps, PF_JSON_ERR_EMPTY);
        goto out;
    }
    for (;;) {
        /* A value is expected at ps.pos (whitespace skipped). */
        skip_ws(&ps);
        if (ps.pos >= len) {
            fail(&ps, PF_JSON_ERR_EOF);
            goto out;
        }
        uint8_t c = text[ps.pos];
        if (c == '[' || c == '{') {
            if (depth == cap) {
                cap = cap ? 2 * cap : 16;
                frame *ns = realloc(stack, cap * sizeof *ns);
                if (!ns)
                    abort();
                stack = ns;
            }
            frame *f = &stack[depth++];
            if (depth > info->depth)
                info->depth = (unsigned)depth;
            f->c = c == '[' ? pf_json_array(pool, 4) : pf_json_object(pool, 4);
            f->key = NULL;
            ps.pos++;
            skip_ws(&ps);
            if (ps.pos < len && text[ps.pos] == (c == '[' ? ']' : '}')) {
                ps.pos++;
                v = f->c;
                depth--;
            } else if (c == '{') {
                if (!parse_key(&ps, f))
                    goto out;
                continue;
            } else {
                continue;
            }
        } else if (c == '"') {
            if (!parse_string(&ps, false))
                goto out;
            v = pf_json_string(pool, (const char *)ps.scratch.data, ps.scratch.len);
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            if (!(v = parse_number(&ps)))
                goto out;
        } else if (c == 'n' || c == 't' || c == 'f') {
            if (!(v = parse_literal(&ps)))
                goto out;
        } else if (c == ']' || c == '}' || c == ',' || c == ':') {
            fail(&ps, PF_JSON_ERR_SYNTAX);
            goto out;
        } else {
            unexpected(&ps, PF_JSON_ERR_TOKEN);
            goto out;
        }
        /* A value v is complete: add it to its container, close
         * containers, or finish. */
        for (;;) {
            if (depth == 0) {
                skip_ws(&ps);
                if (ps.pos < len) {
                    uint8_t t = text[ps.pos];
                    fail(&ps, t == 0 ? PF_JSON_ERR_NUL
                             : t < 0x20 ? PF_JSON_ERR_WS : PF_JSON_ERR_TRAILING);
                    goto out;
                }
                result = v;
                goto out;
            }
            frame *f = &stack[depth - 1];
            if (f->c->type == PF_JSON_ARRAY) {
                pf_json_push(pool, f->c, v);
            } else {
                if (has_key(f->c, f->key, f->key_len))
                    info->flags |= PF_JSON_F_DUP_KEY;
                pf_json_put(pool, f->c, f->key, f->key_len, v);
            }
            skip_ws(&ps);
            if (ps.pos < len && text[ps.pos] == ',') {
                ps.pos++;
                if (f->c->type == PF_JSON_OBJECT && !parse_key(&ps, f))
                    goto out;
                break; /* the next value */
            }
            uint8_t close = f->c->type == PF_JSON_ARRAY ? ']' : '}';
            if (ps.pos < len && text[ps.pos] == close) {
                ps.pos++;
                v = f->c;
                depth--;
                continue;
            }
            unexpected(&ps, PF_JSON_ERR_SYNTAX);
            goto out;
        }
    }
out:
    free(stack);
    pf_buf_free(&ps.scratch);
    if (result)
        info->err = PF_JSON_OK;
    return result;
}
