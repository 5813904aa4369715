/* The shrinker's current best input, its views (value draws, spans, and
 * the bytes zero-extended to everything its draws read), and the making
 * and trying of candidates. Every candidate is an edit of the view: the
 * decoder reads zeros past the end (rule 1), so the view decodes exactly
 * as best does, and a span whose last bytes are trimmed zeros (a list's
 * final "no more" flag, a tree's last leaves) is edited like any other. */
#define _POSIX_C_SOURCE 200809L

#include "../core/pf_internal.h"
#include "shrink_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void *grow(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "propfuzz: out of memory (shrinker)\n");
        abort();
    }
    return q;
}

double pf__sh_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void open_span(pf__shrinker *sh, const pf__rec *r)
{
    pf__span *sp = &sh->spans[sh->n_spans++];
    sp->start = r->offset;
    sp->first = sh->n_draws;
    sp->depth = r->depth;
    sp->label = r->label;
    sp->end = SIZE_MAX; /* until closed */
    sp->last = SIZE_MAX;
}

/* Rebuilds the draws and spans of best's run, and the view. */
static void index_best(pf__shrinker *sh)
{
    size_t n = sh->out.n_recs + 1;
    sh->draws = grow(sh->draws, n * sizeof *sh->draws);
    sh->spans = grow(sh->spans, n * sizeof *sh->spans);
    size_t *open = grow(NULL, n * sizeof *open), depth = 0, reach = sh->len;
    bool raw = false;
    sh->n_draws = sh->n_spans = 0;
    for (size_t i = 0; i < sh->out.n_recs; i++) {
        pf__rec *r = &sh->out.recs[i];
        if (pf__draw_end(r) > reach)
            reach = pf__draw_end(r);
        raw |= r->kind == PF_DRAW_RAW;
        if (r->kind == PF_DRAW_SPAN_BEGIN) {
            open[depth++] = sh->n_spans;
            open_span(sh, r);
        } else if (r->kind == PF_DRAW_SPAN_END) {
            if (depth == 0)
                continue;
            pf__span *sp = &sh->spans[open[--depth]];
            sp->end = r->offset;
            sp->last = sh->n_draws;
        } else {
            sh->draws[sh->n_draws++] = r;
        }
    }
    free(open);
    /* What pf_rest takes is the input's rest: zeros added there would
     * be taken too, so such an input is edited as it is. */
    if (raw)
        reach = sh->len;
    sh->view = grow(sh->view, reach);
    memcpy(sh->view, sh->best, sh->len);
    memset(sh->view + sh->len, 0, reach - sh->len);
    sh->view_len = reach;
    /* Spans left open by the failure end where the run stopped. */
    for (size_t k = 0; k < sh->n_spans; k++)
        if (sh->spans[k].end == SIZE_MAX) {
            sh->spans[k].end = reach;
            sh->spans[k].last = sh->n_draws;
        }
}

bool pf__sh_stop(pf__shrinker *sh)
{
    if (sh->stopped)
        return true;
    double cap = sh->opts->max_seconds > 0 ? sh->opts->max_seconds : 30;
    if (pf__sh_now() - sh->t0 > cap ||
        (sh->opts->max_evals && sh->evals >= sh->opts->max_evals))
        sh->stopped = true;
    return sh->stopped;
}

static bool evaluate(pf__shrinker *sh, const uint8_t *data, size_t len,
                     pf__outcome *o)
{
    sh->evals++;
    return sh->in_child ? pf__eval_in_child(data, len, 10, o)
                        : pf__eval_in_process(data, len, o);
}

/* Makes the first c bytes of data, with its run o, the best. */
static void take(pf__shrinker *sh, const uint8_t *data, size_t c,
                 pf__outcome *o)
{
    sh->best = grow(sh->best, c);
    memcpy(sh->best, data, c);
    sh->len = c;
    pf__outcome_free(&sh->out);
    sh->out = *o;
    memset(o, 0, sizeof *o);
    index_best(sh);
}

