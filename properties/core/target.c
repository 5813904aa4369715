/* The runner of table targets (pf_run): the mode, its setup, then every
 * property, each able to be left early — skipped by a restriction, its
 * failure ignored because its checks are off, or the whole input
 * abandoned — without the harness's frames having to cooperate. */
#include "pf_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

struct pf__run {
    const pf_target *t;
    const char *mode;
    jmp_buf input_jump;
    jmp_buf property_jump;
    bool in_property;
    bool rerun;          /* the report asked for a recorded re-run */
};

/* --- which properties are checked ---------------------------------- */

enum { MAX_CHECKED = 32 };

typedef struct gate {
    const pf_target *t;  /* the target the gate was set up for */
    bool all, none;
    const char *names[MAX_CHECKED];
    size_t n;
    char spec[512];      /* PF_CHECKS, split in place */
} gate;

static gate g_gate;

static bool is_property(const pf_target *t, const char *name)
{
    for (size_t m = 0; m < t->n_modes; m++)
        for (size_t i = 0; i < t->modes[m].n_properties; i++)
            if (strcmp(t->modes[m].properties[i].name, name) == 0)
                return true;
    return false;
}

static void misuse_checks(const pf_target *t, const char *name)
{
    fprintf(stderr, "propfuzz: PF_CHECKS names '%s', which is not a property "
            "of %s (its properties:", name, t->name);
    for (size_t m = 0; m < t->n_modes; m++)
        for (size_t i = 0; i < t->modes[m].n_properties; i++)
            fprintf(stderr, " %s", t->modes[m].properties[i].name);
    fprintf(stderr, "; or all, none)\n");
    exit(2);
}

/* PF_CHECKS overrides a planted build's `only`: a test can still ask for
 * the crash-only view of a planted target. */
static void gate_init(const pf_target *t, const char *only)
{
    gate *g = &g_gate;
    if (g->t == t)
        return;
    memset(g, 0, sizeof *g);
    g->t = t;
    const char *env = getenv("PF_CHECKS");
    if (!env || !*env || strcmp(env, "all") == 0) {
        g->all = only == NULL;
        if (only)
            g->names[g->n++] = only;
        return;
    }
    if (strcmp(env, "none") == 0) {
        g->none = true;
        return;
    }
    snprintf(g->spec, sizeof g->spec, "%s", env);
    for (char *tok = strtok(g->spec, ", "); tok; tok = strtok(NULL, ", ")) {
        if (!is_property(t, tok))
            misuse_checks(t, tok);
        if (g->n < MAX_CHECKED)
            g->names[g->n++] = tok;
    }
}

bool pf__checked(const pf_src *s, const char *property)
{
    if (!s->run || g_gate.all)
        return true;
    if (!is_property(s->run->t, property))
        return true; /* harness_assert and other non-properties */
    if (g_gate.none)
        return false;
    for (size_t i = 0; i < g_gate.n; i++)
        if (strcmp(g_gate.names[i], property) == 0)
            return true;
    return false;
}

/* --- leaving a run early ------------------------------------------- */

void pf__unwind_run(pf_src *s, pf__unwind how)
{
    struct pf__run *r = s->run;
    if (!r)
        return;
    bool property_only = how == PF__UNWIND_SKIP || how == PF__UNWIND_OFF;
    if (property_only && r->in_property)
        longjmp(r->property_jump, (int)how);
    longjmp(r->input_jump, (int)how);
}

bool pf__request_rerun(pf_src *s)
{
    if (!s->run)
        return false;
    s->run->rerun = true;
    return true;
}

const char *pf_property_name(const pf_src *s) { return s->property; }

_Noreturn void pf_skip(pf_src *s, const char *restriction)
{
    pf__count(PF__STAT_SKIP, s->property, restriction, 1);
    pf__unwind_run(s, PF__UNWIND_SKIP);
    fprintf(stderr, "propfuzz: pf_skip(\"%s\") outside a PF_TARGET run: "
            "return from the harness instead\n", restriction);
    abort();
}

void pf_assume(pf_src *s, bool cond, const char *reason)
{
    if (cond)
        return;
    pf__count(PF__STAT_DISCARD, NULL, reason, 1);
    pf__unwind_run(s, PF__UNWIND_DISCARD);
    fprintf(stderr, "propfuzz: pf_assume(\"%s\") outside a PF_TARGET run: "
            "return from the harness instead\n", reason);
    abort();
}

