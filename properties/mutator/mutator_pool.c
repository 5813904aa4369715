/* Subtrees of recent inputs, by label, for crossover inside a single
 * mutation (libFuzzer gives its custom mutator one input; its crossover
 * hook gets two, and uses them directly). A small ring: a few random spans
 * of every input the mutator decodes, copied. */
#include "mutator_internal.h"

#include <stdio.h>
#include <stdlib.h>

enum { POOL_SIZE = 256, PER_INPUT = 4, MAX_POOLED = 1024 };

typedef struct pooled {
    char label[40];
    uint8_t *bytes;
    size_t len;
} pooled;

static pooled g_pool[POOL_SIZE];
static size_t g_next;

void pf__pool_add(pf__rng *r, const pf__decoded *d)
{
    for (int k = 0; k < PER_INPUT && d->n_spans; k++) {
        const pf__mspan *m = &d->spans[pf__rng_below(r, d->n_spans)];
        if (m->sp.end > d->view_len || m->sp.end < m->sp.start ||
            m->sp.end - m->sp.start > MAX_POOLED || !m->sp.label[0])
            continue;
        size_t n = m->sp.end - m->sp.start;
        uint8_t *copy = malloc(n ? n : 1);
        if (!copy)
            return;
        memcpy(copy, d->view + m->sp.start, n);
        pooled *p = &g_pool[g_next++ % POOL_SIZE];
        free(p->bytes);
        snprintf(p->label, sizeof p->label, "%s", m->sp.label);
        p->bytes = copy;
        p->len = n;
    }
}

const uint8_t *pf__pool_pick(pf__rng *r, const char *label, size_t *len)
{
    size_t seen = 0;
    const pooled *chosen = NULL;
    for (size_t i = 0; i < POOL_SIZE; i++) {
        const pooled *p = &g_pool[i];
        if (p->bytes && strcmp(p->label, label) == 0 &&
            pf__rng_below(r, ++seen) == 0)
            chosen = p;
    }
    if (!chosen)
        return NULL;
    *len = chosen->len;
    return chosen->bytes;
}
