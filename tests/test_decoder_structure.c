/* Unit tests of the byte-stream decoder (design §3), part 2: structure --
 * lists by continue-flags (rule 5), unique lists, trees with a depth cap,
 * permutations, chunks, record mode (rule 8) and their round trips (rule
 * 9). Golden values are literals that pin the format. */
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
/* --- golden: trees, permutations, chunks, lists ------------------------ */

static void test_golden_tree_kind(void)
{
    pf_src *s = open_src(IN(0x04, 0x04, 0x07, 0x01, 0x03));
    EQ_U(pf_tree_kind(s, NULL, 0, 3, 2, 3), 4); /* 5 kinds: verbatim */
    EQ_U(pf_tree_kind(s, NULL, 3, 3, 2, 3), 0); /* at the cap: leaves only */
    EQ_U(pf_tree_kind(s, NULL, 1, 3, 2, 3), 2); /* 7 % 5 */
    EQ_U(pf_tree_kind(s, NULL, 9, 3, 2, 3), 1); /* past the cap */
    EQ_U(pf_tree_kind(s, NULL, 9, 3, 2, 3), 1); /* 3 % 2 */
    EQ_U(pf_offset(s), 5);
    pf_end(s);
}

static void perm_of(const uint8_t *d, size_t n, size_t *perm, size_t k)
{
    pf_src *s = open_src(d, n);
    pf_permutation(s, "perm", perm, k);
    close_src(s);
}

static void test_golden_permutation(void)
{
    size_t p[4];
    perm_of(IN(0x01, 0x00, 0x01), p, 4);
    CHECK(p[0] == 1 && p[1] == 0 && p[2] == 3 && p[3] == 2,
          "perm %zu %zu %zu %zu, want 1 0 3 2", p[0], p[1], p[2], p[3]);
    perm_of(IN(0x03, 0x02, 0x01), p, 4);
    CHECK(p[0] == 1 && p[1] == 2 && p[2] == 3 && p[3] == 0,
          "perm %zu %zu %zu %zu, want 1 2 3 0", p[0], p[1], p[2], p[3]);
    perm_of(IN(0x07, 0x05, 0x00), p, 4); /* 7 % 4 = 3, 5 % 3 = 2 */
    CHECK(p[0] == 2 && p[1] == 1 && p[2] == 3 && p[3] == 0,
          "perm %zu %zu %zu %zu, want 2 1 3 0", p[0], p[1], p[2], p[3]);
    EQ_U(g_off, 3);
    perm_of(IN(0x00), p, 1);
    EQ_U(p[0], 0);
    EQ_U(g_off, 0);
}

static size_t chunks_of(const uint8_t *d, size_t n, size_t total,
                        size_t *sizes, size_t max)
{
    pf_src *s = open_src(d, n);
    size_t k = pf_chunks(s, "chunks", total, sizes, max);
    close_src(s);
    return k;
}

static void test_golden_chunks(void)
{
    size_t c[8];
    EQ_U(chunks_of(IN(0x01, 0x03, 0x01, 0x02, 0x00), 10, c, 4), 3);
    CHECK(c[0] == 3 && c[1] == 2 && c[2] == 5, "chunks %zu %zu %zu", c[0], c[1], c[2]);
    EQ_U(g_off, 5);
    EQ_U(chunks_of(IN(0x01, 0x03, 0xff), 10, c, 2), 2); /* max reached */
    CHECK(c[0] == 3 && c[1] == 7, "chunks %zu %zu", c[0], c[1]);
    EQ_U(g_off, 2);
    EQ_U(chunks_of(IN(0x01, 0x00), 10, c, 4), 2);      /* 1 + 0 % 10 */
    CHECK(c[0] == 1 && c[1] == 9 && g_over, "chunks %zu %zu over %d", c[0], c[1], g_over);
    EQ_U(chunks_of(IN(0x01, 0x0a), 10, c, 4), 1);      /* all in one draw */
    EQ_U(c[0], 10);
    EQ_U(chunks_of(IN(0x01, 0x2b, 0x01, 0x00), 300, c, 4), 2); /* 2-byte size */
    CHECK(c[0] == 299 && c[1] == 1 && g_off == 4, "chunks %zu %zu", c[0], c[1]);
    EQ_U(chunks_of(IN(0x00), 0, c, 4), 0);            /* nothing to split */
    EQ_U(g_off, 0);
}

