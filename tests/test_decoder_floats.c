/* Unit tests of the byte-stream decoder (design §3), part 4: floats --
 * golden values for every tag (integer mode, the nasty table, dyadic, raw
 * bits with NaN payloads, bounded folding), the nasty values reachable by
 * one tag byte and constraints always respected (rule 7), and bit-exact
 * decode(encode(v)) == v (rule 9). Golden values pin the format. */
#include "propfuzz.h"
#include "testkit.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* --- float helpers ------------------------------------------------------ */

static uint64_t dbits(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}
static double from_dbits(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}
static uint32_t fbits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}
static float from_fbits(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static void eq_bits(int line, const char *what, uint64_t got, uint64_t want)
{
    if (got != want)
        fail_at(line, "%s: bits %016" PRIx64 " (%g), want %016" PRIx64 " (%g)", what,
                got, from_dbits(got), want, from_dbits(want));
}
static void eq_fbits(int line, const char *what, uint32_t got, uint32_t want)
{
    if (got != want)
        fail_at(line, "%s: bits %08" PRIx32 " (%g), want %08" PRIx32 " (%g)", what,
                got, (double)from_fbits(got), want, (double)from_fbits(want));
}
/* Bit-exact: -0.0 is not 0.0, NaN payloads count. */
#define EQ_D(a, b) eq_bits(__LINE__, #a, dbits(a), dbits(b))
#define EQ_DBITS(a, b) eq_bits(__LINE__, #a, dbits(a), (uint64_t)(b))
#define EQ_F(a, b) eq_fbits(__LINE__, #a, fbits(a), fbits(b))
#define EQ_FBITS(a, b) eq_fbits(__LINE__, #a, fbits(a), (uint32_t)(b))

static size_t g_off;
static double dbl(const uint8_t *d, size_t n, const pf_float_opts *o)
{
    pf_src *s = pf_begin("test", d, n);
    double v = pf_double(s, NULL, o);
    g_off = pf_offset(s);
    pf_end(s);
    return v;
}
static float flt(const uint8_t *d, size_t n, const pf_float_opts *o)
{
    pf_src *s = pf_begin("test", d, n);
    float v = pf_float(s, NULL, o);
    g_off = pf_offset(s);
    pf_end(s);
    return v;
}
/* One tag byte, then the word little-endian. */
static double dtag(unsigned tag, uint64_t word, const pf_float_opts *o)
{
    uint8_t b[9] = {(uint8_t)tag};
    for (int i = 0; i < 8; i++)
        b[1 + i] = (uint8_t)(word >> (8 * i));
    return dbl(b, sizeof b, o);
}
static float ftag(unsigned tag, uint32_t word, const pf_float_opts *o)
{
    uint8_t b[5] = {(uint8_t)tag};
    for (int i = 0; i < 4; i++)
        b[1 + i] = (uint8_t)(word >> (8 * i));
    return flt(b, sizeof b, o);
}

/* What the options allow (the header's pf_float_opts). */
static bool allowed(double v, const pf_float_opts *o)
{
    if (isnan(v))
        return !o->no_nan && !o->bounded;
    if (isinf(v) && o->no_inf)
        return false;
    return !o->bounded || (v >= o->min && v <= o->max);
}

/* --- golden: pf_double --------------------------------------------------- */

/* Tag 1..40 with a zero word, unbounded: the nasty table, in order. */
static const uint64_t nasty_bits[] = {
    0x3ff0000000000000, 0xc000000000000000, 0x4008000000000000, 0xc010000000000000,
    0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x7ff0000000000000,
    0xfff0000000000000, 0x7ff8000000000000, 0xfff8000000000000, 0x0000000000000001,
    0x8000000000000001, 0x0010000000000000, 0x8010000000000000, 0x7fefffffffffffff,
    0xffefffffffffffff, 0x3cb0000000000000, 0x433fffffffffffff, 0x4340000000000000,
    0x4340000000000001, 0xc33fffffffffffff, 0xc340000000000000, 0x3fe0000000000000,
    0xbfe0000000000000, 0x3fb999999999999a, 0x3fd5555555555555, 0x000fffffffffffff,
    0x3fefffffffffffff, 0x3ff0000000000001, 0x47efffffe0000000, 0x3810000000000000,
    0x7e37e43c8800759c, 0x81a56e1fc2f8f359, 0x40f0000000000000, 0x41f0000000000000,
    0x43e0000000000000, 0xc3e0000000000000, 0x43f0000000000000,
    0x7ff0000000000001, /* tag 40: signalling NaN, payload 1 */
};

static void test_golden_double_tags(void)
{
    for (unsigned t = 1; t <= sizeof nasty_bits / sizeof nasty_bits[0]; t++) {
        double v = dtag(t, 0, NULL);
        if (dbits(v) != nasty_bits[t - 1])
            fail_at(__LINE__, "tag %u: bits %016" PRIx64 ", want %016" PRIx64, t,
                    dbits(v), nasty_bits[t - 1]);
    }
    EQ_U(g_off, 9);
    EQ_D(dtag(41, 0, NULL), 0.0); /* first dyadic tag */
}

static void test_golden_double(void)
{
    /* tag 0: the word as a signed integer */
    EQ_D(dbl(IN(0, 5, 0, 0, 0, 0, 0, 0, 0), NULL), 5.0);
    EQ_D(dbl(IN(0, 0xfb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), NULL), -5.0);
    EQ_D(dbl(IN(0, 0, 0, 0, 0, 0, 0, 0, 0x80), NULL), -9223372036854775808.0);
    EQ_D(dbl(IN(0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f), NULL),
         9223372036854775808.0);
    EQ_U(g_off, 9);
    /* dyadic: int32 low word / 2^(bits 32..37) */
    EQ_D(dbl(IN(0x29, 3, 0, 0, 0, 2, 0, 0, 0), NULL), 0.75);
    EQ_D(dbl(IN(0x7f, 0xfb, 0xff, 0xff, 0xff, 0x41, 0, 0, 0), NULL), -2.5);
    EQ_D(dbl(IN(0x29, 1, 0, 0, 0, 0x3f, 0xff, 0xff, 0xff), NULL), 0x1p-63);
    /* raw IEEE bits, tags 0x80..0xff */
    EQ_D(dbl(IN(0x80, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f), NULL), 1.5);
    EQ_D(dbl(IN(0xff, 0, 0, 0, 0, 0, 0, 0, 0x80), NULL), -0.0);
    EQ_DBITS(dbl(IN(0xc0, 0x23, 0x01, 0, 0, 0, 0, 0xf0, 0x7f), NULL), 0x7ff0000000000123);
    EQ_DBITS(dbl(IN(0x80, 0x23, 0x01, 0, 0, 0, 0, 0xf8, 0xff), NULL), 0xfff8000000000123);
    /* truncated: the word reads as zero past the end */
    EQ_D(dbl(IN(0x80, 0, 0, 0, 0, 0, 0, 0xf8), NULL), 0x1.8p-1008);
    EQ_U(g_off, 9);
    EQ_D(dbl(NULL, 0, NULL), 0.0);
}

static void test_golden_double_bounded(void)
{
    pf_float_opts b23 = {.bounded = true, .min = 2, .max = 3};
    pf_float_opts m55 = {.bounded = true, .min = -5, .max = 5};
    pf_float_opts pos = {.bounded = true, .min = 10, .max = 20};
    pf_float_opts neg = {.bounded = true, .min = -20, .max = -10};
    pf_float_opts unit = {.bounded = true, .min = -1, .max = 1};
    EQ_D(dtag(1, 0, &b23), 2.0);
    EQ_DBITS(dtag(2, 0, &b23), 0x4000000000000001); /* nextup(2) */
    EQ_D(dtag(3, 0, &b23), 3.0);
    EQ_DBITS(dtag(4, 0, &b23), 0x4007ffffffffffff); /* nextdown(3) */
    EQ_D(dtag(5, 0, &b23), 2.0);        /* -0.0 excluded: folds by the word */
    EQ_D(dtag(8, UINT64_C(1) << 63, &b23), 2.5); /* inf: word/2^64 of the way */
    EQ_D(dtag(10, 0, &b23), 2.0);       /* NaN is never in a range */
    EQ_D(dtag(0, 3, &m55), 3.0);        /* in range: verbatim */
    EQ_D(dtag(0, 7, &m55), -5.0);       /* out: folded by the word */
    EQ_D(dtag(0, 0, &pos), 10.0);       /* zero: the bound nearest 0 */
    EQ_D(dtag(0, 0, &neg), -10.0);
    EQ_D(dtag(0x80, dbits(2.0), &unit), -0.5);
    EQ_D(dtag(0x80, dbits(-INFINITY), &pos), 19.99755859375);
    EQ_D(dtag(0x29, 0x0000000100000001, &unit), 0.5); /* dyadic 1/2 */
}

static void test_golden_double_no_nan_inf(void)
{
    pf_float_opts nn = {.no_nan = true}, ni = {.no_inf = true};
    EQ_D(dtag(10, 0, &nn), 0.0);
    EQ_D(dtag(10, 5, &nn), 5.0);       /* excluded: the word as an integer */
    EQ_D(dtag(40, 0, &nn), 0.0);
    EQ_D(dtag(0x80, 0x7ff8000000000000, &nn), 9221120237041090560.0);
    EQ_D(dtag(8, 7, &ni), 7.0);
    EQ_D(dtag(9, (uint64_t)-2, &ni), -2.0);
    EQ_D(dtag(16, 0, &ni), DBL_MAX);   /* finite stays */
    EQ_DBITS(dtag(10, 0, &ni), 0x7ff8000000000000); /* NaN still allowed */
}

/* --- golden: pf_float ---------------------------------------------------- */

static void test_golden_float(void)
{
    pf_float_opts b = {.bounded = true, .min = 0.5, .max = 2};
    EQ_F(flt(IN(0, 5, 0, 0, 0), NULL), 5.0f);
    EQ_F(flt(IN(0, 0xff, 0xff, 0xff, 0xff), NULL), -1.0f);
    EQ_F(flt(IN(0, 0xff, 0xff, 0xff, 0x7f), NULL), 2147483648.0f);
    EQ_U(g_off, 5);
    /* the double table as floats: double-only values map to their float
     * counterparts (DBL_EPSILON -> FLT_EPSILON, ...) */
    EQ_F(ftag(1, 0, NULL), 1.0f);
    EQ_F(ftag(2, 0, NULL), -2.0f);
    EQ_FBITS(ftag(5, 0, NULL), 0x80000000);
    EQ_FBITS(ftag(8, 0, NULL), 0x7f800000);
    EQ_FBITS(ftag(9, 0, NULL), 0xff800000);
    EQ_FBITS(ftag(10, 0, NULL), 0x7fc00000);
    EQ_FBITS(ftag(11, 0, NULL), 0xffc00000);
    EQ_FBITS(ftag(12, 0, NULL), 0x00000001); /* FLT_TRUE_MIN */
    EQ_FBITS(ftag(14, 0, NULL), 0x00800000); /* FLT_MIN */
    EQ_FBITS(ftag(16, 0, NULL), 0x7f7fffff); /* FLT_MAX */
    EQ_FBITS(ftag(18, 0, NULL), 0x34000000); /* FLT_EPSILON */
    EQ_FBITS(ftag(19, 0, NULL), 0x5a000000); /* 2^53-1 -> 2^53 */
    EQ_F(ftag(31, 0, NULL), FLT_MAX);
    EQ_F(ftag(32, 0, NULL), FLT_MIN);
    EQ_FBITS(ftag(40, 0, NULL), 0x7f800001); /* float signalling NaN */
    /* dyadic: int16 low half / 2^(bits 16..20) */
    EQ_F(flt(IN(0x29, 0xfd, 0xff, 0x03, 0x00), NULL), -0.375f);
    EQ_F(flt(IN(0x7f, 0x03, 0x00, 0x22, 0x00), NULL), 0.75f);
    /* raw float bits */
    EQ_F(flt(IN(0x80, 0, 0, 0xc0, 0x3f), NULL), 1.5f);
    EQ_FBITS(flt(IN(0xfe, 0x23, 0x01, 0x80, 0x7f), NULL), 0x7f800123);
    EQ_FBITS(flt(IN(0x80, 0, 0, 0, 0x80), NULL), 0x80000000);
    /* bounded: the bounds and their float neighbours */
    EQ_F(ftag(1, 0, &b), 0.5f);
    EQ_FBITS(ftag(2, 0, &b), 0x3f000001);
    EQ_F(ftag(3, 0, &b), 2.0f);
    EQ_FBITS(ftag(4, 0, &b), 0x3fffffff);
    EQ_F(ftag(0, 0, &b), 0.5f);
    EQ_F(ftag(0, 1, &b), 1.0f);
    /* folding: the fraction is the 4-byte word over 2^32, spread over
     * [min, max]: 3.0f is out of range and 0x40400000 / 2^32 = 0.25098 */
    EQ_F(ftag(0, 5, &b), 0.5f);
    EQ_F(ftag(0x80, 0x40400000, &b), 0.5f + 1.5f * (float)(0x40400000 * 0x1p-32));
    EQ_U(g_off, 5);
}

/* --- rule 7: nasty values by one tag byte; constraints ------------------ */

typedef struct nasty {
    const char *name;
    unsigned tag;
    uint64_t bits;
} nasty;

static void test_rule7_nasty_reachable(void)
{
    static const nasty list[] = {
        {"0.0", 0, 0}, {"-0.0", 5, 0x8000000000000000}, {"1", 6, 0x3ff0000000000000},
        {"-1", 7, 0xbff0000000000000}, {"inf", 8, 0x7ff0000000000000},
        {"-inf", 9, 0xfff0000000000000}, {"NaN", 10, 0x7ff8000000000000},
        {"-NaN", 11, 0xfff8000000000000}, {"sNaN payload 1", 40, 0x7ff0000000000001},
        {"min subnormal", 12, 1}, {"DBL_MIN", 14, 0x0010000000000000},
        {"DBL_MAX", 16, 0x7fefffffffffffff}, {"DBL_EPSILON", 18, 0x3cb0000000000000},
        {"2^53-1", 19, 0x433fffffffffffff}, {"2^53", 20, 0x4340000000000000},
        {"2^53+2", 21, 0x4340000000000001},
    };
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++) {
        double v = dtag(list[i].tag, 0, NULL);
        CHECK(dbits(v) == list[i].bits, "%s: tag %u gave %g", list[i].name,
              list[i].tag, v);
    }
    static const double ranges[][2] = {
        {2, 3}, {-1.5, 2.25}, {-3, -2}, {1e-300, 1e300}, {-DBL_MAX, DBL_MAX},
        {0, 1}, {-0x1p-1074, 0x1p-1074},
    };
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
        pf_float_opts o = {.bounded = true, .min = ranges[i][0], .max = ranges[i][1]};
        EQ_D(dtag(1, 0, &o), o.min);
        EQ_D(dtag(2, 0, &o), nextafter(o.min, INFINITY));
        EQ_D(dtag(3, 0, &o), o.max);
        EQ_D(dtag(4, 0, &o), nextafter(o.max, -INFINITY));
        float fmin = (float)o.min, fmax = (float)o.max;
        if ((double)fmin != o.min || (double)fmax != o.max || isinf(fmin) || isinf(fmax))
            continue; /* the bounds of pf_float must be floats */
        EQ_F(ftag(1, 0, &o), fmin);
        EQ_F(ftag(2, 0, &o), nextafterf(fmin, INFINITY));
        EQ_F(ftag(3, 0, &o), fmax);
        EQ_F(ftag(4, 0, &o), nextafterf(fmax, -INFINITY));
    }
}

