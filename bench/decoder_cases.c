/* decoder_cases — what a decoder decodes, one line per case, so that two
 * builds of the decoder can be compared value for value.
 *
 *   decoder_cases [N]      N cases (default 300000), the same on every run
 *
 * A case is one draw (any primitive of the base API) with pseudo-random
 * constraints on a pseudo-random input (uniform bytes, small bytes, sparse,
 * high bytes, UTF-8 leads); the line holds the value, the offset after it
 * and the overrun flag. bench/draw_ab.sh builds it against a revision and
 * the working tree and diffs the two outputs: a speed-up of the decoder
 * must not change a single line. Constraints that leave no value (a
 * misuse, which aborts) and float ranges whose simplest float the decoder
 * at b2207c7 got wrong are skipped. */
#include "propfuzz.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t g_state = 12345;
static uint64_t rnd(void)
{
    uint64_t z = (g_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}
static uint64_t below(uint64_t n) { return n ? rnd() % n : 0; }

static uint64_t dbits(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static double pool_double(void)
{
    static const double p[] = {0, -0.0, 1, -1, 0.5, -2.5, 1e-300, -1e-300, 1e300, -1e300,
                               0x1p-1074, DBL_MIN, -DBL_MAX, DBL_MAX, 1e30, -1e30, 1e-30,
                               3, 1000, -1000, 0x1p-149, INFINITY, -INFINITY, FLT_MAX,
                               0.1, 1e39, -1e39};
    if (below(3))
        return p[below(sizeof p / sizeof p[0])];
    uint64_t b = rnd();
    double d;
    memcpy(&d, &b, sizeof d);
    return isnan(d) ? 0.5 : d;
}

/* Options that leave a value, in a region every revision decodes right. */
static bool usable(const pf_float_opts *o, bool as_float)
{
    if (!o->bounded)
        return true;
    if (o->no_inf && isinf(o->min) && o->min == o->max)
        return false;
    if (!as_float)
        return true;
    float f = (float)o->min;
    if ((double)f < o->min)
        f = nextafterf(f, INFINITY);
    if (!((double)f <= o->max) || (isinf(f) && o->no_inf))
        return false;
    return !(o->min > 0 && (double)(float)o->min < o->min) &&
           !(o->max < 0 && (double)(float)o->max > o->max);
}

static void float_opts(pf_float_opts *o, bool as_float)
{
    do {
        memset(o, 0, sizeof *o);
        o->no_nan = below(2);
        o->no_inf = below(2);
        if (below(3)) {
            o->bounded = true;
            o->min = pool_double();
            o->max = below(5) ? pool_double() : o->min;
            if (o->min > o->max) {
                double t = o->min; o->min = o->max; o->max = t;
            }
        }
    } while (!usable(o, as_float));
}

static void hex(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
}

static void ints(pf_src *s, unsigned op)
{
    if (op == 0) {
        uint64_t lo = below(2) ? below(300) : rnd() >> below(64);
        uint64_t hi = below(2) ? lo + below(2000) : rnd() >> below(64);
        printf("%" PRIu64, pf_u64_range(s, NULL, lo, hi));
    } else if (op == 1) {
        int64_t lo = below(2) ? -(int64_t)below(3000) : (int64_t)rnd();
        int64_t hi = below(2) ? lo + (int64_t)below(5000) : (int64_t)rnd();
        if (below(6) == 0) {
            lo = INT64_MIN;
            hi = below(2) ? -1 : INT64_MAX;
        }
        printf("%" PRId64, pf_i64_range(s, NULL, lo, hi));
    } else if (op == 2) {
        double p = below(4) ? (double)below(1100) / 1000 : (double)rnd() / 1e19;
        printf("%d %d", pf_bool_p(s, NULL, p), pf_bool(s, NULL));
    } else {
        unsigned d = (unsigned)below(6), m = (unsigned)below(6);
        printf("%zu %zu", pf_choice(s, NULL, below(600)),
               pf_tree_kind(s, NULL, d, m, 1 + below(3), below(300)));
    }
}

static void floats(pf_src *s, bool as_float)
{
    pf_float_opts o;
    float_opts(&o, as_float);
    if (!as_float) {
        printf("%016" PRIx64, dbits(pf_double(s, NULL, below(5) ? &o : NULL)));
        return;
    }
    float f = pf_float(s, NULL, &o);
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    printf("%08" PRIx32, b);
}

static void strings(pf_src *s, bool text)
{
    size_t len;
    if (!text) {
        size_t min = below(4), max = below(3) ? min + below(30) : PF_UNBOUNDED;
        if (below(5) == 0)
            max = below(3);
        hex(pf_bytes(s, NULL, min, max, &len), len);
        return;
    }
    static const uint32_t abc[] = {'a', 0xe9, 0x1f600, 0, 0x10ffff, 'z', 0x7f, 0x80,
                                   0x800, 0xffff};
    pf_text_opts o = {0};
    o.min_len = below(3);
    o.max_len = below(3) ? below(20) : 0;
    if (below(3) == 0) {
        o.alphabet = abc + below(3);
        o.alphabet_len = 1 + below(7);
    }
    o.allow_invalid = below(5) == 0;
    hex((const uint8_t *)pf_text(s, NULL, &o, &len), len);
}

static void structure(pf_src *s, unsigned op)
{
    if (op == 0) {
        pf_list l;
        size_t min = below(3), k = 0;
        pf_list_begin(s, &l, "l", min, min + below(10));
        while (pf_list_more(s, &l)) {
            uint8_t v = pf_u8(s, NULL);
            if (below(2) && !pf_list_unique(s, &l, &v, 1))
                continue;
            k++;
        }
        printf("%zu", k);
    } else if (op == 1) {
        size_t p[300], k = below(4) ? below(12) : below(300);
        pf_permutation(s, NULL, p, k);
        for (size_t i = 0; i < k; i++)
            printf("%zu,", p[i]);
    } else {
        size_t sz[9], total = below(3) ? below(500) : rnd() >> below(64);
        size_t k = pf_chunks(s, NULL, total, sz, 1 + below(8));
        for (size_t i = 0; i < k; i++)
            printf("%zu,", sz[i]);
    }
}

static void fill(uint8_t *buf, size_t n)
{
    unsigned style = (unsigned)below(5);
    for (size_t i = 0; i < n; i++)
        buf[i] = style == 0 ? (uint8_t)rnd() : style == 1 ? (uint8_t)below(3)
               : style == 2 ? (below(8) ? 0 : (uint8_t)rnd())
               : style == 3 ? (uint8_t)(0x80 + below(0x80)) : (uint8_t)(0xc0 + below(0x38));
}

int main(int argc, char **argv)
{
    static uint8_t buf[256];
    long cases = argc > 1 ? atol(argv[1]) : 300000;
    for (long c = 0; c < cases; c++) {
        size_t n = below(4) ? below(24) : below(200);
        fill(buf, n);
        pf_src *s = pf_begin("cases", buf, n);
        unsigned op = (unsigned)below(12);
        printf("%ld op%u ", c, op);
        if (op < 4)
            ints(s, op);
        else if (op < 6)
            floats(s, op == 5);
        else if (op < 9)
            strings(s, op == 8 || op == 7);
        else
            structure(s, op - 9);
        printf(" @%zu %d\n", pf_offset(s), pf_overrun(s));
        pf_end(s);
    }
    return 0;
}
