/* Unit tests of the binary family (include/propfuzz_binary.h): the
 * strategy's inverse, equality and its first-difference path, the
 * printer, the size classes, and each ready-made property catching a bug
 * planted in "tinypack", a small serializer written below. */
#include "propfuzz.h"
#include "propfuzz_binary.h"
#include "testkit.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* tinypack: a header byte (kind << 4 | size), then the payload.        */
/* Sizes below 12 sit in the header; 12..15 say a 1, 2, 4 or 8-byte     */
/* little-endian length follows (smallest: the shortest that holds it). */
/* ------------------------------------------------------------------ */

enum bug {
    BUG_NONE, BUG_SIGN, BUG_NONDET, BUG_HEADER, BUG_KEYS, BUG_STREAM, BUG_CLAIM,
    BUG_WIDTH, BUG_USED,
};
static enum bug g_bug;

static void put_le(pf_buf *b, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        pf_buf_putc(b, (uint8_t)(v >> (8 * i)));
}

static void put_size(pf_buf *b, unsigned kind, size_t n, bool smallest)
{
    if (n < 12 && (smallest || g_bug != BUG_HEADER || n == 0)) {
        pf_buf_putc(b, (uint8_t)(kind << 4 | n));
        return;
    }
    unsigned l = n <= 0xff ? 0 : n <= 0xffff ? 1 : n <= 0xffffffffu ? 2 : 3;
    pf_buf_putc(b, (uint8_t)(kind << 4 | (12 + l)));
    put_le(b, n, 1u << l);
}

/* The writer; `smallest` is the reference (no planted bug in it). */
static void tp_write(pf_buf *b, const pf_bin *v, bool smallest)
{
    static unsigned calls;
    unsigned k = v->kind;
    switch (v->kind) {
    case PF_BIN_NIL:
        /* BUG_NONDET: every other call writes another nil header. */
        pf_buf_putc(b, !smallest && g_bug == BUG_NONDET && calls++ % 2 ? 0x01 : 0x00);
        break;
    case PF_BIN_BOOL: pf_buf_putc(b, (uint8_t)(k << 4 | v->v.b)); break;
    case PF_BIN_INT: case PF_BIN_UINT: {
        unsigned w = !smallest && g_bug == BUG_WIDTH ? 8 : v->width;
        pf_buf_putc(b, (uint8_t)(k << 4 | w));
        put_le(b, v->v.u, w);
        break;
    }
    case PF_BIN_FLOAT:
        pf_buf_putc(b, (uint8_t)(k << 4 | v->width / 8));
        put_le(b, v->v.bits, v->width / 8);
        break;
    case PF_BIN_BYTES: case PF_BIN_TEXT:
        put_size(b, k, v->n, smallest);
        if (!v->claimed)
            pf_buf_put(b, v->v.bytes, v->n);
        break;
    case PF_BIN_ARRAY:
        put_size(b, k, v->n, smallest);
        for (size_t i = 0; !v->claimed && i < v->n; i++)
            tp_write(b, v->v.items[i], smallest);
        break;
    case PF_BIN_MAP:
        put_size(b, k, v->n, smallest);
        for (size_t i = 0; !v->claimed && i < v->n; i++) {
            tp_write(b, v->v.pairs[i].key, smallest);
            tp_write(b, v->v.pairs[i].value, smallest);
        }
        break;
    default: break;
    }
}

