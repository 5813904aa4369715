/* Unit tests of the byte-stream decoder (design §3), part 3: the rules
 * every draw keeps -- totality and the overrun flag (rule 1), zero is
 * simplest (rule 2), and stable widths (rule 3), run through every
 * strategy. */
#include "propfuzz.h"
#include "testkit.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* --- rule 1: totality, overrun --------------------------------------- */

static void check_overrun(pf_src *s, size_t size, const char *after)
{
    CHECK(pf_overrun(s) == (pf_offset(s) > size),
          "after %s: overrun %d at offset %zu of %zu", after, pf_overrun(s),
          pf_offset(s), size);
}

static bool utf8_ok(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n;) {
        uint8_t c = p[i];
        size_t k = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2
                 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        if (!k || i + k > n)
            return false;
        for (size_t j = 1; j < k; j++)
            if ((p[i + j] & 0xc0) != 0x80)
                return false;
        if (k > 2 && ((c == 0xe0 && p[i + 1] < 0xa0) || (c == 0xed && p[i + 1] > 0x9f) ||
                      (c == 0xf0 && p[i + 1] < 0x90) || (c == 0xf4 && p[i + 1] > 0x8f)))
            return false;
        i += k;
    }
    return true;
}

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

static void rnd_float_opts(pf_float_opts *o)
{
    memset(o, 0, sizeof *o);
    o->no_nan = below(2);
    o->no_inf = below(2);
    if (below(2)) {
        o->bounded = true;
        o->min = (double)((int64_t)(rnd() >> 40) - (1 << 23)) / 64.0;
        o->max = o->min + (double)below(1000) / 8.0;
    }
}

/* One random draw with random constraints, and its value checked. */

static void draw_one(pf_src *s, size_t size)
{
    char name[48];
    unsigned op = (unsigned)below(17);
    snprintf(name, sizeof name, "draw %u at %zu", op, pf_offset(s));
    switch (op) {
    case 0: (void)pf_bool(s, "b"); break;
    case 1: (void)pf_bool_p(s, "bp", (double)below(1100) / 1000.0); break;
    case 2: {
        uint64_t lo, hi;
        rnd_urange(&lo, &hi);
        uint64_t v = pf_u64_range(s, "u", lo, hi);
        CHECK(v >= lo && v <= hi, "%s: %" PRIu64 " not in range", name, v);
        break;
    }
    case 3: {
        int64_t lo, hi;
        rnd_srange(&lo, &hi);
        int64_t v = pf_i64_range(s, "i", lo, hi);
        CHECK(v >= lo && v <= hi, "%s: %" PRId64 " not in range", name, v);
        break;
    }
    case 4:
        (void)pf_u8(s, NULL); (void)pf_u16(s, NULL); (void)pf_u32(s, NULL);
        (void)pf_u64(s, NULL); (void)pf_i8(s, NULL); (void)pf_i16(s, NULL);
        (void)pf_i32(s, NULL); (void)pf_i64(s, NULL);
        break;
    case 5: {
        size_t n = (size_t)below(400);
        size_t v = pf_choice(s, "c", n);
        CHECK(v < (n ? n : 1), "%s: choice %zu of %zu", name, v, n);
        break;
    }
    case 6: (void)pf_one_of(s, "one", 3); (void)pf_bool(s, NULL); pf_span_end(s); break;
    case 7: case 8: {
        pf_float_opts o;
        rnd_float_opts(&o);
        double v = op == 7 ? pf_double(s, "d", &o) : (double)pf_float(s, "f", &o);
        CHECK(!(o.bounded && !(v >= o.min && v <= o.max)), "%s: %g outside", name, v);
        CHECK(!(o.no_nan && isnan(v)) && !(o.no_inf && isinf(v)), "%s: %g", name, v);
        break;
    }
    case 9: {
        size_t len, min = (size_t)below(4), max = below(3) ? min + (size_t)below(20) : PF_UNBOUNDED;
        (void)pf_bytes(s, "bytes", min, max, &len);
        CHECK(len >= min && len <= max, "%s: %zu bytes", name, len);
        break;
    }
    case 10: {
        static const uint32_t abc[] = {'a', 0xe9, 0x1f600, 0};
        pf_text_opts o = {0};
        o.min_len = (size_t)below(3);
        o.max_len = (size_t)below(20);
        if (below(3) == 0) {
            o.alphabet = abc;
            o.alphabet_len = 4;
        }
        o.allow_invalid = below(4) == 0;
        size_t len;
        const char *t = pf_text(s, "text", &o, &len);
        CHECK(t[len] == 0, "%s: text not NUL-terminated", name);
        CHECK(o.allow_invalid || utf8_ok((const uint8_t *)t, len), "%s: bad UTF-8", name);
        break;
    }
    case 11: case 12: {
        pf_list l;
        size_t min = (size_t)below(3), n = 0;
        pf_list_begin(s, &l, "list", min, min + (size_t)below(10));
        while (pf_list_more(s, &l)) {
            uint8_t v = pf_u8(s, NULL);
            if (op == 11 || pf_list_unique(s, &l, &v, 1))
                n++;
        }
        CHECK(n == l.count && n <= l.max, "%s: list of %zu", name, n);
        break;
    }
    case 13: {
        unsigned d = (unsigned)below(6), m = (unsigned)below(6);
        size_t k = pf_tree_kind(s, "node", d, m, 2, 3);
        CHECK(k < (d >= m ? 2u : 5u), "%s: kind %zu", name, k);
        break;
    }
    case 14: {
        size_t p[12], seen = 0, n = (size_t)below(12);
        pf_permutation(s, "perm", p, n);
        for (size_t i = 0; i < n; i++)
            seen |= p[i] < n ? (size_t)1 << p[i] : (size_t)1 << 20;
        CHECK(seen == ((size_t)1 << n) - 1, "%s: not a permutation", name);
        break;
    }
    case 15: {
        size_t c[8], total = (size_t)below(500), max = 1 + (size_t)below(8), sum = 0;
        size_t k = pf_chunks(s, "chunks", total, c, max);
        for (size_t i = 0; i < k; i++) {
            CHECK(c[i] >= 1, "%s: empty chunk", name);
            sum += c[i];
        }
        CHECK(k <= max && sum == total, "%s: %zu chunks sum %zu", name, k, sum);
        break;
    }
    default:
        if (below(8) == 0) {
            size_t len;
            (void)pf_rest(s, "rest", &len);
        }
    }
    check_overrun(s, size, name);
}

