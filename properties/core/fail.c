/* pf_fail: one entry for every failed check. It decides only whether the
 * failure counts in this run (checks switched off do not); what happens
 * next is the handler of the mode the driver chose (report.c reports,
 * shrink_eval.c hands it to the shrinker, statistics count it). */
#include "pf_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The file's name without its directories: a site reads the same
 * whichever directory the target was compiled from. */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

bool pf__check_begin(pf_src *s, const char *file, int line)
{
    if (s->site_file)
        return false;
    s->site_file = file;
    s->site_line = line;
    return true;
}

void pf__check_end(pf_src *s, bool outer)
{
    if (outer)
        s->site_file = NULL;
}

void pf__signature(const pf__failure *f, char *out, size_t cap)
{
    snprintf(out, cap, "property=%s check=%s", f->property,
             f->check ? f->check : "?");
}

bool pf__signature_matches(const char *sig, const char *want)
{
    if (strncmp(sig, "property=", 9) != 0)
        return strcmp(sig, want) == 0; /* crash:<kind>, timeout */
    sig += 9;
    size_t plen = strcspn(sig, " ");
    size_t wlen = strcspn(want, " ");
    if (plen != wlen || strncmp(sig, want, plen) != 0)
        return false;
    if (want[wlen] == 0)
        return true; /* the property alone: any of its checks */
    return strcmp(sig + plen, want + wlen) == 0;
}

_Noreturn void pf_fail_at(pf_src *s, const char *file, int line,
                          const char *property, const char *summary,
                          const pf_line *lines, size_t n_lines,
                          const char *diff_path)
{
    if (!property)
        property = s->property ? s->property : "unnamed_property";
    if (!pf__checked(s, property)) {
        pf__count(PF__STAT_OFF, property, NULL, 1);
        pf__unwind_run(s, PF__UNWIND_OFF);
    }
    static char check[160];
    if (s->site_file && (s->site_line != line || strcmp(s->site_file, file) != 0))
        snprintf(check, sizeof check, "%s:%d/%s:%d", base_name(s->site_file),
                 s->site_line, base_name(file), line);
    else
        snprintf(check, sizeof check, "%s:%d", base_name(file), line);
    s->site_file = NULL;
    pf__failure f = {property, check, summary, lines, n_lines, diff_path};
    pf__fail_handler_now()(s, &f);
    /* Handlers do not return; one that did would let a harness carry on
     * past a failed check. */
    fprintf(stderr, "propfuzz: the failure handler returned (property=%s)\n",
            property);
    abort();
}
