/* Integer, boolean and choice draws (design §3 rules 2-4). */
#include "pf_internal.h"

/* Values of [lo, hi] in simplicity order: 0, 1, -1, 2, -2, ... clipped to
 * the range, so a folded word lands near zero more often than not. */
int64_t pf__signed_from_index(int64_t lo, int64_t hi, uint64_t k)
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

/* Widths are chosen so every value of the range is its own verbatim word:
 * then any value a fuzzer or dictionary plants lands exactly (rule 4). */
static unsigned unsigned_width(uint64_t hi) { return pf__width_for(hi); }


static int64_t sign_extend(uint64_t w, unsigned width)
{
    if (width == 8)
        return (int64_t)w;
    uint64_t sign = UINT64_C(1) << (8 * width - 1);
    return (int64_t)((w ^ sign) - sign);
}

uint64_t pf_u64_range(pf_src *s, const char *label, uint64_t lo, uint64_t hi)
{
    if (lo > hi) {
        uint64_t t = lo; lo = hi; hi = t;
    }
    size_t at = s->pos;
    uint64_t w = pf__read_word(s, unsigned_width(hi));
    uint64_t v = w;
    if (w < lo || w > hi)
        v = lo + w % (hi - lo + 1); /* hi - lo + 1 > 0: not the full range */
    if (s->recording) {
        pf_record *r = pf__record(s, PF_DRAW_UINT, label, at);
        r->lo.u = lo;
        r->hi.u = hi;
        r->value.u = v;
    }
    return v;
}

int64_t pf_i64_range(pf_src *s, const char *label, int64_t lo, int64_t hi)
{
    if (lo > hi) {
        int64_t t = lo; lo = hi; hi = t;
    }
    size_t at = s->pos;
    int64_t v;
    if (lo >= 0) {
        /* A non-negative range reads like an unsigned one: zero-extended. */
        uint64_t w = pf__read_word(s, unsigned_width((uint64_t)hi));
        v = w <= (uint64_t)hi && w >= (uint64_t)lo
                ? (int64_t)w
                : pf__signed_from_index(lo, hi,
                                        w % ((uint64_t)hi - (uint64_t)lo + 1));
    } else {
        unsigned width = pf__signed_width(lo, hi);
        uint64_t w = pf__read_word(s, width);
        int64_t sw = sign_extend(w, width);
        uint64_t span = (uint64_t)hi - (uint64_t)lo;
        if (sw >= lo && sw <= hi)
            v = sw;
        else
            v = pf__signed_from_index(lo, hi, w % (span + 1));
    }
    if (s->recording) {
        pf_record *r = pf__record(s, PF_DRAW_INT, label, at);
        r->lo.i = lo;
        r->hi.i = hi;
        r->value.i = v;
    }
    return v;
}

uint8_t pf_u8(pf_src *s, const char *l) { return (uint8_t)pf_u64_range(s, l, 0, UINT8_MAX); }
uint16_t pf_u16(pf_src *s, const char *l) { return (uint16_t)pf_u64_range(s, l, 0, UINT16_MAX); }
uint32_t pf_u32(pf_src *s, const char *l) { return (uint32_t)pf_u64_range(s, l, 0, UINT32_MAX); }
uint64_t pf_u64(pf_src *s, const char *l) { return pf_u64_range(s, l, 0, UINT64_MAX); }
int8_t pf_i8(pf_src *s, const char *l) { return (int8_t)pf_i64_range(s, l, INT8_MIN, INT8_MAX); }
int16_t pf_i16(pf_src *s, const char *l) { return (int16_t)pf_i64_range(s, l, INT16_MIN, INT16_MAX); }
int32_t pf_i32(pf_src *s, const char *l) { return (int32_t)pf_i64_range(s, l, INT32_MIN, INT32_MAX); }
int64_t pf_i64(pf_src *s, const char *l) { return pf_i64_range(s, l, INT64_MIN, INT64_MAX); }

bool pf_bool(pf_src *s, const char *label)
{
    size_t at = s->pos;
    bool v = pf__read_byte(s) & 1;
    if (s->recording)
        pf__record(s, PF_DRAW_BOOL, label, at)->value.u = v;
    return v;
}

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

bool pf_bool_p(pf_src *s, const char *label, double p)
{
    size_t at = s->pos;
    unsigned b = pf__read_byte(s);
    bool v = b >= 256 - true_bytes(p);
    if (s->recording) {
        pf_record *r = pf__record(s, PF_DRAW_BOOL, label, at);
        r->hi.d = p;
        r->value.u = v;
    }
    return v;
}

size_t pf_choice(pf_src *s, const char *label, size_t n)
{
    return (size_t)pf_u64_range(s, label, 0, n ? (uint64_t)n - 1 : 0);
}

size_t pf_one_of(pf_src *s, const char *label, size_t n)
{
    pf_span_begin(s, label);
    return pf_choice(s, label, n);
}

size_t pf_tree_kind(pf_src *s, const char *label, unsigned depth,
                    unsigned max_depth, size_t n_leaf, size_t n_branch)
{
    size_t n = depth >= max_depth ? n_leaf : n_leaf + n_branch;
    return pf_choice(s, label, n);
}

void pf_permutation(pf_src *s, const char *label, size_t *perm, size_t n)
{
    pf_span_begin(s, label);
    for (size_t i = 0; i < n; i++)
        perm[i] = i;
    for (size_t i = n; i-- > 1;) {
        /* Drawn as a distance back from i, so zero means "no swap". */
        size_t j = i - (size_t)pf_u64_range(s, NULL, 0, i);
        size_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    pf_span_end(s);
}

size_t pf_chunks(pf_src *s, const char *label, size_t total, size_t *sizes,
                 size_t max_chunks)
{
    size_t count = 0, left = total;
    if (max_chunks == 0 || total == 0)
        return 0;
    pf_span_begin(s, label);
    while (left > 0 && count + 1 < max_chunks) {
        size_t at = s->pos;
        bool more = pf__read_byte(s) != 0;
        if (s->recording)
            pf__record(s, PF_DRAW_FLAG, NULL, at)->value.u = more;
        if (!more)
            break;
        size_t n = (size_t)pf_u64_range(s, NULL, 1, left);
        sizes[count++] = n;
        left -= n;
    }
    if (left > 0)
        sizes[count++] = left;
    pf_span_end(s);
    return count;
}