static void test_golden_list(void)
{
    uint8_t got[8];
    size_t n = 0;
    pf_list l;
    pf_src *s = open_src(IN(0x05, 0x01, 0x07, 0x01, 0x09, 0x01, 0x0b));
    pf_list_begin(s, &l, "items", 1, 3);
    while (pf_list_more(s, &l))
        got[n++] = pf_u8(s, NULL);
    CHECK(n == 3 && got[0] == 5 && got[1] == 7 && got[2] == 9,
          "list of %zu, want 5 7 9", n);
    EQ_U(pf_offset(s), 5); /* no flag at max */
    EQ_U(pf_depth(s), 0);
    pf_end(s);

    n = 0;
    s = open_src(IN(0x05, 0x02, 0x07, 0x00, 0xaa));
    pf_list_begin(s, &l, "items", 1, 3);
    while (pf_list_more(s, &l))
        got[n++] = pf_u8(s, NULL);
    CHECK(n == 2 && got[0] == 5 && got[1] == 7, "list of %zu, want 5 7", n);
    EQ_U(pf_offset(s), 4);
    pf_end(s);

    n = 0;
    s = open_src(IN(0x03, 0x04, 0x00));  /* min 2: two flagless elements */
    pf_list_begin(s, &l, "items", 2, 5);
    while (pf_list_more(s, &l))
        got[n++] = pf_u8(s, NULL);
    CHECK(n == 2 && got[0] == 3 && got[1] == 4, "list of %zu, want 3 4", n);
    EQ_U(pf_offset(s), 3);
    pf_end(s);
}

static void test_golden_list_unique(void)
{
    uint8_t got[8];
    size_t n = 0;
    pf_list l;
    pf_src *s = open_src(IN(0x01, 0x05, 0x01, 0x05, 0x01, 0x06, 0x00));
    pf_list_begin(s, &l, "set", 0, 8);
    while (pf_list_more(s, &l)) {
        uint8_t v = pf_u8(s, NULL);
        if (pf_list_unique(s, &l, &v, 1))
            got[n++] = v;
    }
    CHECK(n == 2 && got[0] == 5 && got[1] == 6, "set of %zu, want 5 6", n);
    EQ_U(l.count, 2);
    EQ_U(pf_offset(s), 7);
    pf_end(s);

    /* 16 duplicates in a row end the list, even below min. */
    uint8_t ones[64];
    memset(ones, 1, sizeof ones);
    n = 0;
    s = open_src(ones, sizeof ones);
    pf_list_begin(s, &l, "set", 3, 100);
    while (pf_list_more(s, &l)) {
        uint8_t v = pf_u8(s, NULL);
        if (pf_list_unique(s, &l, &v, 1))
            n++;
    }
    EQ_U(n, 1);
    EQ_U(pf_offset(s), 17); /* 1 + 16 flagless duplicates */
    pf_end(s);
}

/* --- rule 5: deleting an element's bytes deletes one element ---------- */

typedef struct elem {
    int64_t n;
    uint8_t b[8];
    size_t blen;
} elem;

static size_t decode_elems(const uint8_t *d, size_t len, size_t min, elem *out)
{
    pf_src *s = pf_begin("list", d, len);
    pf_list l;
    size_t n = 0;
    pf_list_begin(s, &l, "items", min, 64);
    while (pf_list_more(s, &l)) {
        out[n].n = pf_i64_range(s, "n", -1000, 1000);
        const uint8_t *b = pf_bytes(s, "b", 0, 8, &out[n].blen);
        memcpy(out[n].b, b, out[n].blen);
        n++;
    }
    pf_end(s);
    return n;
}

