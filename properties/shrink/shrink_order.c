/* The shrinker's order: which of two failing inputs is the smaller. It is
 * strict and total, so a search that only ever moves to a smaller input
 * ends. The first key that differs decides:
 *
 *   1. size: how far the draws reach (zeros past the end count, so where
 *      the zeros of an encoding fall cannot game it: [1, 0] is not smaller
 *      than [0, 1]), less what strings spend on encoding (escape bytes,
 *      UTF-8 continuations): a string costs one byte per element and one
 *      for its end, whatever its elements are;
 *   2. fewer value draws (spans and continue-flags not counted);
 *   3. draw by draw, the simpler value: an integer's place in 0, 1, -1,
 *      2, ... within its range; integral floats before fractions; strings
 *      fewer elements, then element by element with 0 simplest (the
 *      decoder's zero-is-simplest rule, rule 2);
 *   4. the shorter input; 5. the bytes themselves. */
#define _POSIX_C_SOURCE 200809L

#include "../core/pf_internal.h"
#include "shrink_internal.h"

#include <math.h>

uint64_t pf__float_simplicity(double d)
{
    if (d == 0 && !signbit(d))
        return 0;
    if (isnan(d))
        return UINT64_C(1) << 62;
    if (isinf(d))
        return (UINT64_C(1) << 61) + (d < 0);
    double a = fabs(d);
    if (a == floor(a) && a < 0x1p52)
        return 1 + 2 * (uint64_t)a + (signbit(d) ? 1 : 0);
    int k = 0; /* fraction bits needed */
    while (k < 1100 && ldexp(a, k) != floor(ldexp(a, k)))
        k++;
    uint64_t mag = a < 0x1p31 ? (uint64_t)a : UINT32_MAX;
    return (UINT64_C(1) << 56) + ((uint64_t)k << 34) + (mag << 1) + (d < 0);
}

double pf__bits_double(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

uint64_t pf__simplicity(const pf__rec *r)
{
    switch (r->kind) {
    case PF_DRAW_UINT: return r->value - r->lo;
    case PF_DRAW_INT:
        return pf__signed_to_index((int64_t)r->lo, (int64_t)r->hi,
                                   (int64_t)r->value);
    case PF_DRAW_DOUBLE:
    case PF_DRAW_FLOAT: return pf__float_simplicity(pf__bits_double(r->value));
    default: return r->value; /* bools, flags; lengths of payloads */
    }
}

static bool is_value(pf_draw_kind k)
{
    return k != PF_DRAW_SPAN_BEGIN && k != PF_DRAW_SPAN_END;
}

size_t pf__value_draws(const pf__outcome *o)
{
    size_t n = 0;
    for (size_t i = 0; i < o->n_recs; i++)
        n += is_value(o->recs[i].kind) && o->recs[i].kind != PF_DRAW_FLAG;
    return n;
}

/* How far the draws reach, zeros past the end included. */
static size_t extent(const pf__outcome *o, size_t len)
{
    size_t end = 0;
    for (size_t i = 0; i < o->n_recs; i++)
        if (pf__draw_end(&o->recs[i]) > end)
            end = pf__draw_end(&o->recs[i]);
    return o->n_recs ? end : len;
}

/* Bytes a string spends beyond one per element. */
static size_t overhead(const pf__rec *r, const uint8_t *data, size_t len)
{
    pf__elems it;
    pf__elem e;
    size_t extra = 0;
    pf__elems_begin(&it, r, data, len);
    while (pf__elems_next(&it, &e))
        extra += e.len - 1;
    return extra;
}

size_t pf__size(const pf__outcome *o, const uint8_t *data, size_t len)
{
    size_t size = extent(o, len);
    for (size_t i = 0; i < o->n_recs; i++)
        if (pf__is_payload(&o->recs[i]))
            size -= overhead(&o->recs[i], data, len);
    return size;
}

size_t pf__trimmed(const pf__outcome *o, const uint8_t *data, size_t len)
{
    size_t c = extent(o, len);
    if (c > len)
        c = len;
    /* What pf_rest takes is the input's rest, whose length counts. */
    for (size_t i = 0; i < o->n_recs; i++)
        if (o->recs[i].kind == PF_DRAW_RAW)
            return c;
    while (c > 0 && data[c - 1] == 0)
        c--;
    return c;
}

/* Two strings of the same element count, element by element. */
static int compare_elements(const pf__rec *ra, const uint8_t *a, size_t alen,
                            const pf__rec *rb, const uint8_t *b, size_t blen)
{
    pf__elems ia, ib;
    pf__elem ea, eb;
    pf__elems_begin(&ia, ra, a, alen);
    pf__elems_begin(&ib, rb, b, blen);
    for (;;) {
        bool ha = pf__elems_next(&ia, &ea), hb = pf__elems_next(&ib, &eb);
        if (!ha && !hb)
            return 0;
        /* A missing element is a pad, and pads are the simplest. */
        uint32_t x = ha ? ea.value : 0, y = hb ? eb.value : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
}

static int compare_draw(const pf__rec *ra, const uint8_t *a, size_t alen,
                        const pf__rec *rb, const uint8_t *b, size_t blen)
{
    uint64_t x = pf__simplicity(ra), y = pf__simplicity(rb);
    if (x != y)
        return x < y ? -1 : 1;
    if (pf__is_payload(ra) && pf__is_payload(rb))
        return compare_elements(ra, a, alen, rb, b, blen);
    return 0;
}

/* Key 3: the draws in order. */
static int compare_draws(const uint8_t *a, size_t alen, const pf__outcome *ao,
                         const uint8_t *b, size_t blen, const pf__outcome *bo)
{
    size_t i = 0, j = 0;
    for (;;) {
        while (i < ao->n_recs && !is_value(ao->recs[i].kind)) i++;
        while (j < bo->n_recs && !is_value(bo->recs[j].kind)) j++;
        if (i >= ao->n_recs || j >= bo->n_recs)
            return 0;
        int c = compare_draw(&ao->recs[i++], a, alen, &bo->recs[j++], b, blen);
        if (c)
            return c;
    }
}

int pf__compare(const uint8_t *a, size_t alen, const pf__outcome *ao,
                const uint8_t *b, size_t blen, const pf__outcome *bo)
{
    size_t sa = pf__size(ao, a, alen), sb = pf__size(bo, b, blen);
    if (sa != sb)
        return sa < sb ? -1 : 1;
    size_t na = pf__value_draws(ao), nb = pf__value_draws(bo);
    if (na != nb)
        return na < nb ? -1 : 1;
    int c = compare_draws(a, alen, ao, b, blen, bo);
    if (c)
        return c;
    if (alen != blen)
        return alen < blen ? -1 : 1;
    return alen ? memcmp(a, b, alen) : 0;
}

bool pf__shrink_measure(const uint8_t *data, size_t len, bool in_child,
                        size_t *size, size_t *draws)
{
    pf__outcome o = {0};
    bool failed = in_child ? pf__eval_in_child(data, len, 10, &o)
                           : pf__eval_in_process(data, len, &o);
    if (failed) {
        *size = pf__size(&o, data, len);
        *draws = pf__value_draws(&o);
    }
    pf__outcome_free(&o);
    return failed;
}