static double pool_value(bool as_float)
{
    static const double pool[] = {
        0, -0.0, 1, -1, 0.5, -2.5, 1e-300, -1e-300, 1e300, -1e300, 0x1p-1074,
        DBL_MIN, -DBL_MAX, DBL_MAX, 1e30, -1e30, 1e-30, 3.0, 1000, -1000, 0x1p-149,
    };
    double v = below(3) ? pool[below(sizeof pool / sizeof pool[0])]
                        : from_dbits(rnd() & ~UINT64_C(0x4000000000000000)) * (below(2) ? 1 : -1);
    if (isnan(v))
        v = 0;
    if (as_float) {
        if (fabs(v) > FLT_MAX)
            v = v > 0 ? FLT_MAX : -FLT_MAX;
        v = (double)(float)v;
    }
    return v;
}

static void rnd_opts(pf_float_opts *o, bool as_float)
{
    memset(o, 0, sizeof *o);
    o->no_nan = below(2);
    o->no_inf = below(2);
    if (below(3)) {
        o->bounded = true;
        o->min = pool_value(as_float);
        o->max = below(5) ? pool_value(as_float) : o->min;
        if (o->min > o->max) {
            double t = o->min; o->min = o->max; o->max = t;
        }
    }
}

static void rnd_input(uint8_t *b, size_t n)
{
    static const uint8_t tags[] = {0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 16, 40, 41, 0x7f, 0x80, 0xff};
    b[0] = below(2) ? tags[below(sizeof tags)] : (uint8_t)rnd();
    uint64_t w = below(4) == 0 ? below(10) : rnd();
    if (below(4) == 0)
        w |= UINT64_C(0x7ff0000000000000); /* inf or NaN bits */
    for (size_t i = 1; i < n; i++)
        b[i] = (uint8_t)(w >> (8 * (i - 1)));
}