static void test_rule5_delete_element(void)
{
    g_rng = 5;
    elem want[16], got[16];
    size_t start[17];
    for (int iter = 0; iter < 300 && !g_test_failed; iter++) {
        size_t k = 1 + (size_t)below(10), min = (size_t)below(2);
        pf_buf e = {0};
        for (size_t i = 0; i < k; i++) {
            want[i].n = (int64_t)below(2001) - 1000;
            want[i].blen = (size_t)below(9);
            for (size_t j = 0; j < want[i].blen; j++)
                want[i].b[j] = (uint8_t)below(4); /* NULs and escapes */
            start[i] = e.len;
            if (i >= min)
                pf_enc_more(&e, true);
            pf_enc_i64_range(&e, -1000, 1000, want[i].n);
            pf_enc_bytes(&e, 0, 8, want[i].b, want[i].blen);
        }
        start[k] = e.len;
        pf_enc_more(&e, false);
        CHECK(decode_elems(e.data, e.len, min, got) == k, "round trip of %zu", k);
        for (size_t del = min; del < k; del++) {
            uint8_t cut[512];
            size_t cl = start[del];
            memcpy(cut, e.data, cl);
            memcpy(cut + cl, e.data + start[del + 1], e.len - start[del + 1]);
            cl += e.len - start[del + 1];
            size_t n = decode_elems(cut, cl, min, got);
            CHECK(n == k - 1, "deleting element %zu of %zu left %zu", del, k, n);
            for (size_t i = 0; i < n && i < k - 1; i++) {
                const elem *w = &want[i < del ? i : i + 1];
                CHECK(got[i].n == w->n && got[i].blen == w->blen &&
                      memcmp(got[i].b, w->b, w->blen) == 0,
                      "deleting element %zu changed element %zu", del, i);
            }
        }
        pf_buf_free(&e);
    }
}

/* --- rule 8: record mode ----------------------------------------------- */

typedef struct want_rec {
    pf_draw_kind kind;
    const char *label;
    unsigned depth;
    size_t offset, width;
    int64_t value;
} want_rec;

static void draw_recorded(pf_src *s)
{
    pf_float_opts unit = {.bounded = true, .min = 0, .max = 1};
    size_t len;
    pf_list l;
    pf_span_begin(s, "outer");
    EQ_U(pf_u64_range(s, "n", 1000, 1010), 1005);
    pf_span_begin(s, "inner");
    EQ_U(pf_bool(s, NULL), 1);
    EQ_I(pf_i64_range(s, "i", -300, -290), -300);
    EQ_U(pf_depth(s), 2);
    pf_span_end(s);
    EQ_U(pf_double(s, "d", &unit) == 0.0, 1);
    EQ_U(pf_bytes(s, "b", 0, 10, &len)[1], 'b');
    EQ_U(pf_text(s, "t", NULL, &len)[0], 'x');
    pf_list_begin(s, &l, "items", 0, 5);
    while (pf_list_more(s, &l))
        EQ_U(pf_u8(s, "v"), 7);
    pf_span_end(s);
    EQ_U(pf_depth(s), 0);
    EQ_U(*pf_rest(s, "rest", &len), 0xaa);
}

