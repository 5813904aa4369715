/* Edits of one draw's value within its constraints: integers to their
 * range's bounds, to boundary numbers and to neighbours; bools flipped;
 * floats to a nasty value (a tag byte), a neighbour or a simple number;
 * a continue-flag flipped. The new value is written over the draw's byte
 * span with the encoder (rule 9); widths are stable (rule 3), so the rest
 * of the input keeps its meaning up to whatever the new value changes. */
#include "mutator_internal.h"

#include <math.h>
#include <stdlib.h>

static const pf__rec *pick_draw(pf__rng *r, const pf__decoded *d,
                                bool (*fits)(const pf__rec *))
{
    /* A few random tries, then a scan from a random start. */
    for (int t = 0; t < 8; t++) {
        const pf__rec *x = d->draws[pf__rng_below(r, d->n_draws)];
        if (fits(x))
            return x;
    }
    size_t at = pf__rng_below(r, d->n_draws);
    for (size_t k = 0; k < d->n_draws; k++) {
        const pf__rec *x = d->draws[(at + k) % d->n_draws];
        if (fits(x))
            return x;
    }
    return NULL;
}

static bool is_value(const pf__rec *x)
{
    return (pf__is_int(x) || x->kind == PF_DRAW_BOOL ||
            x->kind == PF_DRAW_DOUBLE || x->kind == PF_DRAW_FLOAT) &&
           x->width > 0;
}

/* Boundary numbers where formats and libraries switch paths. */
static const int64_t boundaries[] = {
    15, 16, 17, 31, 32, 127, 128, 255, 256, 1023, 1024, 4095, 4096,
    32767, 32768, 65535, 65536, 2147483647, 2147483648, 4294967295,
    4294967296, -1, -2, -128, -129, -32768, -32769, INT64_MIN, INT64_MAX};

/* A new value for an unsigned range [lo, hi] from v. */
static uint64_t new_uint(pf__rng *r, uint64_t lo, uint64_t hi, uint64_t v)
{
    uint64_t span = hi - lo, x;
    switch (pf__rng_below(r, 9)) {
    case 0: x = lo; break;
    case 1: x = hi; break;
    case 2: x = lo + (span ? 1 : 0); break;
    case 3: x = hi - (span ? 1 : 0); break;
    case 4: x = v + 1; break;
    case 5: x = v - 1; break;
    case 6: x = v + pf__rng_below(r, 33) - 16; break;
    case 7: x = (uint64_t)boundaries[pf__rng_below(r, PF_LEN(boundaries))]; break;
    default: x = span == UINT64_MAX ? pf__rng_next(r)
                                    : lo + pf__rng_below(r, span + 1);
    }
    if (x < lo || x > hi)
        x = span == UINT64_MAX ? x : lo + pf__rng_below(r, span + 1);
    return x;
}

static int64_t new_int(pf__rng *r, int64_t lo, int64_t hi, int64_t v)
{
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    int64_t x;
    switch (pf__rng_below(r, 10)) {
    case 0: x = lo; break;
    case 1: x = hi; break;
    case 2: x = lo < hi ? lo + 1 : lo; break;
    case 3: x = lo < hi ? hi - 1 : hi; break;
    case 4: x = 0; break;
    case 5: x = v < INT64_MAX ? v + 1 : v; break;
    case 6: x = v > INT64_MIN ? v - 1 : v; break;
    case 7: x = v < 0 ? v : -v; break;
    case 8: x = boundaries[pf__rng_below(r, PF_LEN(boundaries))]; break;
    default: x = (int64_t)((uint64_t)lo + (span == UINT64_MAX
                                               ? pf__rng_next(r)
                                               : pf__rng_below(r, span + 1)));
    }
    if (x < lo || x > hi)
        x = (int64_t)((uint64_t)lo + (span == UINT64_MAX
                                          ? pf__rng_next(r)
                                          : pf__rng_below(r, span + 1)));
    return x;
}

/* Writes the integer's word: the encoder's bytes when they are the draw's
 * width; a weighted choice (whose word is wider than its index needs) gets
 * the index as a word of its own width, which it reads verbatim. */
