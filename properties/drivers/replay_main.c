/* The replay driver: runs files and directories through
 * LLVMFuzzerTestOneInput, each in a child process with a timeout, and ends
 * with "N passed, N failed". Linked instead of a fuzzing engine.
 *
 *   replay [-timeout=SECONDS] [-allow_empty] FILE|DIR...
 *
 * A directory without inputs is an error (a corpus path that went wrong
 * would otherwise "pass"); -allow_empty when empty is expected.
 * A file with a sidecar "<file>.expect" holding a property name is a known
 * failure: it passes when it fails on exactly that property. Sidecars
 * (*.expect, *.report.txt), dotfiles and README files are not inputs.
 * PF_NO_FORK=1 runs inputs in-process (for a debugger). */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz.h"
#include "../core/pf_internal.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

typedef struct tally {
    unsigned passed, failed;
    unsigned timeout;
} tally;

/* The property an expected failure must fail on, or "" when none. */
static void read_expectation(const char *path, char *out, size_t cap)
{
    char side[4096];
    out[0] = 0;
    snprintf(side, sizeof side, "%s.expect", path);
    FILE *f = fopen(side, "r");
    if (!f)
        return;
    if (fgets(out, (int)cap, f))
        out[strcspn(out, "\r\n")] = 0; /* "<property>[ check=<site>]" */
    fclose(f);
}

static int run_in_process(const char *path)
{
    size_t len = 0;
    uint8_t *data = pf__read_file(path, &len);
    if (!data) {
        fprintf(stderr, "replay: cannot read %s: %s\n", path, strerror(errno));
        return 1;
    }
    pf_set_input_name(path);
    LLVMFuzzerTestOneInput(data, len);
    free(data);
    return 0;
}

/* Runs one input in a child; fills `out` with its stderr. Returns the wait
 * status, or -1 when the child could not be started. */
static int run_child(const char *path, unsigned timeout, char *out,
                     size_t cap)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDERR_FILENO);
        if (timeout)
            alarm(timeout);
        exit(run_in_process(path)); /* exit, not _exit: LeakSanitizer runs at exit */
    }
    close(fds[1]);
    size_t n = 0;
    ssize_t r;
    char sink[4096];
    while ((r = read(fds[0], n + 1 < cap ? out + n : sink,
                     n + 1 < cap ? cap - 1 - n : sizeof sink)) > 0 ||
           (r < 0 && errno == EINTR))
        if (r > 0 && n + 1 < cap)
            n += (size_t)r;
    out[n] = 0;
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return status;
}

static void describe(int status, const char *log, unsigned timeout,
                     char *why, size_t cap)
{
    const char *prop = strstr(log, "property=");
    if (prop) {
        /* The report's header: "property=<p>  check=<site>". */
        size_t n = strcspn(prop + 9, " \n");
        const char *check = prop + 9 + n;
        check += strspn(check, " ");
        size_t m = strncmp(check, "check=", 6) == 0 ? strcspn(check + 6, " \n") : 0;
        snprintf(why, cap, "property=%.*s check=%.*s", (int)n, prop + 9, (int)m,
                 m ? check + 6 : "?");
    } else if (status < 0) {
        snprintf(why, cap, "could not run");
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
        snprintf(why, cap, "timeout after %us", timeout);
    } else if (WIFSIGNALED(status)) {
        snprintf(why, cap, "crash (signal %d)", WTERMSIG(status));
    } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
        snprintf(why, cap, "%s (exit %d)",
                 strstr(log, "Sanitizer") ? "sanitizer report" : "error",
                 WEXITSTATUS(status));
    } else {
        why[0] = 0;
    }
}