static void test_rule7_constraints_respected(void)
{
    uint8_t b[9];
    pf_float_opts o;
    g_rng = 7;
    for (int i = 0; i < 200000 && !g_test_failed; i++) {
        bool as_float = i % 2;
        rnd_opts(&o, as_float);
        rnd_input(b, as_float ? 5 : 9);
        double v = as_float ? (double)flt(b, 5, &o) : dbl(b, 9, &o);
        CHECK(allowed(v, &o),
              "%s tag %02x: %g not allowed (bounded %d [%g, %g] no_nan %d no_inf %d)",
              as_float ? "float" : "double", b[0], v, o.bounded, o.min, o.max,
              o.no_nan, o.no_inf);
    }
}

/* --- rule 9: decode(encode(v)) == v, bit-exact --------------------------- */

static double rnd_double(const pf_float_opts *o)
{
    static const uint64_t special[] = {
        0, 0x8000000000000000, 0x7ff0000000000001, 0xfff8000000000123,
        0x7ff4000000000000, 0x7ff8000000000000, 0x7ff0000000000000, 1,
    };
    switch (below(7)) {
    case 0: return from_dbits(special[below(8)]);
    case 1: return (double)((int64_t)below(2001) - 1000);
    case 2: return ldexp((double)(int32_t)rnd(), -(int)below(64));
    case 3:
        if (o->bounded) {
            double u = (double)below(1001) / 1000;
            return below(2) ? o->min + (o->max - o->min) * u
                            : nextafter(below(2) ? o->min : o->max, below(2) ? INFINITY : -INFINITY);
        }
        return (double)(int64_t)rnd();
    case 4: return o->bounded ? (below(2) ? o->min : o->max) : -0.0;
    default: return from_dbits(rnd());
    }
}

