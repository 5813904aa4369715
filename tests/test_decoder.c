/* Unit tests of the byte-stream decoder (design §3), part 1: booleans,
 * integers and choices -- golden values, verbatim words and folding (rule
 * 4), reachability of every value, and decode(encode(v)) == v (rule 9).
 * The other parts: test_decoder_structure.c (lists, trees, permutations,
 * chunks, record mode), test_decoder_rules.c (totality, zero is simplest,
 * stable widths across every draw), test_decoder_floats.c and
 * test_decoder_strings.c.
 *
 * Golden values are literals worked out from the contract in propfuzz.h:
 * they pin the format, so changing the decoder must break them. */
#include "propfuzz.h"
#include "testkit.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* One draw on fresh input; the offset and overrun after it are kept. */
static size_t g_off;
static bool g_over;
static pf_src *open_src(const uint8_t *d, size_t n) { return pf_begin("test", d, n); }
static void close_src(pf_src *s)
{
    g_off = pf_offset(s);
    g_over = pf_overrun(s);
    pf_end(s);
}
static uint64_t u64r(const uint8_t *d, size_t n, uint64_t lo, uint64_t hi)
{
    pf_src *s = open_src(d, n);
    uint64_t v = pf_u64_range(s, NULL, lo, hi);
    close_src(s);
    return v;
}
static int64_t i64r(const uint8_t *d, size_t n, int64_t lo, int64_t hi)
{
    pf_src *s = open_src(d, n);
    int64_t v = pf_i64_range(s, NULL, lo, hi);
    close_src(s);
    return v;
}

/* The width of an integer draw: every value of the range is its own
 * verbatim word (rule 4), so the word holds hi (and lo, signed). This is
 * what draw_int.c and pf_enc_* do; propfuzz.h's "the smallest word holding
 * hi - lo" cannot be meant literally ([1000, 1010] would have no verbatim
 * word at all). */
static unsigned width_u(uint64_t hi)
{
    return hi <= 0xff ? 1 : hi <= 0xffff ? 2 : hi <= 0xffffffffu ? 4 : 8;
}
static unsigned width_i(int64_t lo, int64_t hi)
{
    if (lo >= 0)
        return width_u((uint64_t)hi);
    if (lo >= INT8_MIN && hi <= INT8_MAX) return 1;
    if (lo >= INT16_MIN && hi <= INT16_MAX) return 2;
    if (lo >= INT32_MIN && hi <= INT32_MAX) return 4;
    return 8;
}
static size_t put_le(uint8_t *out, uint64_t w, unsigned width)
{
    for (unsigned i = 0; i < width; i++)
        out[i] = (uint8_t)(w >> (8 * i));
    return width;
}

/* --- golden: booleans, integers, choices ------------------------------- */

static void test_golden_bool(void)
{
    pf_src *s = open_src(IN(0x00, 0x01, 0x02, 0xff, 0x80));
    EQ_U(pf_bool(s, NULL), 0);
    EQ_U(pf_bool(s, NULL), 1);
    EQ_U(pf_bool(s, NULL), 0); /* low bit only */
    EQ_U(pf_bool(s, NULL), 1);
    EQ_U(pf_bool(s, NULL), 0);
    EQ_U(pf_offset(s), 5);
    CHECK(!pf_overrun(s), "overrun within input");
    EQ_U(pf_bool(s, NULL), 0); /* past the end: zero, overrun */
    CHECK(pf_overrun(s), "no overrun past the end");
    EQ_U(pf_offset(s), 6);
    pf_end(s);
}

static bool bool_p_of(uint8_t b, double p)
{
    pf_src *s = open_src(&b, 1);
    bool v = pf_bool_p(s, NULL, p);
    close_src(s);
    return v;
}

