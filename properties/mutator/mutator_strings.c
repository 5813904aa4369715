/* Edits of a string draw (bytes or text): its payload, unescaped, is
 * changed by the engine's byte mutator (which knows the dictionary and
 * the comparisons it saw), replaced by or spliced with a dictionary token,
 * or sized to a boundary length; then written back as the decoder reads
 * it (rule 6): 0x00 and 0x01 escaped, a terminator unless the maximum is
 * reached. The payload is read from the input as the shrinker reads it
 * (shrink_payload.c). */
#include "mutator_internal.h"

#include <stdlib.h>

enum { MAX_PAYLOAD = 4096 };

static bool is_string(const pf__rec *x)
{
    return pf__is_payload(x);
}

/* The payload's bytes without escapes (at most cap). */
static size_t unescape(const pf__rec *x, const pf__decoded *d, uint8_t *out,
                       size_t cap)
{
    pf__elems it;
    pf__elem e;
    size_t n = 0;
    pf__elems_begin(&it, x, d->view, d->view_len);
    while (pf__elems_next(&it, &e)) {
        const uint8_t *b = d->view + e.at;
        size_t len = e.len;
        if (e.at < d->view_len && b[0] == PF_ESCAPE) {
            b++;
            len--;
        }
        if (e.at + e.len > d->view_len || n + len > cap)
            break;
        memcpy(out + n, b, len);
        n += len;
    }
    return n;
}

/* Boundary lengths (and one off them) where libraries switch paths. */
static const size_t lengths[] = {0, 1, 15, 16, 17, 31, 32, 33, 255, 256, 257};

static size_t edit_payload(pf__rng *r, uint8_t *p, size_t n, size_t cap)
{
    size_t tlen = 0;
    const uint8_t *tok;
    switch (pf__rng_below(r, 8)) {
    case 0:
    case 1:
        tok = pf__dict_pick(r, &tlen);
        if (tok && tlen <= cap) {
            memcpy(p, tok, tlen);
            return tlen;
        }
        break;
    case 2:
        tok = pf__dict_pick(r, &tlen);
        if (tok && n + tlen <= cap) {
            size_t at = pf__rng_below(r, n + 1);
            memmove(p + at + tlen, p + at, n - at);
            memcpy(p + at, tok, tlen);
            return n + tlen;
        }
        break;
    case 3: {
        size_t want = lengths[pf__rng_below(r, PF_LEN(lengths))];
        if (want > cap)
            break;
        for (size_t i = n; i < want; i++)
            p[i] = n ? p[i % n] : (uint8_t)'a';
        return want;
    }
    default:
        break;
    }
    return pf__engine_mutate(r, p, n, cap);
}

bool pf__edit_string(pf__rng *r, const pf__decoded *d, pf__cand *c)
{
    const pf__rec *x = NULL;
    for (int t = 0; t < 8 && !x; t++) {
        const pf__rec *y = d->draws[pf__rng_below(r, d->n_draws)];
        if (is_string(y))
            x = y;
    }
    if (!x)
        return false;
    bool text = x->kind == PF_DRAW_TEXT;
    uint8_t *p = malloc(MAX_PAYLOAD), *enc = malloc(2 * MAX_PAYLOAD + 1);
    bool ok = false;
    if (!p || !enc)
        goto done;
    size_t n = unescape(x, d, p, MAX_PAYLOAD);
    n = edit_payload(r, p, n, MAX_PAYLOAD);
    /* Cut to the maximum (lengths count units: bytes, or code points of
     * text, where a byte that does not continue a UTF-8 sequence starts
     * one); no terminator there. */
    size_t max = x->hi, units = 0, m = 0, keep = 0;
    for (; keep < n; keep++) {
        bool starts = !text || (p[keep] & 0xC0) != 0x80;
        if (starts && units == max)
            break;
        units += starts;
    }
    n = keep;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == PF_TERMINATOR || p[i] == PF_ESCAPE)
            enc[m++] = PF_ESCAPE;
        enc[m++] = p[i];
    }
    if (units < max)
        enc[m++] = PF_TERMINATOR;
    pf__cand_splice(c, d, x->offset, pf__draw_end(x), enc, m);
    ok = true;
done:
    free(p);
    free(enc);
    return ok;
}

bool pf__edit_raw(pf__rng *r, const pf__decoded *d, pf__cand *c,
                  size_t max_size)
{
    if (!d->raw || d->raw_at > d->view_len || d->raw_at >= max_size)
        return false;
    size_t n = d->view_len - d->raw_at, room = max_size - d->raw_at;
    uint8_t *p = malloc(room > n ? room : n);
    if (!p)
        return false;
    memcpy(p, d->view + d->raw_at, n);
    n = pf__engine_mutate(r, p, n < room ? n : room, room);
    pf__cand_splice(c, d, d->raw_at, d->view_len, p, n);
    free(p);
    return true;
}
