/* The structural shrinker (design §6). It searches over the recorded draws
 * of the failing input, not its bytes: every candidate is the current best
 * with some draws deleted, zeroed, lowered or moved, re-encoded in place
 * (widths are stable, rule 3), and run again. A candidate is kept when it
 * fails the same way and is smaller in the order below; the order is
 * strict, so the search ends, at a fixpoint or at a cap.
 *
 * Order ("key"): fewer bytes read by the draws (zeros past the end
 * counted); then fewer draws; then, draw by draw, the simpler value (an
 * integer's place in 0, 1, -1, 2, ... within its range; integral floats
 * before fractions); then the shorter input; then the bytes themselves.
 * Kept inputs lose their trailing zeros, which read the same. */
#define _POSIX_C_SOURCE 200809L

#include "pf_internal.h"
#include "shrink_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { MAX_PAIR_DRAWS = 48, MAX_DESCENDANTS = 64, MAX_RUN = 8 };

typedef struct span {
    size_t start, end;   /* byte offsets */
    size_t first, last;  /* draw indices inside: [first, last) */
    unsigned depth;
    const char *label;
} span;

typedef struct shrinker {
    const pf_shrink_opts *opts;
    bool in_child;
    char sig[128];
    uint8_t *best;
    size_t len;
    pf__outcome out;    /* the best input's failing run */
    pf__rec **draws;    /* value draws of out (no span markers) */
    size_t n_draws;
    span *spans;
    size_t n_spans;
    size_t evals;
    double t0;
    bool stopped;
    uint8_t *scratch;   /* candidate buffer */
    size_t scratch_cap;
} shrinker;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool is_value(pf_draw_kind k)
{
    return k != PF_DRAW_SPAN_BEGIN && k != PF_DRAW_SPAN_END;
}

/* --- the order ------------------------------------------------------------ */

static uint64_t float_simplicity(double d)
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

