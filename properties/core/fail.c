/* pf_fail: one entry for every failed check. It decides only whether the
 * failure counts in this run (checks switched off do not); what happens
 * next is the handler of the mode the driver chose (report.c reports,
 * shrink_eval.c hands it to the shrinker, statistics count it). */
#include "pf_internal.h"

#include <stdio.h>
#include <stdlib.h>

static pf__fail_handler g_handler;

void pf__set_fail_handler(pf__fail_handler h) { g_handler = h; }

pf__fail_handler pf__fail_handler_now(void)
{
    return g_handler ? g_handler : pf__report_failure;
}

/* Statistics: the failure is a number, the run goes on with the next
 * property (or ends, when it failed outside one). */
void pf__count_failure(pf_src *s, const pf__failure *f)
{
    pf__count(PF__STAT_FAILED, f->property, NULL, 1);
    pf__unwind_run(s, PF__UNWIND_OFF);
    /* A hand-written harness cannot be unwound: its failure is reported. */
    pf__report_failure(s, f);
}

_Noreturn void pf_fail(pf_src *s, const char *property, const char *summary,
                       const pf_line *lines, size_t n_lines,
                       const char *diff_path)
{
    if (!property)
        property = s->property ? s->property : "unnamed_property";
    if (!pf__checked(s, property)) {
        pf__count(PF__STAT_OFF, property, NULL, 1);
        pf__unwind_run(s, PF__UNWIND_OFF);
    }
    pf__failure f = {property, summary, lines, n_lines, diff_path};
    pf__fail_handler_now()(s, &f);
    /* Handlers do not return; one that did would let a harness carry on
     * past a failed check. */
    fprintf(stderr, "propfuzz: the failure handler returned (property=%s)\n",
            property);
    abort();
}
