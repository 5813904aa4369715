/* Unit tests of the byte-stream decoder (design §3), part 6: weighted
 * choices and weighted tree kinds -- golden values (verbatim indices,
 * cumulative-weight folding, widths), zero is simplest (rule 2, also when
 * the first weight is 0), weights of 0 never drawn, the share of each
 * index close to its weight, records, and decode(encode(v)) == v (rule 9).
 * Golden values pin the format. */
#include "propfuzz.h"
#include "testkit.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t g_off;

static size_t weighted_of(const uint8_t *d, size_t n, const uint32_t *w, size_t k)
{
    pf_src *s = pf_begin("test", d, n);
    size_t v = pf_choice_weighted(s, NULL, w, k);
    g_off = pf_offset(s);
    pf_end(s);
    return v;
}

static void test_golden_weighted(void)
{
    static const uint32_t w[] = {1, 3, 0, 6}; /* total 10: one byte */
    EQ_U(weighted_of(IN(0x00), w, 4), 0);
    EQ_U(weighted_of(IN(0x01), w, 4), 1);    /* verbatim */
    EQ_U(weighted_of(IN(0x02), w, 4), 1);    /* weight 0: 2 mod 10 is in [1, 4) */
    EQ_U(weighted_of(IN(0x03), w, 4), 3);    /* verbatim */
    EQ_U(weighted_of(IN(0x04), w, 4), 3);    /* 4 in [4, 10) */
    EQ_U(weighted_of(IN(0x0a), w, 4), 0);    /* 10 mod 10 = 0 */
    EQ_U(weighted_of(IN(0x0d), w, 4), 1);    /* 13 mod 10 = 3 */
    EQ_U(weighted_of(IN(0xff), w, 4), 3);    /* 255 mod 10 = 5 */
    EQ_U(g_off, 1);
    static const uint32_t z[] = {0, 0, 5, 5};  /* zero weight first */
    EQ_U(weighted_of(IN(0x00), z, 4), 2);    /* the first drawable index */
    EQ_U(weighted_of(IN(0x01), z, 4), 2);    /* 1 in [0, 5) */
    EQ_U(weighted_of(IN(0x03), z, 4), 3);
    EQ_U(weighted_of(IN(0x07), z, 4), 3);    /* 7 in [5, 10) */
    static const uint32_t big[] = {200, 100}; /* total 300: two bytes */
    EQ_U(weighted_of(IN(0x01, 0x00), big, 2), 1);
    EQ_U(weighted_of(IN(0xc7, 0x00), big, 2), 0);  /* 199 */
    EQ_U(weighted_of(IN(0xc8, 0x00), big, 2), 1);  /* 200 */
    EQ_U(weighted_of(IN(0x2c, 0x01), big, 2), 0);  /* 300 mod 300 = 0 */
    EQ_U(g_off, 2);
    static const uint32_t one[] = {7};
    EQ_U(weighted_of(IN(0x63), one, 1), 0);
    EQ_U(g_off, 1);
    /* Truncated: the missing byte reads as zero. */
    pf_src *s = pf_begin("test", IN(0xc8));
    EQ_U(pf_choice_weighted(s, NULL, big, 2), 1);       /* 0x00c8 = 200 */
    CHECK(pf_overrun(s) && pf_offset(s) == 2, "overrun %d offset %zu", pf_overrun(s),
          pf_offset(s));
    pf_end(s);
}

/* The width holds every index and every point of the weights. */
static void test_weighted_width(void)
{
    static const uint32_t w255[] = {255, 1}, w257[] = {256, 1};
    static uint32_t many[300];
    for (size_t i = 0; i < 300; i++)
        many[i] = i == 0;
    static const uint32_t huge[] = {UINT32_MAX, UINT32_MAX};
    static const uint8_t zeros[16];
    struct { const uint32_t *w; size_t n, width; } cases[] = {
        {w255, 2, 1}, {w257, 2, 2}, {many, 300, 2}, {huge, 2, 8},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        EQ_U(weighted_of(zeros, sizeof zeros, cases[i].w, cases[i].n), 0);
        CHECK(g_off == cases[i].width, "case %zu: width %zu, want %zu", i, g_off,
              cases[i].width);
    }
}

static void test_weighted_zero_is_simplest(void)
{
    static const uint8_t zeros[64];
    static const uint32_t w[] = {0, 0, 1, 9}, leaves[] = {0, 2, 3, 9, 9};
    pf_src *s = pf_begin("zero", zeros, sizeof zeros);
    EQ_U(pf_choice_weighted(s, NULL, w, 4), 2);
    for (unsigned d = 0; d < 6; d++)
        EQ_U(pf_tree_kind_weighted(s, NULL, d, 3, leaves, 2, 3), 1); /* a leaf */
    pf_end(s);
    s = pf_begin("empty", NULL, 0);
    EQ_U(pf_choice_weighted(s, NULL, w, 4), 2);
    EQ_U(pf_tree_kind_weighted(s, NULL, 0, 3, leaves, 2, 3), 1);
    pf_end(s);
}