static void test_rule8_records(void)
{
    static const uint8_t in[] = {0xed, 0x03, 0x01, 0xd4, 0xfe, 0, 0, 0, 0, 0, 0, 0, 0,
                                 0, 'a', 'b', 0, 'x', 0, 0x01, 0x07, 0x00, 0xaa, 0xbb};
    static const want_rec want[] = {
        {PF_DRAW_SPAN_BEGIN, "outer", 0, 0, 0, 0},
        {PF_DRAW_UINT, "n", 1, 0, 2, 1005},
        {PF_DRAW_SPAN_BEGIN, "inner", 1, 2, 0, 0},
        {PF_DRAW_BOOL, "inner", 2, 2, 1, 1}, /* unlabelled: its span's label */
        {PF_DRAW_INT, "i", 2, 3, 2, -300},
        {PF_DRAW_SPAN_END, "inner", 1, 5, 0, 0},
        {PF_DRAW_DOUBLE, "d", 1, 5, 9, 0},
        {PF_DRAW_BYTES, "b", 1, 14, 3, 2},
        {PF_DRAW_TEXT, "t", 1, 17, 2, 1},
        {PF_DRAW_SPAN_BEGIN, "items", 1, 19, 0, 0},
        {PF_DRAW_FLAG, "items[]", 2, 19, 1, 1},
        {PF_DRAW_SPAN_BEGIN, "items[]", 2, 20, 0, 0},
        {PF_DRAW_UINT, "v", 3, 20, 1, 7},
        {PF_DRAW_SPAN_END, "items[]", 2, 21, 0, 0},
        {PF_DRAW_FLAG, "items[]", 2, 21, 1, 0},
        {PF_DRAW_SPAN_END, "items", 1, 22, 0, 0},
        {PF_DRAW_SPAN_END, "outer", 0, 22, 0, 0},
        {PF_DRAW_RAW, "rest", 0, 22, 2, 2},
    };
    size_t n_want = sizeof want / sizeof want[0];
    pf_set_recording(true);
    CHECK(pf_recording(), "recording switch");
    pf_src *s = pf_begin("rec", in, sizeof in);
    pf_set_recording(false); /* a snapshot is taken at pf_begin */
    draw_recorded(s);
    EQ_U(pf_record_count(s), n_want);
    for (size_t i = 0; i < n_want && i < pf_record_count(s); i++) {
        const pf_record *r = pf_record_at(s, i);
        const want_rec *w = &want[i];
        int64_t v = r->kind == PF_DRAW_DOUBLE ? (int64_t)r->value.d : r->value.i;
        bool is_span = w->kind == PF_DRAW_SPAN_BEGIN || w->kind == PF_DRAW_SPAN_END;
        CHECK(r->kind == w->kind && r->label && strcmp(r->label, w->label) == 0 &&
              r->depth == w->depth && r->offset == w->offset && r->width == w->width &&
              (is_span || v == w->value),
              "record %zu: kind %d label %s depth %u offset %zu width %zu value %" PRId64,
              i, (int)r->kind, r->label ? r->label : "(null)", r->depth, r->offset,
              r->width, v);
    }
    const pf_record *r = pf_record_at(s, 1);
    CHECK(r && r->lo.u == 1000 && r->hi.u == 1010, "uint constraints");
    r = pf_record_at(s, 4);
    CHECK(r && r->lo.i == -300 && r->hi.i == -290, "int constraints");
    r = pf_record_at(s, 6);
    CHECK(r && r->lo.d == 0 && r->hi.d == 1, "double constraints");
    r = pf_record_at(s, 7);
    CHECK(r && r->bytes_len == 2 && memcmp(r->bytes, "ab", 2) == 0 && r->hi.u == 10,
          "bytes payload");
    r = pf_record_at(s, 17);
    CHECK(r && r->bytes_len == 2 && r->bytes[0] == 0xaa, "raw payload");
    CHECK(pf_record_at(s, n_want) == NULL, "record past the end");
    pf_end(s);

    /* Fuzzing mode: the same draws, nothing recorded. */
    s = pf_begin("rec", in, sizeof in);
    draw_recorded(s);
    EQ_U(pf_record_count(s), 0);
    CHECK(pf_record_at(s, 0) == NULL, "record in fuzzing mode");
    pf_end(s);
}

/* --- rule 9: decode(encode(v)) == v ------------------------------------ */

static void test_rule9_lists(void)
{
    g_rng = 99;
    int16_t want[40], got[40];
    for (int i = 0; i < 3000 && !g_test_failed; i++) {
        size_t min = (size_t)below(4), max = min + (size_t)below(20);
        size_t k = min + (size_t)below(max - min + 1);
        pf_buf e = {0};
        for (size_t j = 0; j < k; j++) {
            want[j] = (int16_t)(below(1001) - 500);
            if (j >= min)
                pf_enc_more(&e, true);
            pf_enc_i64_range(&e, -500, 500, want[j]);
        }
        if (k < max)
            pf_enc_more(&e, false);
        pf_src *s = pf_begin("rt", e.data, e.len);
        pf_list l;
        size_t n = 0;
        pf_list_begin(s, &l, "l", min, max);
        while (pf_list_more(s, &l) && n < 40)
            got[n++] = (int16_t)pf_i64_range(s, NULL, -500, 500);
        CHECK(n == k && memcmp(got, want, k * sizeof *got) == 0,
              "list of %zu [%zu,%zu] decoded as %zu", k, min, max, n);
        CHECK(pf_offset(s) == e.len && !pf_overrun(s), "list consumed %zu of %zu",
              pf_offset(s), e.len);
        pf_end(s);
        pf_buf_free(&e);
    }
}