static double bits_double(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

/* A draw's place in its strategy's simplicity order (0 = simplest). */
static uint64_t simplicity(const pf__rec *r)
{
    switch (r->kind) {
    case PF_DRAW_UINT: return r->value - r->lo;
    case PF_DRAW_INT:
        return pf__signed_to_index((int64_t)r->lo, (int64_t)r->hi,
                                   (int64_t)r->value);
    case PF_DRAW_DOUBLE:
    case PF_DRAW_FLOAT: return float_simplicity(bits_double(r->value));
    default: return r->value; /* bools, flags; lengths of payloads */
    }
}

static size_t n_value_draws(const pf__outcome *o)
{
    size_t n = 0;
    for (size_t i = 0; i < o->n_recs; i++)
        n += is_value(o->recs[i].kind) && o->recs[i].kind != PF_DRAW_FLAG;
    return n;
}

/* Bytes the run actually read (the rest can go). */
static size_t consumed(const pf__outcome *o, size_t len)
{
    size_t end = 0;
    for (size_t i = 0; i < o->n_recs; i++) {
        size_t e = o->recs[i].offset + o->recs[i].width;
        if (e > end)
            end = e;
    }
    return o->n_recs == 0 || end > len ? len : end;
}

/* The length the input can be cut to without changing the run: what it
 * read, less trailing zeros (past the end reads as zeros) — unless a draw
 * took "the rest" (pf_rest), whose length is the input's. */
static size_t trimmed(const pf__outcome *o, const uint8_t *data, size_t len)
{
    size_t c = consumed(o, len);
    for (size_t i = 0; i < o->n_recs; i++)
        if (o->recs[i].kind == PF_DRAW_RAW)
            return c;
    while (c > 0 && data[c - 1] == 0)
        c--;
    return c;
}

/* How far the draws reach, zeros past the end included: the structural
 * size, which trailing zeros cannot game ([1, 0] is not smaller than
 * [0, 1] because its last word happens to be zero). */
static size_t extent(const pf__outcome *o, size_t len)
{
    size_t end = 0;
    for (size_t i = 0; i < o->n_recs; i++) {
        size_t e = o->recs[i].offset + o->recs[i].width;
        if (e > end)
            end = e;
    }
    return o->n_recs ? end : len;
}

/* <0 when (a, alen, ao) comes before (b, blen, bo). */
static int compare(const uint8_t *a, size_t alen, const pf__outcome *ao,
                   const uint8_t *b, size_t blen, const pf__outcome *bo)
{
    size_t ea = extent(ao, alen), eb = extent(bo, blen);
    if (ea != eb)
        return ea < eb ? -1 : 1;
    size_t na = n_value_draws(ao), nb = n_value_draws(bo);
    if (na != nb)
        return na < nb ? -1 : 1;
    size_t i = 0, j = 0;
    for (;;) {
        while (i < ao->n_recs && !is_value(ao->recs[i].kind)) i++;
        while (j < bo->n_recs && !is_value(bo->recs[j].kind)) j++;
        if (i >= ao->n_recs || j >= bo->n_recs)
            break;
        uint64_t x = simplicity(&ao->recs[i++]), y = simplicity(&bo->recs[j++]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    if (alen != blen)
        return alen < blen ? -1 : 1;
    return alen ? memcmp(a, b, alen) : 0;
}

/* --- the current best and its views ------------------------------------- */

static void index_best(shrinker *sh)
{
    free(sh->draws);
    free(sh->spans);
    sh->draws = malloc((sh->out.n_recs + 1) * sizeof *sh->draws);
    sh->spans = malloc((sh->out.n_recs + 1) * sizeof *sh->spans);
    size_t *open = malloc((sh->out.n_recs + 1) * sizeof *open);
    if (!sh->draws || !sh->spans || !open) {
        fprintf(stderr, "propfuzz: out of memory (shrinker)\n");
        abort();
    }
    size_t depth = 0;
    sh->n_draws = sh->n_spans = 0;
    for (size_t i = 0; i < sh->out.n_recs; i++) {
        pf__rec *r = &sh->out.recs[i];
        if (r->kind == PF_DRAW_SPAN_BEGIN) {
            span *sp = &sh->spans[sh->n_spans];
            sp->start = r->offset;
            sp->first = sh->n_draws;
            sp->depth = r->depth;
            sp->label = r->label;
            sp->end = SIZE_MAX; /* until closed */
            sp->last = SIZE_MAX;
            open[depth++] = sh->n_spans++;
        } else if (r->kind == PF_DRAW_SPAN_END) {
            if (depth == 0)
                continue;
            span *sp = &sh->spans[open[--depth]];
            sp->end = r->offset;
            sp->last = sh->n_draws;
        } else {
            sh->draws[sh->n_draws++] = r;
        }
    }
    /* Spans left open by the failure end where the run stopped. */
    for (size_t k = 0; k < sh->n_spans; k++)
        if (sh->spans[k].end == SIZE_MAX) {
            sh->spans[k].end = sh->len;
            sh->spans[k].last = sh->n_draws;
        }
    free(open);
}

static bool stop_now(shrinker *sh)
{
    if (sh->stopped)
        return true;
    double cap = sh->opts->max_seconds > 0 ? sh->opts->max_seconds : 30;
    if (now() - sh->t0 > cap ||
        (sh->opts->max_evals && sh->evals >= sh->opts->max_evals))
        sh->stopped = true;
    return sh->stopped;
}

static bool evaluate(shrinker *sh, const uint8_t *data, size_t len,
                     pf__outcome *o)
{
    sh->evals++;
    return sh->in_child ? pf__eval_in_child(data, len, 10, o)
                        : pf__eval_in_process(data, len, o);
}

/* Runs a candidate; keeps it when it fails the same way and is smaller. */
static bool attempt(shrinker *sh, const uint8_t *cand, size_t clen)
{
    if (stop_now(sh))
        return false;
    if (clen == sh->len && memcmp(cand, sh->best, clen) == 0)
        return false;
    pf__outcome o = {0};
    if (!evaluate(sh, cand, clen, &o) || strcmp(o.signature, sh->sig) != 0) {
        pf__outcome_free(&o);
        return false;
    }
    size_t c = trimmed(&o, cand, clen);
    if (compare(cand, c, &o, sh->best, sh->len, &sh->out) >= 0) {
        pf__outcome_free(&o);
        return false;
    }
    uint8_t *copy = malloc(c ? c : 1);
    if (!copy) {
        pf__outcome_free(&o);
        return false;
    }
    memcpy(copy, cand, c);
    free(sh->best);
    sh->best = copy;
    sh->len = c;
    pf__outcome_free(&sh->out);
    sh->out = o;
    index_best(sh);
    return true;
}

/* The scratch buffer, holding a copy of best with room to grow. */
static uint8_t *scratch(shrinker *sh, size_t need)
{
    if (need > sh->scratch_cap) {
        uint8_t *p = realloc(sh->scratch, need);
        if (!p) {
            fprintf(stderr, "propfuzz: out of memory (shrinker)\n");
            abort();
        }
        sh->scratch = p;
        sh->scratch_cap = need;
    }
    return sh->scratch;
}

/* Replaces bytes [a, b) of best by `with` bytes of zeros (0: deletes). */
static bool try_replace(shrinker *sh, size_t a, size_t b, size_t with)
{
    if (a >= sh->len || b <= a)
        return false;
    if (b > sh->len)
        b = sh->len;
    if (with >= b - a)
        return false;
    uint8_t *c = scratch(sh, sh->len + 1);
    memcpy(c, sh->best, a);
    memset(c + a, 0, with);
    memcpy(c + a + with, sh->best + b, sh->len - b);
    return attempt(sh, c, sh->len - (b - a) + with);
}

static bool try_delete(shrinker *sh, size_t a, size_t b)
{
    return try_replace(sh, a, b, 0);
}

/* A copy of best in the scratch buffer, zero-extended to at least `need`
 * bytes: a draw may end past the input (trailing zeros are trimmed). */
static uint8_t *copy_best(shrinker *sh, size_t need, size_t *clen)
{
    *clen = need > sh->len ? need : sh->len;
    uint8_t *c = scratch(sh, *clen + 1);
    memcpy(c, sh->best, sh->len);
    memset(c + sh->len, 0, *clen - sh->len);
    return c;
}

static void put_word(uint8_t *c, size_t offset, size_t width, uint64_t w)
{
    for (size_t i = 0; i < width; i++)
        c[offset + i] = (uint8_t)(w >> (8 * i));
}

/* Overwrites width bytes at offset with the little-endian word w. */
static bool try_word(shrinker *sh, size_t offset, size_t width, uint64_t w)
{
    size_t clen;
    uint8_t *c = copy_best(sh, offset + width, &clen);
    put_word(c, offset, width, w);
    return attempt(sh, c, clen);
}

static size_t draw_end(const pf__rec *r) { return r->offset + r->width; }

static bool is_int(const pf__rec *r)
{
    return r->kind == PF_DRAW_UINT || r->kind == PF_DRAW_INT;
}

/* --- passes --------------------------------------------------------------- */

/* Deletes runs of k consecutive draws, k = 8, 4, 2, 1: whole elements with
 * their continue-flags, and the two flags between adjacent lists, which
 * merges them. A run replaced by one zero byte ends a list there instead
 * (a list at its maximum size reads no flag to stop). */
static bool pass_delete_runs(shrinker *sh)
{
    bool any = false;
    for (size_t k = MAX_RUN; k >= 1; k /= 2)
        for (size_t i = 0; i + k <= sh->n_draws && !stop_now(sh);) {
            size_t a = sh->draws[i]->offset, b = draw_end(sh->draws[i + k - 1]);
            if (try_delete(sh, a, b) || try_replace(sh, a, b, 1))
                any = true; /* the next run now starts at i */
            else
                i++;
        }
    return any;
}

/* Deletes a run of k draws and lowers an earlier integer by k in the same
 * candidate: a list whose length was drawn first ("n, then n elements")
 * loses elements only when its count goes down with them. */
static bool pass_delete_with_count(shrinker *sh)
{
    bool any = false;
    for (size_t k = 1; k <= MAX_RUN; k *= 2)
        for (size_t i = 1; i + k <= sh->n_draws && !stop_now(sh); i++) {
            size_t tried = 0;
            for (size_t j = i; j-- > 0 && tried < 16 && !stop_now(sh);) {
                const pf__rec *c = sh->draws[j];
                if (!is_int(c))
                    continue;
                tried++;
                uint64_t v = c->value - k;
                /* value - k stays in range: value >= lo, and the distance
                 * (as unsigned, no overflow) is at least k. */
                bool in_range = (c->kind == PF_DRAW_UINT
                                     ? c->value >= c->lo
                                     : (int64_t)c->value >= (int64_t)c->lo) &&
                                c->value - c->lo >= k;
                if (!in_range)
                    continue;
                size_t a = sh->draws[i]->offset, b = draw_end(sh->draws[i + k - 1]);
                size_t clen;
                uint8_t *cand = copy_best(sh, b, &clen);
                put_word(cand, c->offset, c->width, v);
                memmove(cand + a, cand + b, clen - b);
                if (attempt(sh, cand, clen - (b - a))) {
                    any = true;
                    break;
                }
            }
        }
    return any;
}

/* Deletes whole spans, with the flag byte that announced them. */
/* Deletes [a, b) and puts a zero byte at `at` (at >= b): an element
 * leaves a list that was full, and the zero ends the list where the
 * element's room was, so what follows keeps its place. */
static bool try_delete_and_end(shrinker *sh, size_t a, size_t b, size_t at)
{
    if (a >= b || b > at || at > sh->len)
        return false;
    uint8_t *c = scratch(sh, sh->len + 2);
    size_t n = 0;
    memcpy(c, sh->best, a);
    n = a;
    memcpy(c + n, sh->best + b, at - b);
    n += at - b;
    c[n++] = 0;
    memcpy(c + n, sh->best + at, sh->len - at);
    n += sh->len - at;
    return attempt(sh, c, n);
}

/* The list span holding element span i (depth one less, enclosing it). */
static const span *parent_of(const shrinker *sh, size_t i)
{
    for (size_t j = i; j-- > 0;)
        if (sh->spans[j].depth + 1 == sh->spans[i].depth &&
            sh->spans[j].start <= sh->spans[i].start &&
            sh->spans[j].end >= sh->spans[i].end)
            return &sh->spans[j];
    return NULL;
}

/* Deletes whole spans, with the flag byte that announced them. */
static bool pass_delete_spans(shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_spans && !stop_now(sh);) {
        span sp = sh->spans[i];
        const span *list = strstr(sp.label, "[]") ? parent_of(sh, i) : NULL;
        size_t list_end = list ? list->end : 0;
        if ((sp.start > 0 && try_delete(sh, sp.start - 1, sp.end)) ||
            try_delete(sh, sp.start, sp.end) ||
            (list && sp.start > 0 &&
             try_delete_and_end(sh, sp.start - 1, sp.end, list_end)))
            any = true;
        else
            i++;
    }
    return any;
}

/* Replaces a span by a descendant with the same label: a subtree by one
 * of its subtrees. */
static bool pass_descendants(shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_spans && !stop_now(sh); i++) {
        size_t tried = 0;
        for (size_t j = i + 1; j < sh->n_spans && tried < MAX_DESCENDANTS; j++) {
            span p = sh->spans[i], d = sh->spans[j];
            if (d.start >= p.end)
                break;
            if (d.depth <= p.depth || strcmp(d.label, p.label) != 0 ||
                d.end > p.end || p.end > sh->len)
                continue;
            tried++;
            size_t dlen = (d.end < sh->len ? d.end : sh->len) - d.start;
            size_t n = sh->len - (p.end - p.start) + dlen;
            uint8_t *c = scratch(sh, n + 1);
            memcpy(c, sh->best, p.start);
            memcpy(c + p.start, sh->best + d.start, dlen);
            memcpy(c + p.start + dlen, sh->best + p.end, sh->len - p.end);
            if (attempt(sh, c, n)) {
                any = true;
                break; /* spans changed: look at span i again later */
            }
        }
    }
    return any;
}

/* Zeroes spans, then single draws: zero is the simplest of everything. */
static bool pass_zero(shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_spans + sh->n_draws && !stop_now(sh); i++) {
        size_t a, b;
        if (i < sh->n_spans) {
            a = sh->spans[i].start;
            b = sh->spans[i].end;
        } else {
            a = sh->draws[i - sh->n_spans]->offset;
            b = draw_end(sh->draws[i - sh->n_spans]);
        }
        if (b > sh->len)
            b = sh->len;
        if (a >= b)
            continue;
        bool zero = true;
        for (size_t k = a; k < b && zero; k++)
            zero = sh->best[k] == 0;
        if (zero)
            continue;
        uint8_t *c = scratch(sh, sh->len + 1);
        memcpy(c, sh->best, sh->len);
        memset(c + a, 0, b - a);
        any |= attempt(sh, c, sh->len);
    }
    return any;
}

