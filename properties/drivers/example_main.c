/* The example runner: the target linked with this main instead of a
 * fuzzing engine runs as an ordinary unit test (Hypothesis's @given,
 * FuzzTest's unit-test mode) — with gcc or clang, with or without
 * sanitizers, no libFuzzer.
 *
 *   examples [-examples=N] [-time=S] [-seed=N] [-timeout=S] [FILE|DIR...]
 *
 * First the corpus given (seeds, regress/, and known/ whose *.expect
 * files say how each must fail); then generated examples until N of them
 * (PF_EXAMPLES, default 1000) or S seconds (PF_TIME, default 10), from
 * seed PF_SEED (default: from the clock; printed so a run can be
 * repeated). Each distinct failure is saved under the findings directory
 * before anything else (PF_FINDINGS_DIR, default propfuzz-findings/<t>),
 * shrunk in-process to its smallest value keeping the same signature,
 * and reported as fuzzing reports it; the run goes on (PF_KEEP_GOING=0:
 * stops at the first). Known failures (corpus known/, PF_KNOWN) are
 * counted, never failures. Ends with "N passed, N failed"; exit 1 when a
 * failure was found. */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz.h"
#include "../core/pf_internal.h"
#include "../examples/examples_internal.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

typedef struct options {
    unsigned long examples;
    double seconds, shrink_seconds;
    unsigned timeout;
    uint64_t seed;
    bool keep_going;
} options;

/* --- one input, in-process; a failure is caught, not reported ------------ */

static jmp_buf g_jump;
static bool g_caught, g_generating;
static char g_sig[160];
static pf_src *g_caught_src;

/* While generating, a new failure is saved right here, before the run's
 * cleanups or anything else can go wrong. */
static void catch_failure(pf_src *s, const pf__failure *f)
{
    pf__signature(f, g_sig, sizeof g_sig);
    g_caught = true;
    if (g_generating && pf__classify_failure(g_sig) == PF__SEEN_NEW)
        pf__note_saved(g_sig, pf__save_finding(s, f->property));
    pf__unwind_run(s, PF__UNWIND_ABANDON);
    g_caught_src = s; /* a hand-written entry point: jump out of it */
    longjmp(g_jump, 1);
}

