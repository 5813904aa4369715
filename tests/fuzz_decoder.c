/* fuzz_decoder — the decoder fuzzing itself (a libFuzzer target).
 *
 * Each input is a short list of cases. A case draws a primitive and its
 * constraints from the input, then the value, and checks the value
 * against the constraints with code of its own (ranges, NaN and infinity
 * exclusions, lengths, alphabet membership, UTF-8 validity, list counts,
 * permutations, chunk sums), checks the width a fixed-width draw consumed,
 * checks that all-zero bytes give the documented simplest value, and that
 * pf_enc_* of the value decodes back to it (bit for bit, consuming exactly
 * the encoding). Constraints that leave no value are a misuse the decoder
 * aborts on; the target decides that on its own and skips them, so a
 * disagreement with the decoder is a crash too.
 *
 *   make out/fuzz/decoder && out/fuzz/decoder -max_total_time=600
 *
 * The decoder is compiled into the binary with coverage instrumentation
 * (build/mk/decoder.mk), unlike the fuzz targets of libraries. */
#include "propfuzz.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Noreturn void broken(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
static _Noreturn void broken(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz_decoder: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    abort();
}
#define EXPECT(cond, ...)                                                   \
    do {                                                                    \
        if (!(cond))                                                        \
            broken(__VA_ARGS__);                                            \
    } while (0)

static uint64_t bits_of(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}
static uint32_t fbits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* Decodes again from e with one draw run by `redraw`; checks it read all
 * of e. The caller compares the value. */
typedef struct again {
    pf_src *s;
    pf_buf e;
} again;
static pf_src *again_begin(again *a) { a->s = pf_begin("fuzz_decoder", a->e.data, a->e.len); return a->s; }
static void again_end(again *a, const char *what)
{
    EXPECT(pf_offset(a->s) == a->e.len && !pf_overrun(a->s),
           "%s: decoding its encoding read %zu of %zu bytes", what, pf_offset(a->s),
           a->e.len);
    pf_end(a->s);
    pf_buf_free(&a->e);
}

static const uint8_t zeros[4096];

/* --- integers ------------------------------------------------------------ */

static unsigned uwidth(uint64_t hi)
{
    return hi < 0x100 ? 1 : hi < 0x10000 ? 2 : hi <= UINT32_MAX ? 4 : 8;
}
static unsigned iwidth(int64_t lo, int64_t hi)
{
    if (lo >= 0)
        return uwidth((uint64_t)hi);
    for (unsigned w = 1; w < 8; w *= 2) {
        int64_t max = (int64_t)((UINT64_C(1) << (8 * w - 1)) - 1);
        if (lo >= -max - 1 && hi <= max)
            return w;
    }
    return 8;
}

static void case_unsigned(pf_src *s)
{
    uint64_t a = pf_u64(s, "a"), b = pf_u64(s, "b");
    uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    size_t at = pf_offset(s);
    uint64_t v = pf_u64_range(s, "v", a, b);
    EXPECT(v >= lo && v <= hi, "u64_range [%" PRIu64 ", %" PRIu64 "] gave %" PRIu64, lo, hi, v);
    EXPECT(pf_offset(s) - at == uwidth(hi), "u64_range width %zu", pf_offset(s) - at);
    again g = {0};
    pf_enc_u64_range(&g.e, a, b, v);
    EXPECT(pf_u64_range(again_begin(&g), NULL, a, b) == v, "u64_range round trip of %" PRIu64, v);
    again_end(&g, "u64_range");
    pf_src *z = pf_begin("zero", zeros, 8);
    EXPECT(pf_u64_range(z, NULL, a, b) == lo, "u64_range of zeros is not lo");
    pf_end(z);
}

/* The value of [lo, hi] nearest zero, the positive one first. */
static int64_t nearest_zero(int64_t lo, int64_t hi)
{
    return lo > 0 ? lo : hi < 0 ? hi : 0;
}

