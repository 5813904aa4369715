/* Running a candidate for the shrinker: in-process for property failures
 * (pf_fail jumps back here, no fork per attempt), or in a child process for
 * crashes and sanitizer reports, so the shrinker survives them. Either way
 * the outcome carries the failing run's draw records. */
#define _POSIX_C_SOURCE 200809L

#include "../core/pf_internal.h"
#include "shrink_internal.h"

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
    __attribute__((weak));
extern void __sanitizer_set_death_callback(void (*callback)(void))
    __attribute__((weak));

enum { MAX_RECS = 200000, CHILD_PROPERTY_EXIT = 86 };

static jmp_buf g_jump;
static FILE *g_child_out;   /* in a child: where its records go */
static pf__outcome *g_catch;
static pf_src *g_caught_src;

static void copy_label(char *dst, const char *label)
{
    size_t n = label ? strlen(label) : 0;
    if (n > 39)
        n = 39;
    memcpy(dst, label ? label : "", n);
    dst[n] = 0;
}

void pf__capture_records(const pf_src *s, pf__outcome *o)
{
    size_t n = s->n_records < MAX_RECS ? s->n_records : MAX_RECS;
    /* The mutator captures every input into the same outcome: a buffer
     * that already holds n records is kept. */
    if (n > o->n_recs || !o->recs) {
        free(o->recs);
        o->recs = malloc((n ? n : 1) * sizeof *o->recs);
    }
    o->n_recs = o->recs ? n : 0;
    for (size_t i = 0; i < o->n_recs; i++) {
        const pf_record *r = &s->records[i];
        pf__rec *d = &o->recs[i];
        d->kind = r->kind;
        d->depth = r->depth;
        d->offset = r->offset;
        d->width = r->width;
        d->lo = r->lo.u;
        d->hi = r->hi.u;
        d->value = r->value.u;
        copy_label(d->label, r->label);
    }
}

/* A child writes its signature, then its records. */
static void write_child_report(const pf_src *s, const char *signature)
{
    pf__outcome o = {0};
    if (s)
        pf__capture_records(s, &o);
    char sig[160] = {0};
    snprintf(sig, sizeof sig, "%s", signature);
    fwrite(sig, 1, sizeof sig, g_child_out);
    fwrite(&o.n_recs, sizeof o.n_recs, 1, g_child_out);
    if (o.n_recs)
        fwrite(o.recs, sizeof *o.recs, o.n_recs, g_child_out);
    fflush(g_child_out);
    free(o.recs);
}

/* In-process: the failure is the outcome; the run is abandoned (under
 * pf_run its cleanups run and pf_run returns) or, for a hand-written entry
 * point, jumped out of. */
static void catch_in_process(pf_src *s, const pf__failure *f)
{
    pf__signature(f, g_catch->signature, sizeof g_catch->signature);
    pf__capture_records(s, g_catch);
    g_catch->failed = true;
    pf__unwind_run(s, PF__UNWIND_ABANDON);
    g_caught_src = s;
    longjmp(g_jump, 1);
}

/* In a child: the signature and records go to the parent. */
static void catch_in_child(pf_src *s, const pf__failure *f)
{
    char sig[160];
    pf__signature(f, sig, sizeof sig);
    write_child_report(s, sig);
    _exit(CHILD_PROPERTY_EXIT);
}

/* Runs in a child about to die of a sanitizer report: the draws so far
 * are what the shrinker needs to know the input's structure. */
static void on_death(void)
{
    if (g_child_out)
        write_child_report(pf__active_src(), "crash");
    g_child_out = NULL;
}

void pf__outcome_free(pf__outcome *o)
{
    free(o->recs);
    memset(o, 0, sizeof *o);
}

bool pf__eval_in_process(const uint8_t *data, size_t len, pf__outcome *o)
{
    pf__outcome_free(o);
    bool was = pf_recording();
    pf__fail_handler before = pf__fail_handler_now();
    pf_set_recording(true);
    pf__set_fail_handler(catch_in_process);
    g_catch = o;
    g_caught_src = NULL;
    if (setjmp(g_jump) == 0) {
        LLVMFuzzerTestOneInput(data, len);
    } else {
        /* A hand-written entry point was jumped out of mid-way: give its
         * source back at least (what that harness allocated is lost). */
        pf_end(g_caught_src);
    }
    pf__set_fail_handler(before);
    pf_set_recording(was);
    return o->failed;
}

/* The crash kind from a sanitizer's report, e.g. "heap-buffer-overflow". */
static void crash_kind(FILE *err, int status, char *out, size_t cap)
{
    char line[512];
    rewind(err);
    snprintf(out, cap, WIFSIGNALED(status) ? "crash:signal-%d" : "crash:exit-%d",
             WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    while (fgets(line, sizeof line, err)) {
        char *p = strstr(line, "ERROR: AddressSanitizer: ");
        if (p) {
            p += strlen("ERROR: AddressSanitizer: ");
            snprintf(out, cap, "crash:asan-%.*s", (int)strcspn(p, " \n"), p);
            return;
        }
        if (strstr(line, "runtime error:")) {
            snprintf(out, cap, "crash:ubsan");
            return;
        }
        if (strstr(line, "ERROR: LeakSanitizer")) {
            snprintf(out, cap, "crash:leak");
            return;
        }
    }
}

bool pf__eval_in_child(const uint8_t *data, size_t len, unsigned timeout,
                       pf__outcome *o)
{
    pf__outcome_free(o);
    FILE *recs = tmpfile(), *err = tmpfile();
    if (!recs || !err) {
        if (recs) fclose(recs);
        if (err) fclose(err);
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fileno(err), STDERR_FILENO);
        g_child_out = recs;
        pf__set_fail_handler(catch_in_child);
        if (__sanitizer_set_death_callback)
            __sanitizer_set_death_callback(on_death);
        pf_set_recording(true);
        alarm(timeout);
        LLVMFuzzerTestOneInput(data, len);
        _exit(0);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0) {
        fclose(recs);
        fclose(err);
        return false;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        o->failed = false;
    } else {
        o->failed = true;
        char sig[160] = {0};
        rewind(recs);
        size_t n = 0;
        bool have = fread(sig, 1, sizeof sig, recs) == sizeof sig &&
                    fread(&n, sizeof n, 1, recs) == 1 && n <= MAX_RECS;
        if (have && n) {
            o->recs = malloc(n * sizeof *o->recs);
            if (o->recs && fread(o->recs, sizeof *o->recs, n, recs) == n)
                o->n_recs = n;
        }
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
            snprintf(o->signature, sizeof o->signature, "timeout");
        else if (have && strncmp(sig, "property=", 9) == 0)
            snprintf(o->signature, sizeof o->signature, "%s", sig);
        else
            crash_kind(err, status, o->signature, sizeof o->signature);
    }
    fclose(recs);
    fclose(err);
    return o->failed;
}

bool pf_fails(const uint8_t *data, size_t len, char *sig, size_t cap)
{
    pf__outcome o = {0};
    bool failed = LLVMFuzzerTestOneInput && pf__eval_in_process(data, len, &o);
    if (sig && cap)
        snprintf(sig, cap, "%s", failed ? o.signature : "");
    pf__outcome_free(&o);
    return failed;
}