/* Every permutation of 4 and every split of 5 bytes has an encoding. */

static void test_rule9_permutations_and_chunks(void)
{
    bool seen[256] = {false};
    size_t distinct = 0, p[4];
    for (uint8_t a = 0; a < 4; a++)
        for (uint8_t b = 0; b < 3; b++)
            for (uint8_t c = 0; c < 2; c++) {
                perm_of(IN(a, b, c), p, 4);
                size_t code = p[0] * 64 + p[1] * 16 + p[2] * 4 + p[3];
                distinct += !seen[code];
                seen[code] = true;
            }
    EQ_U(distinct, 24);
    for (unsigned mask = 0; mask < 16; mask++) { /* cut after byte i+1 */
        size_t want[5], got[5], k = 0, last = 0;
        uint8_t in[16];
        size_t n = 0;
        for (unsigned i = 0; i < 4; i++)
            if (mask >> i & 1) {
                want[k++] = i + 1 - last;
                last = i + 1;
            }
        want[k++] = 5 - last;
        for (size_t i = 0; i + 1 < k; i++) {
            in[n++] = 1;
            in[n++] = (uint8_t)want[i];
        }
        in[n++] = 0;
        size_t m = chunks_of(in, n, 5, got, 5);
        CHECK(m == k && memcmp(got, want, k * sizeof *got) == 0,
              "split %u: %zu chunks, want %zu", mask, m, k);
    }
}

/* pf_enc_permutation and pf_enc_chunks: any permutation, any split. */
static void test_rule9_enc_permutation_and_chunks(void)
{
    static size_t want[300], got[300];
    g_rng = 93;
    for (int iter = 0; iter < 3000 && !g_test_failed; iter++) {
        size_t n = iter % 3 ? (size_t)below(12) : (size_t)below(300);
        for (size_t i = 0; i < n; i++)
            want[i] = i;
        for (size_t i = n; i-- > 1;) { /* a uniform shuffle */
            size_t j = (size_t)below(i + 1), t = want[i];
            want[i] = want[j];
            want[j] = t;
        }
        size_t total = (size_t)below(5) == 0 ? 0 : 1 + (size_t)below(iter % 2 ? 20 : 5000);
        size_t max = 1 + (size_t)below(8), k = 0, left = total;
        size_t sizes[8], back[8];
        while (left > 0) {
            size_t c = k + 1 == max ? left : 1 + (size_t)below(left);
            sizes[k++] = c;
            left -= c;
        }
        pf_buf e = {0};
        pf_enc_permutation(&e, want, n);
        pf_enc_chunks(&e, total, sizes, k, max);
        pf_src *s = pf_begin("rt", e.data, e.len);
        pf_permutation(s, "perm", got, n);
        size_t m = pf_chunks(s, "chunks", total, back, max);
        CHECK(memcmp(got, want, n * sizeof *got) == 0, "permutation of %zu", n);
        CHECK(m == k && memcmp(back, sizes, k * sizeof *back) == 0,
              "split of %zu into %zu (max %zu): %zu chunks", total, k, max, m);
        CHECK(pf_offset(s) == e.len && !pf_overrun(s), "consumed %zu of %zu",
              pf_offset(s), e.len);
        pf_end(s);
        pf_buf_free(&e);
    }
}

int main(void)
{
    run("golden_tree_kind", test_golden_tree_kind);
    run("golden_permutation", test_golden_permutation);
    run("golden_chunks", test_golden_chunks);
    run("golden_list", test_golden_list);
    run("golden_list_unique", test_golden_list_unique);
    run("rule5_delete_one_element", test_rule5_delete_element);
    run("rule8_records", test_rule8_records);
    run("rule9_lists_round_trip", test_rule9_lists);
    run("rule9_permutations_and_chunks", test_rule9_permutations_and_chunks);
    run("rule9_enc_permutation_and_chunks", test_rule9_enc_permutation_and_chunks);
    return finish();
}
