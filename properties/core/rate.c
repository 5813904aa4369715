/* Properties on a rate (pf_check_rate): k trials, the property fails when
 * fewer than m pass. Each trial runs in its own span so reports and the
 * shrinker see its draws; every trial's outcome and notes go into the one
 * failure, because a rate failure is read across trials, not from the
 * last one. Trials and passes are counted per property for the rate
 * metrics (stats.c). */
#include "pf_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct note {
    struct note *next;
    const char *name, *text;
} note;

struct pf_trial {
    pf_src *s;
    unsigned index;
    bool passed;
    note *notes, **tail;  /* in the order made */
    size_t n_notes;
};

/* Sub-counters of PF__STAT_TRIALS (by name; the name NULL counts trials):
 * rate checks made, checks below budget, checks exactly at a budget that
 * allows failures (one more failed trial would break it). */
static const char CHECKS[] = "checks", BELOW[] = "below", EDGE[] = "edge";

static char *copy(pf_src *s, const char *text)
{
    size_t n = text ? strlen(text) : 0;
    char *c = pf_alloc(s, n + 1);
    memcpy(c, text ? text : "", n);
    c[n] = 0;
    return c;
}

void pf_trial_note(pf_trial *t, const char *name, const char *text)
{
    note *n = pf_alloc(t->s, sizeof *n);
    n->next = NULL;
    n->name = copy(t->s, name);
    n->text = copy(t->s, text);
    *t->tail = n;
    t->tail = &n->next;
    t->n_notes++;
}

void pf_trial_notef(pf_trial *t, const char *name, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = pf_alloc(t->s, n > 0 ? (size_t)n + 1 : 1);
    vsnprintf(text, n > 0 ? (size_t)n + 1 : 1, fmt, again);
    va_end(again);
    pf_trial_note(t, name, text);
}

/* Span labels must outlive the records that point at them. */
static const char *trial_label(unsigned i)
{
    static char labels[PF_RATE_MAX_TRIALS][16];
    if (!labels[i][0])
        snprintf(labels[i], sizeof labels[i], "trial[%u]", i);
    return labels[i];
}

static void run_trial(pf_src *s, pf_trial_fn fn, void *ctx, pf_trial *t)
{
    unsigned depth = pf_depth(s);
    pf_span_begin(s, trial_label(t->index));
    t->passed = fn(s, ctx, t->index, t);
    while (pf_depth(s) > depth) /* spans the trial left open */
        pf_span_end(s);
}

/* The failure: the budget, then every trial with its notes. */
_Noreturn static void fail_below(pf_src *s, const char *file, int line,
                                 const char *property,
                                 const pf_trial *trials, unsigned k,
                                 unsigned m, unsigned passed)
{
    size_t n = 2 + k;
    for (unsigned i = 0; i < k; i++)
        n += trials[i].n_notes;
    pf_line *lines = pf_alloc(s, n * sizeof *lines);
    size_t at = 0;
    pf_buf b = {0};
    pf_buf_printf(&b, "at least %u of %u trials pass", m, k);
    lines[at++] = (pf_line){"budget", pf_buf_defer(s, &b)};
    pf_buf_printf(&b, "%u of %u", passed, k);
    lines[at++] = (pf_line){"passed", pf_buf_defer(s, &b)};
    for (unsigned i = 0; i < k; i++) {
        lines[at++] = (pf_line){trial_label(i), trials[i].passed ? "pass" : "FAIL"};
        for (const note *x = trials[i].notes; x; x = x->next) {
            pf_buf_printf(&b, "%s.%s", trial_label(i), x->name);
            lines[at++] = (pf_line){pf_buf_defer(s, &b), x->text};
        }
    }
    pf_buf_printf(&b, "%u of %u trials passed, below the budget of %u", passed,
                  k, m);
    /* The budget's check is the pf_check_rate call: a pf_fail inside a
     * trial keeps its own site. */
    pf_fail_at(s, file, line, property, pf_buf_defer(s, &b), lines, at, NULL);
}

static void misuse(const char *property, unsigned k, unsigned m)
{
    fprintf(stderr, "propfuzz: pf_check_rate(%s, k=%u, m=%u): k must be 1..%d "
            "and m at most k\n", property, k, m, PF_RATE_MAX_TRIALS);
    abort();
}

unsigned pf_check_rate_at(pf_src *s, const char *file, int line,
                          const char *property, unsigned k, unsigned m,
                          pf_trial_fn trial, void *ctx)
{
    if (!property)
        property = s->property ? s->property : "unnamed_property";
    if (k == 0 || k > PF_RATE_MAX_TRIALS || m > k || !trial)
        misuse(property, k, m);
    pf_trial *trials = pf_alloc(s, k * sizeof *trials);
    unsigned passed = 0;
    for (unsigned i = 0; i < k; i++) {
        trials[i] = (pf_trial){.s = s, .index = i};
        trials[i].tail = &trials[i].notes;
        run_trial(s, trial, ctx, &trials[i]);
        passed += trials[i].passed;
    }
    /* Counted once every trial has run: a trial that skipped or discarded
     * the input left no half-counted check behind. */
    pf__count(PF__STAT_TRIALS, property, NULL, k);
    pf__count(PF__STAT_PASSES, property, NULL, passed);
    pf__count(PF__STAT_TRIALS, property, CHECKS, 1);
    if (passed < m)
        pf__count(PF__STAT_TRIALS, property, BELOW, 1);
    else if (passed == m && m < k)
        pf__count(PF__STAT_TRIALS, property, EDGE, 1);
    if (passed < m)
        fail_below(s, file, line, property, trials, k, m, passed);
    return passed;
}
