/* The tiny test kit shared by the unit tests under tests/: one PASS/FAIL
 * line per test function, and "N passed, N failed" at the end (the line
 * tests/run.sh adds up). Each test program includes it once. */
#ifndef PF_TESTKIT_H
#define PF_TESTKIT_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define TESTKIT_UNUSED __attribute__((unused))

static int g_pass, g_fail, g_test_failed;
static char g_why[512];

/* Records the first failure of the running test, with its line. */
static void fail_at(int line, const char *fmt, ...)
    __attribute__((format(printf, 2, 3))) TESTKIT_UNUSED;
static void fail_at(int line, const char *fmt, ...)
{
    if (!g_test_failed) {
        va_list ap;
        int n = snprintf(g_why, sizeof g_why, "line %d: ", line);
        va_start(ap, fmt);
        vsnprintf(g_why + n, sizeof g_why - (size_t)n, fmt, ap);
        va_end(ap);
    }
    g_test_failed = 1;
}

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (!(cond))                                                        \
            fail_at(__LINE__, __VA_ARGS__);                                 \
    } while (0)

static TESTKIT_UNUSED void eq_u(int line, const char *what, uint64_t got,
                                uint64_t want)
{
    if (got != want)
        fail_at(line, "%s = %" PRIu64 ", want %" PRIu64, what, got, want);
}
static TESTKIT_UNUSED void eq_i(int line, const char *what, int64_t got,
                                int64_t want)
{
    if (got != want)
        fail_at(line, "%s = %" PRId64 ", want %" PRId64, what, got, want);
}
#define EQ_U(a, b) eq_u(__LINE__, #a, (uint64_t)(a), (uint64_t)(b))
#define EQ_I(a, b) eq_i(__LINE__, #a, (int64_t)(a), (int64_t)(b))

static TESTKIT_UNUSED void run(const char *name, void (*fn)(void))
{
    g_test_failed = 0;
    g_why[0] = 0;
    fn();
    if (g_test_failed) {
        printf("FAIL %s: %s\n", name, g_why);
        g_fail++;
    } else {
        printf("PASS %s\n", name);
        g_pass++;
    }
}

/* One named check of a restriction test (tests/restrict/<target>.c): a
 * PASS or FAIL line of its own, the format saying what was seen. Counted
 * with the unit tests' results, so finish() closes both kinds. */
static void verdict(const char *name, bool ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4))) TESTKIT_UNUSED;
static void verdict(const char *name, bool ok, const char *fmt, ...)
{
    if (ok) {
        printf("PASS %s\n", name);
        g_pass++;
        return;
    }
    va_list ap;
    printf("FAIL %s: ", name);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    g_fail++;
}

/* Prints the closing line; the program's exit status. */
static TESTKIT_UNUSED int finish(void)
{
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail != 0;
}

/* Fixed-seed PRNG (splitmix64): the same cases on every run. */
static TESTKIT_UNUSED uint64_t g_rng;
static TESTKIT_UNUSED uint64_t rnd(void)
{
    uint64_t z = (g_rng += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}
static TESTKIT_UNUSED uint64_t below(uint64_t n) { return n ? rnd() % n : 0; }

/* Runs fn in a child with its stderr captured; returns that output (NULL
 * when no pipe) and sets *status as waitpid does. The child ends with
 * exit, not _exit: what the library writes at exit (the rates, the list of
 * distinct failures) is part of what it printed. */
static TESTKIT_UNUSED char *in_child(void (*fn)(void), int *status)
{
    static char out[65536];
    int fds[2];
    if (pipe(fds) != 0)
        return NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDERR_FILENO);
        fn();
        exit(0);
    }
    close(fds[1]);
    size_t n = 0;
    ssize_t r;
    while ((r = read(fds[0], out + n, sizeof out - 1 - n)) > 0)
        n += (size_t)r;
    out[n] = 0;
    close(fds[0]);
    waitpid(pid, status, 0);
    return out;
}

/* Bytes as a literal: f(IN(1, 2, 3)) passes a pointer and a length. */
#define IN(...) (const uint8_t[]){__VA_ARGS__}, sizeof((const uint8_t[]){__VA_ARGS__})

#endif