/* Every word: weights of 0 never drawn, each index about its share. */
static void test_weighted_shares(void)
{
    static const uint32_t w[] = {2, 0, 60, 138, 0, 200};
    size_t count[6] = {0};
    const size_t words = 1u << 16; /* total 400: two bytes, every word once */
    for (uint32_t word = 0; word < words; word++) {
        uint8_t b[2] = {(uint8_t)word, (uint8_t)(word >> 8)};
        count[weighted_of(b, 2, w, 6)]++;
    }
    EQ_U(count[1], 0);
    EQ_U(count[4], 0);
    for (size_t i = 0; i < 6; i++) {
        double share = (double)count[i] / (double)words, want = w[i] / 400.0;
        CHECK(share > want - 0.002 && share < want + 0.002,
              "index %zu: share %.4f, weight %.4f", i, share, want);
    }
}

static void test_weighted_tree_kind(void)
{
    static const uint32_t w[] = {1, 2, 3, 4, 5}; /* 2 leaves, 3 branches */
    pf_src *s = pf_begin("tree", IN(0x04, 0x04, 0x05, 0x02, 0x0f));
    EQ_U(pf_tree_kind_weighted(s, NULL, 0, 3, w, 2, 3), 4); /* verbatim */
    EQ_U(pf_tree_kind_weighted(s, NULL, 3, 3, w, 2, 3), 1); /* cap: 4 mod 3 */
    EQ_U(pf_tree_kind_weighted(s, NULL, 1, 3, w, 2, 3), 2); /* 5 mod 15 in [3, 6) */
    EQ_U(pf_tree_kind_weighted(s, NULL, 9, 3, w, 2, 3), 1); /* 2 mod 3 */
    EQ_U(pf_tree_kind_weighted(s, NULL, 0, 3, w, 2, 3), 0); /* 15 mod 15 = 0 */
    pf_end(s);
}

static void test_weighted_records(void)
{
    static const uint32_t w[] = {1, 3, 0, 6};
    static const char *const names[] = {"a", "b", "c", "d"};
    pf_set_recording(true);
    pf_src *s = pf_begin("rec", IN(0x07, 0x01));
    pf_set_recording(false);
    EQ_U(pf_choice_weighted(s, "pick", w, 4), 3);
    pf_name_values(s, names, 4);
    EQ_U(pf_choice_weighted(s, "again", w, 4), 1);
    EQ_U(pf_record_count(s), 2);
    const pf_record *r = pf_record_at(s, 0);
    CHECK(r && r->kind == PF_DRAW_UINT && strcmp(r->label, "pick") == 0 &&
          r->offset == 0 && r->width == 1 && r->lo.u == 0 && r->hi.u == 3 &&
          r->value.u == 3 && r->n_names == 4, "record of a weighted choice");
    pf_end(s);
}

/* --- rule 9: decode(encode(v)) == v ------------------------------------ */

static void test_rule9_weighted(void)
{
    uint32_t w[40];
    g_rng = 77;
    for (int iter = 0; iter < 20000 && !g_test_failed; iter++) {
        size_t n = 1 + (size_t)below(40), n_leaf = 1 + (size_t)below(n);
        for (size_t i = 0; i < n; i++)
            w[i] = below(4) == 0 ? 0 : below(3) ? (uint32_t)below(10)
                 : below(2) ? (uint32_t)below(100000) : (uint32_t)rnd();
        w[below(n_leaf)] |= 1; /* a drawable leaf */
        size_t pick, kind;
        do pick = (size_t)below(n); while (!w[pick]);
        unsigned depth = (unsigned)below(5), cap = (unsigned)below(5);
        size_t kinds = depth >= cap ? n_leaf : n;
        do kind = (size_t)below(kinds); while (!w[kind]);
        pf_buf e = {0};
        pf_enc_choice_weighted(&e, w, n, pick);
        pf_enc_tree_kind_weighted(&e, depth, cap, w, n_leaf, n - n_leaf, kind);
        pf_src *s = pf_begin("rt", e.data, e.len);
        EQ_U(pf_choice_weighted(s, NULL, w, n), pick);
        EQ_U(pf_tree_kind_weighted(s, NULL, depth, cap, w, n_leaf, n - n_leaf), kind);
        CHECK(pf_offset(s) == e.len && !pf_overrun(s), "consumed %zu of %zu",
              pf_offset(s), e.len);
        pf_end(s);
        pf_buf_free(&e);
    }
}

int main(void)
{
    run("golden_weighted", test_golden_weighted);
    run("weighted_width", test_weighted_width);
    run("weighted_zero_is_simplest", test_weighted_zero_is_simplest);
    run("weighted_shares_and_zero_weights", test_weighted_shares);
    run("golden_weighted_tree_kind", test_weighted_tree_kind);
    run("weighted_records", test_weighted_records);
    run("rule9_weighted_round_trip", test_rule9_weighted);
    return finish();
}