static uint64_t get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* One value at *at; NULL when refused. */
static pf_bin *tp_read(pf_bin_pool *p, const uint8_t *d, size_t len, size_t *at, unsigned depth)
{
    if (*at >= len || depth > 64)
        return NULL;
    unsigned h = d[(*at)++], k = h >> 4, sz = h & 15;
    pf_bin *v = pf_bin_new(p, (pf_bin_kind)k);
    size_t n = sz;
    switch (k) {
    case PF_BIN_NIL: return v;
    case PF_BIN_BOOL: v->v.b = sz & 1; return sz < 2 ? v : NULL;
    case PF_BIN_INT: case PF_BIN_UINT: case PF_BIN_FLOAT: {
        bool fl = k == PF_BIN_FLOAT;
        if ((sz != 1 && sz != 2 && sz != 4 && sz != 8) || (fl && sz < 4) || len - *at < sz)
            return NULL;
        v->v.u = get_le(d + *at, sz);
        if (k == PF_BIN_INT && sz < 8 && (v->v.u >> (8 * sz - 1)))
            v->v.u |= ~(uint64_t)0 << (8 * sz); /* sign-extend */
        v->width = (uint8_t)(fl ? sz * 8 : sz);
        *at += sz;
        if (fl && g_bug == BUG_SIGN && (v->v.bits << 1) == 0)
            v->v.bits = 0; /* -0.0 read as +0.0 */
        return v;
    }
    default: break;
    }
    if (k > PF_BIN_MAP || (k > PF_BIN_TEXT && k < PF_BIN_ARRAY))
        return NULL;
    if (sz >= 12) {
        unsigned l = 1u << (sz - 12);
        if (len - *at < l)
            return NULL;
        n = get_le(d + *at, l);
        *at += l;
    }
    v->n = n;
    if (k == PF_BIN_BYTES || k == PF_BIN_TEXT) {
        if (len - *at < n) {
            if (g_bug != BUG_CLAIM && g_bug != BUG_USED)
                return NULL;
            v->n = len - *at; /* the planted bugs take what is there */
            v->v.bytes = pf_bin_bytes(p, (pf_bin_kind)k, d + *at, v->n)->v.bytes;
            *at = g_bug == BUG_USED ? *at + n : len;
            return v;
        }
        v->v.bytes = pf_bin_bytes(p, (pf_bin_kind)k, d + *at, n)->v.bytes;
        *at += n;
        return v;
    }
    if (n > len - *at) /* every element takes a byte at least */
        return NULL;
    pf_bin *c = k == PF_BIN_ARRAY ? pf_bin_array(p, n) : pf_bin_map(p, n);
    for (size_t i = 0; i < n; i++) {
        pf_bin *a = tp_read(p, d, len, at, depth + 1), *b = NULL;
        if (!a || (k == PF_BIN_MAP && !(b = tp_read(p, d, len, at, depth + 1))))
            return NULL;
        if (k == PF_BIN_ARRAY)
            pf_bin_push(p, c, a);
        else
            pf_bin_put(p, c, a, b);
    }
    /* BUG_KEYS: a map whose first two keys are out of order loses its
     * last pair (a "sorted input" fast path). */
    if (g_bug == BUG_KEYS && k == PF_BIN_MAP && c->n >= 2 &&
        c->v.pairs[0].key->kind == PF_BIN_TEXT && c->v.pairs[1].key->kind == PF_BIN_TEXT &&
        c->v.pairs[0].key->n && c->v.pairs[1].key->n &&
        c->v.pairs[0].key->v.bytes[0] > c->v.pairs[1].key->v.bytes[0])
        c->n--;
    return c;
}

static int tp_encode(const pf_bin_codec *c, const pf_bin *v, pf_buf *out)
{
    (void)c;
    tp_write(out, v, false);
    return 0;
}

static int tp_reference(const pf_bin_codec *c, const pf_bin *v, pf_buf *out)
{
    (void)c;
    tp_write(out, v, true);
    return 0;
}

static pf_bin *tp_decode(const pf_bin_codec *c, pf_bin_pool *p, const uint8_t *data,
                         size_t len, size_t *used)
{
    (void)c;
    size_t at = 0;
    pf_bin *v = tp_read(p, data, len, &at, 0);
    *used = at;
    return v;
}

/* The stream reader: joins the chunks, then reads values one by one;
 * BUG_STREAM reads each chunk on its own (a value split across two is
 * lost). */
static size_t tp_stream(const pf_bin_codec *c, pf_bin_pool *p, const uint8_t *data,
                        const size_t *sizes, size_t n_chunks, pf_bin **out, size_t max)
{
    (void)c;
    size_t n = 0, start = 0, total = 0;
    for (size_t i = 0; i < n_chunks; i++)
        total += sizes[i];
    for (size_t i = 0; i < n_chunks || (i == 0 && !n_chunks); i++) {
        size_t end = g_bug == BUG_STREAM ? start + (n_chunks ? sizes[i] : 0) : total;
        size_t at = start;
        while (at < end && n < max) {
            pf_bin *v = tp_read(p, data, end, &at, 0);
            if (!v)
                break;
            out[n++] = v;
        }
        if (g_bug != BUG_STREAM)
            break;
        start = end;
    }
    return n;
}

