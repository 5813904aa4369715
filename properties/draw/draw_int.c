/* Integer, boolean and choice draws (design §3 rules 2-4). */
#include "../core/pf_internal.h"

/* Values of [lo, hi] in simplicity order: 0, 1, -1, 2, -2, ... clipped to
 * the range, so a folded word lands near zero more often than not. */
static inline int64_t from_index(int64_t lo, int64_t hi, uint64_t k)
{
    if (lo >= 0)
        return (int64_t)((uint64_t)lo + k);
    if (hi <= 0)
        return (int64_t)((uint64_t)hi - k);
    uint64_t neg = 0 - (uint64_t)lo, pos = (uint64_t)hi;
    uint64_t m = neg < pos ? neg : pos; /* the symmetric part */
    if (k <= 2 * m) {
        if (k % 2 == 1)
            return (int64_t)((k + 1) / 2);
        return (int64_t)(0 - k / 2);
    }
    uint64_t mag = m + (k - 2 * m);
    return pos > neg ? (int64_t)mag : (int64_t)(0 - mag);
}

int64_t pf__signed_from_index(int64_t lo, int64_t hi, uint64_t k)
{
    return from_index(lo, hi, k);
}

uint64_t pf__signed_to_index(int64_t lo, int64_t hi, int64_t v)
{
    if (lo >= 0)
        return (uint64_t)v - (uint64_t)lo;
    if (hi <= 0)
        return (uint64_t)hi - (uint64_t)v;
    uint64_t neg = 0 - (uint64_t)lo, pos = (uint64_t)hi;
    uint64_t m = neg < pos ? neg : pos;
    uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    if (mag <= m)
        return v > 0 ? 2 * mag - 1 : 2 * mag;
    return 2 * m + (mag - m);
}

/* Each draw below has a fast path for fuzzing (not recording, a whole
 * 8-byte word left) that makes no call, so it saves no registers, and a
 * general path (recording, or the end of the input) that it tail-calls.
 * Both compute the value with the same fold function. */

/* The value of word w for [lo, hi], lo <= hi: verbatim when in range, else
 * lo + w mod (hi - lo + 1). The full range (span + 1 == 0) takes every
 * word verbatim, so it never reaches the modulo. */
static inline uint64_t unsigned_value(uint64_t w, uint64_t lo, uint64_t hi)
{
    return w - lo <= hi - lo ? w : lo + pf__mod(w, hi - lo + 1);
}

static __attribute__((noinline)) uint64_t
u64_range_general(pf_src *s, const char *label, uint64_t lo, uint64_t hi)
{
    size_t at = s->pos;
    uint64_t v = unsigned_value(pf__read_word(s, pf__width_for(hi)), lo, hi);
    if (s->recording) {
        pf_record *r = pf__record(s, PF_DRAW_UINT, label, at);
        r->lo.u = lo;
        r->hi.u = hi;
        r->value.u = v;
    }
    return v;
}

/* Widths are chosen so every value of the range is its own verbatim word:
 * then any value a fuzzer or dictionary plants lands exactly (rule 4). */
uint64_t pf_u64_range(pf_src *s, const char *label, uint64_t lo, uint64_t hi)
{
    if (lo > hi) {
        uint64_t t = lo; lo = hi; hi = t;
    }
    if (!pf__fast(s, 8))
        return u64_range_general(s, label, lo, hi);
    unsigned width = pf__width_for(hi);
    uint64_t w = pf__load_le64(s->data + s->pos) & pf__width_mask(width);
    s->pos += width;
    return unsigned_value(w, lo, hi);
}

/* The word sign-extended from width bytes: (w ^ sign) - sign. */
static inline int64_t sign_extend(uint64_t w, unsigned width)
{
    uint64_t sign = UINT64_C(1) << (8 * width - 1);
    return (int64_t)((w ^ sign) - sign);
}

/* A non-negative range reads its word zero-extended, like an unsigned
 * one; a range below zero reads it sign-extended at the narrowest width
 * holding both bounds, and folds the unsigned word in simplicity order. */
static inline unsigned signed_range_width(int64_t lo, int64_t hi)
{
    return lo >= 0 ? pf__width_for((uint64_t)hi) : pf__signed_width(lo, hi);
}