static void case_signed(pf_src *s)
{
    int64_t a = pf_i64(s, "a"), b;
    switch (pf_choice(s, "shape", 3)) { /* small ranges too, not just random */
    case 0: b = pf_i64(s, "b"); break;
    case 1: b = (int64_t)((uint64_t)a + pf_u16(s, "span")); break;
    default: a = (int64_t)pf_i16(s, "a16"); b = (int64_t)pf_i16(s, "b16"); break;
    }
    int64_t lo = a < b ? a : b, hi = a < b ? b : a;
    size_t at = pf_offset(s);
    int64_t v = pf_i64_range(s, "v", a, b);
    EXPECT(v >= lo && v <= hi, "i64_range [%" PRId64 ", %" PRId64 "] gave %" PRId64, lo, hi, v);
    EXPECT(pf_offset(s) - at == iwidth(lo, hi), "i64_range width %zu", pf_offset(s) - at);
    again g = {0};
    pf_enc_i64_range(&g.e, a, b, v);
    EXPECT(pf_i64_range(again_begin(&g), NULL, a, b) == v, "i64_range round trip of %" PRId64, v);
    again_end(&g, "i64_range");
    pf_src *z = pf_begin("zero", zeros, 8);
    EXPECT(pf_i64_range(z, NULL, a, b) == nearest_zero(lo, hi), "i64_range of zeros");
    pf_end(z);
}

static void case_bools(pf_src *s)
{
    double p = pf_double(s, "p", NULL);
    bool v = pf_bool_p(s, "v", p), b = pf_bool(s, "b");
    EXPECT(!(p >= 1) || v, "bool_p(%g) gave false", p);
    EXPECT(p > 0 || !v, "bool_p(%g) gave true", p);
    again g = {0};
    pf_enc_bool_p(&g.e, p, v);
    pf_enc_bool(&g.e, b);
    pf_src *r = again_begin(&g);
    EXPECT(pf_bool_p(r, NULL, p) == v && pf_bool(r, NULL) == b, "bool round trip");
    again_end(&g, "bools");
}

/* --- choices, trees -------------------------------------------------------- */

static void case_choices(pf_src *s)
{
    uint32_t w[16];
    size_t n = pf_choice(s, "n", 17), n_leaf = 1 + pf_choice(s, "n_leaf", 16);
    unsigned depth = pf_u8(s, "depth") % 6, cap = pf_u8(s, "cap") % 6;
    uint64_t total = 0, leaf_total = 0;
    for (size_t i = 0; i < 16; i++) {
        w[i] = pf_bool(s, "zero") ? 0 : pf_bool(s, "big") ? pf_u32(s, "w") : pf_u8(s, "w");
        total += i < n ? w[i] : 0;
        leaf_total += i < n_leaf && i < n ? w[i] : 0;
    }
    size_t c = pf_choice(s, "c", n), kinds = depth >= cap ? n_leaf : n;
    EXPECT(c < (n ? n : 1), "choice(%zu) gave %zu", n, c);
    again g = {0};
    pf_enc_choice(&g.e, n, c);
    size_t wc = 0, k = 0, tk = 0;
    if (total) {
        wc = pf_choice_weighted(s, "wc", w, n);
        EXPECT(wc < n && w[wc] > 0, "choice_weighted gave %zu (weight %u)", wc,
               wc < n ? w[wc] : 0);
        pf_enc_choice_weighted(&g.e, w, n, wc);
    }
    bool tree = n_leaf <= n;
    if (tree) {
        k = pf_tree_kind(s, "kind", depth, cap, n_leaf, n - n_leaf);
        EXPECT(k < kinds, "tree_kind gave %zu of %zu", k, kinds);
        pf_enc_tree_kind(&g.e, depth, cap, n_leaf, n - n_leaf, k);
    }
    bool wtree = tree && leaf_total > 0;
    if (wtree) {
        tk = pf_tree_kind_weighted(s, "wkind", depth, cap, w, n_leaf, n - n_leaf);
        EXPECT(tk < kinds && w[tk] > 0, "tree_kind_weighted gave %zu of %zu", tk, kinds);
        pf_enc_tree_kind_weighted(&g.e, depth, cap, w, n_leaf, n - n_leaf, tk);
    }
    pf_src *r = again_begin(&g);
    EXPECT(pf_choice(r, NULL, n) == c, "choice round trip");
    EXPECT(!total || pf_choice_weighted(r, NULL, w, n) == wc, "weighted round trip");
    EXPECT(!tree || pf_tree_kind(r, NULL, depth, cap, n_leaf, n - n_leaf) == k,
           "tree_kind round trip");
    EXPECT(!wtree || pf_tree_kind_weighted(r, NULL, depth, cap, w, n_leaf, n - n_leaf) == tk,
           "weighted tree_kind round trip");
    again_end(&g, "choices");
    if (total) { /* zeros: the first index with a positive weight */
        size_t first = 0;
        while (w[first] == 0)
            first++;
        pf_src *z = pf_begin("zero", zeros, 8);
        EXPECT(pf_choice_weighted(z, NULL, w, n) == first, "weighted choice of zeros");
        pf_end(z);
    }
}

/* --- floats ---------------------------------------------------------------- */