/* The value of index k of a draw's range, as the word to write. */
static uint64_t value_at(const pf__rec *r, uint64_t k)
{
    if (r->kind == PF_DRAW_UINT)
        return r->lo + k;
    return (uint64_t)pf__signed_from_index((int64_t)r->lo, (int64_t)r->hi, k);
}

/* The simplest value of a draw's range on the same side of zero. */
static int64_t target_of(const pf__rec *r, int64_t v)
{
    (void)v;
    if (r->kind == PF_DRAW_UINT)
        return (int64_t)r->lo;
    int64_t lo = (int64_t)r->lo, hi = (int64_t)r->hi;
    return lo >= 0 ? lo : hi <= 0 ? hi : 0;
}

/* Binary search between v (failing) and t (the target) for the failing
 * value nearest t, assuming failures are contiguous up to v. */
static bool search_toward(shrinker *sh, size_t di, uint64_t t, bool is_signed)
{
    bool any = false;
    for (;;) {
        if (di >= sh->n_draws || !is_int(sh->draws[di]) || stop_now(sh))
            return any;
        pf__rec *r = sh->draws[di];
        uint64_t v = r->value;
        if (v == t)
            return any;
        /* midpoint without overflow, in the draw's own signedness */
        uint64_t mid;
        if (is_signed) {
            int64_t a = (int64_t)t, b = (int64_t)v;
            mid = (uint64_t)(a + (b - a) / 2);
            if ((int64_t)mid == a || (int64_t)mid == b)
                return try_word(sh, r->offset, r->width, t) || any;
        } else {
            mid = t < v ? t + (v - t) / 2 : v + (t - v) / 2;
            if (mid == t || mid == v)
                return try_word(sh, r->offset, r->width, t) || any;
        }
        if (try_word(sh, r->offset, r->width, mid)) {
            any = true; /* best moved to mid: continue from there */
        } else {
            t = mid; /* mid passes: the answer lies above it */
        }
    }
}