static void test_rule9_double_round_trip(void)
{
    pf_float_opts o;
    size_t tested = 0;
    g_rng = 9;
    for (int i = 0; i < 100000 && !g_test_failed; i++) {
        rnd_opts(&o, false);
        double v = rnd_double(&o);
        if (!allowed(v, &o))
            continue;
        tested++;
        pf_buf e = {0};
        pf_enc_double(&e, &o, v);
        double got = dbl(e.data, e.len, &o);
        CHECK(dbits(got) == dbits(v) && g_off == e.len && e.len == 9,
              "%016" PRIx64 " (%g) decoded as %016" PRIx64 " with bounded %d [%g, %g]",
              dbits(v), v, dbits(got), o.bounded, o.min, o.max);
        pf_buf_free(&e);
    }
    CHECK(tested > 30000, "only %zu values tested", tested);
}

static void test_rule9_float_round_trip(void)
{
    static const uint32_t special[] = {
        0, 0x80000000, 0x7f800001, 0xffc00123, 0x7fa00000, 0x7fc00000, 0x7f800000, 1,
    };
    pf_float_opts o;
    size_t tested = 0;
    g_rng = 19;
    for (int i = 0; i < 100000 && !g_test_failed; i++) {
        rnd_opts(&o, true);
        float v;
        switch (below(5)) {
        case 0: v = from_fbits(special[below(8)]); break;
        case 1: v = (float)((int)below(2001) - 1000); break;
        case 2: v = (float)(o.bounded ? o.min + (o.max - o.min) * (double)below(101) / 100 : 0.25);
                break;
        case 3: v = (float)(o.bounded ? (below(2) ? o.min : o.max) : -0.0);
                v = below(2) ? v : nextafterf(v, below(2) ? INFINITY : -INFINITY);
                break;
        default: v = from_fbits((uint32_t)rnd()); break;
        }
        if (!allowed((double)v, &o))
            continue;
        tested++;
        pf_buf e = {0};
        pf_enc_float(&e, &o, v);
        float got = flt(e.data, e.len, &o);
        CHECK(fbits(got) == fbits(v) && g_off == e.len && e.len == 5,
              "%08" PRIx32 " (%g) decoded as %08" PRIx32, fbits(v), (double)v, fbits(got));
        pf_buf_free(&e);
    }
    CHECK(tested > 30000, "only %zu values tested", tested);
}

int main(void)
{
    run("golden_double_tags", test_golden_double_tags);
    run("golden_double", test_golden_double);
    run("golden_double_bounded", test_golden_double_bounded);
    run("golden_double_no_nan_no_inf", test_golden_double_no_nan_inf);
    run("golden_float", test_golden_float);
    run("rule7_nasty_values_one_tag", test_rule7_nasty_reachable);
    run("rule7_constraints_respected", test_rule7_constraints_respected);
    run("rule9_double_round_trip", test_rule9_double_round_trip);
    run("rule9_float_round_trip", test_rule9_float_round_trip);
    return finish();
}
