/* Shrinking passes on the shape of a value: a subtree replaced by one of
 * its descendants, sibling spans put in the order's preferred order, and
 * a choice switched to another branch that needs less. */
#include "../core/pf_internal.h"
#include "shrink_internal.h"

#include <stdlib.h>

enum { MAX_DESCENDANTS = 64, MAX_KIDS = 64, MAX_LATER_BRANCHES = 8, /* later values tried */
       MAX_CHOICE = 64 };

/* Replaces span i by a descendant with the same label: a subtree by one of
 * its subtrees. */
static bool replace_by_descendant(pf__shrinker *sh, size_t i)
{
    size_t tried = 0;
    for (size_t j = i + 1; j < sh->n_spans && tried < MAX_DESCENDANTS; j++) {
        pf__span p = sh->spans[i], d = sh->spans[j];
        if (d.start >= p.end)
            break;
        if (d.depth <= p.depth || strcmp(d.label, p.label) != 0 || d.end > p.end)
            continue;
        tried++;
        if (pf__sh_splice(sh, p.start, p.end, sh->view + d.start,
                          d.end - d.start))
            return true;
    }
    return false;
}

bool pf__pass_descendants(pf__shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_spans && !pf__sh_stop(sh); i++)
        any |= replace_by_descendant(sh, i); /* span i changed: later again */
    return any;
}

/* Draw by draw, span a's values then b's against b's then a's: which of
 * the two orders the shrinker's order (key 3) prefers. */
static int concat_cmp(const pf__shrinker *sh, const pf__span *a,
                      const pf__span *b)
{
    size_t na = a->last - a->first, nb = b->last - b->first;
    for (size_t k = 0; k < na + nb; k++) {
        size_t x = k < na ? a->first + k : b->first + (k - na);
        size_t y = k < nb ? b->first + k : a->first + (k - nb);
        uint64_t sx = pf__simplicity(sh->draws[x]);
        uint64_t sy = pf__simplicity(sh->draws[y]);
        if (sx != sy)
            return sx < sy ? -1 : 1;
    }
    return 0;
}

/* The spans directly inside span p with the label of its first such
 * child, in order: list elements, or the subtrees of a tree node. */
static size_t kids_of(const pf__shrinker *sh, size_t p, size_t *kids)
{
    size_t n = 0;
    const pf__span *parent = &sh->spans[p];
    for (size_t j = p + 1; j < sh->n_spans && n < MAX_KIDS; j++) {
        const pf__span *d = &sh->spans[j];
        if (d->start >= parent->end || d->end > parent->end)
            break;
        if (d->depth == parent->depth + 1 &&
            (n == 0 || strcmp(d->label, sh->spans[kids[0]].label) == 0))
            kids[n++] = j;
    }
    return n;
}

/* Puts the kids' bytes in the order given (what lies between them, such
 * as continue-flags, stays in place) and tries it. */
static bool try_order(pf__shrinker *sh, const size_t *kids, const size_t *order,
                      size_t n)
{
    size_t clen;
    uint8_t *c = pf__sh_copy(sh, 0, 0, &clen);
    size_t at = sh->spans[kids[0]].start;
    for (size_t k = 0; k < n; k++) {
        const pf__span *src = &sh->spans[order[k]], *slot = &sh->spans[kids[k]];
        if (k > 0) {
            size_t gap_at = sh->spans[kids[k - 1]].end;
            memcpy(c + at, sh->view + gap_at, slot->start - gap_at);
            at += slot->start - gap_at;
        }
        memcpy(c + at, sh->view + src->start, src->end - src->start);
        at += src->end - src->start;
    }
    return pf__sh_attempt(sh, c, clen);
}

/* Sorts the kids of span p by the order's preference; when the sorted
 * whole no longer fails, swaps neighbours that are out of order one
 * pair at a time. */
