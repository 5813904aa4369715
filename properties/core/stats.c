/* Statistics of a run over many inputs (make stats-<target>, and the end of
 * make fuzz-<target>): how often each property ran and reached its end,
 * what skipped or discarded inputs, events, overruns, rates, and in record
 * mode the distribution of every labelled draw. A property checked on a
 * tiny share of inputs is nearly vacuous; this is how a user sees it.
 * Rates of properties on a rate are also metrics: with PF_STATS_DIR set
 * they are appended to $PF_STATS_DIR/rates.tsv at exit.
 *
 * Counting is always on and costs one hash probe; keys are the pointers
 * of the (literal) names, merged by text when printed. */
#define _POSIX_C_SOURCE 200809L

#include "pf_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { MAX_COUNTERS = 1024, MAX_LABELS = 256, SAMPLE = 512, MAX_VALUES = 64 };

typedef struct counter {
    pf__stat kind;
    const char *property, *name;
    uint64_t n;
    bool used;
    unsigned order;  /* first-seen order: tables print as the target runs */
} counter;

static counter g_counters[MAX_COUNTERS];
static uint64_t g_dropped;
static unsigned g_next_order;
static const char *g_target;

static void rates_counted(const char *property, const char *name);

static size_t slot_of(pf__stat kind, const char *property, const char *name)
{
    uintptr_t h = (uintptr_t)kind * 0x9e3779b97f4a7c15u;
    h ^= (uintptr_t)property * 0xff51afd7ed558ccdu;
    h ^= (uintptr_t)name * 0xc4ceb9fe1a85ec53u;
    return (size_t)(h ^ (h >> 29)) % MAX_COUNTERS;
}

void pf__count(pf__stat kind, const char *property, const char *name,
               uint64_t n)
{
    if (kind == PF__STAT_INPUT && name)
        g_target = name;
    size_t i = slot_of(kind, property, name);
    size_t probes = 0;
    for (; probes < MAX_COUNTERS; probes++, i = (i + 1) % MAX_COUNTERS) {
        counter *c = &g_counters[i];
        if (!c->used) {
            *c = (counter){kind, property, name, n, true, g_next_order++};
            break;
        }
        if (c->kind == kind && c->property == property && c->name == name) {
            c->n += n;
            break;
        }
    }
    if (probes == MAX_COUNTERS)
        g_dropped += n;
    if (kind == PF__STAT_TRIALS)
        rates_counted(property, name);
}

static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* The total of every counter of `kind` whose property and name match
 * (NULL matches only NULL). */
static uint64_t total(pf__stat kind, const char *property, const char *name)
{
    uint64_t n = 0;
    for (size_t i = 0; i < MAX_COUNTERS; i++) {
        const counter *c = &g_counters[i];
        if (c->used && c->kind == kind && same_text(c->property, property) &&
            same_text(c->name, name))
            n += c->n;
    }
    return n;
}

/* --- labelled draws (record mode) ---------------------------------- */

/* A draw's label and a choice's names may live in the input's arena (a
 * family builds them per value), freed before the statistics are printed
 * at exit: the table keeps copies of its own. */
typedef struct label_stat {
    char *label;
    pf_draw_kind kind;       /* bytes/text: lengths are what is counted */
    uint64_t n, nan;         /* NaNs are counted, not sampled */
    double sample[SAMPLE];   /* a deterministic reservoir of values */
    size_t n_sample;
    char **names;            /* copies, on the first draw that names them */
    size_t n_names;
    uint64_t by_value[MAX_VALUES]; /* named values: counts by index */
} label_stat;

static label_stat *g_labels;
static size_t g_n_labels;
static uint64_t g_reservoir_state = 0x853c49e6748fea9bu;

