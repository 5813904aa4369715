/* Float draws (design §3 rule 7): a tag byte, then one word.
 *
 *   tag 0             the word as a signed integer, converted: integers are
 *                     the simplest floats, and all-zero gives 0.0
 *   tag 1..N          a nasty value from the table below (word ignored)
 *   tag N+1..0x7f     a dyadic m / 2^e: few fraction bits
 *   tag 0x80..0xff    the word's IEEE bits verbatim (NaN payloads included)
 *
 * A value the options exclude (NaN, infinity, out of range) folds into the
 * range using the word, so every tag still gives an allowed value. */
#include "../core/pf_internal.h"

#include <float.h>
#include <math.h>

enum { TAG_INTEGER = 0, TAG_RAW = 0x80 };

static double bits_to_double(uint64_t w)
{
    double d;
    memcpy(&d, &w, sizeof d);
    return d;
}

static float bits_to_float(uint32_t w)
{
    float f;
    memcpy(&f, &w, sizeof f);
    return f;
}

/* Shared nasty values; slots 0..3 are replaced by the range's bounds and
 * their inner neighbours when the draw is bounded. */
#define N_BOUND_SLOTS 4
static const double nasty_double[] = {
    0, 0, 0, 0, /* bound slots: lo, nextup(lo), hi, nextdown(hi) */
    -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, -NAN,
    4.9406564584124654e-324 /* smallest subnormal */, -4.9406564584124654e-324,
    DBL_MIN, -DBL_MIN, DBL_MAX, -DBL_MAX, DBL_EPSILON,
    9007199254740991.0 /* 2^53-1 */, 9007199254740992.0 /* 2^53 */,
    9007199254740994.0 /* 2^53+2: 2^53+1 is not a double */,
    -9007199254740991.0, -9007199254740992.0,
    0.5, -0.5, 0.1, 1.0 / 3.0, 2.2250738585072009e-308 /* largest subnormal */,
    0.99999999999999989 /* nextdown(1) */, 1.0000000000000002 /* nextup(1) */,
    FLT_MAX, FLT_MIN, 1e300, -1e-300, 65536.0, 4294967296.0,
    9223372036854775807.0 /* 2^63 */, -9223372036854775808.0,
    18446744073709551616.0 /* 2^64 */,
};
#define N_NASTY (sizeof nasty_double / sizeof nasty_double[0])
/* Signalling NaN with payload 1: quiet NaNs alone miss payload bugs. */
static const uint64_t SNAN_BITS = UINT64_C(0x7ff0000000000001);
#define TAG_SNAN (N_NASTY + 1)
#define TAG_LAST_NASTY TAG_SNAN

static inline bool allowed(double v, const pf_float_opts *o)
{
    if (isnan(v))
        return !o->no_nan && !o->bounded;
    if (isinf(v) && o->no_inf)
        return false;
    if (o->bounded && (v < o->min || v > o->max))
        return false;
    return true;
}

/* The simplest allowed value: 0.0, or the bound nearest zero. */
static double simplest(const pf_float_opts *o)
{
    if (!o->bounded || (o->min <= 0 && o->max >= 0))
        return 0.0;
    return o->min > 0 ? o->min : o->max;
}

/* Bounds that are NaN or reversed leave no value; checked on every bounded
 * draw (one comparison) so the first call says so. */
static inline void check_bounds(const pf_src *s, const char *draw,
                                const char *label, const pf_float_opts *o)
{
    if (o->bounded && !(o->min <= o->max))
        pf__misuse(s, draw, label, "bounds [%g, %g] hold no value (min must be <= max, "
                   "neither NaN)", o->min, o->max);
}

/* The simplest value when nothing else is allowed; if even it is not,
 * the options allow no value at all. Only excluded values get here, so
 * an empty set is reported at its first draw and costs nothing else. */
static double fallback(const pf_src *s, const char *draw, const char *label,
                       const pf_float_opts *o)
{
    double r = simplest(o);
    if (!allowed(r, o))
        pf__misuse(s, draw, label, "bounded to [%g, %g] with no_inf: no value is "
                   "allowed (widen the bounds or allow infinities)", o->min, o->max);
    return r;
}

/* Folds an excluded value toward the allowed set; `frac` in [0, 1) comes
 * from the word (53 bits of a double's, 32 of a float's) and spreads the
 * result over the range. The caller checks the result: an infinite bound
 * with no_inf can still land on infinity. */
static double fold(double v, uint64_t word, double frac,
                   const pf_float_opts *o, bool tag0)
{
    double r = v;
    if (word == 0 && tag0) {
        r = simplest(o);
    } else if (o->bounded) {
        r = o->min * (1 - frac) + o->max * frac; /* no overflow */
        if (!(r >= o->min))
            r = o->min;
        if (r > o->max)
            r = o->max;
    } else if (isnan(v) || isinf(v)) {
        r = (double)(int64_t)word;
    }
    return r;
}