static bool double_ok(double v, const pf_float_opts *o)
{
    if (isnan(v))
        return !o->no_nan && !o->bounded;
    if (isinf(v) && o->no_inf)
        return false;
    return !o->bounded || (v >= o->min && v <= o->max);
}

/* Whether the options leave a double / a float at all (else the decoder
 * reports a misuse, and this case is skipped). */
static bool doubles_exist(const pf_float_opts *o)
{
    if (!o->bounded)
        return true;
    if (isnan(o->min) || isnan(o->max) || o->min > o->max)
        return false;
    return !(o->no_inf && o->min == o->max && isinf(o->min));
}
static bool floats_exist(const pf_float_opts *o)
{
    if (!doubles_exist(o))
        return false;
    if (!o->bounded)
        return true;
    /* The smallest float >= min, walking up from below it. */
    float f = (float)o->min;
    while ((double)f > o->min && f > -INFINITY)
        f = nextafterf(f, -INFINITY);
    while ((double)f < o->min)
        f = nextafterf(f, INFINITY);
    if (isinf(f) && o->no_inf)
        f = f < 0 ? -FLT_MAX : INFINITY;
    return (double)f <= o->max && !(isinf(f) && o->no_inf);
}

/* Bounds from a pool of awkward doubles, or any bits. */
static double bound(pf_src *s)
{
    static const double pool[] = {0, -0.0, 1, -1, 0.1, 0.5, 1e-50, 1e-45, 0x1p-149,
                                  0x1p-1074, DBL_MIN, FLT_MAX, 3.4028235677973366e38,
                                  1e39, DBL_MAX, INFINITY, -INFINITY, NAN, 1e300,
                                  9007199254740993.0, -2.5};
    size_t k = pf_choice(s, "bound", 2 * (sizeof pool / sizeof pool[0]));
    if (k < sizeof pool / sizeof pool[0])
        return pool[k] * (pf_bool(s, "negate") ? -1 : 1);
    uint64_t b = pf_u64(s, "bits");
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

static void draw_float_opts(pf_src *s, pf_float_opts *o)
{
    memset(o, 0, sizeof *o);
    o->bounded = pf_bool(s, "bounded");
    o->no_nan = pf_bool(s, "no_nan");
    o->no_inf = pf_bool(s, "no_inf");
    if (o->bounded) {
        o->min = bound(s);
        o->max = pf_bool(s, "same") ? o->min : bound(s);
        if (o->min > o->max && pf_bool(s, "sorted")) {
            double t = o->min; o->min = o->max; o->max = t;
        }
    }
}

/* The simplest value: 0.0, or the bound nearest zero. */
static double simplest(const pf_float_opts *o)
{
    if (!o->bounded || (o->min <= 0 && o->max >= 0))
        return 0.0;
    return o->min > 0 ? o->min : o->max;
}

static void case_double(pf_src *s)
{
    pf_float_opts o;
    draw_float_opts(s, &o);
    if (!doubles_exist(&o))
        return;
    size_t at = pf_offset(s);
    double v = pf_double(s, "v", &o);
    EXPECT(pf_offset(s) - at == 9, "double width %zu", pf_offset(s) - at);
    EXPECT(double_ok(v, &o), "double %g (bits %016" PRIx64 ") outside bounded %d [%g, %g] "
           "no_nan %d no_inf %d", v, bits_of(v), o.bounded, o.min, o.max, o.no_nan, o.no_inf);
    again g = {0};
    pf_enc_double(&g.e, &o, v);
    double back = pf_double(again_begin(&g), NULL, &o);
    EXPECT(bits_of(back) == bits_of(v), "double round trip: %016" PRIx64 " came back %016" PRIx64,
           bits_of(v), bits_of(back));
    again_end(&g, "double");
    pf_src *z = pf_begin("zero", zeros, 9);
    double zv = pf_double(z, NULL, &o);
    EXPECT(bits_of(zv) == bits_of(simplest(&o)), "double of zeros %g, want %g", zv, simplest(&o));
    pf_end(z);
}

static void case_float(pf_src *s)
{
    pf_float_opts o;
    draw_float_opts(s, &o);
    if (!floats_exist(&o))
        return;
    size_t at = pf_offset(s);
    float v = pf_float(s, "v", &o);
    EXPECT(pf_offset(s) - at == 5, "float width %zu", pf_offset(s) - at);
    EXPECT(double_ok((double)v, &o), "float %g (bits %08" PRIx32 ") outside bounded %d [%g, %g] "
           "no_nan %d no_inf %d", (double)v, fbits_of(v), o.bounded, o.min, o.max, o.no_nan,
           o.no_inf);
    again g = {0};
    pf_enc_float(&g.e, &o, v);
    float back = pf_float(again_begin(&g), NULL, &o);
    EXPECT(fbits_of(back) == fbits_of(v), "float round trip: %08" PRIx32 " came back %08" PRIx32,
           fbits_of(v), fbits_of(back));
    again_end(&g, "float");
    pf_src *z = pf_begin("zero", zeros, 5);
    float zv = pf_float(z, NULL, &o);
    EXPECT(double_ok((double)zv, &o), "float of zeros %g outside", (double)zv);
    pf_end(z);
}

/* --- strings ----------------------------------------------------------- */

/* Code points of valid UTF-8 into cps (at most cap); -1 if invalid. */
static long utf8_code_points(const uint8_t *p, size_t n, uint32_t *cps, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n; k++) {
        uint8_t c = p[i];
        size_t len = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2
                   : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        if (!len || i + len > n)
            return -1;
        uint32_t cp = len == 1 ? c : c & (0x7fu >> len);
        for (size_t j = 1; j < len; j++) {
            if ((p[i + j] & 0xc0) != 0x80)
                return -1;
            cp = cp << 6 | (p[i + j] & 0x3fu);
        }
        static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < least[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return -1;
        if (k < cap)
            cps[k] = cp;
        i += len;
    }
    return (long)k;
}

static void case_bytes(pf_src *s)
{
    size_t min = pf_u8(s, "min") % 40;
    size_t max = pf_bool(s, "unbounded") ? PF_UNBOUNDED : pf_u8(s, "max") % 60;
    size_t want_max = max < min ? min : max, len;
    const uint8_t *p = pf_bytes(s, "v", min, max, &len);
    EXPECT(len >= min && len <= want_max && p[len] == 0, "bytes [%zu, %zu] gave %zu", min,
           max, len);
    uint8_t *copy = malloc(len + 1);
    memcpy(copy, p, len);
    again g = {0};
    pf_enc_bytes(&g.e, min, max, copy, len);
    size_t blen;
    const uint8_t *b = pf_bytes(again_begin(&g), NULL, min, max, &blen);
    EXPECT(blen == len && memcmp(b, copy, len) == 0, "bytes round trip");
    again_end(&g, "bytes");
    free(copy);
}

static bool scalar(uint32_t cp) { return cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff); }

