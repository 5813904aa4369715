/* draw_speed — nanoseconds per draw of propfuzz's strategy decoder.
 *
 *   draw_speed [--quick]        (or PF_BENCH_QUICK=1: ~10x fewer draws)
 *   draw_speed --count N        instruction counts (under callgrind)
 *
 * Design rule 10 says a draw costs a few nanoseconds and the decoder must
 * not be what limits execs/s. This measures it: each primitive is drawn
 * over and over from one fixed pseudo-random buffer (the text rows marked
 * "utf8" from a buffer of valid UTF-8 words), in the fuzzing
 * configuration (recording off), and the median of 11 repetitions (in
 * this thread's CPU time) is printed, with the bytes each draw consumed
 * on average and, for strings, ns per unit (byte or code point).
 *
 * The buffer is restarted with pf_begin/pf_end, as a fuzzer restarts for
 * every input; each primitive does a precomputed number of draws per
 * buffer, chosen so it never reads past the end (the zero-fill path is
 * the exhausted-input case, not the one that runs most of the time). The
 * pf_begin+pf_end row is the per-input cost those draws share.
 *
 * --count N does about N draws of each primitive untimed, with callgrind's
 * collection switched on only around the draws (client requests, no-ops
 * outside valgrind), and dumps the counts once per primitive under its
 * name: `valgrind --tool=callgrind --collect-atstart=no draw_speed --count
 * N` then gives instructions per draw, which machine load does not move
 * (bench/draw_ab.sh reads them). It prints "count NAME DRAWS" per row.
 *
 * It only reports, and always exits 0; its last line is the
 * "N passed, 0 failed" tally the test runner sums (N = rows measured).
 * bench/run.sh builds it twice: -O2 without sanitizers (the decoder's own
 * speed) and with the sanitizer flags fuzz builds use (what fuzzing pays).
 */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HAVE_CALLGRIND 1
#endif
#endif
#ifndef HAVE_CALLGRIND
#define CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_DUMP_STATS_AT(name) (void)(name)
#endif

#ifndef BENCH_BUILD
#define BENCH_BUILD "unspecified flags"
#endif

enum {
    BUF_SIZE = 16 * 1024,
    REPS = 11,         /* odd, so the median is one measurement */
    /* Each repetition of each primitive runs for about this long, however
     * fast the build: enough to dwarf timer and scheduling granularity,
     * short enough that both builds together take seconds. */
    TARGET_NS = 20 * 1000 * 1000,
    QUICK_DIVISOR = 10,
};

/* Primitives newer than some revision bench/draw_ab.sh compares with are
 * weak references: built against an older decoder, their rows are
 * skipped. */
size_t pf_choice_weighted(pf_src *s, const char *label, const uint32_t *weights,
                          size_t n) __attribute__((weak));

/* Keeps the compiler from discarding a draw whose result is unused. */
static volatile uint64_t sink;

/* One primitive: do n draws from s, return something derived from them. */
typedef uint64_t (*run_fn)(pf_src *s, size_t n);

static uint64_t run_begin_end(pf_src *s, size_t n)
{
    (void)s;
    (void)n;
    return 0; /* the pf_begin/pf_end around it is what is timed */
}

static uint64_t run_bool(pf_src *s, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += pf_bool(s, "b");
    return acc;
}

/* A small range (2-byte word, most words folded): the common case of a
 * count or an index. */
static uint64_t run_u64_range(pf_src *s, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += pf_u64_range(s, "u", 0, 1000);
    return acc;
}

/* A range across zero, so the signed fold (0, 1, -1, ...) is exercised. */
static uint64_t run_i64_range(pf_src *s, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += (uint64_t)pf_i64_range(s, "i", -1000, 1000);
    return acc;
}

/* Seven branches, as in a kind or a mode choice. */
static uint64_t run_choice(pf_src *s, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += pf_choice(s, "c", 7);
    return acc;
}

static uint64_t run_double(pf_src *s, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        double d = pf_double(s, "d", NULL);
        uint64_t bits;
        memcpy(&bits, &d, sizeof bits);
        acc += bits;
    }
    return acc;
}

static uint64_t run_float(pf_src *s, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        float f = pf_float(s, "f", NULL);
        uint32_t bits;
        memcpy(&bits, &f, sizeof bits);
        acc += bits;
    }
    return acc;
}