static bool pass_ints(shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_draws && !stop_now(sh); i++) {
        pf__rec *r = sh->draws[i];
        if (!is_int(r) || simplicity(r) == 0)
            continue;
        /* The simplest few values first: they need not be near v. */
        bool done = false;
        for (uint64_t k = 0; !done && k < 5 && k < simplicity(r); k++)
            done = try_word(sh, r->offset, r->width, value_at(r, k));
        /* r is stale once a try succeeded (records are rebuilt): the
         * !done test comes first. */
        any |= done;
        if (i >= sh->n_draws || !is_int(sh->draws[i]) ||
            simplicity(sh->draws[i]) == 0)
            continue;
        r = sh->draws[i];
        int64_t v = (int64_t)r->value;
        if (r->kind == PF_DRAW_INT && v < 0 && v != INT64_MIN &&
            -v <= (int64_t)r->hi && try_word(sh, r->offset, r->width, (uint64_t)-v)) {
            any = true; /* the positive twin is simpler */
            continue;
        }
        any |= search_toward(sh, i, (uint64_t)target_of(r, v),
                             r->kind == PF_DRAW_INT);
    }
    return any;
}

static bool try_float(shrinker *sh, const pf__rec *r, double v)
{
    pf_buf e = {0};
    if (r->kind == PF_DRAW_DOUBLE)
        pf_enc_double(&e, NULL, v);
    else
        pf_enc_float(&e, NULL, (float)v);
    bool ok = false;
    if (e.len == r->width) {
        size_t clen;
        uint8_t *c = copy_best(sh, draw_end(r), &clen);
        memcpy(c + r->offset, e.data, e.len);
        ok = attempt(sh, c, clen);
    }
    pf_buf_free(&e);
    return ok;
}