/* Runs one input; returns whether it failed (its signature in g_sig). */
static bool run_one(const uint8_t *data, size_t len, unsigned timeout)
{
    g_caught = false;
    g_caught_src = NULL;
    pf__examples_current(data, len);
    alarm(timeout);
    if (setjmp(g_jump) == 0)
        LLVMFuzzerTestOneInput(data, len);
    else if (g_caught_src)
        pf_end(g_caught_src);
    alarm(0);
    pf__examples_current(NULL, 0);
    return g_caught;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --- the corpus ---------------------------------------------------------- */

typedef struct corpus {
    uint8_t **data;
    size_t *len;
    size_t n;
    unsigned passed, failed, known;
} corpus;

static void read_expectation(const char *path, char *out, size_t cap)
{
    char side[4200];
    snprintf(side, sizeof side, "%s.expect", path);
    out[0] = 0;
    FILE *f = fopen(side, "r");
    if (!f)
        return;
    if (fgets(out, (int)cap, f))
        out[strcspn(out, "\r\n")] = 0;
    fclose(f);
}

/* Runs one corpus file: it passes, or fails as its .expect says. */
static void run_corpus_file(const char *path, corpus *c, const options *o)
{
    size_t len = 0;
    uint8_t *data = pf__read_file(path, &len);
    if (!data) {
        printf("FAIL %s: cannot read: %s\n", path, strerror(errno));
        c->failed++;
        return;
    }
    char expect[192];
    read_expectation(path, expect, sizeof expect);
    if (expect[0])
        pf__add_known(expect); /* generation goes on past it */
    bool failed = run_one(data, len, o->timeout);
    bool ok = expect[0] ? failed && pf__signature_matches(g_sig, expect) : !failed;
    if (!ok)
        printf("FAIL %s: %s\n", path, failed ? g_sig
               : "passes, but its .expect says it fails (fixed? remove it from known/)");
    if (failed && !expect[0] && pf__classify_failure(g_sig) == PF__SEEN_NEW)
        pf__note_saved(g_sig, path); /* reported here, not again below */
    ok ? c->passed++ : c->failed++;
    c->known += ok && expect[0];
    if (expect[0]) {
        free(data); /* an expected failure is no input to mutate */
        return;
    }
    uint8_t **d = realloc(c->data, (c->n + 1) * sizeof *d);
    size_t *l = realloc(c->len, (c->n + 1) * sizeof *l);
    if (d)
        c->data = d;
    if (l)
        c->len = l;
    if (!d || !l) {
        free(data);
        return;
    }
    c->data[c->n] = data;
    c->len[c->n++] = len;
}

static int load_corpus(int argc, char **argv, int first, corpus *c,
                       const options *o)
{
    for (int i = first; i < argc; i++) {
        pf__inputs in = {0};
        if (pf__collect_inputs(argv[i], &in) != 0) {
            fprintf(stderr, "examples: %s: %s (give corpus files or "
                    "directories that exist)\n", argv[i], strerror(errno));
            pf__inputs_free(&in);
            return -1;
        }
        for (size_t k = 0; k < in.n; k++)
            run_corpus_file(in.paths[k], c, o);
        pf__inputs_free(&in);
    }
    return 0;
}

/* --- a new failure: shrink, save, report --------------------------------- */

/* The shrunk input's report, written beside it, then shown. */
static void report(const char *min_path, const uint8_t *data, size_t len)
{
    if (!pf__write_report(min_path, data, len))
        return;
    char path[4400];
    snprintf(path, sizeof path, "%s.report.txt", min_path);
    size_t n = 0;
    uint8_t *text = pf__read_file(path, &n);
    if (text) {
        fwrite(text, 1, n, stderr);
        free(text);
    }
}

static void shrink_and_report(const uint8_t *data, size_t len, const char *sig,
                              const options *o)
{
    const char *saved = pf__saved_path();
    char base[4200];
    snprintf(base, sizeof base, "%s", saved ? saved : "");
    pf_shrink_opts so = {.max_seconds = o->shrink_seconds};
    pf_shrink_result r;
    bool shrunk = pf_shrink(data, len, &so, &r) == 0 && strcmp(r.signature, sig) == 0;
    pf__set_fail_handler(catch_failure); /* the shrinker set its own */
    pf_set_recording(false);
    char min_path[4300];
    snprintf(min_path, sizeof min_path, "%s.min", base);
    const uint8_t *best = shrunk ? r.data : data;
    size_t best_len = shrunk ? r.len : len;
    if (!base[0] || !pf__write_file(min_path, best, best_len))
        snprintf(min_path, sizeof min_path, "%s", base[0] ? base : "(not saved)");
    printf("FAIL %s: shrunk %zu -> %zu bytes, saved as %s\n", sig, len, best_len,
           min_path);
    fflush(stdout);
    report(min_path, best, best_len);
    if (shrunk)
        pf_shrink_result_free(&r);
}

/* --- generation ------------------------------------------------------------ */

typedef struct tally {
    unsigned long run, passed, failing, by_kind[PF__GEN_KINDS];
    unsigned distinct;
} tally;

static void generate(const options *o, const corpus *c, tally *t)
{
    pf__gen g;
    pf__gen_init(&g, o->seed);
    g.corpus = (const uint8_t *const *)c->data;
    g.corpus_len = c->len;
    g.n_corpus = c->n;
    const char *kind = getenv("PF_GEN");
    g.uniform_only = kind && strcmp(kind, "uniform") == 0;
    size_t cap = 1 << 16;
    for (size_t i = 0; i < c->n; i++)
        if (c->len[i] * 2 > cap)
            cap = c->len[i] * 2;
    uint8_t *buf = malloc(cap);
    if (!buf)
        return;
    double start = now();
    g_generating = true;
    while (t->run < o->examples && now() - start < o->seconds) {
        pf__gen_kind k;
        size_t len = pf__gen_example(&g, buf, cap, &k);
        t->run++;
        t->by_kind[k]++;
        if (!run_one(buf, len, o->timeout)) {
            t->passed++;
            continue;
        }
        t->failing++;
        if (!pf__saved_path())
            continue; /* known, or a failure already reported */
        t->distinct++;
        printf("found %s after %lu examples (%.2f s)\n", g_sig, t->run, now() - start);
        char sig[160];
        snprintf(sig, sizeof sig, "%s", g_sig);
        g_generating = false;
        shrink_and_report(buf, len, sig, o);
        g_generating = true;
        pf__forget_saved();
        if (!o->keep_going)
            break;
    }
    g_generating = false;
    free(buf);
}

/* --- main ------------------------------------------------------------------ */

static double env_num(const char *name, double dflt)
{
    const char *e = getenv(name);
    return e && *e ? strtod(e, NULL) : dflt;
}

static int usage(const char *prog)
{
    fprintf(stderr, "usage: %s [-examples=N] [-time=SECONDS] [-seed=N] "
            "[-timeout=SECONDS] [FILE|DIR...]\n", prog);
    return 2;
}

int main(int argc, char **argv)
{
    const char *seed_env = getenv("PF_SEED");
    options o = {
        .examples = (unsigned long)env_num("PF_EXAMPLES", 1000),
        .seconds = env_num("PF_TIME", 10),
        .shrink_seconds = env_num("PF_SHRINK_TIME", 10),
        .timeout = (unsigned)env_num("PF_TIMEOUT", 25),
        .seed = seed_env && *seed_env ? strtoull(seed_env, NULL, 0)
              : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32),
        .keep_going = env_num("PF_KEEP_GOING", 1) != 0,
    };
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        const char *a = argv[first];
        if (strncmp(a, "-examples=", 10) == 0)
            o.examples = strtoul(a + 10, NULL, 10);
        else if (strncmp(a, "-time=", 6) == 0)
            o.seconds = strtod(a + 6, NULL);
        else if (strncmp(a, "-seed=", 6) == 0)
            o.seed = strtoull(a + 6, NULL, 0);
        else if (strncmp(a, "-timeout=", 9) == 0)
            o.timeout = (unsigned)strtoul(a + 9, NULL, 10);
        else
            return usage(argv[0]);
    }
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    pf__set_fail_handler(catch_failure);
    pf_set_recording(false);
    /* One empty input first: it names the target (for the findings
     * directory) and runs its init. */
    corpus c = {0};
    tally t = {0};
    run_one(NULL, 0, o.timeout);
    const char *target = pf__target_name() ? pf__target_name() : "target";
    pf__examples_watch(target);
    printf("examples: %s, seed %llu (PF_SEED=%llu repeats this run)\n", target,
           (unsigned long long)o.seed, (unsigned long long)o.seed);
    if (load_corpus(argc, argv, first, &c, &o) != 0)
        return 2;
    if (c.passed + c.failed)
        printf("corpus: %u inputs, %u passed (%u known failures as expected), "
               "%u failed\n", c.passed + c.failed, c.passed, c.known, c.failed);
    double start = now();
    generate(&o, &c, &t);
    printf("generated: %lu examples in %.1f s (", t.run, now() - start);
    for (int k = 0; k < PF__GEN_KINDS; k++)
        printf("%s%s %lu", k ? ", " : "", pf__gen_kind_names[k], t.by_kind[k]);
    printf("); %lu failed, %u distinct new failures\n", t.failing, t.distinct);
    fflush(stdout);
    pf__failures_summary();
    fflush(stderr);
    for (size_t i = 0; i < c.n; i++)
        free(c.data[i]);
    free(c.data);
    free(c.len);
    unsigned failed = c.failed + t.distinct;
    printf("%lu passed, %u failed\n", c.passed + t.passed, failed);
    return failed ? 1 : 0;
}
