/* Shrinking passes that delete or zero draws and spans: the moves that
 * make an input smaller by the order's first keys (size, then draws). */
#include "../core/pf_internal.h"
#include "shrink_internal.h"

enum { MAX_RUN = 8, MAX_COUNTS_TRIED = 16 };

/* Deletes runs of k consecutive draws, k = 8, 4, 2, 1: whole elements with
 * their continue-flags, and the two flags between adjacent lists, which
 * merges them. A run replaced by one zero byte ends a list there instead
 * (a list at its maximum size reads no flag to stop). */
bool pf__pass_delete_runs(pf__shrinker *sh)
{
    bool any = false;
    for (size_t k = MAX_RUN; k >= 1; k /= 2)
        for (size_t i = 0; i + k <= sh->n_draws && !pf__sh_stop(sh);) {
            size_t a = sh->draws[i]->offset;
            size_t b = pf__draw_end(sh->draws[i + k - 1]);
            if (pf__sh_delete(sh, a, b) || pf__sh_replace(sh, a, b, 1))
                any = true; /* the next run now starts at i */
            else
                i++;
        }
    return any;
}

/* Whether integer draw c can go down by k and stay in its range. */
static bool can_lower(const pf__rec *c, uint64_t k)
{
    bool at_or_above_lo = c->kind == PF_DRAW_UINT
                              ? c->value >= c->lo
                              : (int64_t)c->value >= (int64_t)c->lo;
    /* The distance as unsigned cannot overflow. */
    return at_or_above_lo && c->value - c->lo >= k;
}

/* Deletes draws [i, i + k) and lowers an earlier integer by k in the same
 * candidate: a list whose length was drawn first ("n, then n elements")
 * loses elements only when its count goes down with them. */
static bool delete_with_count(pf__shrinker *sh, size_t i, size_t k)
{
    size_t tried = 0;
    for (size_t j = i; j-- > 0 && tried < MAX_COUNTS_TRIED && !pf__sh_stop(sh);) {
        const pf__rec *c = sh->draws[j];
        if (!pf__is_int(c))
            continue;
        tried++;
        if (!can_lower(c, k))
            continue;
        size_t a = sh->draws[i]->offset, b = pf__draw_end(sh->draws[i + k - 1]);
        size_t clen;
        uint8_t *cand = pf__sh_copy(sh, b, 0, &clen);
        pf__put_word(cand, c->offset, c->width, c->value - k);
        memmove(cand + a, cand + b, clen - b);
        if (pf__sh_attempt(sh, cand, clen - (b - a)))
            return true;
    }
    return false;
}

bool pf__pass_delete_with_count(pf__shrinker *sh)
{
    bool any = false;
    for (size_t k = 1; k <= MAX_RUN; k *= 2)
        for (size_t i = 1; i + k <= sh->n_draws && !pf__sh_stop(sh); i++)
            any |= delete_with_count(sh, i, k);
    return any;
}

/* Deletes [a, b) and puts a zero byte at `at` (at >= b): an element
 * leaves a list that was full, and the zero ends the list where the
 * element's room was, so what follows keeps its place. */
static bool delete_and_end(pf__shrinker *sh, size_t a, size_t b, size_t at)
{
    if (a >= b || b > at || at > sh->view_len)
        return false;
    size_t clen;
    uint8_t *c = pf__sh_copy(sh, 0, 1, &clen);
    memmove(c + a, c + b, at - b);
    c[a + at - b] = 0;
    memmove(c + a + at - b + 1, sh->view + at, clen - at);
    return pf__sh_attempt(sh, c, clen - (b - a) + 1);
}

/* The span holding span i one level up (for an element: its list). */
static const pf__span *parent_of(const pf__shrinker *sh, size_t i)
{
    for (size_t j = i; j-- > 0;)
        if (sh->spans[j].depth + 1 == sh->spans[i].depth &&
            sh->spans[j].start <= sh->spans[i].start &&
            sh->spans[j].end >= sh->spans[i].end)
            return &sh->spans[j];
    return NULL;
}