static const pf_bin_codec tinypack = {
    .name = "tinypack",
    .values = {.kinds = PF_BIN_BIT(PF_BIN_NIL) | PF_BIN_BIT(PF_BIN_BOOL) |
                        PF_BIN_BIT(PF_BIN_INT) | PF_BIN_BIT(PF_BIN_UINT) |
                        PF_BIN_BIT(PF_BIN_FLOAT) | PF_BIN_BIT(PF_BIN_BYTES) |
                        PF_BIN_BIT(PF_BIN_TEXT) | PF_BIN_BIT(PF_BIN_ARRAY) |
                        PF_BIN_BIT(PF_BIN_MAP),
               .key_kinds = PF_BIN_BIT(PF_BIN_TEXT) | PF_BIN_BIT(PF_BIN_UINT),
               .float_widths = 2 | 4,
               .unique_keys = true,
               .boundaries = true,
               .claimed = true},
    .maps_unordered = true,
    .encode = tp_encode,
    .decode = tp_decode,
    .reference = tp_reference,
    .decode_stream = tp_stream,
};

/* ------------------------------------------------------------------ */
/* A target of one property, chosen per planted test.                  */
/* ------------------------------------------------------------------ */

static void *value_case(pf_src *s) { return pf_bin_value_case(s, &tinypack); }
static void *raw_case(pf_src *s) { return pf_bin_raw_case(s, &tinypack); }
static pf_property g_prop[1];
static pf_mode g_mode[1] = {{"values", value_case, g_prop, 1}};
static const pf_target g_target = {"binary_test", g_mode, 1, NULL};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return pf_run(&g_target, NULL, data, size);
}

static void random_input(uint8_t *buf, size_t *len)
{
    *len = 8 + rnd() % 300;
    for (size_t i = 0; i < *len; i++)
        buf[i] = (uint8_t)rnd();
}

/* A raw-mode input: tinypack's bytes of a value drawn from random bytes
 * (random bytes alone rarely decode whole). */
static void encoded_input(uint8_t *buf, size_t *len)
{
    random_input(buf, len);
    pf_bin_pool *p = pf_bin_pool_new();
    pf_src *s = pf_begin("t", buf, *len);
    pf_buf e = {0};
    tp_write(&e, pf_bin_draw(s, p, &tinypack.values), true);
    *len = e.len < 512 ? e.len : 512;
    memcpy(buf, e.data, *len);
    pf_buf_free(&e);
    pf_end(s);
    pf_bin_pool_free(p);
}

/* Inputs until the property fails (at most `budget`); 0 when none did. */
static size_t tries_to_fail(const char *name, void (*run)(pf_src *, void *), bool raw,
                            enum bug bug, size_t budget)
{
    static uint8_t buf[512];
    g_prop[0] = (pf_property){name, run};
    g_mode[0].setup = raw ? raw_case : value_case;
    g_bug = bug;
    g_rng = 7;
    char sig[128];
    for (size_t i = 1; i <= budget; i++) {
        size_t len;
        if (raw && i % 2)
            encoded_input(buf, &len);
        else
            random_input(buf, &len);
        if (pf_fails(buf, len, sig, sizeof sig)) {
            g_bug = BUG_NONE;
            if (!strstr(sig, name))
                printf("  %s: another failure: %s\n", name, sig);
            return strstr(sig, name) ? i : 0;
        }
    }
    g_bug = BUG_NONE;
    return 0;
}

static const struct planted {
    const char *property;
    void (*run)(pf_src *, void *);
    bool raw;
    enum bug bug;
} planted[] = {
    {"round_trip", pf_bin_round_trip, false, BUG_SIGN},
    {"deterministic", pf_bin_deterministic, false, BUG_NONDET},
    {"smallest_encoding", pf_bin_smallest_encoding, false, BUG_HEADER},
    {"key_order", pf_bin_key_order, false, BUG_KEYS},
    {"batch_stream", pf_bin_batch_stream, false, BUG_STREAM},
    {"claimed_size", pf_bin_claimed_size, false, BUG_CLAIM},
    {"canonical_fixed_point", pf_bin_canonical_fixed_point, true, BUG_WIDTH},
    {"decode_safety", pf_bin_decode_safety, true, BUG_USED},
};

static void test_planted_bugs_caught(void)
{
    for (size_t i = 0; i < sizeof planted / sizeof planted[0]; i++) {
        const struct planted *p = &planted[i];
        size_t clean = tries_to_fail(p->property, p->run, p->raw, BUG_NONE, 3000);
        CHECK(clean == 0, "%s fails without a bug (input %zu)", p->property, clean);
        size_t n = tries_to_fail(p->property, p->run, p->raw, p->bug, 100000);
        CHECK(n > 0, "%s does not catch its planted bug", p->property);
        printf("  %s caught its planted bug after %zu inputs\n", p->property, n);
    }
}

