/* Example generation for the example runner (see examples_internal.h for
 * why it is not uniform bytes). */
#include "examples_internal.h"

#include <string.h>

const char *const pf__gen_kind_names[PF__GEN_KINDS] = {
    "uniform", "sparse", "boundary", "mutate", "splice",
};

/* splitmix64: small, fast, and every seed gives a full-period stream. */
uint64_t pf__gen_next(pf__gen *g)
{
    uint64_t z = (g->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

void pf__gen_init(pf__gen *g, uint64_t seed)
{
    memset(g, 0, sizeof *g);
    g->state = seed;
    g->max_len = 4096;
}

static size_t below(pf__gen *g, size_t n) { return n ? pf__gen_next(g) % n : 0; }

/* A length biased small: half below 16, a quarter below 64, ... up to
 * max_len, so most examples are quick and the long ones still come. */
static size_t small_len(pf__gen *g, size_t cap)
{
    size_t limit = 16;
    while (limit < cap && (pf__gen_next(g) & 1))
        limit *= 4;
    if (limit > cap)
        limit = cap;
    return below(g, limit + 1);
}

/* Bytes the decoder treats specially: 0x00 ends a string or list and is
 * the simplest value, 0x01 continues a list and escapes a string byte,
 * 0xff and 0x80/0x7f are the extremes of a byte and of its sign; the rest
 * are small counts and the header boundaries of binary formats. */
static const uint8_t boundary_bytes[] = {
    0x00, 0x00, 0x00, 0x01, 0x01, 0x02, 0x03, 0x07, 0x08, 0x0f, 0x10,
    0x1f, 0x20, 0x22, 0x2c, 0x3f, 0x40, 0x5c, 0x7f, 0x80, 0x81, 0xc0,
    0xef, 0xf0, 0xfe, 0xff,
};

/* Words at the boundaries where formats and libraries switch: sizes 15/16,
 * 31/32, 255/256, 65,535/65,536, 2^32, and the signed extremes. */
static const uint64_t boundary_words[] = {
    0, 1, 2, 15, 16, 31, 32, 127, 128, 255, 256, 1023, 1024, 4095, 4096,
    32767, 32768, 65535, 65536, UINT64_C(0x7fffffff), UINT64_C(0x80000000),
    UINT64_C(0xffffffff), UINT64_C(0x100000000), INT64_MAX,
    (uint64_t)INT64_MIN, UINT64_MAX,
};

static uint8_t boundary_byte(pf__gen *g)
{
    return boundary_bytes[below(g, sizeof boundary_bytes)];
}

/* Overwrites a little-endian word of 1, 2, 4 or 8 bytes at a random place
 * with a boundary value (or its negation). */
static void put_word(pf__gen *g, uint8_t *buf, size_t len)
{
    static const unsigned widths[] = {1, 2, 4, 8};
    unsigned w = widths[below(g, 4)];
    if (len < w)
        return;
    uint64_t v = boundary_words[below(g, sizeof boundary_words / sizeof *boundary_words)];
    if (pf__gen_next(g) & 1)
        v = (uint64_t)0 - v;
    size_t at = below(g, len - w + 1);
    for (unsigned i = 0; i < w; i++)
        buf[at + i] = (uint8_t)(v >> (8 * i));
}

static size_t gen_uniform(pf__gen *g, uint8_t *buf, size_t cap)
{
    size_t len = small_len(g, cap);
    for (size_t i = 0; i < len; i++)
        buf[i] = (uint8_t)pf__gen_next(g);
    return len;
}

/* Mostly zeros: values near the simplest, lists and strings that end at
 * varied places, with a few bytes that are not. */
static size_t gen_sparse(pf__gen *g, uint8_t *buf, size_t cap)
{
    size_t len = small_len(g, cap);
    unsigned density = 2 + (unsigned)below(g, 6); /* 1 in 2..7 bytes */
    for (size_t i = 0; i < len; i++) {
        if (below(g, density) != 0)
            buf[i] = 0;
        else
            buf[i] = (pf__gen_next(g) & 1) ? boundary_byte(g) : (uint8_t)pf__gen_next(g);
    }
    return len;
}

static size_t gen_boundary(pf__gen *g, uint8_t *buf, size_t cap)
{
    size_t len = small_len(g, cap);
    for (size_t i = 0; i < len; i++)
        buf[i] = boundary_byte(g);
    for (size_t n = below(g, 4); n > 0; n--)
        put_word(g, buf, len);
    return len;
}

static size_t pick_corpus(pf__gen *g, uint8_t *buf, size_t cap)
{
    size_t i = below(g, g->n_corpus);
    size_t len = g->corpus_len[i] < cap ? g->corpus_len[i] : cap;
    if (len)
        memcpy(buf, g->corpus[i], len);
    return len;
}

/* One byte-level edit of buf[0..len): returns the new length. */
static size_t edit(pf__gen *g, uint8_t *buf, size_t len, size_t cap)
{
    size_t at = below(g, len + 1);
    switch (below(g, 6)) {
    case 0: /* flip a bit */
        if (len)
            buf[at % len] ^= (uint8_t)(1u << below(g, 8));
        return len;
    case 1: /* a boundary byte */
        if (len)
            buf[at % len] = boundary_byte(g);
        return len;
    case 2: /* a boundary word */
        put_word(g, buf, len);
        return len;
    case 3: /* insert a byte */
        if (len == cap)
            return len;
        memmove(buf + at + 1, buf + at, len - at);
        buf[at] = (pf__gen_next(g) & 1) ? boundary_byte(g) : (uint8_t)pf__gen_next(g);
        return len + 1;
    case 4: { /* delete a run of bytes */
        if (at == len)
            return len;
        size_t n = 1 + below(g, len - at < 8 ? len - at : 8);
        memmove(buf + at, buf + at + n, len - at - n);
        return len - n;
    }
    default: { /* duplicate a run of bytes in place */
        if (at == len)
            return len;
        size_t n = 1 + below(g, len - at < 16 ? len - at : 16);
        if (len + n > cap)
            return len;
        memmove(buf + at + n, buf + at, len - at);
        return len + n;
    }
    }
}

static size_t gen_mutate(pf__gen *g, uint8_t *buf, size_t cap)
{
    size_t len = pick_corpus(g, buf, cap);
    for (size_t n = 1 + below(g, 4); n > 0; n--)
        len = edit(g, buf, len, cap);
    return len;
}

static size_t gen_splice(pf__gen *g, uint8_t *buf, size_t cap)
{
    size_t len = pick_corpus(g, buf, cap);
    size_t cut = below(g, len + 1);
    size_t j = below(g, g->n_corpus);
    size_t from = below(g, g->corpus_len[j] + 1);
    size_t more = g->corpus_len[j] - from;
    if (cut + more > cap)
        more = cap - cut;
    if (more)
        memcpy(buf + cut, g->corpus[j] + from, more);
    return cut + more;
}

size_t pf__gen_example(pf__gen *g, uint8_t *buf, size_t cap,
                       pf__gen_kind *kind)
{
    size_t lim = cap < g->max_len ? cap : g->max_len;
    pf__gen_kind k = PF__GEN_UNIFORM;
    if (!g->uniform_only) {
        /* Out of 20: with a corpus 8 mutate, 2 splice, 4 sparse, 4
         * boundary, 2 uniform; without, 8 sparse, 8 boundary, 4 uniform. */
        unsigned r = (unsigned)below(g, 20);
        if (g->n_corpus)
            k = r < 8 ? PF__GEN_MUTATE : r < 10 ? PF__GEN_SPLICE
              : r < 14 ? PF__GEN_SPARSE : r < 18 ? PF__GEN_BOUNDARY
              : PF__GEN_UNIFORM;
        else
            k = r < 8 ? PF__GEN_SPARSE : r < 16 ? PF__GEN_BOUNDARY
              : PF__GEN_UNIFORM;
    }
    *kind = k;
    switch (k) {
    case PF__GEN_SPARSE: return gen_sparse(g, buf, lim);
    case PF__GEN_BOUNDARY: return gen_boundary(g, buf, lim);
    case PF__GEN_MUTATE: return gen_mutate(g, buf, cap);
    case PF__GEN_SPLICE: return gen_splice(g, buf, cap);
    default: return gen_uniform(g, buf, lim);
    }
}
