/* The structural shrinker (design §6). It searches over the recorded draws
 * of the failing input, not its bytes: every candidate is the current best
 * with some draws deleted, zeroed, lowered or moved, re-encoded in place
 * (widths are stable, rule 3), and run again. A candidate is kept when it
 * fails the same way and is smaller in the shrinker's order
 * (shrink_order.c), which is strict, so the search ends: at a fixpoint,
 * when no pass finds anything smaller, or at a cap.
 *
 * The passes live one concept to a file (shrink_pass_*.c); the best input
 * and its candidates in shrink_candidate.c. */
#define _POSIX_C_SOURCE 200809L

#include "../core/pf_internal.h"
#include "shrink_internal.h"

#include <stdio.h>
#include <stdlib.h>

typedef bool (*pass_fn)(pf__shrinker *);
/* Deletions first (they shrink most per evaluation), then the passes that
 * rearrange or lower what is left. */
static const struct {
    const char *name;
    pass_fn run;
} passes[] = {
    {"delete-runs", pf__pass_delete_runs},
    {"delete-spans", pf__pass_delete_spans},
    {"delete+count", pf__pass_delete_with_count},
    {"delete+index", pf__pass_delete_reindex},
    {"descendants", pf__pass_descendants},
    {"zero", pf__pass_zero},
    {"ints", pf__pass_ints},
    {"floats", pf__pass_floats},
    {"strings", pf__pass_strings},
    {"siblings", pf__pass_siblings},
    {"pairs", pf__pass_pairs},
    {"raw", pf__pass_raw},
};
/* Passes too costly to run while the others still make progress: each
 * tries many candidates of which few are smaller. */
static const struct {
    const char *name;
    pass_fn run;
} last_resort[] = {
    {"switch-branch", pf__pass_switch_branch},
    {"swap", pf__pass_swap},
};

static void progress(const pf__shrinker *sh, const char *what)
{
    if (sh->opts->verbose)
        fprintf(stderr, "shrink: %-12s %6zu bytes %5zu draws %7zu evals %6.1fs\n",
                what, sh->len, pf__value_draws(&sh->out), sh->evals,
                pf__sh_now() - sh->t0);
}

int pf_shrink(const uint8_t *data, size_t len, const pf_shrink_opts *opts,
              pf_shrink_result *out)
{
    static const pf_shrink_opts defaults;
    pf__shrinker sh = {.opts = opts ? opts : &defaults, .t0 = pf__sh_now()};
    /* The first run is in a child unless told otherwise: a crash must not
     * take the shrinker with it. */
    sh.in_child = sh.opts->isolation >= 0;
    if (!pf__sh_start(&sh, data, len)) {
        pf__sh_free(&sh);
        return -1;
    }
    progress(&sh, "start");
    bool again = true;
    while (again && !pf__sh_stop(&sh)) {
        again = false;
        for (size_t p = 0; p < sizeof passes / sizeof passes[0]; p++)
            if (passes[p].run(&sh)) {
                again = true;
                progress(&sh, passes[p].name);
            }
        for (size_t p = 0; !again && p < sizeof last_resort / sizeof last_resort[0]; p++)
            if (last_resort[p].run(&sh)) {
                again = true;
                progress(&sh, last_resort[p].name);
            }
    }
    progress(&sh, sh.stopped ? "cap reached" : "fixpoint");
    memset(out, 0, sizeof *out);
    out->data = sh.best;
    out->len = sh.len;
    snprintf(out->signature, sizeof out->signature, "%s", sh.sig);
    out->evals = sh.evals;
    out->draws = pf__value_draws(&sh.out);
    out->seconds = pf__sh_now() - sh.t0;
    out->fixpoint = !sh.stopped;
    sh.best = NULL; /* the caller's now */
    pf__sh_free(&sh);
    return 0;
}

void pf_shrink_result_free(pf_shrink_result *r)
{
    free(r->data);
    r->data = NULL;
    r->len = 0;
}