static void draw_text_opts(pf_src *s, pf_text_opts *o, uint32_t *abc)
{
    memset(o, 0, sizeof *o);
    o->min_len = pf_u8(s, "min") % 20;
    o->max_len = pf_u8(s, "max") % 40;
    o->allow_invalid = pf_choice(s, "invalid", 4) == 0;
    if (pf_bool(s, "alphabet")) {
        size_t n = pf_choice(s, "n", 9); /* 0: an empty alphabet */
        for (size_t i = 0; i < n; i++) {
            static const uint32_t pool[] = {0, 1, 'a', 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff,
                                            0xe000, 0xfffd, 0xffff, 0x10000, 0x10ffff};
            abc[i] = pf_bool(s, "pooled") ? pool[pf_choice(s, "cp", 13)]
                                          : (uint32_t)pf_u64_range(s, "cp", 0, 0x10ffff);
            if (!scalar(abc[i]))
                abc[i] = 'x';
        }
        o->alphabet = abc;
        o->alphabet_len = n;
    }
}

static void case_text(pf_src *s)
{
    pf_text_opts o;
    uint32_t abc[8], cps[256];
    draw_text_opts(s, &o, abc);
    bool empty_abc = o.alphabet && !o.alphabet_len && !o.allow_invalid;
    if (empty_abc && o.min_len)
        return; /* a misuse */
    size_t max = o.max_len ? o.max_len : SIZE_MAX, len;
    if (max < o.min_len)
        max = o.min_len;
    const char *t = pf_text(s, "v", &o, &len);
    const uint8_t *p = (const uint8_t *)t;
    EXPECT(p[len] == 0, "text not NUL-terminated");
    size_t units = len;
    if (!o.allow_invalid) {
        long k = utf8_code_points(p, len, cps, 256);
        EXPECT(k >= 0, "text is not valid UTF-8 (%zu bytes)", len);
        units = (size_t)k;
        for (size_t i = 0; o.alphabet_len && i < units && i < 256; i++) {
            bool in = false;
            for (size_t j = 0; j < o.alphabet_len; j++)
                in |= cps[i] == o.alphabet[j];
            EXPECT(in, "code point U+%04" PRIX32 " is not in the alphabet", cps[i]);
        }
    }
    EXPECT(units >= o.min_len && units <= max && (!empty_abc || len == 0),
           "text of %zu units, want [%zu, %zu]", units, o.min_len, max);
    char *copy = malloc(len + 1);
    memcpy(copy, t, len + 1);
    again g = {0};
    pf_enc_text(&g.e, &o, copy, len);
    size_t blen;
    const char *b = pf_text(again_begin(&g), NULL, &o, &blen);
    EXPECT(blen == len && memcmp(b, copy, len) == 0, "text round trip (%zu bytes)", len);
    again_end(&g, "text");
    free(copy);
}