/* Units (bytes, code points) the string rows produced, counted only while
 * calibrating so the timed loops do not pay for it. */
static bool g_counting;
static size_t g_units;

static size_t code_points(const char *t, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((uint8_t)t[i] & 0xc0) != 0x80;
    return n;
}

/* Up to 16 bytes: random input rarely has the 0x00 terminator, so most
 * draws run to the cap, the costly end of the distribution. */
static uint64_t run_bytes(pf_src *s, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len;
        const uint8_t *p = pf_bytes(s, "s", 0, 16, &len);
        acc += len + (len ? p[0] : 0);
        if (g_counting)
            g_units += len;
    }
    return acc;
}

static uint64_t text_draws(pf_src *s, size_t n, const pf_text_opts *opts)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len;
        const char *t = pf_text(s, "t", opts, &len);
        acc += len + (uint8_t)t[0];
        if (g_counting)
            g_units += code_points(t, len);
    }
    return acc;
}

/* On random bytes: about half are not UTF-8 and pick awkward code points. */
static uint64_t run_text(pf_src *s, size_t n)
{
    static const pf_text_opts opts = {.max_len = 16};
    return text_draws(s, n, &opts);
}

/* Text with an alphabet: every code point is looked up in it. */
static uint64_t run_text_alphabet(pf_src *s, size_t n)
{
    static const uint32_t abc[] = {'a', 'b', 'c', 'd', 0xe9, 0x3b1, 0x20ac, 0x1f600};
    static const pf_text_opts opts = {.max_len = 16, .alphabet = abc,
                                      .alphabet_len = sizeof abc / sizeof abc[0]};
    return text_draws(s, n, &opts);
}

/* One continue-flag per call; a list that ends starts the next, so the
 * span bookkeeping of begin and end is included at its natural rate. */
static uint64_t run_list_more(pf_src *s, size_t n)
{
    pf_list l;
    uint64_t acc = 0;
    pf_list_begin(s, &l, "l", 0, SIZE_MAX);
    for (size_t i = 0; i < n; i++) {
        if (pf_list_more(s, &l))
            acc++;
        else
            pf_list_begin(s, &l, "l", 0, SIZE_MAX);
    }
    return acc;
}

/* Four weighted kinds, as a tree of values might weigh its node kinds. */
static uint64_t run_weighted(pf_src *s, size_t n)
{
    static const uint32_t weights[] = {10, 40, 30, 20};
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += pf_choice_weighted(s, "w", weights, 4);
    return acc;
}

/* The codec target's negative integers: an 8-byte word, mostly verbatim. */
static uint64_t run_i64_negative(pf_src *s, size_t n)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += (uint64_t)pf_i64_range(s, "i", INT64_MIN, -1);
    return acc;
}

/* A bounded double: out-of-range values fold into [-1, 1]. */
static uint64_t run_double_bounded(pf_src *s, size_t n)
{
    static const pf_float_opts opts = {.bounded = true, .min = -1, .max = 1};
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        double d = pf_double(s, "d", &opts);
        uint64_t bits;
        memcpy(&bits, &d, sizeof bits);
        acc += bits;
    }
    return acc;
}

/* A whole permutation of 8 per "draw" (7 swap distances). */
static uint64_t run_permutation(pf_src *s, size_t n)
{
    size_t perm[8];
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        pf_permutation(s, "p", perm, 8);
        acc += perm[0];
    }
    return acc;
}

enum input { RANDOM, UTF8 };

typedef struct bench {
    const char *name;
    run_fn run;
    enum input input;  /* which buffer it draws from */
    size_t per_buffer; /* draws per pf_begin; calibrated */
    size_t draws;      /* per repetition; from a pilot timing */
    double bytes;      /* input bytes per draw */
    double units;      /* bytes or code points per draw (strings), else 0 */
    double ns[REPS];
} bench;

