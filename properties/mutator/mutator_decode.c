/* The mutator's decode of an input: the target run once in record mode,
 * quietly — the shrinker's in-process evaluation catches a failure
 * without reporting or saving it (a failure met while mutating is not a
 * finding; the engine finds it when it runs the input) — and its draws
 * kept when the input ends (pf_end calls pf__mut_observe), whether it
 * passed or failed. Then the draws and spans are indexed for the edits. */
#include "mutator_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* The engines' hooks are weak definitions in their own object
 * (libfuzzer_hooks.c): libFuzzer's weak references alone would not pull
 * that member out of libpropfuzz.a. Referring to it from here, which
 * pf_end always links, puts them in every binary that links the library. */
extern const char pf__mutator_hooks[];
const char *const pf__mutator_linked = pf__mutator_hooks;

static pf__outcome *g_capture; /* set while the mutator decodes */
uint64_t pf__decode_runs, pf__decode_reused; /* decodes that ran the target, or not */

/* The engine's last execution, recorded: libFuzzer mutates the input it
 * just ran (up to -mutate_depth times in a row), so its draws are already
 * known and the mutator need not run it again. */
static bool g_watch;
static pf__outcome g_last;
static uint8_t *g_last_data;
static size_t g_last_len, g_last_cap;
static bool g_last_valid;

void pf__watch_executions(void)
{
    g_watch = true;
    pf_set_recording(true);
}

void pf__mut_observe(const pf_src *s)
{
    if (g_capture) {
        /* Nested sources end first: the input's own source ends last. */
        pf__capture_records(s, g_capture);
        return;
    }
    if (!g_watch)
        return;
    g_last_valid = false;
    if (s->size > g_last_cap) {
        free(g_last_data);
        g_last_cap = s->size;
        g_last_data = malloc(g_last_cap);
        if (!g_last_data) {
            g_last_cap = 0;
            return;
        }
    }
    if (s->size)
        memcpy(g_last_data, s->data, s->size);
    g_last_len = s->size;
    pf__capture_records(s, &g_last);
    g_last_valid = true;
}

static void *grow(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "propfuzz: out of memory (mutator)\n");
        abort();
    }
    return q;
}

/* Like the shrinker's index of its best input (shrink_candidate.c), with
 * each span's parent. */
static void index_run(pf__decoded *d, const uint8_t *data, size_t len)
{
    size_t n = d->run.n_recs + 1, depth = 0, reach = len;
    d->draws = grow(d->draws, n * sizeof *d->draws);
    d->spans = grow(d->spans, n * sizeof *d->spans);
    size_t *open = grow(NULL, n * sizeof *open);
    d->n_draws = d->n_spans = 0;
    d->raw = false;
    for (size_t i = 0; i < d->run.n_recs; i++) {
        pf__rec *r = &d->run.recs[i];
        if (pf__draw_end(r) > reach)
            reach = pf__draw_end(r);
        if (r->kind == PF_DRAW_RAW && !d->raw) {
            d->raw = true;
            d->raw_at = r->offset;
        }
        if (r->kind == PF_DRAW_SPAN_BEGIN) {
            pf__mspan *m = &d->spans[d->n_spans];
            m->sp = (pf__span){r->offset, SIZE_MAX, d->n_draws, SIZE_MAX,
                               r->depth, r->label};
            m->parent = depth ? open[depth - 1] : SIZE_MAX;
            const pf__rec *f = d->n_draws ? d->draws[d->n_draws - 1] : NULL;
            m->flagged = f && f->kind == PF_DRAW_FLAG && f->value &&
                         pf__draw_end(f) == r->offset;
            open[depth++] = d->n_spans++;
        } else if (r->kind == PF_DRAW_SPAN_END) {
            if (depth == 0)
                continue;
            pf__mspan *m = &d->spans[open[--depth]];
            m->sp.end = r->offset;
            m->sp.last = d->n_draws;
        } else {
            d->draws[d->n_draws++] = r;
        }
    }
    free(open);
    /* pf_rest takes the input's rest: zeros added there would be taken
     * too, so such an input is edited as it is. */
    if (d->raw)
        reach = len;
    d->view = grow(d->view, reach);
    if (len)
        memcpy(d->view, data, len < reach ? len : reach);
    if (reach > len)
        memset(d->view + len, 0, reach - len);
    d->view_len = reach;
    for (size_t k = 0; k < d->n_spans; k++)
        if (d->spans[k].sp.end == SIZE_MAX) {
            d->spans[k].sp.end = reach;
            d->spans[k].sp.last = d->n_draws;
        }
}

bool pf__decode(const uint8_t *data, size_t len, pf__decoded *d, bool may_run)
{
    if (g_last_valid && len == g_last_len &&
        (len == 0 || memcmp(data, g_last_data, len) == 0)) {
        pf__outcome t = d->run;
        d->run = g_last;
        g_last = t;
        g_last_valid = false;
        pf__decode_reused++;
    } else if (!may_run) {
        return false;
    } else {
        pf__outcome caught = {0};
        g_capture = &d->run;
        pf__eval_in_process(data, len, &caught);
        g_capture = NULL;
        pf__outcome_free(&caught);
        pf__decode_runs++;
    }
    index_run(d, data, len);
    return d->n_draws > 0;
}

void pf__decoded_free(pf__decoded *d)
{
    pf__outcome_free(&d->run);
    free(d->draws);
    free(d->spans);
    free(d->view);
    memset(d, 0, sizeof *d);
}

void pf__cand_splice(pf__cand *c, const pf__decoded *d, size_t a, size_t b,
                     const uint8_t *with, size_t n)
{
    if (b > d->view_len)
        b = d->view_len;
    if (a > b)
        a = b;
    size_t len = d->view_len - (b - a) + n;
    if (len + 1 > c->cap) {
        c->cap = len + 1;
        c->data = grow(c->data, c->cap);
    }
    /* with may point into the view: the view itself is never written. */
    memcpy(c->data, d->view, a);
    if (n)
        memcpy(c->data + a, with, n);
    memcpy(c->data + a + n, d->view + b, d->view_len - b);
    c->len = len;
}

void pf__cand_free(pf__cand *c)
{
    free(c->data);
    memset(c, 0, sizeof *c);
}