/* ------------------------------------------------------------------ */
/* The strategy's inverse, equality, printer, size classes.            */
/* ------------------------------------------------------------------ */

static pf_bin *tag_draw(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l, unsigned depth)
{
    int64_t t = (int64_t)pf_u64_range(s, "t", 0, 9);
    return pf_bin_tag(p, t, pf_bin_draw_at(s, p, l, depth + 1));
}

static void tag_enc(pf_buf *e, const pf_bin_limits *l, const pf_bin *v, unsigned depth)
{
    pf_enc_u64_range(e, 0, 9, (uint64_t)v->tag);
    pf_bin_enc_at(e, l, v->v.items[0], depth + 1);
}

static void test_inverse_reads_back(void)
{
    const pf_bin_limits sets[] = {
        {0},
        tinypack.values,
        {.kinds = (1u << PF_BIN_N_KINDS) - 1, .text_invalid = true, .draw_tag = tag_draw,
         .enc_tag = tag_enc, .boundaries = true, .items_boundary_max = 65536},
        {.top_kinds = PF_BIN_BIT(PF_BIN_MAP), .key_kinds = PF_BIN_BIT(PF_BIN_TEXT),
         .keys_no_nul = true, .text_no_nul = true, .no_nan = true, .int_widths = 8 | 128},
        {.int_negative = true, .quiet_nan = true, .nest_limit = 32, .unique_keys = true,
         .boundaries = true, .items_boundary_max = 65536},
    };
    static uint8_t buf[512];
    g_rng = 11;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
        for (int i = 0; i < 400; i++) {
            size_t len;
            random_input(buf, &len);
            pf_bin_pool *p = pf_bin_pool_new();
            pf_src *s = pf_begin("t", buf, len);
            pf_bin *v = pf_bin_draw(s, p, &sets[k]);
            pf_buf e = {0};
            pf_bin_enc_value(&e, &sets[k], v);
            pf_src *s2 = pf_begin("t", e.data, e.len);
            pf_bin *w = pf_bin_draw(s2, p, &sets[k]);
            pf_path path = {0};
            bool same = pf_bin_equal(v, w, NULL, &path);
            if (!same) {
                pf_buf a = {0}, b = {0};
                pf_bin_print(&a, v, 200);
                pf_bin_print(&b, w, 200);
                CHECK(same, "limits %zu input %d: %s read back as %s at %s", k, i,
                      pf_buf_str(&a), pf_buf_str(&b), path.text);
                pf_buf_free(&a);
                pf_buf_free(&b);
            }
            pf_end(s2);
            pf_end(s);
            pf_buf_free(&e);
            pf_bin_pool_free(p);
        }
}

static void test_equal_first_difference(void)
{
    pf_bin_pool *p = pf_bin_pool_new();
    pf_bin *a = pf_bin_map(p, 2), *b = pf_bin_map(p, 2), *xa = pf_bin_array(p, 2),
           *xb = pf_bin_array(p, 2);
    pf_bin_push(p, xa, pf_bin_int(p, 1, 4));
    pf_bin_push(p, xa, pf_bin_f64(p, -0.0));
    pf_bin_push(p, xb, pf_bin_int(p, 1, 4));
    pf_bin_push(p, xb, pf_bin_f64(p, 0.0));
    pf_bin_put(p, a, pf_bin_text(p, "k"), xa);
    pf_bin_put(p, b, pf_bin_text(p, "k"), xb);
    pf_path path = {0};
    CHECK(!pf_bin_equal(a, b, NULL, &path), "-0.0 equals 0.0");
    CHECK(!strcmp(path.text, "[\"k\"][1]"), "path %s", path.text);
    CHECK(!pf_bin_equal(pf_bin_int(p, 1, 4), pf_bin_int(p, 1, 8), NULL, NULL), "widths");
    pf_bin_eq any = {.any_width = true};
    CHECK(pf_bin_equal(pf_bin_int(p, 1, 4), pf_bin_int(p, 1, 8), &any, NULL), "any_width");
    CHECK(!pf_bin_equal(pf_bin_float_bits(p, 0x7ff8000000000001u, 64),
                        pf_bin_float_bits(p, 0x7ff8000000000000u, 64), NULL, NULL),
          "NaN payloads");
    pf_bin *m1 = pf_bin_map(p, 2), *m2 = pf_bin_map(p, 2);
    pf_bin_put(p, m1, pf_bin_text(p, "x"), pf_bin_nil(p));
    pf_bin_put(p, m1, pf_bin_text(p, "y"), pf_bin_bool(p, true));
    pf_bin_put(p, m2, pf_bin_text(p, "y"), pf_bin_bool(p, true));
    pf_bin_put(p, m2, pf_bin_text(p, "x"), pf_bin_nil(p));
    pf_bin_eq unordered = {.unordered = true};
    CHECK(!pf_bin_equal(m1, m2, NULL, NULL), "maps in order");
    CHECK(pf_bin_equal(m1, m2, &unordered, NULL), "maps as sets");
    pf_bin_pool_free(p);
}