/* Floats toward 0, integers, then fewer fraction bits. */
static bool pass_floats(shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_draws && !stop_now(sh); i++) {
        const pf__rec *r = sh->draws[i];
        if (r->kind != PF_DRAW_DOUBLE && r->kind != PF_DRAW_FLOAT)
            continue;
        double d = bits_double(r->value);
        if (simplicity(r) == 0)
            continue;
        double cands[12];
        size_t n = 0;
        cands[n++] = 0.0;
        if (isfinite(d)) {
            cands[n++] = trunc(d);
            if (d < 0)
                cands[n++] = -d;
            for (int k = 1; k <= 8; k++)
                cands[n++] = ldexp(round(ldexp(d, k)), -k);
        }
        bool done = false;
        for (size_t k = 0; k < n && !stop_now(sh) && !done; k++)
            done = float_simplicity(cands[k]) < simplicity(sh->draws[i]) &&
                   try_float(sh, sh->draws[i], cands[k]);
        /* The one-byte nasty values: a tag and a zero word, which is
         * shorter than the value's own bits once trailing zeros go. */
        for (unsigned tag = 1; tag < 0x40 && !done && !stop_now(sh); tag++) {
            const pf__rec *cur = sh->draws[i];
            if (cur->offset >= sh->len || sh->best[cur->offset] < tag)
                break;
            size_t clen;
            uint8_t *c = copy_best(sh, draw_end(cur), &clen);
            c[cur->offset] = (uint8_t)tag;
            memset(c + cur->offset + 1, 0, cur->width - 1);
            done = attempt(sh, c, clen); /* same tag: the word alone zeroed */
        }
        any |= done;
    }
    return any;
}