static bench benches[] = {
    {"pf_begin+pf_end", run_begin_end, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_bool", run_bool, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_u64_range[0,1000]", run_u64_range, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_i64_range[-1000,1000]", run_i64_range, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_i64_range[MIN,-1]", run_i64_negative, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_choice(7)", run_choice, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_choice_weighted(4)", run_weighted, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_double", run_double, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_double[-1,1]", run_double_bounded, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_float", run_float, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_bytes[0,16]", run_bytes, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_text[0,16]", run_text, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_text_utf8[0,16]", run_text, UTF8, 0, 0, 0, 0, {0}},
    {"pf_text_alphabet[0,16]", run_text_alphabet, UTF8, 0, 0, 0, 0, {0}},
    {"pf_list_more", run_list_more, RANDOM, 0, 0, 0, 0, {0}},
    {"pf_permutation(8)", run_permutation, RANDOM, 0, 0, 0, 0, {0}},
};
#define N_BENCHES (sizeof benches / sizeof benches[0])

/* Whether the decoder this was built against has the row's primitive. */
static bool available(const bench *b)
{
    return b->run != run_weighted || pf_choice_weighted != NULL;
}

/* splitmix64: a fixed buffer, identical on every run and machine. */
static void fill(uint8_t *buf, size_t n)
{
    uint64_t state = 42;
    for (size_t i = 0; i < n; i++) {
        uint64_t z = (state += UINT64_C(0x9e3779b97f4a7c15));
        z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
        buf[i] = (uint8_t)(z ^ (z >> 31));
    }
}

/* Valid UTF-8 of every length class (1-4 bytes: ASCII, Latin, CJK, emoji)
 * in words of 1-15 code points, each ended by the 0x00 terminator: text
 * as a dictionary or a seed corpus plants it. */
static void fill_utf8(uint8_t *buf, size_t n)
{
    static const char *const cps[] = {"a", "e", "z", "0", " ", "\xc3\xa9",
                                      "\xce\xb1", "\xe2\x82\xac", "\xe4\xb8\xad",
                                      "\xf0\x9f\x98\x80"};
    uint64_t state = 7;
    size_t at = 0, word = 0;
    while (at + 5 < n) {
        uint64_t z = (state += UINT64_C(0x9e3779b97f4a7c15));
        z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
        z ^= z >> 27;
        if (word >= 1 + z % 15) {
            buf[at++] = 0;
            word = 0;
            continue;
        }
        const char *cp = cps[(z >> 8) % (sizeof cps / sizeof cps[0])];
        size_t len = strlen(cp);
        memcpy(buf + at, cp, len);
        at += len;
        word++;
    }
    memset(buf + at, 0, n - at);
}

/* The largest number of draws that stays inside the buffer. Draws are
 * deterministic, so the timed loop then never overruns either. (A
 * list-flag run of one restarts its list, which reads no byte, so the
 * count is the same as inside one long loop.) */
static void calibrate(bench *b, const uint8_t *buf)
{
    if (b->run == run_begin_end) {
        b->per_buffer = 1; /* reads nothing: one pair per "draw" */
        return;
    }
    pf_src *s = pf_begin("draw_speed", buf, BUF_SIZE);
    size_t n = 0, used = 0, units = 0;
    g_counting = true;
    g_units = 0;
    for (;;) {
        b->run(s, 1);
        if (pf_overrun(s))
            break;
        n++;
        used = pf_offset(s);
        units = g_units;
    }
    g_counting = false;
    pf_end(s);
    b->per_buffer = n ? n : 1;
    b->bytes = n ? (double)used / (double)n : 0;
    b->units = n ? (double)units / (double)n : 0;
}

/* This thread's CPU time: on a shared machine the time other processes
 * take the core does not count, which wall time (or anything above a
 * median) would not filter out under heavy load. */
static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double measure(const bench *b, const uint8_t *buf, size_t draws)
{
    size_t buffers = draws / b->per_buffer;
    if (buffers == 0)
        buffers = 1;
    uint64_t acc = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < buffers; i++) {
        pf_src *s = pf_begin("draw_speed", buf, BUF_SIZE);
        acc += b->run(s, b->per_buffer);
        pf_end(s);
    }
    double t1 = now_ns();
    sink += acc;
    return (t1 - t0) / ((double)buffers * (double)b->per_buffer);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static bool quick_mode(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--quick") == 0 || strcmp(argv[i], "quick") == 0)
            return true;
    const char *env = getenv("PF_BENCH_QUICK");
    return env && *env && strcmp(env, "0") != 0;
}

/* --count N: the draw count after the flag, or 0 when not counting. */
static size_t count_mode(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--count") == 0)
            return (size_t)strtoull(argv[i + 1], NULL, 10);
    return 0;
}