static void test_rule1_total(void)
{
    static uint8_t buf[2048];
    g_rng = 1;
    for (int iter = 0; iter < 6000 && !g_test_failed; iter++) {
        size_t size = iter % 3 == 0 ? (size_t)below(2048) : (size_t)below(64);
        unsigned style = (unsigned)below(4);
        for (size_t i = 0; i < size; i++)
            buf[i] = style == 0 ? (uint8_t)rnd()            /* uniform */
                   : style == 1 ? (uint8_t)below(3)        /* flags, escapes */
                   : style == 2 ? (below(8) ? 0 : (uint8_t)rnd()) /* sparse */
                   : (uint8_t)(0x80 + below(0x80));        /* high bytes */
        pf_set_recording(iter % 2);
        pf_src *s = pf_begin("total", buf, size);
        CHECK(!pf_overrun(s) && pf_offset(s) == 0, "fresh source");
        for (int k = 0; k < 24; k++)
            draw_one(s, size);
        EQ_U(pf_depth(s), 0);
        for (size_t i = 0; i < pf_record_count(s); i++) {
            const pf_record *r = pf_record_at(s, i);
            CHECK(r->offset + r->width <= pf_offset(s), "record %zu past the end", i);
        }
        pf_end(s);
    }
    pf_set_recording(false);
}

/* --- rule 2: zero is simplest ------------------------------------------ */