static bool is_payload(const pf__rec *r)
{
    return r->kind == PF_DRAW_BYTES || r->kind == PF_DRAW_TEXT;
}

/* Shortens strings one payload byte at a time and lowers their bytes. */
static bool pass_strings(shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_draws && !stop_now(sh); i++) {
        if (!is_payload(sh->draws[i]))
            continue;
        /* Positions from the end, so earlier ones stay put; the draw is
         * looked up again after every change (records are rebuilt). */
        size_t p = draw_end(sh->draws[i]);
        while (p-- > sh->draws[i]->offset && !stop_now(sh)) {
            if (p >= sh->len || sh->best[p] == 0)
                continue; /* past the end, or the terminator */
            if (try_delete(sh, p, p + 1)) {
                any = true;
            } else {
                uint8_t b = sh->best[p];
                const uint8_t lower[] = {'0', 'a', 0x02};
                for (size_t k = 0; k < sizeof lower; k++)
                    if (b > lower[k] && b != 0x01 && try_word(sh, p, 1, lower[k])) {
                        any = true;
                        break;
                    }
            }
            if (i >= sh->n_draws || !is_payload(sh->draws[i]))
                break;
            if (p > draw_end(sh->draws[i]))
                p = draw_end(sh->draws[i]);
        }
    }
    return any;
}