static void test_golden_bool_p(void)
{
    /* true iff byte > 255 - p*256 */
    EQ_U(bool_p_of(0x7f, 0.5), 0);
    EQ_U(bool_p_of(0x80, 0.5), 1);
    EQ_U(bool_p_of(0xbf, 0.25), 0);
    EQ_U(bool_p_of(0xc0, 0.25), 1);
    EQ_U(bool_p_of(0xcb, 0.2), 0); /* 203 > 203.8 is false */
    EQ_U(bool_p_of(0xcc, 0.2), 1); /* 204 > 203.8 */
    EQ_U(bool_p_of(0xfe, 0.001), 0);
    EQ_U(bool_p_of(0xff, 0.001), 1); /* any p > 0: 0xff is true */
    EQ_U(bool_p_of(0xff, 0.0), 0);
    EQ_U(bool_p_of(0xff, -1.0), 0);
    EQ_U(bool_p_of(0x00, 0.999), 0); /* simplest false unless p >= 1 */
    EQ_U(bool_p_of(0x01, 0.999), 1);
    EQ_U(bool_p_of(0x00, 1.0), 1);
    EQ_U(bool_p_of(0x00, 2.0), 1);
    EQ_U(g_off, 1);
}

static void test_golden_u64_range(void)
{
    EQ_U(u64r(IN(0xc8), 0, 255), 200);
    EQ_U(g_off, 1);
    EQ_U(u64r(IN(0x0f), 10, 20), 15);            /* verbatim */
    EQ_U(u64r(IN(0x05), 10, 20), 15);            /* 10 + 5 % 11 */
    EQ_U(u64r(IN(0xff), 10, 20), 12);            /* 10 + 255 % 11 */
    EQ_U(u64r(IN(0xff), 20, 10), 12);            /* bounds swapped */
    EQ_U(u64r(IN(0xe8, 0x03), 1000, 1010), 1000);
    EQ_U(u64r(IN(0xed, 0x03), 1000, 1010), 1005);
    EQ_U(u64r(IN(0xf2, 0x03), 1000, 1010), 1010);
    EQ_U(u64r(IN(0x05, 0x00), 1000, 1010), 1005); /* 1000 + 5 */
    EQ_U(u64r(IN(0xff, 0xff), 1000, 1010), 1008); /* 1000 + 65535 % 11 */
    EQ_U(g_off, 2);
    EQ_U(u64r(IN(0x2c, 0x01), 0, 300), 300);
    EQ_U(u64r(IN(0x2d, 0x01), 0, 300), 0);        /* 301 % 301 */
    EQ_U(u64r(IN(0x00, 0x00, 0x01, 0x00), 0, 65536), 65536);
    EQ_U(g_off, 4);
    EQ_U(u64r(IN(0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef), 0, UINT64_MAX),
         UINT64_C(0xefcdab8967452301));
    EQ_U(g_off, 8);
    EQ_U(u64r(IN(0x07), 5, 5), 5);
    /* Truncated: the missing byte reads as zero. */
    EQ_U(u64r(IN(0xe8), 1000, 1010), 1001);       /* 1000 + 232 % 11 */
    CHECK(g_over && g_off == 2, "overrun %d offset %zu", g_over, g_off);
}

static void test_golden_i64_range(void)
{
    EQ_I(i64r(IN(0xfd), -3, 5), -3);
    EQ_I(i64r(IN(0x05), -3, 5), 5);
    EQ_I(i64r(IN(0x06), -3, 5), -3); /* fold order 0 1 -1 2 -2 3 -3 4 5: k=6 */
    EQ_I(i64r(IN(0x07), -3, 5), 4);
    EQ_I(i64r(IN(0x08), -3, 5), 5);
    EQ_I(i64r(IN(0x09), -3, 5), 0);
    EQ_I(i64r(IN(0x0a), -3, 5), 1);
    EQ_I(i64r(IN(0x0b), -3, 5), -1);
    EQ_I(i64r(IN(0xfc), -3, 5), 0);  /* 252 % 9 = 0 */
    EQ_I(i64r(IN(0x80), -3, 5), -1); /* 128 % 9 = 2 */
    EQ_I(i64r(IN(0x05), 5, -3), 5);  /* bounds swapped */
    EQ_U(g_off, 1);
    EQ_I(i64r(IN(0xd4, 0xfe), -300, -290), -300);
    EQ_I(i64r(IN(0xde, 0xfe), -300, -290), -290);
    EQ_I(i64r(IN(0x00, 0x00), -300, -290), -290); /* nearest zero first */
    EQ_I(i64r(IN(0x01, 0x00), -300, -290), -291);
    EQ_I(i64r(IN(0x0a, 0x00), -300, -290), -300);
    EQ_I(i64r(IN(0x0b, 0x00), -300, -290), -290);
    EQ_U(g_off, 2);
    EQ_I(i64r(IN(0xe8, 0x03), 1000, 1010), 1000);
    EQ_I(i64r(IN(0xf2, 0x03), 1000, 1010), 1010);
    EQ_I(i64r(IN(0x0b, 0x00), 1000, 1010), 1000);  /* 1000 + 11 % 11 */
    EQ_I(i64r(IN(0x18, 0xfc), -1000, 10), -1000);
    EQ_I(i64r(IN(0x0b, 0x00), -1000, 10), 6);      /* k=11: 0 1 -1 ... 6 */
    EQ_I(i64r(IN(0x15, 0x00), -1000, 10), -11);    /* k=21: past the +side */
    EQ_I(i64r(IN(0xff, 0x00), -1, 200), 52);     /* k=255%202=53: 0 1 -1 2 3 .. */
    EQ_I(i64r(IN(0xff, 0xff), -1, 200), -1);
    EQ_I(i64r(IN(0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80), INT64_MIN, 0),
         INT64_MIN);
    EQ_U(g_off, 8);
}

