/* The shrinking benchmark driver: links with one tests/shrink/<name>.c and
 * libpropfuzz, and measures pf_shrink on it.
 *
 * Two kinds of start, R of each: for seeds 1..R the first failing input
 * among random ones of 16..512 bytes ("random"), and the first failing
 * input among random ones of exactly 512 bytes ("512-byte"): the far
 * starts where local minima show. Both come from a seeded xorshift PRNG,
 * so every run is reproducible. Each is shrunk in-process with a time cap
 * and checked against the benchmark's known minimal counterexample (the
 * one value first in the shrinker's order). One line per run, then
 *     <name>: ideal in K/2R starts (random K1/R, 512-byte K2/R), ...
 * and "N passed, N failed" with one test per kind of start: it fails when
 * fewer than the benchmark's required share of its starts reached the
 * ideal (shrink_bench_assert_ideal), when no failing input was found, or
 * when pf_shrink refused one.
 *
 * Environment: PF_SHRINK_RUNS (R, default 20), PF_SHRINK_SECONDS (time
 * cap per shrink, default 10). PF_SHRINK_SAVE=DIR only writes the failing
 * inputs, DIR/<name>-<seed> and DIR/<name>-big<seed>, for bench/shrink.sh
 * to give every minimiser the same starting points. Run with
 * ASAN_OPTIONS=detect_leaks=0: an in-process shrink abandons failing runs
 * mid-way. */
#define _POSIX_C_SOURCE 200809L

#include "shrink_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    MIN_INPUT = 16,       /* random inputs are 16..512 bytes: big enough */
    MAX_INPUT = 512,      /* that shrinking has work to do */
    STAGE = 20000,        /* random inputs of each style before the next */
    MAX_TRIES = 1000000,  /* random inputs tried per seed */
    SHOW_CHARS = 160,     /* a printed value is cut here */
    MAX_RUNS = 1000,
    BIG_SEEDS = 100000,   /* 512-byte starts use seeds from here on */
};

/* The kinds of start: random length, and always the largest. */
enum start { START_RANDOM, START_BIG, N_STARTS };
static const char *const start_names[N_STARTS] = {"random", "512-byte"};

typedef struct run {
    bool found, shrunk, ideal; /* a failing input; pf_shrink took it */
    size_t tries, len0, len1, draws, evals;
    double secs;
} run;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t xorshift64(uint64_t *st)
{
    uint64_t x = *st;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *st = x;
}

/* splitmix64 of the seed: nearby seeds give unrelated xorshift states
 * (and never the all-zero state xorshift cannot leave). */
static uint64_t seed_state(unsigned seed)
{
    uint64_t z = (uint64_t)seed * UINT64_C(0x9e3779b97f4a7c15) + 1;
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    z ^= z >> 31;
    return z ? z : 1;
}

/* One random input, in one of three styles tried in turn (so the start
 * is as far from simple as the benchmark allows): uniform bytes first;
 * then bytes from a per-input alphabet of 2-4 values, which repeats words
 * (equal elements for deletion, x == y for the difference benchmarks);
 * then mostly-zero bytes, which makes nearby small numbers (|x - y| == 1)
 * as a fuzzer's mutations would. */
static size_t random_input(uint64_t *st, uint8_t *buf, size_t try_no,
                           enum start kind)
{
    size_t len = MIN_INPUT + (size_t)(xorshift64(st) % (MAX_INPUT - MIN_INPUT + 1));
    if (kind == START_BIG)
        len = MAX_INPUT;
    int style = try_no <= STAGE ? 0 : try_no <= 2 * STAGE ? 1 : 2;
    uint8_t alphabet[4];
    unsigned n_alpha = 2 + (unsigned)(xorshift64(st) % 3);
    for (unsigned i = 0; i < n_alpha; i++)
        alphabet[i] = (uint8_t)xorshift64(st);
    unsigned zero_in_8 = 4 + 3 * (unsigned)(xorshift64(st) % 2); /* 1/2 or 7/8 */
    for (size_t i = 0; i < len; i++) {
        uint64_t r = xorshift64(st);
        if (style == 0)
            buf[i] = (uint8_t)r;
        else if (style == 1)
            buf[i] = alphabet[(r >> 8) % n_alpha];
        else
            buf[i] = (r >> 8) % 8 < zero_in_8 ? 0 : (uint8_t)r;
    }
    return len;
}