static label_stat *label_slot(const pf_record *r)
{
    for (size_t i = 0; i < g_n_labels; i++)
        if (g_labels[i].kind == r->kind && same_text(g_labels[i].label, r->label))
            return &g_labels[i];
    if (g_n_labels == MAX_LABELS)
        return NULL;
    if (!g_labels && !(g_labels = calloc(MAX_LABELS, sizeof *g_labels)))
        return NULL;
    label_stat *l = &g_labels[g_n_labels];
    if (!(l->label = strdup(r->label)))
        return NULL;
    g_n_labels++;
    l->kind = r->kind;
    return l;
}

/* The label's names, copied: NULL when memory runs out (then the choice is
 * counted as an unnamed value). */
static char **copy_names(const char *const *names, size_t n)
{
    char **copy = calloc(n, sizeof *copy);
    for (size_t i = 0; copy && i < n; i++) {
        if (!(copy[i] = strdup(names[i] ? names[i] : "?"))) {
            while (i--)
                free(copy[i]);
            free(copy);
            copy = NULL;
        }
    }
    return copy;
}

static double value_of(const pf_record *r)
{
    switch (r->kind) {
    case PF_DRAW_INT: return (double)r->value.i;
    case PF_DRAW_DOUBLE:
    case PF_DRAW_FLOAT: return r->value.d;
    case PF_DRAW_BYTES:
    case PF_DRAW_TEXT: return (double)r->bytes_len;
    default: return (double)r->value.u;
    }
}

static void add_draw(const pf_record *r)
{
    label_stat *l = label_slot(r);
    if (!l)
        return;
    double v = value_of(r);
    l->n++;
    if (isnan(v)) {
        l->nan++;
        return;
    }
    if (l->n_sample < SAMPLE) {
        l->sample[l->n_sample++] = v;
    } else {
        g_reservoir_state = g_reservoir_state * 6364136223846793005u + 1442695040888963407u;
        uint64_t j = (g_reservoir_state >> 33) % l->n;
        if (j < SAMPLE)
            l->sample[j] = v;
    }
    if (r->names && !l->names) {
        size_t n = r->n_names < MAX_VALUES ? r->n_names : MAX_VALUES;
        if ((l->names = copy_names(r->names, n)))
            l->n_names = n;
    }
    if (r->names && l->names) {
        if (r->value.u < l->n_names)
            l->by_value[r->value.u]++;
    }
}

void pf__stats_draws(const pf_src *s)
{
    for (size_t i = 0; i < s->n_records; i++) {
        const pf_record *r = &s->records[i];
        if (r->label && r->kind != PF_DRAW_FLAG && r->kind != PF_DRAW_RAW &&
            r->kind != PF_DRAW_SPAN_BEGIN && r->kind != PF_DRAW_SPAN_END)
            add_draw(r);
    }
}

/* --- switching on, printing ---------------------------------------- */

static int g_on = -1;

static void print_at_exit(void)
{
    const char *where = getenv("PF_STATS");
    FILE *f = strcmp(where, "1") == 0 ? stderr : fopen(where, "w");
    if (!f) {
        fprintf(stderr, "propfuzz: cannot write statistics to %s\n", where);
        return;
    }
    pf_stats_print(f);
    if (f != stderr)
        fclose(f);
}

bool pf__stats_on(void)
{
    if (g_on < 0) {
        const char *e = getenv("PF_STATS");
        g_on = e && *e && strcmp(e, "0") != 0;
        if (g_on)
            atexit(print_at_exit);
    }
    return g_on;
}

void pf_stats_reset(void)
{
    memset(g_counters, 0, sizeof g_counters);
    g_dropped = 0;
    g_next_order = 0;
    for (size_t i = 0; i < g_n_labels; i++) {
        for (size_t v = 0; g_labels[i].names && v < g_labels[i].n_names; v++)
            free(g_labels[i].names[v]);
        free(g_labels[i].names);
        free(g_labels[i].label);
    }
    free(g_labels);
    g_labels = NULL;
    g_n_labels = 0;
}