static void test_print(void)
{
    pf_bin_pool *p = pf_bin_pool_new();
    pf_bin *m = pf_bin_map(p, 4);
    pf_bin_put(p, m, pf_bin_text(p, "a"), pf_bin_int(p, -5, 4));
    pf_bin_put(p, m, pf_bin_uint(p, 7, 1), pf_bin_float_bits(p, 0x3c00, 16));
    pf_bin_put(p, m, pf_bin_text(p, "z"), pf_bin_f64(p, -0.0));
    pf_bin_put(p, m, pf_bin_text(p, "e"), pf_bin_ext(p, 5, "\x01", 1));
    const char *want = "{\"a\": i32(-5), u8(7): f16(1), \"z\": f64(-0), \"e\": ext(5, b\"\\u0001\")}";
    const char *got = pf_bin_show(p, m);
    CHECK(!strcmp(got, want), "printed %s, want %s", got, want);
    pf_bin *c = pf_bin_new(p, PF_BIN_BYTES);
    c->claimed = true, c->n = PF_BIN_CLAIMED_SIZE;
    CHECK(!strcmp(pf_bin_show(p, c), "bclaimed(4294967296)"), "claimed %s", pf_bin_show(p, c));
    pf_bin_pool_free(p);
}

/* Every boundary size, and the claimed one, is one size class draw. */
static void test_size_classes_reach_boundaries(void)
{
    pf_bin_limits l = {.boundaries = true, .claimed = true};
    for (size_t i = 0; i <= PF_BIN_N_BOUNDARIES; i++) {
        bool claimed = i == PF_BIN_N_BOUNDARIES, got_claimed;
        size_t want = claimed ? PF_BIN_CLAIMED_SIZE : pf_bin_boundaries[i];
        pf_buf e = {0};
        pf_bin_enc_size(&e, &l, 40, want, claimed);
        pf_src *s = pf_begin("t", e.data, e.len);
        size_t got = pf_bin_draw_size(s, &l, 40, &got_claimed);
        CHECK(got == want && got_claimed == claimed, "size %zu drawn as %zu", want, got);
        /* the huge gate's byte, then the class (or the huge size's index) */
        CHECK(e.len <= 4, "size %zu takes %zu bytes", want, e.len);
        pf_end(s);
        pf_buf_free(&e);
    }
}

/* The deepest nesting of containers in v (a leaf: 0). */
static unsigned depth_of(const pf_bin *v)
{
    unsigned d = 0;
    for (size_t i = 0; v->kind >= PF_BIN_N_LEAVES && !v->claimed && i < v->n; i++) {
        const pf_bin *x = v->kind == PF_BIN_MAP ? v->v.pairs[i].value : v->v.items[i];
        unsigned dx = depth_of(x);
        d = dx > d ? dx : d;
        if (v->kind == PF_BIN_ARRAY && i + 1 < v->n && v->v.items[i + 1] == x)
            break; /* a repeated element */
    }
    return v->kind >= PF_BIN_N_LEAVES ? d + 1 : 0;
}

/* The first INT at or above 0, or 16/32-bit NaN that signals, or NULL. */
static const char *breaks_limits(const pf_bin *v, const void *ctx)
{
    (void)ctx;
    if (v->kind == PF_BIN_INT && v->v.i >= 0)
        return "non-negative INT";
    if (v->kind == PF_BIN_FLOAT && v->width == 32 && (v->v.bits & 0x7f800000) == 0x7f800000 &&
        (v->v.bits & 0x7fffff) && !(v->v.bits & 0x400000))
        return "signalling f32 NaN";
    if (v->kind == PF_BIN_FLOAT && v->width == 16 && (v->v.bits & 0x7c00) == 0x7c00 &&
        (v->v.bits & 0x3ff) && !(v->v.bits & 0x200))
        return "signalling f16 NaN";
    return NULL;
}

/* int_negative, quiet_nan and nest_limit hold in every draw; chains reach
 * the limit and one below, and the inverse writes a chain drawn as one. */