/* About `draws` draws of b with callgrind collecting only inside them (and
 * inside pf_begin/pf_end for their own row), then one dump named after
 * the row. Returns the draws made. */
static size_t count_instructions(const bench *b, const uint8_t *buf, size_t draws)
{
    size_t buffers = (draws + b->per_buffer - 1) / b->per_buffer;
    bool begin_end = b->run == run_begin_end;
    uint64_t acc = 0;
    for (size_t i = 0; i < buffers; i++) {
        if (begin_end)
            CALLGRIND_TOGGLE_COLLECT;
        pf_src *s = pf_begin("draw_speed", buf, BUF_SIZE);
        if (!begin_end)
            CALLGRIND_TOGGLE_COLLECT;
        acc += b->run(s, b->per_buffer);
        if (!begin_end)
            CALLGRIND_TOGGLE_COLLECT;
        pf_end(s);
        if (begin_end)
            CALLGRIND_TOGGLE_COLLECT;
    }
    CALLGRIND_DUMP_STATS_AT(b->name);
    sink += acc;
    return buffers * b->per_buffer;
}

/* Sets each row's draw count so one repetition takes about target_ns. */
static void pilot(bench *b, const uint8_t *buf, double target_ns)
{
    /* The best of three short runs. */
    size_t n_pilot = b->per_buffer < 1000 ? 1000 : b->per_buffer;
    double best = 0;
    for (int k = 0; k < 3; k++) {
        double ns = measure(b, buf, n_pilot);
        best = k == 0 || ns < best ? ns : best;
    }
    double n = target_ns / (best > 0.1 ? best : 0.1);
    b->draws = n < (double)b->per_buffer ? b->per_buffer : (size_t)n;
}

static void print_table(bool quick)
{
    printf("draw_speed: %s, %s, median of %d repetitions (thread CPU time)\n", BENCH_BUILD,
           quick ? "quick" : "full", REPS);
    printf("  %-26s %9s %10s %9s %11s\n", "primitive", "ns/draw", "bytes/draw",
           "min ns", "ns/unit");
    for (size_t i = 0; i < N_BENCHES; i++) {
        bench *b = &benches[i];
        if (!available(b))
            continue;
        qsort(b->ns, REPS, sizeof b->ns[0], cmp_double);
        double med = b->ns[REPS / 2];
        char unit[32] = "-";
        if (b->units > 0)
            snprintf(unit, sizeof unit, "%.2f", med / b->units);
        printf("  %-26s %9.2f %10.2f %9.2f %11s\n", b->name, med, b->bytes,
               b->ns[0], unit);
    }
}

int main(int argc, char **argv)
{
    bool quick = quick_mode(argc, argv);
    size_t count = count_mode(argc, argv);
    double target = (double)TARGET_NS / (quick ? QUICK_DIVISOR : 1);
    uint8_t *bufs[2] = {malloc(BUF_SIZE), malloc(BUF_SIZE)};
    if (!bufs[RANDOM] || !bufs[UTF8]) {
        printf("draw_speed: out of memory\n0 passed, 0 failed\n");
        return 0;
    }
    fill(bufs[RANDOM], BUF_SIZE);
    fill_utf8(bufs[UTF8], BUF_SIZE);
    pf_set_recording(false); /* the fuzzing configuration */

    size_t rows = 0;
    for (size_t i = 0; i < N_BENCHES; i++) {
        bench *b = &benches[i];
        if (!available(b))
            continue;
        rows++;
        calibrate(b, bufs[b->input]);
        if (count)
            printf("count %s %zu\n", b->name,
                   count_instructions(b, bufs[b->input], count));
        else
            pilot(b, bufs[b->input], target);
    }
    if (!count) {
        /* Repetitions interleave the primitives, so a burst of load from
         * another process on this shared machine lands on one repetition
         * of several primitives instead of every repetition of one. */
        for (size_t r = 0; r < REPS; r++)
            for (size_t i = 0; i < N_BENCHES; i++)
                if (available(&benches[i]))
                    benches[i].ns[r] = measure(&benches[i], bufs[benches[i].input],
                                               benches[i].draws);
        print_table(quick);
    }
    free(bufs[RANDOM]);
    free(bufs[UTF8]);
    printf("%zu passed, 0 failed\n", rows);
    return 0;
}