static void test_golden_shorthands(void)
{
    pf_src *s = open_src(IN(0xff, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12,
                            0x01, 0, 0, 0, 0, 0, 0, 0x80, /* u64 */
                            0x80, 0x00, 0x80, 0xff, 0xff, 0xff, 0xff,
                            0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff));
    EQ_U(pf_u8(s, NULL), 255);
    EQ_U(pf_u16(s, NULL), 0x1234);
    EQ_U(pf_u32(s, NULL), 0x12345678);
    EQ_U(pf_u64(s, NULL), UINT64_C(0x8000000000000001));
    EQ_I(pf_i8(s, NULL), -128);
    EQ_I(pf_i16(s, NULL), INT16_MIN);
    EQ_I(pf_i32(s, NULL), -1);
    EQ_I(pf_i64(s, NULL), -2);
    EQ_U(pf_offset(s), 30);
    CHECK(!pf_overrun(s), "overrun");
    pf_end(s);
}

static size_t choice_of(const uint8_t *d, size_t n, size_t k)
{
    pf_src *s = open_src(d, n);
    size_t v = pf_choice(s, NULL, k);
    close_src(s);
    return v;
}

static void test_golden_choice(void)
{
    EQ_U(choice_of(IN(0x02), 3), 2);
    EQ_U(choice_of(IN(0x03), 3), 0);
    EQ_U(choice_of(IN(0x05), 3), 2);
    EQ_U(choice_of(IN(0xff), 3), 0);
    EQ_U(choice_of(IN(0x07), 1), 0);
    EQ_U(choice_of(IN(0x07), 0), 0); /* n == 0 is treated as 1 */
    EQ_U(g_off, 1);
    EQ_U(choice_of(IN(0xff), 256), 255);
    EQ_U(choice_of(IN(0x2b, 0x01), 300), 299);
    EQ_U(choice_of(IN(0x2c, 0x01), 300), 0);
    EQ_U(g_off, 2);
    pf_src *s = open_src(IN(0x01));
    EQ_U(pf_one_of(s, "branch", 2), 1);
    EQ_U(pf_depth(s), 1);
    pf_span_end(s);
    EQ_U(pf_depth(s), 0);
    pf_end(s);
}

/* --- rule 4: verbatim and folding; reachability ----------------------- */

static void rnd_srange(int64_t *lo, int64_t *hi)
{
    static const int64_t edges[][2] = {
        {INT8_MIN, INT8_MAX}, {INT16_MIN, INT16_MAX}, {INT32_MIN, INT32_MAX},
        {INT64_MIN, INT64_MAX}, {INT64_MIN, INT64_MIN + 3}, {INT64_MAX - 3, INT64_MAX},
        {-128, 128}, {-129, 127}, {0, 0}, {-1, -1}, {INT64_MIN, 0}, {0, INT64_MAX},
    };
    switch (below(5)) {
    case 0: *lo = -(int64_t)below(300); *hi = *lo + (int64_t)below(600); break;
    case 1: *lo = (int64_t)below(100000); *hi = *lo + (int64_t)below(1000); break;
    case 2: *hi = -(int64_t)below(100000); *lo = *hi - (int64_t)below(70000); break;
    case 3: *lo = (int64_t)rnd(); *hi = (int64_t)rnd(); break;
    default: {
        size_t i = (size_t)below(sizeof edges / sizeof edges[0]);
        *lo = edges[i][0]; *hi = edges[i][1];
    }
    }
    if (*lo > *hi) {
        int64_t t = *lo; *lo = *hi; *hi = t;
    }
}