static void test_negative_quiet_chains(void)
{
    const pf_bin_limits l = {.int_negative = true, .quiet_nan = true, .nest_limit = 32};
    static uint8_t buf[512];
    size_t at_limit = 0, below = 0;
    g_rng = 5;
    for (int i = 0; i < 3000; i++) {
        size_t len;
        random_input(buf, &len);
        pf_bin_pool *p = pf_bin_pool_new();
        pf_src *s = pf_begin("t", buf, len);
        pf_bin *v = pf_bin_draw(s, p, &l);
        const char *bad = pf_bin_find(v, breaks_limits, NULL);
        unsigned d = depth_of(v);
        CHECK(!bad && d <= 32, "input %d: %s, depth %u", i, bad ? bad : "", d);
        at_limit += d == 32, below += d == 31;
        pf_end(s);
        pf_bin_pool_free(p);
    }
    CHECK(at_limit > 0 && below > 0, "chains at the limit %zu, below it %zu", at_limit, below);
    pf_bin_pool *p = pf_bin_pool_new();
    pf_bin *v = pf_bin_int(p, -7, 8);
    for (int i = 0; i < 32; i++) {
        pf_bin *a = pf_bin_array(p, 1);
        pf_bin_push(p, a, v);
        v = a;
    }
    pf_buf e = {0};
    pf_bin_enc_value(&e, &l, v);
    pf_src *s = pf_begin("t", e.data, e.len);
    pf_bin *w = pf_bin_draw(s, p, &l);
    CHECK(pf_bin_equal(v, w, NULL, NULL) && depth_of(w) == 32, "a 32-deep chain reads back");
    pf_end(s);
    pf_buf_free(&e);
    pf_bin_pool_free(p);
}

/* ------------------------------------------------------------------ */
/* Tag schemas, the chunked read handle, hex, seeds written both ways. */
/* ------------------------------------------------------------------ */

