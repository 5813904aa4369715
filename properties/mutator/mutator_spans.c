/* Edits of the input's structure by its recorded spans: a list element
 * (or any span) deleted, duplicated, moved, or exchanged with a sibling,
 * and a subtree replaced by one with the same label from another input.
 * A list element past the minimum is announced by a continue-flag byte
 * just before it (rule 5): it moves with its flag, so deleting or
 * repeating the pair deletes or repeats one element and leaves the rest of
 * the input meaning what it meant. */
#include "mutator_internal.h"

#include <stdlib.h>

enum { MAX_SPAN_BYTES = 1 << 16 };

/* The bytes an element occupies, its flag included. */
static size_t span_from(const pf__mspan *m)
{
    return m->flagged && m->sp.start > 0 ? m->sp.start - 1 : m->sp.start;
}

/* A random non-empty span; a flagged one (a list element) when asked and
 * there is one among a few tries. */
static const pf__mspan *pick_span(pf__rng *r, const pf__decoded *d,
                                  bool want_flagged)
{
    if (d->n_spans == 0)
        return NULL;
    const pf__mspan *any = NULL;
    for (int t = 0; t < 12; t++) {
        const pf__mspan *m = &d->spans[pf__rng_below(r, d->n_spans)];
        if (m->sp.end <= m->sp.start || m->sp.end > d->view_len)
            continue;
        if (!want_flagged || m->flagged)
            return m;
        if (!any)
            any = m;
    }
    return any;
}

/* A sibling of m: same parent, same label, not overlapping it. */
static const pf__mspan *pick_sibling(pf__rng *r, const pf__decoded *d,
                                     const pf__mspan *m)
{
    size_t n = 0, chosen = SIZE_MAX;
    for (size_t k = 0; k < d->n_spans; k++) {
        const pf__mspan *o = &d->spans[k];
        if (o == m || o->parent != m->parent || o->sp.end > d->view_len ||
            o->sp.end <= o->sp.start || strcmp(o->sp.label, m->sp.label) != 0 ||
            (o->sp.start < m->sp.end && m->sp.start < o->sp.end))
            continue;
        /* Reservoir sampling: each sibling equally likely. */
        if (pf__rng_below(r, ++n) == 0)
            chosen = k;
    }
    return chosen == SIZE_MAX ? NULL : &d->spans[chosen];
}

bool pf__edit_delete(pf__rng *r, const pf__decoded *d, pf__cand *c)
{
    const pf__mspan *m = pick_span(r, d, pf__rng_below(r, 4) != 0);
    if (!m)
        return false;
    pf__cand_splice(c, d, span_from(m), m->sp.end, NULL, 0);
    return true;
}

bool pf__edit_duplicate(pf__rng *r, const pf__decoded *d, pf__cand *c)
{
    const pf__mspan *m = pick_span(r, d, true);
    if (!m)
        return false;
    size_t a = span_from(m), n = m->sp.end - a;
    if (n > MAX_SPAN_BYTES)
        return false;
    /* A flagged element repeats with its flag: one more element. */
    pf__cand_splice(c, d, m->sp.end, m->sp.end, d->view + a, n);
    return true;
}

/* The view with [a1, b1) and [a2, b2) (a1 < b1 <= a2 < b2) exchanged. */
static void exchange(const pf__decoded *d, pf__cand *c, size_t a1, size_t b1,
                     size_t a2, size_t b2)
{
    size_t n = b2 - a1;
    uint8_t *mid = malloc(n ? n : 1);
    if (!mid)
        return;
    size_t k = 0;
    memcpy(mid + k, d->view + a2, b2 - a2), k += b2 - a2;
    memcpy(mid + k, d->view + b1, a2 - b1), k += a2 - b1;
    memcpy(mid + k, d->view + a1, b1 - a1);
    pf__cand_splice(c, d, a1, b2, mid, n);
    free(mid);
}

bool pf__edit_swap(pf__rng *r, const pf__decoded *d, pf__cand *c)
{
    const pf__mspan *m = pick_span(r, d, false);
    const pf__mspan *o = m ? pick_sibling(r, d, m) : NULL;
    if (!o)
        return false;
    if (o->sp.start < m->sp.start) {
        const pf__mspan *t = m;
        m = o;
        o = t;
    }
    /* The elements' bytes only: their flags stay where they are. */
    exchange(d, c, m->sp.start, m->sp.end, o->sp.start, o->sp.end);
    return true;
}

bool pf__edit_move(pf__rng *r, const pf__decoded *d, pf__cand *c)
{
    const pf__mspan *m = pick_span(r, d, true);
    const pf__mspan *o = m && m->flagged ? pick_sibling(r, d, m) : NULL;
    if (!o || !o->flagged)
        return false;
    /* Element m (with its flag) goes before sibling o (and its flag). */
    size_t a = span_from(m), b = m->sp.end, at = span_from(o);
    if (at < a)
        exchange(d, c, at, a, a, b);
    else
        exchange(d, c, a, b, b, at);
    return true;
}

bool pf__edit_crossover(pf__rng *r, const pf__decoded *d,
                        const pf__decoded *from, pf__cand *c)
{
    const pf__mspan *m = pick_span(r, d, false);
    if (!m)
        return false;
    const uint8_t *with = NULL;
    size_t n = 0;
    if (from) {
        size_t seen = 0;
        for (size_t k = 0; k < from->n_spans; k++) {
            const pf__mspan *o = &from->spans[k];
            if (o->sp.end > from->view_len || o->sp.end < o->sp.start ||
                strcmp(o->sp.label, m->sp.label) != 0)
                continue;
            if (pf__rng_below(r, ++seen) == 0) {
                with = from->view + o->sp.start;
                n = o->sp.end - o->sp.start;
            }
        }
    } else {
        with = pf__pool_pick(r, m->sp.label, &n);
    }
    if (!with || n > MAX_SPAN_BYTES)
        return false;
    pf__cand_splice(c, d, m->sp.start, m->sp.end, with, n);
    return true;
}