void pf_event(pf_src *s, const char *name)
{
    pf__count(PF__STAT_EVENT, s->property, name, 1);
}

/* --- one input ----------------------------------------------------- */

/* Spans left open by a property that was left early are closed, so the
 * records stay balanced for the report and the shrinker. */
static void close_spans(pf_src *s, unsigned depth)
{
    while (s->depth > depth)
        pf_span_end(s);
}

static void run_property(pf_src *s, const pf_property *p, void *input)
{
    struct pf__run *r = s->run;
    s->property = p->name;
    pf__count(PF__STAT_RUN, p->name, NULL, 1);
    unsigned depth = s->depth;
    pf_span_begin(s, p->name);
    r->in_property = true;
    if (setjmp(r->property_jump) == 0) {
        p->run(s, input);
        pf__count(PF__STAT_CHECKED, p->name, NULL, 1);
    }
    r->in_property = false;
    close_spans(s, depth);
    s->property = NULL;
    s->site_file = NULL; /* a check left by a skip or a switched-off failure */
}

static const pf_mode *draw_mode(pf_src *s, const pf_target *t)
{
    if (t->n_modes <= 1)
        return t->modes;
    size_t m = pf_choice(s, "mode", t->n_modes);
    if (s->recording) {
        static const char *names[64];
        size_t n = t->n_modes < 64 ? t->n_modes : 64;
        for (size_t i = 0; i < n; i++)
            names[i] = t->modes[i].name;
        pf_name_values(s, names, n);
    }
    return &t->modes[m];
}

/* The input's body: what an abandoned run leaves through input_jump. */
static void run_input(pf_src *s)
{
    const pf_mode *m = draw_mode(s, s->run->t);
    s->run->mode = m->name;
    pf__count(PF__STAT_MODE, NULL, m->name, 1);
    void *input = m->setup ? m->setup(s) : NULL;
    for (size_t i = 0; i < m->n_properties; i++)
        run_property(s, &m->properties[i], input);
}

/* Run states live in static storage, not on the stack: they are written
 * between setjmp and longjmp, which leaves automatic variables
 * indeterminate. Runs nest only when a harness runs another entry point
 * from inside its own (none does today). */
enum { MAX_NESTED_RUNS = 4 };
static struct pf__run g_runs[MAX_NESTED_RUNS];
static unsigned g_run_depth;

/* Runs the input once; says whether the report asked for a re-run. */
static bool run_once(const pf_target *t, const uint8_t *data, size_t size)
{
    if (g_run_depth == MAX_NESTED_RUNS) {
        fprintf(stderr, "propfuzz: pf_run nested %u deep\n", g_run_depth);
        abort();
    }
    struct pf__run *r = &g_runs[g_run_depth++];
    memset(r, 0, sizeof *r);
    r->t = t;
    pf_src *s = pf_begin(t->name, data, size);
    s->run = r;
    pf__count(PF__STAT_INPUT, NULL, t->name, 1);
    if (setjmp(r->input_jump) == 0)
        run_input(s);
    close_spans(s, 0);
    s->property = NULL;
    if (s->overrun)
        pf__count(PF__STAT_OVERRUN, NULL, NULL, 1);
    bool rerun = r->rerun;
    s->run = NULL;
    pf_end(s);
    g_run_depth--;
    return rerun;
}

static bool g_initialised;
static const char *g_target_name;

const char *pf__target_name(void) { return g_target_name; }

int pf_run(const pf_target *t, const char *only, const uint8_t *data,
           size_t size)
{
    g_target_name = t->name;
    gate_init(t, only);
    if (!g_initialised) {
        g_initialised = true;
        if (t->init)
            t->init();
    }
    if (run_once(t, data, size)) {
        /* The first run failed and was abandoned after saving the input:
         * now the same input with every draw recorded. A deterministic
         * failure reports (and aborts, unless the run goes on) inside. */
        bool was = pf_recording();
        pf_set_recording(true);
        pf__rerun_begin();
        run_once(t, data, size);
        pf_set_recording(was);
        pf__rerun_end();
    }
    return 0;
}