/* Tries random inputs until one fails this benchmark's property. */
static bool find_failing(unsigned seed, enum start kind, uint8_t *buf,
                         size_t *len, size_t *tries)
{
    char want[160], sig[160];
    snprintf(want, sizeof want, "property=%s check=", shrink_bench_name());
    uint64_t st = seed_state(kind == START_BIG ? BIG_SEEDS + seed : seed);
    for (*tries = 1; *tries <= MAX_TRIES; ++*tries) {
        *len = random_input(&st, buf, *tries, kind);
        if (pf_fails(buf, *len, sig, sizeof sig) && strncmp(sig, want, strlen(want)) == 0)
            return true;
    }
    return false;
}

static void show(const char *tag, const uint8_t *data, size_t len)
{
    pf_buf b = {0};
    shrink_bench_print(data, len, &b);
    const char *text = pf_buf_str(&b);
    printf("    %-6s %.*s%s\n", tag, SHOW_CHARS, text,
           b.len > SHOW_CHARS ? " ..." : "");
    pf_buf_free(&b);
}

static double env_number(const char *name, double fallback)
{
    const char *v = getenv(name);
    char *end;
    double d = v && *v ? strtod(v, &end) : 0;
    return v && *v && *end == 0 && d > 0 ? d : fallback;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The benchmark's own ideal must fail its property and be recognised,
 * or nothing this driver says about it means anything. */
static bool check_ideal(void)
{
    pf_buf e = {0};
    shrink_bench_ideal_input(&e);
    char sig[160] = "", want[160];
    snprintf(want, sizeof want, "property=%s check=", shrink_bench_name());
    bool fails = pf_fails(e.data, e.len, sig, sizeof sig) &&
                 strncmp(sig, want, strlen(want)) == 0;
    bool known = shrink_bench_ideal(e.data, e.len);
    if (!fails || !known) {
        printf("ideal self-check FAILED: the ideal %s %s, and is %srecognised\n",
               fails ? "fails" : "does not fail", want, known ? "" : "not ");
        show("ideal", e.data, e.len);
    }
    pf_buf_free(&e);
    return fails && known;
}

/* Shrinks the ideal itself: a shrinker that moves off it disagrees with
 * the benchmark about what is minimal, which explains misses. Runs last,
 * so a shrinker crash here cannot hide the runs' results. */
static void shrink_ideal(const pf_shrink_opts *opts)
{
    pf_buf e = {0};
    shrink_bench_ideal_input(&e);
    pf_shrink_result r;
    memset(&r, 0, sizeof r);
    if (pf_shrink(e.data, e.len, opts, &r) == 0 &&
        !shrink_bench_ideal(r.data, r.len)) {
        printf("note: shrinking the ideal itself leaves it:\n");
        show("ideal", e.data, e.len);
        show("->", r.data, r.len);
    }
    pf_shrink_result_free(&r);
    pf_buf_free(&e);
}

static bool save_one(const char *dir, unsigned seed, enum start kind)
{
    static uint8_t buf[MAX_INPUT];
    size_t len, tries;
    if (!find_failing(seed, kind, buf, &len, &tries)) {
        fprintf(stderr, "%s: %s seed %u: no failing input\n",
                shrink_bench_name(), start_names[kind], seed);
        return true;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%s%u", dir, shrink_bench_name(),
             kind == START_BIG ? "big" : "", seed);
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(buf, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        perror(path);
    return ok;
}

/* PF_SHRINK_SAVE mode: write the failing inputs, shrink nothing. */
static int save_inputs(const char *dir, unsigned runs)
{
    for (unsigned seed = 1; seed <= runs; seed++)
        for (int kind = 0; kind < N_STARTS; kind++)
            if (!save_one(dir, seed, (enum start)kind))
                return 1;
    return 0;
}

static void shrink_one(unsigned seed, enum start kind,
                       const pf_shrink_opts *opts, run *r)
{
    static uint8_t buf[MAX_INPUT];
    memset(r, 0, sizeof *r);
    r->found = find_failing(seed, kind, buf, &r->len0, &r->tries);
    if (!r->found) {
        printf("%s seed %2u: no failing input in %d random inputs\n",
               start_names[kind], seed, MAX_TRIES);
        return;
    }
    pf_shrink_result res;
    memset(&res, 0, sizeof res);
    double t0 = now();
    int rc = pf_shrink(buf, r->len0, opts, &res);
    r->secs = now() - t0;
    if (rc != 0) {
        printf("%s seed %2u: pf_shrink refused a failing input\n",
               start_names[kind], seed);
        return;
    }
    r->shrunk = true;
    r->len1 = res.len;
    r->draws = res.draws;
    r->evals = res.evals;
    r->ideal = shrink_bench_ideal(res.data, res.len);
    printf("%s seed %2u: %3zu -> %3zu bytes, %3zu draws, %6zu evals, %7.4f s%s, "
           "%s (random input %zu)\n", start_names[kind], seed, r->len0, r->len1,
           r->draws, r->evals, r->secs, res.fixpoint ? "" : " (capped)",
           r->ideal ? "ideal" : "NOT ideal", r->tries);
    char want[160];
    snprintf(want, sizeof want, "property=%s check=", shrink_bench_name());
    if (strncmp(res.signature, want, strlen(want)) != 0)
        printf("    signature changed: %s\n", res.signature);
    if (!r->ideal) {
        show("from", buf, r->len0);
        show("to", res.data, res.len);
    }
    pf_shrink_result_free(&res);
}

/* One kind of start, seeds 1..runs: how many reached the ideal, and
 * whether every start gave a failing input that pf_shrink took. */
static unsigned run_kind(enum start kind, unsigned runs,
                         const pf_shrink_opts *opts, double *evals,
                         double *secs, size_t *n, bool *all_shrunk)
{
    unsigned ideal = 0;
    *all_shrunk = true;
    for (unsigned seed = 1; seed <= runs; seed++) {
        run x;
        shrink_one(seed, kind, opts, &x);
        ideal += x.ideal;
        *all_shrunk &= x.shrunk;
        if (x.shrunk) {
            evals[*n] = (double)x.evals;
            secs[(*n)++] = x.secs;
        }
    }
    return ideal;
}

static const char *required_text(int required)
{
    static char text[64];
    if (required == 0)
        return "report only";
    snprintf(text, sizeof text, "%d%% of each kind required", required);
    return text;
}

int main(void)
{
    /* Line by line, so a log shows every finished run even when a later
     * one dies of a sanitizer report. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    unsigned runs = (unsigned)env_number("PF_SHRINK_RUNS", 20);
    pf_shrink_opts opts = {
        .max_seconds = env_number("PF_SHRINK_SECONDS", 10),
        .isolation = -1, /* property failures only: no fork per attempt */
    };
    const char *save = getenv("PF_SHRINK_SAVE");
    if (save && *save)
        return save_inputs(save, runs);

    const char *name = shrink_bench_name();
    int required = shrink_bench_assert_ideal();
    bool ideal_ok = check_ideal();
    if (runs > MAX_RUNS)
        runs = MAX_RUNS;
    static double evals[N_STARTS * MAX_RUNS], secs[N_STARTS * MAX_RUNS];
    size_t n = 0;
    unsigned ideal[N_STARTS], failed = 0;
    for (int k = 0; k < N_STARTS; k++) {
        bool all_shrunk;
        ideal[k] = run_kind((enum start)k, runs, &opts, evals, secs, &n, &all_shrunk);
        bool short_of = 100 * ideal[k] < (unsigned)required * runs;
        if (!all_shrunk || short_of || !ideal_ok) {
            printf("FAIL %s: %s starts: ideal in %u/%u, %d%% required%s\n", name,
                   start_names[k], ideal[k], runs, required,
                   all_shrunk ? "" : ", and some start was not shrunk");
            failed++;
        }
    }
    shrink_ideal(&opts);
    printf("%s: ideal in %u/%u starts (random %u/%u, 512-byte %u/%u), "
           "median evals %.0f, median seconds %.4f, %s\n", name,
           ideal[0] + ideal[1], 2 * runs, ideal[0], runs, ideal[1], runs,
           median(evals, n), median(secs, n), required_text(required));
    if (!ideal_ok)
        printf("FAIL %s: the benchmark's own ideal is wrong\n", name);
    printf("%u passed, %u failed\n", N_STARTS - failed, failed);
    return failed ? 1 : 0;
}