static void rnd_urange(uint64_t *lo, uint64_t *hi)
{
    static const uint64_t tops[] = {0, 1, 255, 256, 65535, 65536, UINT32_MAX,
                                    UINT64_C(1) << 32, UINT64_MAX};
    *hi = below(3) ? tops[below(9)] - below(3) : rnd() >> below(64);
    *lo = below(2) ? *hi - below(300) : below(3) ? 0 : rnd();
    if (*lo > *hi) {
        uint64_t t = *lo; *lo = *hi; *hi = t;
    }
}

static uint64_t rnd_in_u(uint64_t lo, uint64_t hi)
{
    switch (below(6)) {
    case 0: return lo;
    case 1: return hi;
    default: return hi - lo == UINT64_MAX ? rnd() : lo + rnd() % (hi - lo + 1);
    }
}

static int64_t rnd_in_i(int64_t lo, int64_t hi)
{
    if (lo <= 0 && hi >= 0 && below(6) == 0)
        return 0;
    return (int64_t)((uint64_t)lo + rnd_in_u(0, (uint64_t)hi - (uint64_t)lo));
}

static void test_rule4_verbatim(void)
{
    uint8_t w[8];
    g_rng = 4;
    for (int i = 0; i < 20000 && !g_test_failed; i++) {
        int64_t lo, hi;
        rnd_srange(&lo, &hi);
        int64_t v = rnd_in_i(lo, hi);
        unsigned width = width_i(lo, hi);
        size_t n = put_le(w, (uint64_t)v, width);
        EQ_I(i64r(w, n, lo, hi), v);
        CHECK(g_off == width && !g_over, "[%" PRId64 ",%" PRId64 "]: offset %zu",
              lo, hi, g_off);
        /* Any word folds into the range. */
        put_le(w, rnd(), width);
        int64_t f = i64r(w, n, lo, hi);
        CHECK(f >= lo && f <= hi, "fold %" PRId64 " outside [%" PRId64 ",%" PRId64 "]",
              f, lo, hi);

        uint64_t ulo, uhi;
        rnd_urange(&ulo, &uhi);
        uint64_t u = rnd_in_u(ulo, uhi);
        width = width_u(uhi);
        n = put_le(w, u, width);
        EQ_U(u64r(w, n, ulo, uhi), u);
        CHECK(g_off == width, "[%" PRIu64 ",%" PRIu64 "]: offset %zu", ulo, uhi, g_off);
        uint64_t word = rnd() >> (64 - 8 * width);
        put_le(w, word, width);
        uint64_t want = word >= ulo && word <= uhi ? word
                      : ulo + word % (uhi - ulo + 1); /* lo, lo+1, ... */
        EQ_U(u64r(w, n, ulo, uhi), want);
    }
}

/* The range in simplicity order 0, 1, -1, 2, -2, ... (clipped). */

static size_t simplicity_order(int64_t lo, int64_t hi, int64_t *out)
{
    size_t n = 0;
    for (int64_t m = 0; n < (size_t)(hi - lo + 1); m++) {
        if (m >= lo && m <= hi)
            out[n++] = m;
        if (m > 0 && -m >= lo && -m <= hi)
            out[n++] = -m;
    }
    return n;
}

static void test_rule4_reachable_and_fold_order(void)
{
    static const int64_t ranges[][2] = {
        {-3, 5}, {-5, 3}, {0, 2}, {250, 260}, {-300, -290}, {1000, 1010},
        {-1000, 10}, {-128, 127}, {0, 0}, {-1, 200},
    };
    static int64_t order[1100];
    static bool seen[1100];
    uint8_t w[2];
    for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
        int64_t lo = ranges[r][0], hi = ranges[r][1];
        unsigned width = width_i(lo, hi);
        size_t span = (size_t)(hi - lo + 1);
        simplicity_order(lo, hi, order);
        memset(seen, 0, sizeof seen);
        for (uint32_t word = 0; word < (1u << (8 * width)); word++) {
            put_le(w, word, width);
            int64_t v = i64r(w, width, lo, hi);
            /* The word as the draw sees it: sign-extended when lo < 0. */
            int64_t sw = lo < 0 && width == 1 ? (int8_t)word
                       : lo < 0 ? (int16_t)word : (int64_t)word;
            int64_t want = sw >= lo && sw <= hi ? sw : order[word % span];
            if (v != want) {
                fail_at(__LINE__, "[%" PRId64 ",%" PRId64 "] word %u -> %" PRId64
                        ", want %" PRId64, lo, hi, word, v, want);
                return;
            }
            seen[v - lo] = true;
            if (lo >= 0) {
                uint64_t u = u64r(w, width, (uint64_t)lo, (uint64_t)hi);
                CHECK(u == (uint64_t)v, "u64 [%" PRId64 ",%" PRId64 "] word %u: %" PRIu64,
                      lo, hi, word, u);
            }
        }
        for (size_t i = 0; i < span; i++)
            CHECK(seen[i], "[%" PRId64 ",%" PRId64 "]: %" PRId64 " unreachable",
                  lo, hi, lo + (int64_t)i);
    }
}