static inline int64_t signed_value(uint64_t w, unsigned width, int64_t lo,
                                   int64_t hi)
{
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    if (lo >= 0)
        return (int64_t)unsigned_value(w, (uint64_t)lo, (uint64_t)hi);
    int64_t sw = sign_extend(w, width);
    if ((uint64_t)sw - (uint64_t)lo <= span)
        return sw; /* in range; always so for the full int64 range */
    return from_index(lo, hi, pf__mod(w, span + 1));
}

static __attribute__((noinline)) int64_t
i64_range_general(pf_src *s, const char *label, int64_t lo, int64_t hi)
{
    size_t at = s->pos;
    unsigned width = signed_range_width(lo, hi);
    int64_t v = signed_value(pf__read_word(s, width), width, lo, hi);
    if (s->recording) {
        pf_record *r = pf__record(s, PF_DRAW_INT, label, at);
        r->lo.i = lo;
        r->hi.i = hi;
        r->value.i = v;
    }
    return v;
}

int64_t pf_i64_range(pf_src *s, const char *label, int64_t lo, int64_t hi)
{
    if (lo > hi) {
        int64_t t = lo; lo = hi; hi = t;
    }
    if (!pf__fast(s, 8))
        return i64_range_general(s, label, lo, hi);
    unsigned width = signed_range_width(lo, hi);
    uint64_t w = pf__load_le64(s->data + s->pos) & pf__width_mask(width);
    s->pos += width;
    return signed_value(w, width, lo, hi);
}

uint8_t pf_u8(pf_src *s, const char *l) { return (uint8_t)pf_u64_range(s, l, 0, UINT8_MAX); }
uint16_t pf_u16(pf_src *s, const char *l) { return (uint16_t)pf_u64_range(s, l, 0, UINT16_MAX); }
uint32_t pf_u32(pf_src *s, const char *l) { return (uint32_t)pf_u64_range(s, l, 0, UINT32_MAX); }
uint64_t pf_u64(pf_src *s, const char *l) { return pf_u64_range(s, l, 0, UINT64_MAX); }
int8_t pf_i8(pf_src *s, const char *l) { return (int8_t)pf_i64_range(s, l, INT8_MIN, INT8_MAX); }
int16_t pf_i16(pf_src *s, const char *l) { return (int16_t)pf_i64_range(s, l, INT16_MIN, INT16_MAX); }
int32_t pf_i32(pf_src *s, const char *l) { return (int32_t)pf_i64_range(s, l, INT32_MIN, INT32_MAX); }
int64_t pf_i64(pf_src *s, const char *l) { return pf_i64_range(s, l, INT64_MIN, INT64_MAX); }

/* Number of byte values (out of 256) that mean true for probability p:
 * byte > 255 - p*256, i.e. ceil(p*256) of them. For 0 < p < 1 it stays in
 * [1, 255], so 0xff is true and 0x00 false (zero is simplest, and
 * pf_enc_bool_p relies on both). */
static unsigned true_bytes(double p)
{
    if (!(p > 0))
        return 0;
    if (p >= 1)
        return 256;
    double x = p * 256.0; /* exact: a power-of-two scale */
    unsigned n = (unsigned)x;
    if ((double)n < x)
        n++;
    return n < 1 ? 1 : n > 255 ? 255 : n;
}

static __attribute__((noinline)) bool bool_general(pf_src *s, const char *label,
                                                  double p, bool with_p)
{
    size_t at = s->pos;
    unsigned b = pf__read_byte(s);
    bool v = with_p ? b >= 256 - true_bytes(p) : b & 1;
    if (s->recording) {
        pf_record *r = pf__record(s, PF_DRAW_BOOL, label, at);
        if (with_p)
            r->hi.d = p;
        r->value.u = v;
    }
    return v;
}

bool pf_bool(pf_src *s, const char *label)
{
    if (!pf__fast(s, 1))
        return bool_general(s, label, 0, false);
    return s->data[s->pos++] & 1;
}

bool pf_bool_p(pf_src *s, const char *label, double p)
{
    if (!pf__fast(s, 1))
        return bool_general(s, label, p, true);
    return s->data[s->pos++] >= 256 - true_bytes(p);
}