/* The sort key of a span: its draws' simplicity, in order. */
static int span_cmp(const shrinker *sh, const span *a, const span *b)
{
    size_t na = a->last - a->first, nb = b->last - b->first;
    if (na != nb)
        return na < nb ? -1 : 1;
    for (size_t k = 0; k < na; k++) {
        uint64_t x = simplicity(sh->draws[a->first + k]);
        uint64_t y = simplicity(sh->draws[b->first + k]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

/* Sorts sibling elements (spans labelled "<list>[]" of one list) by
 * simplicity, moving only their bytes (the flags between stay). */
static bool pass_sort(shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_spans && !stop_now(sh); i++) {
        size_t kids[64], n = 0;
        span p = sh->spans[i];
        for (size_t j = i + 1; j < sh->n_spans && n < 64; j++) {
            span d = sh->spans[j];
            if (d.start >= p.end || d.end > p.end)
                break;
            if (d.depth == p.depth + 1 && strstr(d.label, "[]"))
                kids[n++] = j;
        }
        if (n < 2 || p.end > sh->len)
            continue;
        /* insertion sort of the children by key */
        size_t order[64];
        for (size_t k = 0; k < n; k++) {
            size_t m = k;
            order[k] = kids[k];
            while (m > 0 && span_cmp(sh, &sh->spans[order[m - 1]], &sh->spans[kids[k]]) > 0) {
                order[m] = order[m - 1];
                m--;
            }
            order[m] = kids[k];
        }
        bool same = true;
        for (size_t k = 0; k < n && same; k++)
            same = order[k] == kids[k];
        if (same)
            continue;
        uint8_t *c = scratch(sh, sh->len + 1);
        memcpy(c, sh->best, sh->len);
        size_t at = sh->spans[kids[0]].start;
        for (size_t k = 0; k < n; k++) {
            const span *src = &sh->spans[order[k]], *slot = &sh->spans[kids[k]];
            /* the gap (flag bytes) before this slot stays where it was */
            if (k > 0) {
                size_t gap = slot->start - sh->spans[kids[k - 1]].end;
                memcpy(c + at, sh->best + sh->spans[kids[k - 1]].end, gap);
                at += gap;
            }
            memcpy(c + at, sh->best + src->start, src->end - src->start);
            at += src->end - src->start;
        }
        any |= attempt(sh, c, sh->len);
    }
    return any;
}

/* Writes the pair (na, nb) into draws a and b of best; false when a value
 * is outside its draw's range or the candidate is rejected. */
static bool try_pair(shrinker *sh, const pf__rec *a, const pf__rec *b,
                     int64_t na, int64_t nb)
{
    if (a->kind == PF_DRAW_INT
            ? (na < (int64_t)a->lo || na > (int64_t)a->hi ||
               nb < (int64_t)b->lo || nb > (int64_t)b->hi)
            : ((uint64_t)na < a->lo || (uint64_t)na > a->hi ||
               (uint64_t)nb < b->lo || (uint64_t)nb > b->hi))
        return false;
    size_t clen;
    uint8_t *c = copy_best(sh, draw_end(b) > draw_end(a) ? draw_end(b) : draw_end(a), &clen);
    put_word(c, a->offset, a->width, (uint64_t)na);
    put_word(c, b->offset, b->width, (uint64_t)nb);
    return attempt(sh, c, clen);
}

enum pair_mode { PAIR_EQUAL, PAIR_SHIFT, PAIR_MOVE };

/* Moves a toward its simplest value by the largest step (halving from the
 * whole way) for which the pair still fails; b follows the mode. */
static bool move_pair(shrinker *sh, size_t ia, size_t ib, enum pair_mode mode)
{
    const pf__rec *a = sh->draws[ia], *b = sh->draws[ib];
    /* Two's complement arithmetic on the words: no signed overflow. */
    uint64_t va = a->value, vb = b->value;
    uint64_t full = va - (uint64_t)target_of(a, (int64_t)va);
    if (full == 0)
        return false;
    uint64_t span_b = b->hi - b->lo + 1;
    bool neg = a->kind == PF_DRAW_INT && (int64_t)full < 0;
    uint64_t mag = neg ? 0 - full : full;
    for (; mag != 0 && !stop_now(sh); mag /= 2) {
        uint64_t step = neg ? 0 - mag : mag;
        uint64_t na = va - step, nb;
        if (mode == PAIR_EQUAL)
            nb = na;                 /* a duplicate stays a duplicate */
        else if (mode == PAIR_SHIFT)
            nb = vb - step;          /* a difference stays */
        else                         /* a sum stays, wrapped into b's range */
            nb = b->lo + (vb + step - b->lo) % (span_b ? span_b : 1);
        if (try_pair(sh, a, b, (int64_t)na, (int64_t)nb))
            return true;
    }
    return false;
}

/* Pairs of integers moved together: equal values lowered as one, both
 * shifted by the same amount, or an amount moved from one to the other. */
static bool pass_pairs(shrinker *sh)
{
    bool any = false;
    size_t ints[MAX_PAIR_DRAWS], n = 0;
    for (size_t i = 0; i < sh->n_draws && n < MAX_PAIR_DRAWS; i++)
        if (is_int(sh->draws[i]))
            ints[n++] = i;
    for (size_t x = 0; x < n; x++)
        for (size_t y = x + 1; y < n && !stop_now(sh); y++) {
            if (ints[y] >= sh->n_draws)
                break;
            const pf__rec *a = sh->draws[ints[x]], *b = sh->draws[ints[y]];
            if (!is_int(a) || !is_int(b) || simplicity(a) == 0 ||
                a->kind != b->kind)
                continue;
            bool same_range = a->lo == b->lo && a->hi == b->hi;
            if ((same_range && a->value == b->value &&
                 move_pair(sh, ints[x], ints[y], PAIR_EQUAL)) ||
                move_pair(sh, ints[x], ints[y], PAIR_SHIFT) ||
                move_pair(sh, ints[x], ints[y], PAIR_MOVE))
                any = true;
        }
    return any;
}

/* Lowers one byte toward 0 by halving the distance. */
static bool lower_byte(shrinker *sh, size_t pos)
{
    bool any = false;
    unsigned t = 0;
    while (pos < sh->len && sh->best[pos] > t && !stop_now(sh)) {
        unsigned v = sh->best[pos], mid = t + (v - t) / 2;
        if (try_word(sh, pos, 1, mid))
            any = true;
        else if (mid == t)
            break;
        else
            t = mid;
    }
    return any;
}

/* Raw byte payloads (pf_rest) have no structure inside: delete blocks of
 * halving size and lower bytes, as a byte minimiser would. */
static bool pass_raw(shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_draws && !stop_now(sh); i++) {
        const pf__rec *r = sh->draws[i];
        if (r->kind != PF_DRAW_RAW || r->width == 0)
            continue;
        for (size_t block = r->width; block >= 1 && !stop_now(sh); block /= 2) {
            r = sh->draws[i];
            for (size_t at = r->offset; at < draw_end(r) && !stop_now(sh);) {
                if (try_delete(sh, at, at + block))
                    any = true;
                else
                    at += block;
                if (i >= sh->n_draws)
                    return any;
                r = sh->draws[i];
            }
        }
        for (size_t at = sh->draws[i]->offset; at < sh->len && !stop_now(sh); at++) {
            any |= lower_byte(sh, at);
            if (i >= sh->n_draws || sh->draws[i]->kind != PF_DRAW_RAW)
                return any;
        }
    }
    return any;
}

/* --- driver --------------------------------------------------------------- */

typedef bool (*pass_fn)(shrinker *);
static const struct {
    const char *name;
    pass_fn run;
} passes[] = {
    {"delete-runs", pass_delete_runs}, {"delete-spans", pass_delete_spans},
    {"delete+count", pass_delete_with_count},
    {"descendants", pass_descendants}, {"zero", pass_zero},
    {"ints", pass_ints}, {"floats", pass_floats}, {"strings", pass_strings},
    {"sort", pass_sort}, {"pairs", pass_pairs}, {"raw", pass_raw},
};

static void progress(const shrinker *sh, const char *what)
{
    if (sh->opts->verbose)
        fprintf(stderr, "shrink: %-12s %6zu bytes %5zu draws %7zu evals %6.1fs\n",
                what, sh->len, n_value_draws(&sh->out), sh->evals,
                now() - sh->t0);
}

int pf_shrink(const uint8_t *data, size_t len, const pf_shrink_opts *opts,
              pf_shrink_result *out)
{
    static const pf_shrink_opts defaults;
    shrinker sh = {.opts = opts ? opts : &defaults, .t0 = now()};
    /* The first run is in a child unless told otherwise: a crash must not
     * take the shrinker with it. */
    sh.in_child = sh.opts->isolation >= 0;
    pf__outcome first = {0};
    if (!evaluate(&sh, data, len, &first)) {
        pf__outcome_free(&first);
        return -1;
    }
    snprintf(sh.sig, sizeof sh.sig, "%s", first.signature);
    if (sh.opts->isolation == 0 && strncmp(sh.sig, "property=", 9) == 0)
        sh.in_child = false; /* property failures are safe in-process */
    sh.len = trimmed(&first, data, len);
    sh.best = malloc(sh.len ? sh.len : 1);
    if (!sh.best) {
        pf__outcome_free(&first);
        return -1;
    }
    memcpy(sh.best, data, sh.len);
    sh.out = first;
    index_best(&sh);
    progress(&sh, "start");
    bool again = true;
    while (again && !stop_now(&sh)) {
        again = false;
        for (size_t p = 0; p < sizeof passes / sizeof passes[0]; p++) {
            if (passes[p].run(&sh)) {
                again = true;
                progress(&sh, passes[p].name);
            }
        }
    }
    progress(&sh, sh.stopped ? "cap reached" : "fixpoint");
    memset(out, 0, sizeof *out);
    out->data = sh.best;
    out->len = sh.len;
    snprintf(out->signature, sizeof out->signature, "%s", sh.sig);
    out->evals = sh.evals;
    out->draws = n_value_draws(&sh.out);
    out->seconds = now() - sh.t0;
    out->fixpoint = !sh.stopped;
    pf__outcome_free(&sh.out);
    free(sh.draws);
    free(sh.spans);
    free(sh.scratch);
    return 0;
}

void pf_shrink_result_free(pf_shrink_result *r)
{
    free(r->data);
    r->data = NULL;
    r->len = 0;
}
