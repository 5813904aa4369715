/* The binary family's value model: pools, constructors and queries. */
#include "bin_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const pf_bin_kind_names[PF_BIN_N_KINDS] = {
    "nil", "bool", "int", "uint", "float", "bytes", "text", "ext", "date",
    "decimal", "array", "map", "tag",
};

struct pf_bin_pool {
    pf_arena arena;
};

pf_bin_pool *pf_bin_pool_new(void)
{
    pf_bin_pool *p = calloc(1, sizeof *p);
    if (!p) {
        fprintf(stderr, "propfuzz: out of memory (binary pool)\n");
        abort();
    }
    return p;
}

void pf_bin_pool_reset(pf_bin_pool *p) { pf__arena_reset(&p->arena); }

void pf_bin_pool_free(pf_bin_pool *p)
{
    if (!p)
        return;
    pf__arena_free(&p->arena);
    free(p);
}

void *pf_bin_alloc(pf_bin_pool *p, size_t n) { return pf__arena_alloc(&p->arena, n); }

static pf_bin_pool *g_pool;
static bool g_pool_in_use;

static void release_pool(void *unused)
{
    (void)unused;
    pf_bin_pool_reset(g_pool);
    g_pool_in_use = false;
}

pf_bin_pool *pf_bin_input_pool(pf_src *s)
{
    if (!g_pool)
        g_pool = pf_bin_pool_new();
    if (!g_pool_in_use) {
        /* Reset when the input ends, however it ends (a failure abandons
         * the run). */
        g_pool_in_use = true;
        pf_defer(s, release_pool, NULL);
    }
    return g_pool;
}

pf_bin *pf_bin_new(pf_bin_pool *p, pf_bin_kind kind)
{
    pf_bin *v = pf_bin_alloc(p, sizeof *v);
    memset(v, 0, sizeof *v);
    v->kind = kind;
    return v;
}

pf_bin *pf_bin_nil(pf_bin_pool *p) { return pf_bin_new(p, PF_BIN_NIL); }

pf_bin *pf_bin_bool(pf_bin_pool *p, bool b)
{
    pf_bin *v = pf_bin_new(p, PF_BIN_BOOL);
    v->v.b = b;
    return v;
}

pf_bin *pf_bin_int(pf_bin_pool *p, int64_t i, unsigned width)
{
    pf_bin *v = pf_bin_new(p, PF_BIN_INT);
    v->v.i = i, v->width = (uint8_t)width;
    return v;
}

pf_bin *pf_bin_uint(pf_bin_pool *p, uint64_t u, unsigned width)
{
    pf_bin *v = pf_bin_new(p, PF_BIN_UINT);
    v->v.u = u, v->width = (uint8_t)width;
    return v;
}

pf_bin *pf_bin_float_bits(pf_bin_pool *p, uint64_t bits, unsigned width)
{
    pf_bin *v = pf_bin_new(p, PF_BIN_FLOAT);
    v->v.bits = bits, v->width = (uint8_t)width;
    return v;
}

pf_bin *pf_bin_f64(pf_bin_pool *p, double d)
{
    uint64_t bits;
    memcpy(&bits, &d, 8);
    return pf_bin_float_bits(p, bits, 64);
}

pf_bin *pf_bin_f32(pf_bin_pool *p, float f)
{
    uint32_t bits;
    memcpy(&bits, &f, 4);
    return pf_bin_float_bits(p, bits, 32);
}

pf_bin *pf_bin_bytes(pf_bin_pool *p, pf_bin_kind kind, const void *data,
                     size_t len)
{
    pf_bin *v = pf_bin_new(p, kind);
    uint8_t *copy = pf_bin_alloc(p, len + 1);
    if (len)
        memcpy(copy, data, len);
    copy[len] = 0; /* text stays a C string for libraries that want one */
    v->v.bytes = copy, v->n = len;
    return v;
}

pf_bin *pf_bin_text(pf_bin_pool *p, const char *s)
{
    return pf_bin_bytes(p, PF_BIN_TEXT, s, strlen(s));
}

pf_bin *pf_bin_ext(pf_bin_pool *p, int64_t type, const void *data, size_t len)
{
    pf_bin *v = pf_bin_bytes(p, PF_BIN_EXT, data, len);
    v->tag = type;
    return v;
}

pf_bin *pf_bin_date(pf_bin_pool *p, int64_t ms)
{
    pf_bin *v = pf_bin_new(p, PF_BIN_DATE);
    v->v.i = ms;
    return v;
}

/* Containers keep their capacity just past the elements: in a hidden
 * size_t before the element array. */