static void test_decimal_words_and_text(void)
{
    pf_bin_pool *p = pf_bin_pool_new();
    pf_bin *one = pf_bin_decimal(p, 0x3040000000000000u, 1);
    uint64_t high, low;
    pf_bin_decimal_words(one, &high, &low);
    CHECK(one->kind == PF_BIN_DECIMAL && one->n == 16 && one->v.bytes[0] == 1 &&
              one->v.bytes[14] == 0x40 && one->v.bytes[15] == 0x30,
          "little endian, low word first");
    CHECK(high == 0x3040000000000000u && low == 1, "words %" PRIx64 " %" PRIx64, high, low);
    static const struct { uint64_t high, low; bool exact; } cases[] = {
        {0x3040000000000000u, 1, true},                     /* 1 */
        {0x5fffed09bead87c0u, 0x378d8e63ffffffffu, true},   /* the largest coefficient */
        {0x3041ed09bead87c0u, 0x378d8e6400000000u, false},  /* 10^34: reads as 0 */
        {0x6000000000000000u, 0, false},                    /* the large form */
        {0x7800000000000000u, 0, true},                     /* infinity */
        {0xf800000000000000u, 0, true},                     /* -infinity */
        {0x7800000000000000u, 1, false},                    /* infinity, a payload */
        {0x7c00000000000000u, 0, true},                     /* NaN */
        {0xfc00000000000000u, 0, false},                    /* -NaN */
        {0x7c00000000000000u, 5, false},                    /* NaN, a payload */
        {0x7e00000000000000u, 0, false},                    /* signalling NaN */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK(pf_bin_decimal_text_exact(pf_bin_decimal(p, cases[i].high, cases[i].low)) ==
                  cases[i].exact, "case %zu", i);
    pf_bin_pool_free(p);
}

static const pf_bin_tag_type test_types[] = {
    {1, {PF_BIN_BYTES_PART("id", 3)}},
    {2, {PF_BIN_CSTRING_PART, PF_BIN_FLAGS_PART("flag", "abc")}},
    {3, {PF_BIN_TEXT_PART, PF_BIN_MAP_PART}},
    {4, {PF_BIN_UINT_PART("u", 2), PF_BIN_UINT_PART("w", 4)}},
    {.tag = 5},
};
static const pf_bin_schema test_schema = {"type", test_types, 5, "NUL", "FLAGS"};
static const pf_bin_codec schema_codec = {
    .values = {.kinds = PF_BIN_BIT(PF_BIN_NIL) | PF_BIN_BIT(PF_BIN_TEXT) |
                        PF_BIN_BIT(PF_BIN_MAP) | PF_BIN_BIT(PF_BIN_TAG),
               .key_kinds = PF_BIN_BIT(PF_BIN_TEXT), .boundaries = true,
               .draw_tag = pf_bin_schema_draw, .enc_tag = pf_bin_schema_enc,
               .ctx = &test_schema},
};

/* Whether v's TAG values (anywhere inside) have their type's parts. */
static const char *off_schema(const pf_bin *v, const void *ctx)
{
    (void)ctx;
    const pf_bin_tag_type *t = v->kind == PF_BIN_TAG ? pf_bin_schema_type(&test_schema, v->tag)
                                                     : NULL;
    if (v->kind == PF_BIN_TAG && !t)
        return "unknown tag";
    for (size_t i = 0; t && i < 2 && t->parts[i].kind; i++) {
        const pf_bin *x = pf_bin_tag_part(v, i);
        static const pf_bin_kind want[] = {
            [PF_BIN_PART_BYTES] = PF_BIN_BYTES, [PF_BIN_PART_UINT] = PF_BIN_UINT,
            [PF_BIN_PART_TEXT] = PF_BIN_TEXT, [PF_BIN_PART_CSTRING] = PF_BIN_TEXT,
            [PF_BIN_PART_FLAGS] = PF_BIN_TEXT, [PF_BIN_PART_MAP] = PF_BIN_MAP};
        if (x->kind != want[t->parts[i].kind])
            return "part kind";
        if ((t->parts[i].kind == PF_BIN_PART_BYTES && x->n != t->parts[i].size) ||
            (t->parts[i].kind == PF_BIN_PART_UINT && x->width != t->parts[i].size))
            return "part size";
    }
    if (t && !t->parts[0].kind && v->v.items[0]->kind != PF_BIN_NIL)
        return "no parts: not nil";
    return NULL;
}

static void test_schema_draws_inverts_checks(void)
{
    static uint8_t buf[512];
    size_t seen[6] = {0};
    g_rng = 23;
    for (int i = 0; i < 600; i++) {
        size_t len;
        random_input(buf, &len);
        pf_bin_pool *p = pf_bin_pool_new();
        pf_src *s = pf_begin("t", buf, len);
        pf_bin *v = pf_bin_draw(s, p, &schema_codec.values);
        const char *bad = pf_bin_find(v, off_schema, NULL);
        const char *unfit = pf_bin_schema_unfit(&schema_codec, v);
        CHECK(!bad && !unfit, "input %d: %s %s: %s", i, bad ? bad : "", unfit ? unfit : "",
              pf_bin_show(p, v));
        if (v->kind == PF_BIN_TAG)
            seen[v->tag]++;
        pf_buf e = {0};
        pf_bin_enc_value(&e, &schema_codec.values, v);
        pf_src *s2 = pf_begin("t", e.data, e.len);
        pf_bin *w = pf_bin_draw(s2, p, &schema_codec.values);
        pf_path path = {0};
        CHECK(pf_bin_equal(v, w, NULL, &path), "input %d: %s read back as %s at %s", i,
              pf_bin_show(p, v), pf_bin_show(p, w), path.text);
        pf_end(s2);
        pf_end(s);
        pf_buf_free(&e);
        pf_bin_pool_free(p);
    }
    for (int t = 1; t <= 5; t++)
        CHECK(seen[t] > 0, "type %d never drawn at the top", t);

    /* Values read from bytes may break the rules: unfit names them. */
    pf_bin_pool *p = pf_bin_pool_new();
    pf_bin *nul = pf_bin_tag_parts(p, 2, pf_bin_bytes(p, PF_BIN_TEXT, "a\0b", 3),
                                   pf_bin_text(p, "ac"));
    pf_bin *doc = pf_bin_map(p, 1);
    pf_bin_put(p, doc, pf_bin_text(p, "k"), nul);
    const char *flags[] = {"ca", "aa", "ad", "", "abc"};
    const char *r = pf_bin_schema_unfit(&schema_codec, doc);
    CHECK(r && !strcmp(r, "NUL"), "a C string with 0x00: %s", r ? r : "fit");
    for (size_t i = 0; i < 5; i++) {
        pf_bin *re = pf_bin_tag_parts(p, 2, pf_bin_text(p, "x"), pf_bin_text(p, flags[i]));
        r = pf_bin_schema_unfit(&schema_codec, re);
        CHECK(i < 3 ? r && !strcmp(r, "FLAGS") : !r, "flags \"%s\": %s", flags[i], r ? r : "fit");
    }
    CHECK(!pf_bin_schema_unfit(&schema_codec, pf_bin_tag_parts(p, 9, pf_bin_text(p, "a\0"), NULL)),
          "a tag outside the schema");
    pf_bin *none = pf_bin_tag_parts(p, 5, NULL, NULL), *one = pf_bin_tag_parts(p, 1, doc, NULL);
    CHECK(none->v.items[0]->kind == PF_BIN_NIL && pf_bin_tag_part(one, 0) == doc &&
              pf_bin_tag_part(nul, 1)->n == 2 && !pf_bin_schema_type(&test_schema, 0),
          "parts: none, one, two");
    pf_bin_pool_free(p);
}

static void test_chunks_read(void)
{
    const uint8_t data[] = "abcdefghij";
    const size_t sizes[] = {3, 4, 3};
    const char *want[2] = {"ab|c|de|fg|hi|j|", "abc|defg|hij|"};
    const size_t counts[2] = {2, 100};
    for (size_t k = 0; k < 2; k++) {
        pf_bin_chunks h;
        pf_bin_chunks_init(&h, data, sizes, 3);
        char got[64] = "", piece[128];
        ssize_t n = 0;
        for (int reads = 0; reads < 10 && (n = pf_bin_chunks_read(&h, piece, counts[k])) > 0;
             reads++)
            if (strlen(got) + (size_t)n + 2 < sizeof got)
                strncat(strncat(got, piece, (size_t)n), "|", 1);
        CHECK(!strcmp(got, want[k]) && n == 0, "count %zu: %s", counts[k], got);
    }
}

static void test_hex(void)
{
    static uint8_t big[600];
    pf_src *s = pf_begin("t", NULL, 0);
    const char *h = pf_bin_hex(s, "\x00\xab\x10", 3), *cut = pf_bin_hex(s, big, 600);
    CHECK(!strcmp(h, "00 ab 10"), "hex %s", h);
    CHECK(strlen(cut) == 512 * 3 - 1 + strlen(" ... (88 more)") &&
              !strcmp(cut + strlen(cut) - 14, " ... (88 more)"), "cut: %s", cut + 1500);
    pf_end(s);
}

static struct { char name[32]; uint8_t data[64]; size_t len; } g_seeds[4];
static size_t g_n_seeds;
static void keep_seed(const char *name, const uint8_t *data, size_t len)
{
    snprintf(g_seeds[g_n_seeds].name, sizeof g_seeds[0].name, "%s", name);
    memcpy(g_seeds[g_n_seeds].data, data, len);
    g_seeds[g_n_seeds++].len = len;
}

static void test_seed_both(void)
{
    pf_bin_pool *p = pf_bin_pool_new();
    pf_bin *v = pf_bin_array(p, 2);
    pf_bin_push(p, v, pf_bin_text(p, "hi"));
    pf_bin_push(p, v, pf_bin_uint(p, 7, 1));
    const pf_bin *one[] = {v};
    g_bug = BUG_NONE, g_n_seeds = 0;
    pf_bin_seed_values(keep_seed, "v", 0, 2, &tinypack, one, 1);
    pf_bin_seed_both(keep_seed, "v", 0, 1, 2, &tinypack, v);
    pf_buf raw = {0};
    pf_enc_choice(&raw, 2, 1);
    tinypack.encode(&tinypack, v, &raw);
    CHECK(g_n_seeds == 3 && !strcmp(g_seeds[1].name, "v") && !strcmp(g_seeds[2].name, "raw-v"),
          "names");
    CHECK(g_seeds[1].len == g_seeds[0].len && !memcmp(g_seeds[1].data, g_seeds[0].data,
                                                      g_seeds[0].len), "the value seed");
    CHECK(g_seeds[2].len == raw.len && !memcmp(g_seeds[2].data, raw.data, raw.len),
          "the raw seed: the mode, then the codec's bytes");
    pf_buf_free(&raw);
    pf_bin_pool_free(p);
}

int main(void)
{
    run("inverse_reads_back", test_inverse_reads_back);
    run("equal_first_difference", test_equal_first_difference);
    run("print", test_print);
    run("size_classes_reach_boundaries", test_size_classes_reach_boundaries);
    run("negative_quiet_chains", test_negative_quiet_chains);
    run("schema_draws_inverts_checks", test_schema_draws_inverts_checks);
    run("chunks_read", test_chunks_read);
    run("decimal_words_and_text", test_decimal_words_and_text);
    run("hex", test_hex);
    run("seed_both", test_seed_both);
    run("planted_bugs_caught", test_planted_bugs_caught);
    return finish();
}