/* --- structure -------------------------------------------------------- */

static void case_list(pf_src *s)
{
    size_t min = pf_u8(s, "min") % 6, max = pf_u8(s, "max") % 12;
    bool unique = pf_bool(s, "unique");
    uint8_t items[64];
    size_t n = 0;
    pf_list l;
    pf_list_begin(s, &l, "list", min, max);
    while (pf_list_more(s, &l)) {
        uint8_t v = pf_u8(s, "item") % 4;
        if (unique && !pf_list_unique(s, &l, &v, 1))
            continue;
        items[n++] = v;
    }
    size_t want_max = max < min ? min : max;
    EXPECT(n == l.count && n <= want_max && (unique || n >= min),
           "list [%zu, %zu] of %zu (count %zu)", min, max, n, l.count);
    for (size_t i = 0; unique && i < n; i++)
        for (size_t j = 0; j < i; j++)
            EXPECT(items[i] != items[j], "unique list repeats %u", items[i]);
    if (unique)
        return; /* duplicates were consumed too: no canonical encoding */
    again g = {0};
    for (size_t i = 0; i < n; i++) {
        if (i >= min)
            pf_enc_more(&g.e, true);
        pf_enc_u64_range(&g.e, 0, UINT8_MAX, items[i]);
    }
    if (n < want_max)
        pf_enc_more(&g.e, false);
    pf_src *r = again_begin(&g);
    pf_list_begin(r, &l, "list", min, max);
    size_t k = 0;
    while (pf_list_more(r, &l)) {
        EXPECT(k < n && pf_u8(r, NULL) % 4 == items[k], "list round trip at %zu", k);
        k++;
    }
    EXPECT(k == n, "list round trip: %zu of %zu", k, n);
    again_end(&g, "list");
}

static void case_permutation_and_chunks(pf_src *s)
{
    size_t perm[64], back[64], sizes[9], again_sizes[9];
    size_t n = pf_u8(s, "n") % 65;
    pf_permutation(s, "perm", perm, n);
    uint64_t seen = 0;
    for (size_t i = 0; i < n; i++) {
        EXPECT(perm[i] < n && !(seen >> perm[i] & 1), "not a permutation of %zu", n);
        seen |= UINT64_C(1) << perm[i];
    }
    size_t total = pf_bool(s, "big") ? (size_t)pf_u32(s, "total") : pf_u8(s, "total");
    size_t max = pf_choice(s, "max", 10);
    if (total > 0 && max == 0)
        max = 1; /* 0 chunks cannot hold bytes: a misuse */
    size_t k = pf_chunks(s, "chunks", total, sizes, max), sum = 0;
    for (size_t i = 0; i < k; i++) {
        EXPECT(sizes[i] >= 1, "empty chunk");
        sum += sizes[i];
    }
    EXPECT(sum == total && k <= max && (total == 0) == (k == 0),
           "%zu chunks of %zu sum to %zu (max %zu)", k, total, sum, max);
    again g = {0};
    pf_enc_permutation(&g.e, perm, n);
    pf_enc_chunks(&g.e, total, sizes, k, max);
    pf_src *r = again_begin(&g);
    pf_permutation(r, NULL, back, n);
    EXPECT(memcmp(back, perm, n * sizeof *back) == 0, "permutation round trip");
    EXPECT(pf_chunks(r, NULL, total, again_sizes, max) == k &&
           memcmp(again_sizes, sizes, k * sizeof *sizes) == 0, "chunks round trip");
    again_end(&g, "permutation and chunks");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static void (*const cases[])(pf_src *) = {
        case_unsigned, case_signed, case_bools, case_choices, case_double,
        case_float, case_bytes, case_text, case_list, case_permutation_and_chunks,
    };
    pf_src *s = pf_begin("fuzz_decoder", data, size);
    pf_list l;
    pf_list_begin(s, &l, "cases", 1, 6);
    while (pf_list_more(s, &l))
        cases[pf_choice(s, "case", sizeof cases / sizeof cases[0])](s);
    pf_end(s);
    return 0;
}