static void put_int(pf_buf *e, const pf__rec *x, uint64_t bits)
{
    if (x->kind == PF_DRAW_UINT)
        pf_enc_u64_range(e, x->lo, x->hi, bits);
    else
        pf_enc_i64_range(e, (int64_t)x->lo, (int64_t)x->hi, (int64_t)bits);
    if (e->len != x->width) {
        e->len = 0;
        pf__write_le(e, bits, (unsigned)x->width);
    }
}

static double new_double(pf__rng *r, double v)
{
    switch (pf__rng_below(r, 6)) {
    case 0: return nextafter(v, INFINITY);
    case 1: return nextafter(v, -INFINITY);
    case 2: return -v;
    case 3: return v * 2;
    case 4: return floor(v) + (double)pf__rng_below(r, 3) - 1;
    default: {
        uint64_t bits = pf__rng_next(r);
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    }
}

/* A float draw: a tag byte and a word (9 bytes for double, 5 for float). */
static void put_float(pf__rng *r, pf_buf *e, const pf__rec *x)
{
    double v = pf__bits_double(x->value);
    bool bounded = isfinite(pf__bits_double(x->lo)) ||
                   isfinite(pf__bits_double(x->hi));
    pf_float_opts o = {bounded, pf__bits_double(x->lo),
                       pf__bits_double(x->hi), false, false};
    if (pf__rng_below(r, 3) == 0) {
        /* A nasty value: tags 1.. pick them, the range's bounds and their
         * neighbours included; the word is kept. */
        pf_buf_putc(e, (uint8_t)(1 + pf__rng_below(r, 20)));
        for (size_t i = 1; i < x->width; i++)
            pf_buf_putc(e, 0);
        return;
    }
    if (x->kind == PF_DRAW_FLOAT)
        pf_enc_float(e, &o, (float)new_double(r, v));
    else
        pf_enc_double(e, &o, new_double(r, v));
}

bool pf__edit_value(pf__rng *r, const pf__decoded *d, pf__cand *c,
                    pf__edit *kind)
{
    const pf__rec *x = pick_draw(r, d, is_value);
    if (!x)
        return false;
    pf_buf e = {0};
    *kind = PF__EDIT_VALUE;
    if (x->kind == PF_DRAW_BOOL) {
        /* A rare branch (pf_bool_p with a small p: a huge size, a deep
         * nesting) is rare by the harness's design, to keep executions
         * fast: switched on about as often as a byte mutation would, not
         * half the time. */
        double p = pf__bits_double(x->hi);
        if (!x->value && p > 0 && p < 0.125 &&
            (double)pf__rng_below(r, 1u << 20) >= p * 8 * (1u << 20))
            return false;
        pf_enc_bool_p(&e, 0.5, !x->value);
    } else if (x->kind == PF_DRAW_UINT) {
        if (x->hi - x->lo < 64)
            *kind = PF__EDIT_CHOICE;
        uint64_t v = x->value;
        for (int t = 0; t < 4 && v == x->value; t++)
            v = new_uint(r, x->lo, x->hi, x->value);
        put_int(&e, x, v);
    } else if (x->kind == PF_DRAW_INT) {
        int64_t v = (int64_t)x->value;
        for (int t = 0; t < 4 && v == (int64_t)x->value; t++)
            v = new_int(r, (int64_t)x->lo, (int64_t)x->hi, (int64_t)x->value);
        put_int(&e, x, (uint64_t)v);
    } else {
        put_float(r, &e, x);
    }
    bool ok = e.len == x->width;
    if (ok)
        pf__cand_splice(c, d, x->offset, pf__draw_end(x), e.data, e.len);
    pf_buf_free(&e);
    return ok;
}

static bool is_flag(const pf__rec *x)
{
    return x->kind == PF_DRAW_FLAG && x->width == 1;
}

bool pf__edit_flag(pf__rng *r, const pf__decoded *d, pf__cand *c)
{
    const pf__rec *x = pick_draw(r, d, is_flag);
    if (!x)
        return false;
    pf_buf e = {0};
    pf_enc_more(&e, !x->value);
    pf__cand_splice(c, d, x->offset, pf__draw_end(x), e.data, e.len);
    pf_buf_free(&e);
    return true;
}