/* --- rule 9: decode(encode(v)) == v ------------------------------------ */

static void test_rule9_integers(void)
{
    g_rng = 9;
    for (int i = 0; i < 20000 && !g_test_failed; i++) {
        pf_buf e = {0};
        int64_t lo, hi;
        uint64_t ulo, uhi;
        rnd_srange(&lo, &hi);
        rnd_urange(&ulo, &uhi);
        int64_t v = rnd_in_i(lo, hi);
        uint64_t u = rnd_in_u(ulo, uhi);
        size_t n = 1 + (size_t)below(1000), c = (size_t)below(n);
        double p = (double)(1 + below(999)) / 1000.0;
        bool b = below(2), bp = below(2);
        unsigned depth = (unsigned)below(5), maxd = (unsigned)below(5);
        size_t nl = 1 + (size_t)below(3), nb = (size_t)below(4);
        size_t kind = (size_t)below(depth >= maxd ? nl : nl + nb);
        if (below(2)) { /* extreme probabilities */
            p = below(2) ? 1.0 / 1024 : 1 - 1.0 / 1024;
        }
        pf_enc_i64_range(&e, lo, hi, v);
        pf_enc_u64_range(&e, ulo, uhi, u);
        pf_enc_choice(&e, n, c);
        pf_enc_bool(&e, b);
        pf_enc_bool_p(&e, p, bp);
        pf_enc_tree_kind(&e, depth, maxd, nl, nb, kind);
        pf_enc_i64_range(&e, hi, lo, v); /* swapped bounds */
        pf_src *s = pf_begin("rt", e.data, e.len);
        EQ_I(pf_i64_range(s, NULL, lo, hi), v);
        EQ_U(pf_u64_range(s, NULL, ulo, uhi), u);
        EQ_U(pf_choice(s, NULL, n), c);
        EQ_U(pf_bool(s, NULL), b);
        CHECK(pf_bool_p(s, NULL, p) == bp, "bool_p(%g) %d did not round-trip", p, bp);
        EQ_U(pf_tree_kind(s, NULL, depth, maxd, nl, nb), kind);
        EQ_I(pf_i64_range(s, NULL, hi, lo), v);
        CHECK(pf_offset(s) == e.len && !pf_overrun(s), "consumed %zu of %zu",
              pf_offset(s), e.len);
        pf_end(s);
        pf_buf_free(&e);
    }
    /* Certain booleans: p = 0 only draws false, p = 1 only true. */
    pf_buf e = {0};
    pf_enc_bool_p(&e, 0.0, false);
    pf_enc_bool_p(&e, 1.0, true);
    pf_src *s = pf_begin("rt", e.data, e.len);
    EQ_U(pf_bool_p(s, NULL, 0.0), 0);
    EQ_U(pf_bool_p(s, NULL, 1.0), 1);
    pf_end(s);
    pf_buf_free(&e);
}

int main(void)
{
    run("golden_bool", test_golden_bool);
    run("golden_bool_p", test_golden_bool_p);
    run("golden_u64_range", test_golden_u64_range);
    run("golden_i64_range", test_golden_i64_range);
    run("golden_shorthands", test_golden_shorthands);
    run("golden_choice", test_golden_choice);
    run("rule4_verbatim_and_fold", test_rule4_verbatim);
    run("rule4_every_value_reachable", test_rule4_reachable_and_fold_order);
    run("rule9_integers_round_trip", test_rule9_integers);
    return finish();
}