static double percent(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* Each distinct name of `kind` once, in first-seen order. */
static size_t distinct(pf__stat kind, bool by_property, const char **out,
                       size_t cap)
{
    size_t n = 0;
    for (unsigned order = 0; order < g_next_order && n < cap; order++) {
        for (size_t i = 0; i < MAX_COUNTERS; i++) {
            const counter *c = &g_counters[i];
            if (!c->used || c->order != order || c->kind != kind)
                continue;
            const char *key = by_property ? c->property : c->name;
            bool seen = false;
            for (size_t k = 0; k < n && !seen; k++)
                seen = same_text(out[k], key);
            if (!seen)
                out[n++] = key;
        }
    }
    return n;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void print_label(FILE *f, label_stat *l)
{
    static const char *const kinds[] = {
        [PF_DRAW_BOOL] = "bool", [PF_DRAW_UINT] = "uint", [PF_DRAW_INT] = "int",
        [PF_DRAW_DOUBLE] = "double", [PF_DRAW_FLOAT] = "float",
        [PF_DRAW_BYTES] = "bytes, length", [PF_DRAW_TEXT] = "text, bytes"};
    fprintf(f, "    %-22s %-13s n=%-8llu", l->label, kinds[l->kind],
            (unsigned long long)l->n);
    if (l->names) {
        /* A choice: its most frequent values, by name. */
        for (int shown = 0; shown < 6; shown++) {
            size_t best = l->n_names;
            for (size_t v = 0; v < l->n_names; v++)
                if (l->by_value[v] && (best == l->n_names ||
                                       l->by_value[v] > l->by_value[best]))
                    best = v;
            if (best == l->n_names)
                break;
            fprintf(f, " %s %.0f%%", l->names[best],
                    percent(l->by_value[best], l->n));
            l->by_value[best] = 0;
        }
    } else if (l->kind == PF_DRAW_BOOL) {
        double t = 0;
        for (size_t i = 0; i < l->n_sample; i++)
            t += l->sample[i];
        fprintf(f, " true %.0f%%", l->n_sample ? 100.0 * t / (double)l->n_sample : 0.0);
    } else if (l->n_sample) {
        qsort(l->sample, l->n_sample, sizeof l->sample[0], by_value);
        fprintf(f, " min %.6g  median %.6g  max %.6g", l->sample[0],
                l->sample[l->n_sample / 2], l->sample[l->n_sample - 1]);
    }
    if (l->nan)
        fprintf(f, "  NaN %llu", (unsigned long long)l->nan);
    fputc('\n', f);
}

/* Wilson score interval at 95%: a rate measured on few trials says so. */
static void wilson(uint64_t passed, uint64_t trials, double *lo, double *hi)
{
    const double z = 1.959964;
    double n = (double)trials, p = n > 0 ? (double)passed / n : 0;
    double d = 1 + z * z / n, c = p + z * z / (2 * n);
    double r = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n));
    *lo = n > 0 ? (c - r) / d : 0;
    *hi = n > 0 ? (c + r) / d : 0;
}

static void print_properties(FILE *f)
{
    const char *props[MAX_COUNTERS];
    size_t n = distinct(PF__STAT_RUN, true, props, MAX_COUNTERS);
    fprintf(f, "  %-24s %8s %8s %8s %8s  %s\n", "property", "ran", "checked",
            "failed", "off", "skipped by restriction");
    for (size_t i = 0; i < n; i++) {
        uint64_t ran = total(PF__STAT_RUN, props[i], NULL);
        uint64_t checked = total(PF__STAT_CHECKED, props[i], NULL);
        fprintf(f, "  %-24s %8llu %8llu %8llu %8llu ", props[i],
                (unsigned long long)ran, (unsigned long long)checked,
                (unsigned long long)total(PF__STAT_FAILED, props[i], NULL),
                (unsigned long long)total(PF__STAT_OFF, props[i], NULL));
        for (size_t k = 0; k < MAX_COUNTERS; k++) {
            const counter *c = &g_counters[k];
            if (c->used && c->kind == PF__STAT_SKIP && same_text(c->property, props[i]))
                fprintf(f, " %s %llu", c->name, (unsigned long long)c->n);
        }
        if (ran && percent(checked, ran) < 1.0)
            fprintf(f, "  <- checked on %.2f%% of its runs: nearly vacuous",
                    percent(checked, ran));
        fputc('\n', f);
    }
}