static void zero_checks(pf_src *s)
{
    EQ_U(pf_bool(s, NULL), 0);
    EQ_U(pf_bool_p(s, NULL, 0.5), 0);
    EQ_U(pf_bool_p(s, NULL, 0.999), 0);
    EQ_U(pf_bool_p(s, NULL, 1.0), 1);
    EQ_U(pf_u64_range(s, NULL, 0, 100), 0);
    EQ_U(pf_u64_range(s, NULL, 1000, 1010), 1000);
    EQ_U(pf_u64_range(s, NULL, 7, UINT64_MAX), 7);
    EQ_I(pf_i64_range(s, NULL, -3, 5), 0);
    EQ_I(pf_i64_range(s, NULL, -5, 3), 0);
    EQ_I(pf_i64_range(s, NULL, 3, 9), 3);
    EQ_I(pf_i64_range(s, NULL, -9, -3), -3);
    EQ_I(pf_i64_range(s, NULL, -300, -290), -290);
    EQ_I(pf_i64_range(s, NULL, INT64_MIN, -1), -1);
    EQ_U(pf_u8(s, NULL) | pf_u16(s, NULL) | pf_u32(s, NULL) | pf_u64(s, NULL), 0);
    EQ_I(pf_i8(s, NULL) | pf_i16(s, NULL) | pf_i32(s, NULL) | pf_i64(s, NULL), 0);
    EQ_U(pf_choice(s, NULL, 7), 0);
    for (unsigned d = 0; d < 6; d++)
        EQ_U(pf_tree_kind(s, NULL, d, 4, 3, 2), 0); /* a leaf at any depth */

    pf_float_opts pos = {.bounded = true, .min = 2.5, .max = 3};
    pf_float_opts neg = {.bounded = true, .min = -3, .max = -2.5};
    pf_float_opts mid = {.bounded = true, .min = -1, .max = 1, .no_nan = true};
    double d = pf_double(s, NULL, NULL);
    CHECK(d == 0 && !signbit(d), "double %g", d);
    EQ_U(pf_double(s, NULL, &pos) == 2.5, 1);
    EQ_U(pf_double(s, NULL, &neg) == -2.5, 1);
    d = pf_double(s, NULL, &mid);
    CHECK(d == 0 && !signbit(d), "bounded double %g", d);
    float f = pf_float(s, NULL, NULL);
    CHECK(f == 0 && !signbit(f), "float %g", (double)f);
    EQ_U(pf_float(s, NULL, &pos) == 2.5f, 1);
    EQ_U(pf_float(s, NULL, &neg) == -2.5f, 1);

    size_t len;
    const uint8_t *b = pf_bytes(s, NULL, 0, 10, &len);
    EQ_U(len, 0);
    b = pf_bytes(s, NULL, 3, 10, &len);
    CHECK(len == 3 && !b[0] && !b[1] && !b[2], "bytes of %zu, want 3 zeros", len);
    const char *t = pf_text(s, NULL, NULL, &len);
    CHECK(len == 0 && t[0] == 0, "text of %zu", len);
    pf_text_opts o = {.min_len = 2};
    t = pf_text(s, NULL, &o, &len);
    CHECK(len == 2 && strcmp(t, "00") == 0, "text %s", t);

    pf_list l;
    size_t n = 0;
    pf_list_begin(s, &l, NULL, 0, 5);
    while (pf_list_more(s, &l))
        n++;
    EQ_U(n, 0);
    pf_list_begin(s, &l, NULL, 2, 5);
    while (pf_list_more(s, &l))
        n += pf_u8(s, NULL) + 1;
    EQ_U(n, 2); /* min elements, each simplest */

    size_t perm[6], c[4];
    pf_permutation(s, NULL, perm, 6);
    for (size_t i = 0; i < 6; i++)
        EQ_U(perm[i], i);
    EQ_U(pf_chunks(s, NULL, 40, c, 4), 1);
    EQ_U(c[0], 40);
    EQ_U(pf_depth(s), 0);
}

static void test_rule2_zero_is_simplest(void)
{
    static const uint8_t zeros[512];
    pf_src *s = pf_begin("zero", zeros, sizeof zeros);
    zero_checks(s);
    CHECK(!pf_overrun(s), "512 zeros were not enough (%zu read)", pf_offset(s));
    pf_end(s);
    s = pf_begin("empty", NULL, 0); /* exhausted input reads as zeros */
    zero_checks(s);
    CHECK(pf_overrun(s), "no overrun on empty input");
    pf_end(s);
}

/* --- rule 3: stable widths --------------------------------------------- */

enum { D_BOOL, D_BOOLP, D_U, D_I, D_U8, D_U16, D_U32, D_U64, D_I8, D_I16,
       D_I32, D_I64, D_CHOICE, D_TREE, D_PERM, D_DOUBLE, D_FLOAT };

typedef struct width_case {
    int draw;
    int64_t a, b; /* the draw's constraints */
    size_t width; /* documented width */
} width_case;

static void draw_case(pf_src *s, const width_case *c)
{
    size_t perm[300];
    pf_float_opts o = {.bounded = c->a != c->b, .min = (double)c->a, .max = (double)c->b};
    switch (c->draw) {
    case D_BOOL: (void)pf_bool(s, NULL); break;
    case D_BOOLP: (void)pf_bool_p(s, NULL, 0.3); break;
    case D_U: (void)pf_u64_range(s, NULL, (uint64_t)c->a, (uint64_t)c->b); break;
    case D_I: (void)pf_i64_range(s, NULL, c->a, c->b); break;
    case D_U8: (void)pf_u8(s, NULL); break;
    case D_U16: (void)pf_u16(s, NULL); break;
    case D_U32: (void)pf_u32(s, NULL); break;
    case D_U64: (void)pf_u64(s, NULL); break;
    case D_I8: (void)pf_i8(s, NULL); break;
    case D_I16: (void)pf_i16(s, NULL); break;
    case D_I32: (void)pf_i32(s, NULL); break;
    case D_I64: (void)pf_i64(s, NULL); break;
    case D_CHOICE: (void)pf_choice(s, NULL, (size_t)c->a); break;
    case D_TREE: (void)pf_tree_kind(s, NULL, (unsigned)c->a, 3, 2, (size_t)c->b); break;
    case D_PERM: pf_permutation(s, NULL, perm, (size_t)c->a); break;
    case D_DOUBLE: (void)pf_double(s, NULL, &o); break;
    default: (void)pf_float(s, NULL, &o); break;
    }
}

