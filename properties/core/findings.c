/* What a fuzzing run does with a failure around its report: the input is
 * saved before anything else (PF_FINDINGS_DIR, else a default directory
 * under the current one, so a target run by hand loses nothing), known
 * failures (PF_KNOWN) and repeats of one already reported (PF_KEEP_GOING)
 * are counted instead of stopping the run, and the distinct failures are
 * listed when the process exits. */
#define _POSIX_C_SOURCE 200809L

#include "pf_internal.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char g_saved_path[4096];

const char *pf__saved_path(void) { return g_saved_path[0] ? g_saved_path : NULL; }
void pf__forget_saved(void) { g_saved_path[0] = 0; }

bool pf__write_file(const char *path, const void *data, size_t len)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    if (ok && rename(tmp, path) != 0)
        ok = false;
    if (!ok)
        remove(tmp);
    return ok;
}

/* mkdir -p: the default directory has two levels. */
static bool make_dirs(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            return false;
        *p = '/';
    }
    return mkdir(path, 0777) == 0 || errno == EEXIST;
}

uint64_t pf__fnv1a(const uint8_t *p, size_t n)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * UINT64_C(0x100000001b3);
    return h;
}

/* PF_FINDINGS_DIR: the directory; set but empty: save nothing (a tool
 * that re-runs a failure on purpose, as triage does); unset: the default
 * under the current directory. */
const char *pf__findings_dir(const char *target, char *buf, size_t cap)
{
    const char *dir = getenv("PF_FINDINGS_DIR");
    if (dir)
        return *dir ? dir : NULL;
    snprintf(buf, cap, "propfuzz-findings/%s", target ? target : "target");
    return buf;
}

const char *pf__save_finding(const pf_src *s, const char *property)
{
    char dflt[512];
    const char *dir = pf__findings_dir(s->target, dflt, sizeof dflt);
    if (!dir)
        return NULL;
    if (!make_dirs(dir)) {
        fprintf(stderr, "propfuzz: cannot create %s: %s (set PF_FINDINGS_DIR "
                "to a directory you can write)\n", dir, strerror(errno));
        return NULL;
    }
    snprintf(g_saved_path, sizeof g_saved_path, "%s/%s-%012" PRIx64, dir,
             property, pf__fnv1a(s->data, s->size) >> 16);
    if (!pf__write_file(g_saved_path, s->data, s->size)) {
        fprintf(stderr, "propfuzz: cannot write %s: %s\n", g_saved_path,
                strerror(errno));
        g_saved_path[0] = 0;
        return NULL;
    }
    return g_saved_path;
}

/* --- known failures and repeats -------------------------------------- */

enum { MAX_SIGNATURES = 64, SIG_LEN = 160 };

typedef struct sig_entry {
    char sig[SIG_LEN];
    char saved[512];     /* where the first one was saved, or "" */
    unsigned long count;
    bool known;
} sig_entry;

static sig_entry g_sigs[MAX_SIGNATURES];
static size_t g_n_sigs;
static char g_known[MAX_SIGNATURES][SIG_LEN];
static size_t g_n_known;
static bool g_known_loaded, g_summary_registered, g_summary_done;

static void add_known(const char *line)
{
    char want[SIG_LEN];
    snprintf(want, sizeof want, "%s", line);
    want[strcspn(want, "\r\n")] = 0;
    if (!want[0] || want[0] == '#' || g_n_known == MAX_SIGNATURES)
        return;
    snprintf(g_known[g_n_known++], SIG_LEN, "%s", want);
}

static void load_known_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[SIG_LEN];
    while (fgets(line, sizeof line, f))
        add_known(line);
    fclose(f);
}

/* A directory: the first line of each <input>.expect (corpus/<t>/known/);
 * a file: one expectation a line. */
static void load_known_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "propfuzz: PF_KNOWN names %s, which does not exist\n",
                path);
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        load_known_file(path);
        return;
    }
    DIR *d = opendir(path);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 7 || strcmp(e->d_name + n - 7, ".expect") != 0)
            continue;
        char file[4600], line[SIG_LEN];
        snprintf(file, sizeof file, "%s/%s", path, e->d_name);
        FILE *f = fopen(file, "r");
        if (f && fgets(line, sizeof line, f))
            add_known(line);
        if (f)
            fclose(f);
    }
    closedir(d);
}

static void load_known(void)
{
    if (g_known_loaded)
        return;
    g_known_loaded = true;
    const char *env = getenv("PF_KNOWN");
    if (!env || !*env)
        return;
    char list[4096];
    snprintf(list, sizeof list, "%s", env);
    for (char *save = NULL, *p = strtok_r(list, ":", &save); p;
         p = strtok_r(NULL, ":", &save))
        load_known_path(p);
}

void pf__add_known(const char *expectation)
{
    load_known();
    add_known(expectation);
}

bool pf__is_known(const char *sig)
{
    load_known();
    for (size_t i = 0; i < g_n_known; i++)
        if (pf__signature_matches(sig, g_known[i]))
            return true;
    return false;
}

bool pf__keep_going(void)
{
    const char *e = getenv("PF_KEEP_GOING");
    return e && *e && strcmp(e, "0") != 0;
}

static void print_summary(void)
{
    if (g_summary_done)
        return;
    g_summary_done = true;
    size_t distinct = 0, known = 0;
    for (size_t i = 0; i < g_n_sigs; i++)
        g_sigs[i].known ? known++ : distinct++;
    fflush(stdout);
    fprintf(stderr, "\npropfuzz: %zu distinct failure%s, %zu known\n",
            distinct, distinct == 1 ? "" : "s", known);
    for (size_t i = 0; i < g_n_sigs; i++) {
        const sig_entry *e = &g_sigs[i];
        fprintf(stderr, "  %-5s %s  (%lu time%s)%s%s\n",
                e->known ? "KNOWN" : "FAIL", e->sig, e->count,
                e->count == 1 ? "" : "s", e->saved[0] ? "  " : "", e->saved);
    }
}

void pf__failures_summary(void)
{
    if (g_n_sigs)
        print_summary();
}

static sig_entry *entry_of(const char *sig)
{
    for (size_t i = 0; i < g_n_sigs; i++)
        if (strcmp(g_sigs[i].sig, sig) == 0)
            return &g_sigs[i];
    if (g_n_sigs == MAX_SIGNATURES)
        return NULL;
    sig_entry *e = &g_sigs[g_n_sigs++];
    snprintf(e->sig, sizeof e->sig, "%s", sig);
    if (!g_summary_registered) {
        g_summary_registered = true;
        atexit(print_summary);
    }
    return e;
}

pf__seen pf__classify_failure(const char *sig)
{
    sig_entry *e = entry_of(sig);
    if (!e)
        return PF__SEEN_NEW; /* the table is full: report it */
    e->count++;
    if (e->count == 1)
        e->known = pf__is_known(sig);
    if (e->known)
        return PF__SEEN_KNOWN;
    return e->count == 1 ? PF__SEEN_NEW : PF__SEEN_REPEAT;
}

void pf__note_saved(const char *sig, const char *path)
{
    sig_entry *e = entry_of(sig);
    if (e && path)
        snprintf(e->saved, sizeof e->saved, "%s", path);
}

size_t pf__distinct_failures(void)
{
    size_t n = 0;
    for (size_t i = 0; i < g_n_sigs; i++)
        n += !g_sigs[i].known;
    return n;
}