static double frac53(uint64_t word) { return (double)(word >> 11) * 0x1p-53; }
static double frac32(uint32_t word) { return (double)word * 0x1p-32; }

/* 2^-e for e in 0..63: a normal power of two, built from its bits. */
static inline double pow2_neg(unsigned e)
{
    return bits_to_double((uint64_t)(1023 - e) << 52);
}

/* Dyadic tags: the int32 (double) or int16 (float) low part of the word
 * over 2^e. The product is exact, as ldexp's is (at most 31 significant
 * bits, never below 2^-63), so this is ldexp without the libm call. */
static inline double dyadic_double(uint64_t word)
{
    return (double)(int32_t)(uint32_t)word * pow2_neg((word >> 32) & 63);
}
static inline double dyadic_float(uint32_t word)
{
    return (double)(int16_t)(uint16_t)word * pow2_neg((word >> 16) & 31);
}

/* Doubles of the table that have no float meaning map to their float
 * counterparts, so pf_float's one-byte nasty values are float-nasty. */
static float float_counterpart(double d)
{
    if (d == DBL_EPSILON) return FLT_EPSILON;
    if (d == DBL_MIN) return FLT_MIN;
    if (d == -DBL_MIN) return -FLT_MIN;
    if (d == DBL_MAX) return FLT_MAX;
    if (d == -DBL_MAX) return -FLT_MAX;
    if (d == 4.9406564584124654e-324) return 1.40129846e-45f;   /* FLT_TRUE_MIN */
    if (d == -4.9406564584124654e-324) return -1.40129846e-45f;
    if (d == 2.2250738585072009e-308) return 1.17549421e-38f;   /* largest subnormal */
    return (float)d;
}

static double nasty(size_t tag, const pf_float_opts *o)
{
    if (tag == TAG_SNAN)
        return bits_to_double(SNAN_BITS);
    size_t i = tag - 1;
    if (i < N_BOUND_SLOTS) {
        if (!o->bounded)
            return i % 2 ? -1.0 * (double)(i + 1) : (double)(i + 1);
        switch (i) {
        case 0: return o->min;
        case 1: return nextafter(o->min, INFINITY);
        case 2: return o->max;
        default: return nextafter(o->max, -INFINITY);
        }
    }
    return nasty_double[i];
}

/* --- double -------------------------------------------------------------- */

/* An excluded double, folded; out of line (with the nasty tags below) so
 * the common tags decode without a call. */
static __attribute__((noinline)) double
double_excluded(const pf_src *s, const char *label, double v, uint64_t word,
                const pf_float_opts *o, bool tag0)
{
    double r = fold(v, word, frac53(word), o, tag0);
    /* An infinite bound with no_inf can still land on infinity. */
    return allowed(r, o) ? r : fallback(s, "pf_double", label, o);
}

static __attribute__((noinline)) double
double_nasty(const pf_src *s, const char *label, unsigned tag, uint64_t word,
             const pf_float_opts *o)
{
    double v = nasty(tag, o);
    return allowed(v, o) ? v : double_excluded(s, label, v, word, o, false);
}

/* The value of a tag and its word under the options (s and label only
 * name the draw in a misuse report). */
static inline double decode_double(const pf_src *s, const char *label,
                                   unsigned tag, uint64_t word,
                                   const pf_float_opts *o)
{
    double v;
    if (tag >= TAG_RAW)
        v = bits_to_double(word);
    else if (tag == TAG_INTEGER)
        v = (double)(int64_t)word;
    else if (tag > TAG_LAST_NASTY)
        v = dyadic_double(word);
    else
        return double_nasty(s, label, tag, word, o);
    return allowed(v, o) ? v
                         : double_excluded(s, label, v, word, o, tag == TAG_INTEGER);
}

static const pf_float_opts no_opts;

static __attribute__((noinline)) double
double_general(pf_src *s, const char *label, const pf_float_opts *o)
{
    size_t at = s->pos;
    unsigned tag = pf__read_byte(s);
    uint64_t word = pf__read_word(s, 8);
    double v = decode_double(s, label, tag, word, o);
    if (s->recording) {
        pf_record *r = pf__record(s, PF_DRAW_DOUBLE, label, at);
        r->lo.d = o->bounded ? o->min : -INFINITY;
        r->hi.d = o->bounded ? o->max : INFINITY;
        r->value.d = v;
    }
    return v;
}

double pf_double(pf_src *s, const char *label, const pf_float_opts *opts)
{
    const pf_float_opts *o = opts ? opts : &no_opts;
    check_bounds(s, "pf_double", label, o);
    if (!pf__fast(s, 9))
        return double_general(s, label, o);
    const uint8_t *p = s->data + s->pos;
    s->pos += 9;
    return decode_double(s, label, p[0], pf__load_le64(p + 1), o);
}

