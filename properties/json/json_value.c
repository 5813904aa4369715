/* The JSON value model of the JSON targets (include/propfuzz_json.h): one
 * tree type in pools, its constructors, type-strict equality with the path
 * of the first difference, and the one-line printer of reports. The
 * strategy is in json_draw.c, the text writer in json_write.c, the
 * reference parser in json_parse.c. */
#include "json_internal.h"

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

char *pf__json_copy_str(pf_json_pool *p, const char *s, size_t len)
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
    v->v.s = pf__json_copy_str(p, s, len);
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
    m->key = pf__json_copy_str(p, key, key_len);
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
        c->lit = pf__json_copy_str(p, v->lit, v->lit_len);
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

unsigned pf_json_levels(const pf_json *v)
{
    unsigned d = 0;
    bool container = v->type == PF_JSON_ARRAY || v->type == PF_JSON_OBJECT;
    for (size_t i = 0; container && i < v->n; i++) {
        unsigned k = pf_json_levels(v->type == PF_JSON_ARRAY ? v->v.items[i] : v->v.members[i].value);
        d = k > d ? k : d;
    }
    return d + 1;
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
                     pf_path *path);

static bool arrays_equal(const pf_json *a, const pf_json *b,
                         const pf_json_eq *how, pf_path *path)
{
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
}

/* The member of b that a's i-th member is compared with: the same key
 * (unordered), or the i-th member when its key is the same. NULL when
 * there is none; a differing key extends path to it. */
static const pf_json *counterpart(const pf_json *a, const pf_json *b, size_t i,
                                  const pf_json_eq *how, pf_path *path)
{
    const pf_json_member *x = &a->v.members[i];
    if (how->unordered)
        return pf_json_get(b, x->key, x->key_len);
    if (i >= b->n)
        return NULL;
    const pf_json_member *y = &b->v.members[i];
    if (!bytes_eq(x->key, x->key_len, y->key, y->key_len)) {
        if (path) {
            pf_path_index(path, i);
            pf_path_key(path, (const uint8_t *)"key", 3);
        }
        return NULL;
    }
    return y->value;
}

/* Where two objects of different sizes differ: the first key of b that a
 * lacks (unordered), else the first index one of them lacks. */
static void size_difference(const pf_json *a, const pf_json *b,
                            const pf_json_eq *how, pf_path *path)
{
    if (!how->unordered) {
        pf_path_index(path, a->n < b->n ? a->n : b->n);
        return;
    }
    for (size_t i = 0; i < b->n; i++) {
        const pf_json_member *m = &b->v.members[i];
        if (!pf_json_get(a, m->key, m->key_len)) {
            pf_path_key(path, (const uint8_t *)m->key, m->key_len);
            return;
        }
    }
}

static bool objects_equal(const pf_json *a, const pf_json *b,
                          const pf_json_eq *how, pf_path *path)
{
    for (size_t i = 0; i < a->n; i++) {
        size_t mark = path ? path->len : 0;
        const pf_json *yv = counterpart(a, b, i, how, path);
        if (path && path->len != mark)
            return false; /* a key differs: the path says which */
        if (path)
            pf_path_key(path, (const uint8_t *)a->v.members[i].key,
                        a->v.members[i].key_len);
        if (!yv || !equal_at(a->v.members[i].value, yv, how, path))
            return false;
        if (path)
            pf_path_pop(path, mark);
    }
    if (a->n == b->n)
        return true;
    if (path)
        size_difference(a, b, how, path);
    return false;
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
    case PF_JSON_ARRAY: return arrays_equal(a, b, how, path);
    case PF_JSON_OBJECT: return objects_equal(a, b, how, path);
    default: return false;
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
    char *s = pf__json_copy_str(p, (const char *)b.data, b.len);
    pf_buf_free(&b);
    return s;
}

const char *pf__json_text_of(pf_json_pool *p, const pf_buf *b)
{
    return pf__json_copy_str(p, b->len ? (const char *)b->data : "", b->len);
}