static bool order_kids(pf__shrinker *sh, size_t p)
{
    size_t kids[MAX_KIDS], order[MAX_KIDS];
    size_t n = kids_of(sh, p, kids);
    if (n < 2 || sh->spans[p].end > sh->view_len)
        return false; /* (past the view only after pf_rest) */
    bool sorted = true;
    for (size_t k = 0; k < n; k++) {
        size_t m = k;
        while (m > 0 && concat_cmp(sh, &sh->spans[order[m - 1]],
                                   &sh->spans[kids[k]]) > 0) {
            order[m] = order[m - 1];
            m--;
        }
        order[m] = kids[k];
        sorted &= m == k;
    }
    if (sorted)
        return false;
    if (try_order(sh, kids, order, n))
        return true;
    for (size_t k = 0; k + 1 < n; k++) {
        memcpy(order, kids, n * sizeof *kids);
        if (concat_cmp(sh, &sh->spans[kids[k]], &sh->spans[kids[k + 1]]) <= 0)
            continue;
        order[k] = kids[k + 1];
        order[k + 1] = kids[k];
        if (try_order(sh, kids, order, n))
            return true;
    }
    return false;
}

bool pf__pass_siblings(pf__shrinker *sh)
{
    bool any = false;
    for (size_t p = 0; p < sh->n_spans && !pf__sh_stop(sh); p++)
        any |= order_kids(sh, p);
    return any;
}

/* The innermost span around draw d. */
static const pf__span *span_around(const pf__shrinker *sh, size_t d)
{
    const pf__span *in = NULL;
    for (size_t k = 0; k < sh->n_spans; k++) {
        const pf__span *sp = &sh->spans[k];
        if (sp->first <= d && d < sp->last && (!in || sp->depth > in->depth))
            in = sp;
    }
    return in;
}

/* Writes w into choice r and keeps only the first `keep` bytes of what
 * followed it in its span [end, span_end) (the new branch reads those). */
static bool try_branch(pf__shrinker *sh, const pf__rec *r, uint64_t w,
                       size_t span_end, size_t keep)
{
    size_t clen, end = pf__draw_end(r);
    uint8_t *c = pf__sh_copy(sh, 0, 0, &clen);
    pf__put_word(c, r->offset, r->width, w);
    memmove(c + end + keep, c + span_end, clen - span_end);
    return pf__sh_attempt(sh, c, clen - (span_end - end - keep));
}

/* Switches choice d to another branch: every earlier one and a few later
 * ones, with what followed the choice in its span kept whole (a later
 * branch only: the ints pass keeps it for earlier ones) or cut to a few
 * bytes. A branch that needs fewer bytes or draws is smaller whatever
 * the choice's own value, and the old branch's bytes would misparse. */
static bool switch_branch(pf__shrinker *sh, size_t d)
{
    static const size_t keeps[] = {0, 1, 2, 4, 8};
    const pf__rec *r = sh->draws[d];
    const pf__span *sp = span_around(sh, d);
    size_t end = pf__draw_end(r), span_end = sp ? sp->end : sh->view_len;
    if (span_end > sh->view_len || span_end < end)
        return false; /* (past the view only after pf_rest) */
    size_t rest = span_end - end;
    uint64_t last = r->value + MAX_LATER_BRANCHES;
    for (uint64_t w = r->lo; w <= r->hi && w <= last && !pf__sh_stop(sh); w++) {
        if (w == r->value)
            continue;
        if (w > r->value && try_branch(sh, r, w, span_end, rest))
            return true;
        for (size_t k = 0; k < sizeof keeps / sizeof keeps[0] && keeps[k] < rest; k++)
            if (try_branch(sh, r, w, span_end, keeps[k]))
                return true;
    }
    return false;
}

bool pf__pass_switch_branch(pf__shrinker *sh)
{
    bool any = false;
    for (size_t d = 0; d < sh->n_draws && !pf__sh_stop(sh); d++) {
        const pf__rec *r = sh->draws[d];
        if (r->kind == PF_DRAW_UINT && r->lo == 0 && r->hi > 0 &&
            r->hi <= MAX_CHOICE)
            any |= switch_branch(sh, d);
    }
    return any;
}