static void *grow(pf_bin_pool *p, void *items, size_t n, size_t elem)
{
    size_t *hdr = items ? (size_t *)items - 2 : NULL;
    size_t cap = hdr ? hdr[0] : 0;
    if (items && n < cap)
        return items;
    size_t ncap = cap ? cap * 2 : 4;
    while (ncap <= n)
        ncap *= 2;
    size_t *nh = pf_bin_alloc(p, 2 * sizeof(size_t) + ncap * elem);
    nh[0] = ncap;
    if (items)
        memcpy(nh + 2, items, n * elem);
    return nh + 2;
}

size_t pf_bin_cap(const pf_bin *c)
{
    const void *items = c->kind == PF_BIN_MAP ? (const void *)c->v.pairs
                                              : (const void *)c->v.items;
    return items ? ((const size_t *)items - 2)[0] : 0;
}

pf_bin *pf_bin_array(pf_bin_pool *p, size_t cap)
{
    pf_bin *v = pf_bin_new(p, PF_BIN_ARRAY);
    v->v.items = grow(p, NULL, cap ? cap - 1 : 0, sizeof(pf_bin *));
    return v;
}

pf_bin *pf_bin_map(pf_bin_pool *p, size_t cap)
{
    pf_bin *v = pf_bin_new(p, PF_BIN_MAP);
    v->v.pairs = grow(p, NULL, cap ? cap - 1 : 0, sizeof(pf_bin_pair));
    return v;
}

void pf_bin_push(pf_bin_pool *p, pf_bin *a, pf_bin *item)
{
    a->v.items = grow(p, a->v.items, a->n, sizeof(pf_bin *));
    a->v.items[a->n++] = item;
}

void pf_bin_put(pf_bin_pool *p, pf_bin *m, pf_bin *key, pf_bin *value)
{
    m->v.pairs = grow(p, m->v.pairs, m->n, sizeof(pf_bin_pair));
    m->v.pairs[m->n++] = (pf_bin_pair){key, value};
}

pf_bin *pf_bin_tag(pf_bin_pool *p, int64_t tag, pf_bin *inner)
{
    pf_bin *v = pf_bin_new(p, PF_BIN_TAG);
    v->tag = tag;
    v->v.items = pf_bin_alloc(p, sizeof(pf_bin *));
    v->v.items[0] = inner, v->n = 1;
    return v;
}

/* IEEE half to double, exactly (every half is a double). */
static double half_value(uint16_t h)
{
    unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
    uint64_t bits = (uint64_t)(h >> 15) << 63;
    if (e == 0x1f)
        bits |= (uint64_t)0x7ff << 52 | (uint64_t)m << 42;
    else if (e)
        bits |= (uint64_t)(e - 15 + 1023) << 52 | (uint64_t)m << 42;
    else if (m) { /* subnormal: normalise */
        int shift = 0;
        while (!(m & 0x400))
            m <<= 1, shift++;
        bits |= (uint64_t)(1 - 15 - shift + 1023) << 52 | (uint64_t)(m & 0x3ff) << 42;
    }
    double d;
    memcpy(&d, &bits, 8);
    return d;
}

double pf_bin_float_value(const pf_bin *v)
{
    if (v->width == 16)
        return half_value((uint16_t)v->v.bits);
    if (v->width == 32) {
        uint32_t b = (uint32_t)v->v.bits;
        float f;
        memcpy(&f, &b, 4);
        return f;
    }
    double d;
    memcpy(&d, &v->v.bits, 8);
    return d;
}

const char *pf_bin_find(const pf_bin *v, pf_bin_visit *fn, const void *ctx)
{
    const char *r = fn(v, ctx);
    if (r || v->claimed)
        return r;
    if (v->kind == PF_BIN_ARRAY || v->kind == PF_BIN_TAG) {
        for (size_t i = 0; i < v->n; i++)
            if ((i == 0 || v->v.items[i] != v->v.items[i - 1]) &&
                (r = pf_bin_find(v->v.items[i], fn, ctx)) != NULL)
                return r;
    } else if (v->kind == PF_BIN_MAP) {
        for (size_t i = 0; i < v->n; i++)
            if ((r = pf_bin_find(v->v.pairs[i].key, fn, ctx)) != NULL ||
                (r = pf_bin_find(v->v.pairs[i].value, fn, ctx)) != NULL)
                return r;
    }
    return NULL;
}

static const char *claimed_node(const pf_bin *v, const void *ctx)
{
    (void)ctx;
    return v->claimed ? "claimed" : NULL;
}

bool pf_bin_has_claimed(const pf_bin *v)
{
    return pf_bin_find(v, claimed_node, NULL) != NULL;
}
