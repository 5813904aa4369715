/* The source: one input's cursor, its spans and, in record mode, its log. */
#include "pf_internal.h"

#include <stdio.h>
#include <stdlib.h>

static bool g_recording;
/* One finished source is cached so fuzzing allocates nothing per input. */
static pf_src *g_free_src;
/* The input being decoded, for reports made from a dying process. */
static pf_src *g_active_src;

pf_src *pf__active_src(void) { return g_active_src; }

void pf_set_recording(bool on) { g_recording = on; }
bool pf_recording(void) { return g_recording; }

pf_src *pf_begin(const char *target, const uint8_t *data, size_t size)
{
    pf_src *s = g_free_src;
    if (s) {
        g_free_src = NULL;
    } else {
        s = calloc(1, sizeof *s);
        if (!s) {
            fprintf(stderr, "propfuzz: out of memory (pf_begin)\n");
            abort();
        }
    }
    s->target = target;
    s->data = data ? data : (const uint8_t *)"";
    s->size = data ? size : 0;
    s->pos = 0;
    s->overrun = false;
    s->depth = 0;
    s->recording = g_recording;
    s->n_records = 0;
    s->next_free = NULL;
    s->run = NULL;
    s->property = NULL;
    s->defers = NULL;
    s->site_file = NULL;
    g_active_src = s;
    return s;
}

void pf_end(pf_src *s)
{
    if (!s)
        return;
    pf__run_defers(s);
    /* make show-<target>: the decoded value of a passing input too. */
    if (s->recording && getenv("PF_SHOW"))
        pf__show_draws(s);
    if (s->recording && pf__stats_on())
        pf__stats_draws(s);
    if (s->recording)
        pf__mut_observe(s); /* the mutator's decode keeps the draws */
    if (g_active_src == s)
        g_active_src = NULL;
    pf__arena_reset(&s->arena);
    if (!g_free_src) {
        g_free_src = s;
        return;
    }
    pf__arena_free(&s->arena);
    free(s->records);
    free(s);
}

bool pf_overrun(const pf_src *s) { return s->overrun; }
size_t pf_offset(const pf_src *s) { return s->pos; }
unsigned pf_depth(const pf_src *s) { return s->depth; }

pf_record *pf__record(pf_src *s, pf_draw_kind kind, const char *label,
                      size_t offset)
{
    if (s->n_records == s->cap_records) {
        size_t cap = s->cap_records ? s->cap_records * 2 : 64;
        pf_record *r = realloc(s->records, cap * sizeof *r);
        if (!r) {
            fprintf(stderr, "propfuzz: out of memory (draw records)\n");
            abort();
        }
        s->records = r;
        s->cap_records = cap;
    }
    pf_record *r = &s->records[s->n_records++];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    if (!label && s->depth > 0 && s->depth <= PF_MAX_SPAN_DEPTH)
        label = s->span_labels[s->depth - 1];
    r->label = label;
    r->depth = s->depth;
    r->offset = offset;
    r->width = s->pos - offset;
    return r;
}

size_t pf_record_count(const pf_src *s) { return s->n_records; }

void pf_name_values(pf_src *s, const char *const *names, size_t n)
{
    if (!s->recording || s->n_records == 0)
        return;
    pf_record *r = &s->records[s->n_records - 1];
    r->names = names;
    r->n_names = n;
}

const pf_record *pf_record_at(const pf_src *s, size_t i)
{
    return i < s->n_records ? &s->records[i] : NULL;
}

void pf_span_begin(pf_src *s, const char *label)
{
    if (s->recording)
        pf__record(s, PF_DRAW_SPAN_BEGIN, label, s->pos);
    if (s->depth < PF_MAX_SPAN_DEPTH)
        s->span_labels[s->depth] = label;
    s->depth++;
}

void pf_span_end(pf_src *s)
{
    if (s->depth == 0)
        return; /* unbalanced end: harmless, ignore */
    s->depth--;
    if (s->recording) {
        const char *label = s->depth < PF_MAX_SPAN_DEPTH
                                ? s->span_labels[s->depth] : NULL;
        pf__record(s, PF_DRAW_SPAN_END, label, s->pos);
    }
}

const uint8_t *pf_rest(pf_src *s, const char *label, size_t *len)
{
    size_t start = s->pos;
    size_t n = start < s->size ? s->size - start : 0;
    const uint8_t *p = n ? s->data + start : (const uint8_t *)"";
    s->pos = start + n;
    if (s->recording) {
        pf_record *r = pf__record(s, PF_DRAW_RAW, label, start);
        r->bytes = p;
        r->bytes_len = n;
        r->value.u = n;
    }
    *len = n;
    return p;
}

/* --- memory and cleanups that end with the input ------------------- */

typedef struct pf__defer {
    struct pf__defer *next;
    void (*fn)(void *);
    void *arg;
} pf__defer;

void *pf_alloc(pf_src *s, size_t n)
{
    return pf__arena_alloc(&s->arena, n);
}

void pf_defer(pf_src *s, void (*fn)(void *), void *arg)
{
    pf__defer *d = pf__arena_alloc(&s->arena, sizeof *d);
    d->fn = fn;
    d->arg = arg;
    d->next = s->defers;
    s->defers = d;
}

void pf__run_defers(pf_src *s)
{
    /* A cleanup may register another: take the list first. */
    while (s->defers) {
        pf__defer *d = s->defers;
        s->defers = d->next;
        d->fn(d->arg);
    }
}