static void replay_file(const char *path, unsigned timeout, tally *t)
{
    static char log[1 << 20];
    char expect[192], why[256];
    read_expectation(path, expect, sizeof expect);
    int status = run_child(path, timeout, log, sizeof log);
    describe(status, log, timeout, why, sizeof why);
    bool ok;
    if (expect[0]) {
        ok = why[0] && pf__signature_matches(why, expect);
        printf("%s %s (known failure: expected property=%s, got %s)\n",
               ok ? "PASS" : "FAIL", path, expect, why[0] ? why : "a pass");
    } else {
        ok = why[0] == 0;
        printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", path, ok ? "" : ": ", why);
    }
    if (!ok)
        fputs(log, stdout);
    ok ? t->passed++ : t->failed++;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* PF_NO_FORK: in-process, for a debugger (a failure aborts the run). */
static void in_process_file(const char *path, unsigned timeout, tally *t)
{
    (void)timeout;
    run_in_process(path);
    t->passed++;
}

/* Statistics stop at PF_STATS_SECONDS (default: no limit), so the end of a
 * long fuzzing session does not wait on a huge work corpus. */
static double g_stats_deadline;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double stats_deadline(void)
{
    const char *e = getenv("PF_STATS_SECONDS");
    double secs = e ? strtod(e, NULL) : 0;
    return secs > 0 ? now_seconds() + secs : 0;
}

static bool g_stats_stopped;

static void stats_file(const char *path, unsigned timeout, tally *t)
{
    (void)timeout;
    if (g_stats_deadline > 0 && now_seconds() > g_stats_deadline)
        g_stats_stopped = true;
    if (g_stats_stopped)
        return;
    run_in_process(path);
    t->passed++;
}

typedef void (*per_file)(const char *path, unsigned timeout, tally *t);

static void replay_path(const char *path, unsigned timeout, tally *t,
                        per_file fn);

static void replay_dir(const char *path, unsigned timeout, tally *t,
                       per_file fn)
{
    DIR *d = opendir(path);
    if (!d) {
        printf("FAIL %s: cannot open directory: %s\n", path, strerror(errno));
        t->failed++;
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (pf__is_sidecar(e->d_name))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **bigger = realloc(names, cap * sizeof *names);
            if (!bigger)
                break;
            names = bigger;
        }
        names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
        if (!names[n])
            break;
        sprintf(names[n], "%s/%s", path, e->d_name);
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        replay_path(names[i], timeout, t, fn);
        free(names[i]);
    }
    free(names);
}

/* Whether a directory holds at least one input, at any depth. */
static bool has_inputs(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return true; /* replay_dir reports it */
    bool found = false;
    struct dirent *e;
    char sub[4096];
    while (!found && (e = readdir(d)) != NULL) {
        if (pf__is_sidecar(e->d_name))
            continue;
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        struct stat st;
        if (stat(sub, &st) != 0)
            continue;
        found = S_ISDIR(st.st_mode) ? has_inputs(sub) : S_ISREG(st.st_mode);
    }
    closedir(d);
    return found;
}

static void replay_path(const char *path, unsigned timeout, tally *t,
                        per_file fn)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        printf("FAIL %s: %s\n", path, strerror(errno));
        t->failed++;
    } else if (S_ISDIR(st.st_mode)) {
        replay_dir(path, timeout, t, fn);
    } else {
        fn(path, timeout, t);
    }
}

int main(int argc, char **argv)
{
    unsigned timeout = 25;
    bool allow_empty = false;
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (strncmp(argv[first], "-timeout=", 9) == 0) {
            timeout = (unsigned)strtoul(argv[first] + 9, NULL, 10);
        } else if (strcmp(argv[first], "-allow_empty") == 0) {
            allow_empty = true;
        } else {
            fprintf(stderr, "replay: unknown option %s (usage: replay "
                    "[-timeout=SECONDS] [-allow_empty] FILE|DIR...)\n",
                    argv[first]);
            return 2;
        }
    }
    if (first == argc) {
        fprintf(stderr, "usage: %s [-timeout=SECONDS] [-allow_empty] FILE|DIR...\n",
                argv[0]);
        return 2;
    }
    for (int i = first; i < argc && !allow_empty; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) && !has_inputs(argv[i])) {
            fprintf(stderr, "replay: %s holds no inputs (pass -allow_empty if "
                    "that is expected)\n", argv[i]);
            return 2;
        }
    }
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    pf_set_recording(true);
    pf__report_crashes();
    tally t = {0, 0, timeout};
    if (getenv("PF_STATS") && *getenv("PF_STATS")) {
        /* make stats-<target>: every input in-process, failures counted
         * instead of reported, the statistics printed at exit. */
        pf__stats_on();
        pf__set_fail_handler(pf__count_failure);
        g_stats_deadline = stats_deadline();
        for (int i = first; i < argc; i++)
            replay_path(argv[i], timeout, &t, stats_file);
        if (g_stats_stopped)
            printf("statistics: stopped at PF_STATS_SECONDS after %u inputs\n", t.passed);
        return 0;
    }
    if (getenv("PF_NO_FORK")) {
        for (int i = first; i < argc; i++)
            replay_path(argv[i], timeout, &t, in_process_file);
        printf("%u passed, 0 failed\n", t.passed);
        return 0;
    }
    for (int i = first; i < argc; i++)
        replay_path(argv[i], timeout, &t, replay_file);
    printf("%u passed, %u failed\n", t.passed, t.failed);
    return t.failed ? 1 : 0;
}
