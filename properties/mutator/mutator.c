/* One mutation: a share goes to the engine's own byte mutator (it knows
 * the comparisons it saw and the dictionary); the rest decode the input
 * and make one structural edit of its draws, falling back to the engine
 * when no edit applies. Every result is just bytes: the decoder is total,
 * so whatever the mutator writes replays, and it decodes the same every
 * time (the mutated bytes are what reports and the shrinker see).
 *
 * Switches (read once): PF_MUTATOR=1 switches the mutator on, 0 leaves
 * every mutation to the engine; unset or empty, the target's default
 * decides: off, unless its harness says PF_MUTATOR_DEFAULT_ON (on where
 * bench/mutator.sh measured a gain, see README "Structure-aware
 * mutation");
 * PF_MUTATOR_ENGINE=<pct> the engine's share when on (default 40);
 * PF_MUTATOR_RUNS=1 lets a decode run the target (by default, under
 * libFuzzer, only the input it ran last is edited, whose draws that run
 * recorded: a mutation chain's first step, from a corpus input, goes to
 * the engine; an extra run per mutation halved the executions per second);
 * PF_MUTATOR_STATS=1 prints the shares, the edits and the cost per
 * mutation at exit. */
#define _POSIX_C_SOURCE 200809L

#include "mutator_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

extern size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size)
    __attribute__((weak));

static const char *const edit_names[PF__EDIT_COUNT] = {
    "value", "choice", "string", "delete", "duplicate", "swap", "move",
    "crossover", "flag", "raw"};
/* How often each edit is tried (choice is picked through value; raw by
 * the share of the input pf_rest takes, see structural). */
static const unsigned edit_weights[PF__EDIT_COUNT] = {
    30, 0, 15, 12, 10, 8, 5, 10, 5, 0};

typedef struct counters {
    uint64_t calls, engine, structural, fallback;
    uint64_t edits[PF__EDIT_COUNT];
    double structural_seconds;
} counters;

static counters g_count;
static int g_on = -1;
static unsigned g_engine_pct = 40;
static bool g_runs = true;

/* Whether a decode may run the target: always outside libFuzzer (nothing
 * else recorded the input); under it only with PF_MUTATOR_RUNS=1, else the
 * structural edits keep to the input its last execution recorded. */
static bool may_run(void)
{
    return g_runs || !LLVMFuzzerMutate;
}

static void print_stats(void)
{
    counters *c = &g_count;
    if (!c->calls)
        return;
    fprintf(stderr, "propfuzz mutator: %llu mutations: engine %.1f%%, "
            "structural %.1f%%, fallback to engine %.1f%%; structural "
            "%.1f us each;", (unsigned long long)c->calls,
            100.0 * (double)c->engine / (double)c->calls,
            100.0 * (double)c->structural / (double)c->calls,
            100.0 * (double)c->fallback / (double)c->calls,
            c->structural ? 1e6 * c->structural_seconds /
                                (double)(c->structural + c->fallback)
                          : 0.0);
    for (int k = 0; k < PF__EDIT_COUNT; k++)
        fprintf(stderr, " %s %llu", edit_names[k],
                (unsigned long long)c->edits[k]);
    fprintf(stderr, "; decodes: %llu ran the target, %llu reused its last "
            "execution", (unsigned long long)pf__decode_runs,
            (unsigned long long)pf__decode_reused);
    fprintf(stderr, "\n");
}

/* Defined by PF_MUTATOR_DEFAULT_ON in a harness; weak here, so in a
 * binary whose harness does not define it its address is null: off. */
extern const int pf_mutator_default_on __attribute__((weak));

static void configure(void)
{
    const char *on = getenv("PF_MUTATOR");
    if (on && *on)
        g_on = strcmp(on, "0") != 0;
    else
        g_on = &pf_mutator_default_on && pf_mutator_default_on;
    /* Said once, so a run's log tells which it got: libFuzzer's "found
     * LLVMFuzzerCustomMutator" shows either way (the hooks are always
     * linked), and the default is the harness's (PF_MUTATOR_DEFAULT_ON). */
    fprintf(stderr, "propfuzz: structure-aware mutator %s (%s; PF_MUTATOR=%d turns it %s)\n",
            g_on ? "on" : "off", on && *on ? "PF_MUTATOR" : "this target's default",
            g_on ? 0 : 1, g_on ? "off" : "on");
    const char *pct = getenv("PF_MUTATOR_ENGINE");
    if (pct && *pct) {
        long p = strtol(pct, NULL, 10);
        g_engine_pct = p < 0 ? 0 : p > 100 ? 100 : (unsigned)p;
    }
    const char *runs = getenv("PF_MUTATOR_RUNS");
    g_runs = runs && *runs && strcmp(runs, "0") != 0;
    const char *stats = getenv("PF_MUTATOR_STATS");
    if (stats && *stats && strcmp(stats, "0") != 0)
        atexit(print_stats);
}