/* --- float ----------------------------------------------------------------- */

/* The float nearest the simplest value inside the bounds: the bounds need
 * not be floats. None there (no float between them, or only an excluded
 * infinity): no value is allowed. */
static float float_fallback(const pf_src *s, const char *label,
                            const pf_float_opts *o)
{
    float f = (float)simplest(o);
    if (o->bounded && (double)f < o->min)
        f = nextafterf(f, INFINITY);
    if (o->bounded && (double)f > o->max)
        f = nextafterf(f, -INFINITY);
    if (!allowed((double)f, o))
        pf__misuse(s, "pf_float", label, "no float lies in [%g, %g]%s (widen the "
                   "bounds%s)", o->min, o->max, o->no_inf ? " without infinities" : "",
                   o->no_inf ? " or allow infinities" : "");
    return f;
}

/* An excluded float, or one pushed out of range by rounding: fold. */
static __attribute__((noinline)) float
float_excluded(const pf_src *s, const char *label, float f, unsigned tag,
               uint32_t word, const pf_float_opts *o)
{
    f = (float)fold((double)f, word, frac32(word), o, tag == TAG_INTEGER);
    return allowed((double)f, o) ? f : float_fallback(s, label, o);
}

static __attribute__((noinline)) float
float_nasty(const pf_src *s, const char *label, unsigned tag, uint32_t word,
            const pf_float_opts *o)
{
    float f;
    if (tag == TAG_SNAN) {
        f = bits_to_float(UINT32_C(0x7f800001));
    } else if (o->bounded && (tag == 2 || tag == 4)) {
        /* The bounds' inner neighbours as floats: the double neighbours
         * would round back onto the bounds. */
        f = tag == 2 ? nextafterf((float)o->min, INFINITY)
                     : nextafterf((float)o->max, -INFINITY);
    } else {
        f = float_counterpart(nasty(tag, o));
    }
    return allowed((double)f, o) ? f : float_excluded(s, label, f, tag, word, o);
}

/* Floats follow the double scheme on a 4-byte word: integer and dyadic
 * modes, the table with double-only values mapped to float ones, raw mode
 * on the float's own bits. */
static inline float decode_float(const pf_src *s, const char *label,
                                 unsigned tag, uint32_t word,
                                 const pf_float_opts *o)
{
    float f;
    if (tag >= TAG_RAW)
        f = bits_to_float(word);
    else if (tag == TAG_INTEGER)
        f = (float)(int32_t)word;
    else if (tag > TAG_LAST_NASTY)
        f = (float)dyadic_float(word);
    else
        return float_nasty(s, label, tag, word, o);
    return allowed((double)f, o) ? f : float_excluded(s, label, f, tag, word, o);
}

static __attribute__((noinline)) float
float_general(pf_src *s, const char *label, const pf_float_opts *o)
{
    size_t at = s->pos;
    unsigned tag = pf__read_byte(s);
    uint32_t word = (uint32_t)pf__read_word(s, 4);
    float f = decode_float(s, label, tag, word, o);
    if (s->recording) {
        pf_record *r = pf__record(s, PF_DRAW_FLOAT, label, at);
        r->lo.d = o->bounded ? o->min : -INFINITY;
        r->hi.d = o->bounded ? o->max : INFINITY;
        r->value.d = (double)f;
    }
    return f;
}

float pf_float(pf_src *s, const char *label, const pf_float_opts *opts)
{
    const pf_float_opts *o = opts ? opts : &no_opts;
    check_bounds(s, "pf_float", label, o);
    if (!pf__fast(s, 8)) /* 5 bytes, read as one 8-byte load */
        return float_general(s, label, o);
    uint64_t w = pf__load_le64(s->data + s->pos);
    s->pos += 5;
    return decode_float(s, label, (uint8_t)w, (uint32_t)(w >> 8), o);
}

/* --- inverse ----------------------------------------------------------- */

void pf_enc_double(pf_buf *e, const pf_float_opts *opts, double v)
{
    const pf_float_opts *o = opts ? opts : &no_opts;
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    /* An integer (not -0.0) encodes as tag 0 when that decodes back. */
    if (v == v && v == floor(v) && fabs(v) < 9.2e18 && !(v == 0 && signbit(v))) {
        uint64_t w = (uint64_t)(int64_t)v;
        if (pf_f64_bits_equal(decode_double(NULL, NULL, TAG_INTEGER, w, o), v)) {
            pf_buf_putc(e, TAG_INTEGER);
            pf__write_le(e, w, 8);
            return;
        }
    }
    pf_buf_putc(e, TAG_RAW);
    pf__write_le(e, bits, 8);
}

void pf_enc_float(pf_buf *e, const pf_float_opts *opts, float v)
{
    (void)opts;
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    pf_buf_putc(e, TAG_RAW);
    pf__write_le(e, bits, 4);
}