static void print_named(FILE *f, const char *title, pf__stat kind,
                        uint64_t inputs)
{
    const char *names[MAX_COUNTERS];
    size_t n = distinct(kind, false, names, MAX_COUNTERS);
    if (!n)
        return;
    fprintf(f, "  %s:", title);
    for (size_t i = 0; i < n; i++) {
        uint64_t c = total(kind, NULL, names[i]);
        if (kind == PF__STAT_EVENT || kind == PF__STAT_SKIP) {
            c = 0; /* these carry a property; sum over all of them */
            for (size_t k = 0; k < MAX_COUNTERS; k++)
                if (g_counters[k].used && g_counters[k].kind == kind &&
                    same_text(g_counters[k].name, names[i]))
                    c += g_counters[k].n;
        }
        fprintf(f, " %s %llu (%.1f%%)", names[i] ? names[i] : "-",
                (unsigned long long)c, percent(c, inputs));
    }
    fputc('\n', f);
}

/* Per rate property: trials and passes, and how the checks stood against
 * their budgets: all passed, exactly at a budget that allows failures
 * (the edge: one more failed trial breaks it), below. A slide from k of k
 * to the edge shows here before anything fails. */
typedef struct rate_row {
    const char *property;
    uint64_t trials, passed, checks, edge, below;
    double lo, hi;
} rate_row;

static rate_row rate_of(const char *property)
{
    rate_row r = {property, total(PF__STAT_TRIALS, property, NULL),
                  total(PF__STAT_PASSES, property, NULL),
                  total(PF__STAT_TRIALS, property, "checks"),
                  total(PF__STAT_TRIALS, property, "edge"),
                  total(PF__STAT_TRIALS, property, "below"), 0, 0};
    wilson(r.passed, r.trials, &r.lo, &r.hi);
    return r;
}

static void print_rates(FILE *f)
{
    const char *props[MAX_COUNTERS];
    size_t n = distinct(PF__STAT_TRIALS, true, props, MAX_COUNTERS);
    for (size_t i = 0; i < n; i++) {
        rate_row r = rate_of(props[i]);
        fprintf(f, "  rate %-20s %llu of %llu trials passed: %.1f%% (95%% CI %.1f-%.1f%%)",
                r.property, (unsigned long long)r.passed,
                (unsigned long long)r.trials, percent(r.passed, r.trials),
                100 * r.lo, 100 * r.hi);
        if (r.checks)
            fprintf(f, "; %llu checks: %llu at the edge of their budget, %llu below",
                    (unsigned long long)r.checks, (unsigned long long)r.edge,
                    (unsigned long long)r.below);
        fputc('\n', f);
    }
}

/* --- rate metrics: $PF_STATS_DIR/rates.tsv ------------------------- */

/* With PF_STATS_DIR set, the process appends one line per rate property
 * when it exits, so a history across runs shows a slide (make
 * rates-<target>). Lines of one run share PF_RUN_ID (several processes,
 * e.g. libFuzzer's -fork workers, each append theirs; the history sums
 * them); PF_PROFILE and PF_STATS_SOURCE say what kind of run it was. */
static const char RATES_HEADER[] =
    "date\trun\tprofile\tsource\ttarget\tproperty\tchecks\tedge\tbelow"
    "\ttrials\tpassed\trate\tci_lo\tci_hi\n";

static bool g_rates_written; /* once per process */

static const char *env_or(const char *name, const char *fallback)
{
    const char *v = getenv(name);
    return v && *v ? v : fallback;
}