/* Deletes whole spans, with the flag byte that announced them. */
bool pf__pass_delete_spans(pf__shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_spans && !pf__sh_stop(sh);) {
        pf__span sp = sh->spans[i];
        const pf__span *list = strstr(sp.label, "[]") ? parent_of(sh, i) : NULL;
        size_t list_end = list ? list->end : 0;
        if ((sp.start > 0 && pf__sh_delete(sh, sp.start - 1, sp.end)) ||
            pf__sh_delete(sh, sp.start, sp.end) ||
            (list && sp.start > 0 &&
             delete_and_end(sh, sp.start - 1, sp.end, list_end)))
            any = true;
        else
            i++;
    }
    return any;
}

/* Zeroes spans, then single draws: zero is the simplest of everything. */
bool pf__pass_zero(pf__shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_spans + sh->n_draws && !pf__sh_stop(sh); i++) {
        size_t a, b;
        if (i < sh->n_spans) {
            a = sh->spans[i].start;
            b = sh->spans[i].end;
        } else {
            a = sh->draws[i - sh->n_spans]->offset;
            b = pf__draw_end(sh->draws[i - sh->n_spans]);
        }
        if (b > sh->len)
            b = sh->len; /* the view is zero there already */
        bool zero = true;
        for (size_t k = a; k < b && zero; k++)
            zero = sh->view[k] == 0;
        if (zero)
            continue;
        size_t clen;
        uint8_t *c = pf__sh_copy(sh, 0, 0, &clen);
        memset(c + a, 0, b - a);
        any |= pf__sh_attempt(sh, c, clen);
    }
    return any;
}

enum { MAX_KIDS = 64 };

/* The list-element spans directly inside span p ("<list>[]"), in order. */
static size_t elements_of(const pf__shrinker *sh, size_t p, size_t *kids)
{
    size_t n = 0;
    const pf__span *parent = &sh->spans[p];
    for (size_t j = p + 1; j < sh->n_spans && n < MAX_KIDS; j++) {
        const pf__span *d = &sh->spans[j];
        if (d->start >= parent->end || d->end > parent->end)
            break;
        if (d->depth == parent->depth + 1 && strstr(d->label, "[]"))
            kids[n++] = j;
    }
    return n;
}

/* Lowers by one, in c, every integer of element `kid` that reads as an
 * index past the deleted element k of an n-element list; false if none. */
static bool lower_indices(const pf__shrinker *sh, const pf__span *kid,
                          uint64_t k, uint64_t n, uint8_t *c)
{
    bool any = false;
    for (size_t d = kid->first; d < kid->last; d++) {
        const pf__rec *r = sh->draws[d];
        if (!pf__is_int(r) || (r->kind == PF_DRAW_INT && (int64_t)r->value < 0))
            continue;
        if (r->value > k && r->value < n && can_lower(r, 1)) {
            pf__put_word(c, r->offset, r->width, r->value - 1);
            any = true;
        }
    }
    return any;
}

/* Deletes element k of a list and, in the same step, lowers the values of
 * the other elements that index past it: a list of indices into itself
 * ("xs[xs[i]]") keeps what its values point at. */
static bool delete_reindex(pf__shrinker *sh, const size_t *kids, size_t n,
                           size_t k)
{
    size_t clen;
    uint8_t *c = pf__sh_copy(sh, 0, 0, &clen);
    bool lowered = false;
    for (size_t j = 0; j < n; j++)
        if (j != k)
            lowered |= lower_indices(sh, &sh->spans[kids[j]], k, n, c);
    if (!lowered)
        return false; /* a plain deletion: pf__pass_delete_spans tries it */
    const pf__span *e = &sh->spans[kids[k]];
    if (e->end > clen)
        return false; /* past the view only after pf_rest */
    size_t a = e->start - (pf__flag_before(sh, e) ? 1 : 0);
    memmove(c + a, c + e->end, clen - e->end);
    return pf__sh_attempt(sh, c, clen - (e->end - a));
}

bool pf__pass_delete_reindex(pf__shrinker *sh)
{
    bool any = false;
    size_t kids[MAX_KIDS];
    for (size_t p = 0; p < sh->n_spans && !pf__sh_stop(sh); p++) {
        size_t n = elements_of(sh, p, kids);
        for (size_t k = 0; k < n && !pf__sh_stop(sh); k++)
            if (delete_reindex(sh, kids, n, k)) {
                any = true;
                n = elements_of(sh, p, kids); /* the list changed */
                k = (size_t)-1;
            }
    }
    return any;
}