bool pf__mutator_on(void)
{
    if (g_on < 0)
        configure();
    return g_on;
}

size_t pf__engine_mutate(pf__rng *r, uint8_t *data, size_t size,
                         size_t max_size)
{
    if (LLVMFuzzerMutate)
        return LLVMFuzzerMutate(data, size, max_size);
    /* No engine linked (tests, other drivers): a byte changed, inserted
     * or removed. */
    switch (pf__rng_below(r, 3)) {
    case 0:
        if (size < max_size) {
            size_t at = pf__rng_below(r, size + 1);
            memmove(data + at + 1, data + at, size - at);
            data[at] = (uint8_t)pf__rng_next(r);
            return size + 1;
        }
        break;
    case 1:
        if (size > 0) {
            size_t at = pf__rng_below(r, size);
            memmove(data + at, data + at + 1, size - at - 1);
            return size - 1;
        }
        break;
    default:
        break;
    }
    if (size > 0)
        data[pf__rng_below(r, size)] ^= (uint8_t)(1u << pf__rng_below(r, 8));
    return size;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static pf__edit pick_edit(pf__rng *r)
{
    unsigned total = 0;
    for (int k = 0; k < PF__EDIT_COUNT; k++)
        total += edit_weights[k];
    uint64_t x = pf__rng_below(r, total);
    for (int k = 0; k < PF__EDIT_COUNT; k++) {
        if (x < edit_weights[k])
            return (pf__edit)k;
        x -= edit_weights[k];
    }
    return PF__EDIT_VALUE;
}

static bool try_edit(pf__rng *r, const pf__decoded *d, const pf__decoded *from,
                     pf__cand *c, pf__edit *kind, size_t max_size)
{
    switch (*kind) {
    case PF__EDIT_RAW: return pf__edit_raw(r, d, c, max_size);
    case PF__EDIT_VALUE:
    case PF__EDIT_CHOICE: return pf__edit_value(r, d, c, kind);
    case PF__EDIT_STRING: return pf__edit_string(r, d, c);
    case PF__EDIT_DELETE: return pf__edit_delete(r, d, c);
    case PF__EDIT_DUPLICATE: return pf__edit_duplicate(r, d, c);
    case PF__EDIT_SWAP: return pf__edit_swap(r, d, c);
    case PF__EDIT_MOVE: return pf__edit_move(r, d, c);
    case PF__EDIT_CROSSOVER: return pf__edit_crossover(r, d, from, c);
    case PF__EDIT_FLAG: return pf__edit_flag(r, d, c);
    default: return false;
    }
}

/* Trailing zeros read as the zeros past the end (rule 1): cut, unless a
 * pf_rest draw takes the input's rest as it is. */
static size_t trimmed(const pf__decoded *d, const pf__cand *c)
{
    size_t n = c->len;
    if (!d->raw)
        while (n > 0 && c->data[n - 1] == 0)
            n--;
    return n;
}

static pf__decoded g_dec, g_other;
static pf__cand g_cand;

/* One structural edit of d into out; 0 when none applied. */
static size_t structural(pf__rng *r, const pf__decoded *d,
                         const pf__decoded *from, const uint8_t *data,
                         size_t size, uint8_t *out, size_t max_size,
                         pf__edit first)
{
    pf__edit kind = first;
    /* Raw bytes (pf_rest: a parser's input taken as it is) are edited as
     * bytes, as often as they are a share of the input. */
    if (d->raw && d->view_len > 0 &&
        pf__rng_below(r, d->view_len) < d->view_len - d->raw_at)
        kind = PF__EDIT_RAW;
    for (int t = 0; t < 6; t++, kind = pick_edit(r)) {
        pf__edit k = kind;
        if (!try_edit(r, d, from, &g_cand, &k, max_size))
            continue;
        size_t n = trimmed(d, &g_cand);
        if (n == 0 || n > max_size ||
            (n == size && memcmp(g_cand.data, data, n) == 0))
            continue;
        memcpy(out, g_cand.data, n);
        g_count.edits[k]++;
        return n;
    }
    return 0;
}

static size_t to_engine(pf__rng *r, const uint8_t *data, size_t size,
                        uint8_t *out, size_t max_size)
{
    if (out != data)
        memcpy(out, data, size < max_size ? size : max_size);
    return pf__engine_mutate(r, out, size < max_size ? size : max_size,
                             max_size);
}

/* A structural attempt that began at t0 counted: its edit (n bytes), or
 * when none applied the engine's mutation of data instead. */
static size_t counted(pf__rng *r, double t0, size_t n, const uint8_t *data,
                      size_t size, uint8_t *out, size_t max_size)
{
    g_count.structural_seconds += now() - t0;
    if (n) {
        g_count.structural++;
        return n;
    }
    g_count.fallback++;
    return to_engine(r, data, size, out, max_size);
}

size_t pf__mutate(const uint8_t *data, size_t size, uint8_t *out,
                  size_t max_size, unsigned seed)
{
    pf__rng r = {((uint64_t)seed << 32) ^ seed ^ 0x5851f42d4c957f2du};
    g_count.calls++;
    if (!pf__mutator_on() || pf__rng_below(&r, 100) < g_engine_pct) {
        g_count.engine++;
        return to_engine(&r, data, size, out, max_size);
    }
    double t0 = now();
    size_t n = 0;
    if (LLVMFuzzerMutate && !pf_recording())
        pf__watch_executions();
    if (pf__decode(data, size, &g_dec, may_run())) {
        pf__pool_add(&r, &g_dec);
        n = structural(&r, &g_dec, NULL, data, size, out, max_size,
                       pick_edit(&r));
    }
    return counted(&r, t0, n, data, size, out, max_size);
}

size_t pf__mutate_decoded(const pf__decoded *d, const pf__decoded *from,
                          const uint8_t *data, size_t size, uint8_t *out,
                          size_t max_size, unsigned seed)
{
    pf__rng r = {((uint64_t)seed << 32) ^ seed ^ 0x9e3779b97f4a7c15u};
    g_count.calls++;
    double t0 = now();
    size_t n = structural(&r, d, from, data, size, out, max_size,
                          from ? PF__EDIT_CROSSOVER : pick_edit(&r));
    return counted(&r, t0, n, data, size, out, max_size);
}

size_t pf__crossover(const uint8_t *d1, size_t s1, const uint8_t *d2,
                     size_t s2, uint8_t *out, size_t max_size, unsigned seed)
{
    pf__rng r = {((uint64_t)seed << 32) ^ seed ^ 0x2545f4914f6cdd1du};
    g_count.calls++;
    /* libFuzzer splits its mutations between the two hooks once both are
     * defined: off, both are its default mutations (its own crossover
     * among them), so that off is plain libFuzzer. */
    if (!pf__mutator_on() || pf__rng_below(&r, 100) < g_engine_pct) {
        g_count.engine++;
        return to_engine(&r, d1, s1, out, max_size);
    }
    double t0 = now();
    size_t n = 0;
    if (LLVMFuzzerMutate && !pf_recording())
        pf__watch_executions();
    /* The other input is decoded one time in four (a run of the target);
     * otherwise its subtrees come from the pool of recent inputs. */
    bool other = g_runs && pf__rng_below(&r, 4) == 0;
    if (pf__decode(d1, s1, &g_dec, may_run()) &&
        (!other || pf__decode(d2, s2, &g_other, true))) {
        pf__pool_add(&r, &g_dec);
        /* libFuzzer gives this hook half of all mutations: crossover in
         * half of them, any edit in the rest. */
        n = structural(&r, &g_dec, other ? &g_other : NULL, d1, s1, out,
                       max_size, other || pf__rng_below(&r, 2)
                                     ? PF__EDIT_CROSSOVER : pick_edit(&r));
    }
    return counted(&r, t0, n, d1, s1, out, max_size);
}