static void test_rule3_stable_widths(void)
{
    static const width_case cases[] = {
        {D_BOOL, 0, 0, 1}, {D_BOOLP, 0, 0, 1},
        {D_U, 0, 255, 1}, {D_U, 0, 256, 2}, {D_U, 1000, 1010, 2}, {D_U, 250, 260, 2},
        {D_U, 0, 65536, 4}, {D_U, 0, INT64_MAX, 8}, {D_U, 7, 7, 1},
        {D_I, -3, 5, 1}, {D_I, -128, 127, 1}, {D_I, -129, 0, 2}, {D_I, 0, 128, 1},
        {D_I, -300, -290, 2}, {D_I, 1000, 1010, 2}, {D_I, INT32_MIN, 0, 4},
        {D_I, -1, INT32_MAX, 4}, {D_I, INT64_MIN, 0, 8}, {D_I, 0, (int64_t)1 << 32, 8},
        {D_U8, 0, 0, 1}, {D_U16, 0, 0, 2}, {D_U32, 0, 0, 4}, {D_U64, 0, 0, 8},
        {D_I8, 0, 0, 1}, {D_I16, 0, 0, 2}, {D_I32, 0, 0, 4}, {D_I64, 0, 0, 8},
        {D_CHOICE, 3, 0, 1}, {D_CHOICE, 256, 0, 1}, {D_CHOICE, 257, 0, 2},
        {D_CHOICE, 0, 0, 1}, {D_TREE, 0, 300, 2}, {D_TREE, 3, 300, 1},
        {D_PERM, 5, 0, 4}, {D_PERM, 300, 0, 255 + 2 * 44}, {D_PERM, 0, 0, 0},
        {D_DOUBLE, 0, 0, 9}, {D_DOUBLE, -5, 5, 9}, {D_FLOAT, 0, 0, 5}, {D_FLOAT, 1, 2, 5},
    };
    static uint8_t buf[1024];
    g_rng = 3;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const width_case *c = &cases[i];
        /* Random content, every length from empty to past the width: the
         * same draw always consumes the documented width. */
        for (size_t len = 0; len <= c->width + 3; len++) {
            for (int rep = 0; rep < 20; rep++) {
                for (size_t j = 0; j < len; j++)
                    buf[j] = (uint8_t)rnd();
                pf_src *s = pf_begin("w", buf, len);
                draw_case(s, c);
                CHECK(pf_offset(s) == c->width, "case %zu len %zu: offset %zu, want %zu",
                      i, len, pf_offset(s), c->width);
                CHECK(pf_overrun(s) == (len < c->width), "case %zu len %zu: overrun %d",
                      i, len, pf_overrun(s));
                pf_end(s);
            }
        }
    }
    /* Past the end, every further draw still advances by its width. */
    pf_src *s = pf_begin("w", NULL, 0);
    size_t at = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        draw_case(s, &cases[i]);
        at += cases[i].width;
        CHECK(pf_offset(s) == at, "exhausted case %zu: offset %zu, want %zu", i,
              pf_offset(s), at);
    }
    /* Variable-width draws past the end read one zero: the terminator or
     * the "no more" flag. */
    size_t len;
    pf_list l;
    (void)pf_bytes(s, NULL, 0, 10, &len);
    (void)pf_text(s, NULL, NULL, &len);
    pf_list_begin(s, &l, NULL, 0, 10);
    while (pf_list_more(s, &l))
        (void)pf_u8(s, NULL);
    EQ_U(pf_offset(s), at + 3);
    CHECK(pf_overrun(s), "no overrun");
    pf_end(s);
}

int main(void)
{
    run("rule1_total_and_overrun", test_rule1_total);
    run("rule2_zero_is_simplest", test_rule2_zero_is_simplest);
    run("rule3_stable_widths", test_rule3_stable_widths);
    return finish();
}