static void rate_lines(pf_buf *b)
{
    const char *props[MAX_COUNTERS];
    size_t n = distinct(PF__STAT_TRIALS, true, props, MAX_COUNTERS);
    char date[32] = "?";
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    char run[64];
    snprintf(run, sizeof run, "%s", env_or("PF_RUN_ID", date));
    for (size_t i = 0; i < n; i++) {
        rate_row r = rate_of(props[i]);
        pf_buf_printf(b, "%s\t%s\t%s\t%s\t%s\t%s\t%llu\t%llu\t%llu\t%llu\t%llu"
                      "\t%.4f\t%.4f\t%.4f\n", date, run, env_or("PF_PROFILE", "dev"),
                      env_or("PF_STATS_SOURCE", "run"), g_target ? g_target : "?",
                      r.property, (unsigned long long)r.checks,
                      (unsigned long long)r.edge, (unsigned long long)r.below,
                      (unsigned long long)r.trials, (unsigned long long)r.passed,
                      r.trials ? (double)r.passed / (double)r.trials : 0.0, r.lo, r.hi);
    }
}

static void write_rates_at_exit(void)
{
    const char *dir = getenv("PF_STATS_DIR");
    if (!dir || !*dir || g_rates_written)
        return;
    g_rates_written = true;
    char path[4096];
    snprintf(path, sizeof path, "%s/rates.tsv", dir);
    /* mkdir -p: the directory and any parents it lacks */
    for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = 0;
        bool made = mkdir(path, 0777) == 0 || errno == EEXIST;
        *slash = '/';
        if (!made) {
            fprintf(stderr, "propfuzz: cannot create %s: %s\n", dir, strerror(errno));
            return;
        }
    }
    pf_buf b = {0};
    rate_lines(&b);
    /* One write with O_APPEND: lines of concurrent workers do not mix. */
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0666);
    struct stat st;
    bool ok = fd >= 0 && fstat(fd, &st) == 0;
    if (ok && st.st_size == 0)
        ok = write(fd, RATES_HEADER, sizeof RATES_HEADER - 1) > 0;
    if (ok && b.len)
        ok = write(fd, b.data, b.len) == (ssize_t)b.len;
    if (!ok)
        fprintf(stderr, "propfuzz: cannot append to %s: %s\n", path, strerror(errno));
    if (fd >= 0)
        close(fd);
    pf_buf_free(&b);
}

/* Called after every count of trials; registers the writer once. PF_STATS_DIR
 * is read at exit, so a forked child that sets it still writes. A check
 * below budget that is about to be reported ends the process with abort(),
 * not exit: its rates are written now, or the runs that matter most would
 * be the ones missing. (The report's re-run counts again; it is not
 * written.) */
static void rates_counted(const char *property, const char *name)
{
    static bool registered;
    if (!registered) {
        registered = true;
        atexit(write_rates_at_exit);
    }
    pf_src *s = pf__active_src();
    if (name && strcmp(name, "below") == 0 && s && property &&
        pf__fail_handler_now() == pf__report_failure && pf__checked(s, property))
        write_rates_at_exit();
}

void pf_stats_print(void *file)
{
    FILE *f = file ? file : stderr;
    uint64_t inputs = total(PF__STAT_INPUT, NULL, g_target);
    uint64_t overrun = total(PF__STAT_OVERRUN, NULL, NULL);
    fprintf(f, "statistics of %s: %llu inputs, %llu read past their end (%.1f%%)\n",
            g_target ? g_target : "?", (unsigned long long)inputs,
            (unsigned long long)overrun, percent(overrun, inputs));
    print_named(f, "modes", PF__STAT_MODE, inputs);
    print_properties(f);
    print_named(f, "skipped", PF__STAT_SKIP, inputs);
    print_named(f, "discarded by pf_assume", PF__STAT_DISCARD, inputs);
    print_named(f, "events", PF__STAT_EVENT, inputs);
    print_rates(f);
    if (g_n_labels) {
        fprintf(f, "  labelled draws:\n");
        for (size_t i = 0; i < g_n_labels; i++)
            print_label(f, &g_labels[i]);
    }
    if (g_dropped)
        fprintf(f, "  (%llu counts did not fit the table)\n",
                (unsigned long long)g_dropped);
    fflush(f);
}

uint64_t pf__stats_total(pf__stat kind, const char *property, const char *name)
{
    return total(kind, property, name);
}