bool pf__sh_attempt(pf__shrinker *sh, const uint8_t *cand, size_t clen)
{
    if (pf__sh_stop(sh))
        return false;
    if ((clen == sh->len && memcmp(cand, sh->best, clen) == 0) ||
        (clen == sh->view_len && memcmp(cand, sh->view, clen) == 0))
        return false;
    pf__outcome o = {0};
    if (!evaluate(sh, cand, clen, &o) || strcmp(o.signature, sh->sig) != 0) {
        pf__outcome_free(&o);
        return false;
    }
    size_t c = pf__trimmed(&o, cand, clen);
    if (pf__compare(cand, c, &o, sh->best, sh->len, &sh->out) >= 0) {
        pf__outcome_free(&o);
        return false;
    }
    take(sh, cand, c, &o);
    return true;
}

uint8_t *pf__sh_copy(pf__shrinker *sh, size_t need, size_t more, size_t *clen)
{
    *clen = need > sh->view_len ? need : sh->view_len;
    if (*clen + more + 1 > sh->scratch_cap) {
        sh->scratch_cap = *clen + more + 1;
        sh->scratch = grow(sh->scratch, sh->scratch_cap);
    }
    memcpy(sh->scratch, sh->view, sh->view_len);
    memset(sh->scratch + sh->view_len, 0, *clen + more + 1 - sh->view_len);
    return sh->scratch;
}

bool pf__sh_splice(pf__shrinker *sh, size_t a, size_t b, const uint8_t *with,
                   size_t n)
{
    if (b < a || b > sh->view_len)
        return false;
    size_t clen;
    uint8_t *c = pf__sh_copy(sh, 0, n, &clen);
    memmove(c + a + n, c + b, clen - b);
    memcpy(c + a, with, n);
    return pf__sh_attempt(sh, c, clen - (b - a) + n);
}

bool pf__sh_replace(pf__shrinker *sh, size_t a, size_t b, size_t with)
{
    static const uint8_t zeros[8];
    if (a >= sh->view_len || b <= a || with >= b - a || with > sizeof zeros)
        return false;
    return pf__sh_splice(sh, a, b < sh->view_len ? b : sh->view_len, zeros,
                         with);
}

bool pf__sh_delete(pf__shrinker *sh, size_t a, size_t b)
{
    return pf__sh_replace(sh, a, b, 0);
}

void pf__put_word(uint8_t *c, size_t offset, size_t width, uint64_t w)
{
    for (size_t i = 0; i < width; i++)
        c[offset + i] = (uint8_t)(w >> (8 * i));
}

bool pf__sh_word(pf__shrinker *sh, size_t offset, size_t width, uint64_t w)
{
    size_t clen;
    uint8_t *c = pf__sh_copy(sh, offset + width, 0, &clen);
    pf__put_word(c, offset, width, w);
    return pf__sh_attempt(sh, c, clen);
}

bool pf__flag_before(const pf__shrinker *sh, const pf__span *sp)
{
    if (sp->first == 0 || sp->first > sh->n_draws)
        return false;
    const pf__rec *f = sh->draws[sp->first - 1];
    return f->kind == PF_DRAW_FLAG && pf__draw_end(f) == sp->start;
}

bool pf__sh_start(pf__shrinker *sh, const uint8_t *data, size_t len)
{
    pf__outcome first = {0};
    if (!evaluate(sh, data, len, &first)) {
        pf__outcome_free(&first);
        return false;
    }
    snprintf(sh->sig, sizeof sh->sig, "%s", first.signature);
    if (sh->opts->isolation == 0 && strncmp(sh->sig, "property=", 9) == 0)
        sh->in_child = false; /* property failures are safe in-process */
    take(sh, data, pf__trimmed(&first, data, len), &first);
    return true;
}

void pf__sh_free(pf__shrinker *sh)
{
    pf__outcome_free(&sh->out);
    free(sh->draws);
    free(sh->spans);
    free(sh->best);
    free(sh->view);
    free(sh->scratch);
    memset(sh, 0, sizeof *sh);
}
