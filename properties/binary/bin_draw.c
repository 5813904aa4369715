/* The binary family's strategy: pf_bin values from the byte stream.
 * bin_enc.c is its inverse, draw for draw. */
#include "bin_internal.h"

#include <string.h>

static const uint8_t float_bits[3] = {16, 32, 64};

/* The widths a mask allows, in order; ints: bit w-1 is w bytes. */
static size_t int_widths(const pf__bin_lim *L, unsigned *out)
{
    size_t n = 0;
    for (unsigned w = 1; w <= 8; w *= 2)
        if (L->int_widths & (1u << (w - 1)))
            out[n++] = w;
    return n;
}

static size_t float_widths(const pf__bin_lim *L, unsigned *out)
{
    size_t n = 0;
    for (unsigned i = 0; i < 3; i++)
        if (L->float_widths & (1u << i))
            out[n++] = float_bits[i];
    return n;
}

static void int_range(unsigned width, bool sign, int64_t *lo, uint64_t *hi)
{
    unsigned bits = width * 8;
    *hi = sign ? ((uint64_t)1 << (bits - 1)) - 1 : bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
    *lo = sign ? -(int64_t)(*hi) - 1 : 0;
}

/* A boundary-sized payload: a drawn pattern of 1..16 bytes, repeated
 * (doubling copies: a byte loop would be traced by the comparison hooks). */
static uint8_t *repeat(pf_src *s, pf_bin_pool *p, size_t n, bool text, bool no_nul)
{
    size_t plen;
    const uint8_t *pat = pf_bytes(s, "pattern", 1, 16, &plen);
    uint8_t *b = pf_bin_alloc(p, n + 1);
    size_t have = plen < n ? plen : n;
    for (size_t i = 0; i < have; i++) {
        b[i] = text ? pat[i] & 0x7f : pat[i];
        if (text && no_nul && !b[i])
            b[i] = ' ';
    }
    while (have < n) {
        size_t more = have < n - have ? have : n - have;
        memcpy(b + have, b, more);
        have += more;
    }
    b[n] = 0;
    return b;
}

/* The class's size (0: ordinary); *claimed for the claimed class. */
static size_t draw_class(pf_src *s, const pf__bin_classes *c, bool *claimed)
{
    *claimed = false;
    if (c->n_huge && pf_bool_p(s, "huge", PF__BIN_HUGE_P) &&
        (c->gates < 2 || pf_bool_p(s, "huge_items", PF__BIN_HUGE_P)))
        return c->huge[pf_choice(s, "huge_size", c->n_huge)];
    size_t k = c->n > 1 ? pf_choice_weighted(s, "size_class", c->weights, c->n) : 0;
    *claimed = c->sizes[k] == PF_BIN_CLAIMED_SIZE;
    return c->sizes[k];
}

size_t pf_bin_draw_size(pf_src *s, const pf_bin_limits *l, size_t max, bool *claimed)
{
    pf__bin_lim L;
    pf__bin_classes c;
    pf__bin_lim_of(l, &L);
    pf__bin_classes_of(&L, false, true, false, &c);
    size_t n = draw_class(s, &c, claimed);
    return n ? n : (size_t)pf_u64_range(s, "size", 0, max);
}

static void draw_text(pf_src *s, pf_bin_pool *p, const pf__bin_lim *L,
                      bool is_key, pf_bin *v)
{
    bool no_nul = is_key ? L->user->keys_no_nul : L->user->text_no_nul;
    pf_text_opts o = {.max_len = L->max_bytes};
    if (L->user->text_invalid && !is_key)
        o.allow_invalid = pf_bool(s, "invalid");
    size_t len;
    const char *t = pf_text(s, "text", &o, &len);
    uint8_t *b = pf_bin_alloc(p, len + 1);
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (!(no_nul && t[i] == 0))
            b[n++] = (uint8_t)t[i]; /* U+0000 is dropped where not held */
    b[n] = 0;
    v->v.bytes = b, v->n = n;
}

/* BYTES, TEXT, EXT: a size class, then the payload. Keys and the element
 * of a boundary-sized container are ordinary. */
static void draw_payload(pf_src *s, pf_bin_pool *p, const pf__bin_lim *L,
                         bool is_key, pf_bin *v)
{
    pf__bin_classes c;
    bool claimed;
    pf__bin_classes_of(L, false, !is_key, false, &c);
    size_t size = draw_class(s, &c, &claimed);
    bool text = v->kind == PF_BIN_TEXT;
    if (claimed) {
        v->claimed = true, v->n = PF_BIN_CLAIMED_SIZE;
        v->v.bytes = (const uint8_t *)"";
    } else if (size) {
        v->n = size;
        v->v.bytes = repeat(s, p, v->n, text, text && L->user->text_no_nul);
    } else if (text) {
        draw_text(s, p, L, is_key, v);
    } else {
        size_t len;
        const uint8_t *b = pf_bytes(s, "bytes", 0, L->max_bytes, &len);
        uint8_t *copy = pf_bin_alloc(p, len + 1);
        memcpy(copy, b, len);
        v->v.bytes = copy, v->n = len;
    }
}

static void draw_leaf(pf_src *s, pf_bin_pool *p, const pf__bin_lim *L,
                      bool is_key, pf_bin *v)
{
    unsigned w[4];
    int64_t lo;
    uint64_t hi;
    switch (v->kind) {
    case PF_BIN_NIL: break;
    case PF_BIN_BOOL: v->v.b = pf_bool(s, "bool"); break;
    case PF_BIN_INT:
        v->width = (uint8_t)w[pf_choice(s, "int_width", int_widths(L, w))];
        int_range(v->width, true, &lo, &hi);
        v->v.i = pf_i64_range(s, "int", lo, L->user->int_negative ? -1 : (int64_t)hi);
        break;
    case PF_BIN_UINT:
        v->width = (uint8_t)w[pf_choice(s, "uint_width", int_widths(L, w))];
        int_range(v->width, false, &lo, &hi);
        v->v.u = pf_u64_range(s, "uint", 0, hi);
        break;
    case PF_BIN_FLOAT: {
        pf_float_opts o = {.no_nan = L->user->no_nan};
        v->width = (uint8_t)w[pf_choice(s, "float_width", float_widths(L, w))];
        if (v->width == 64) {
            double d = pf_double(s, "f64", &o);
            memcpy(&v->v.bits, &d, 8);
        } else if (v->width == 32) {
            float f = pf_float(s, "f32", &o);
            uint32_t b;
            memcpy(&b, &f, 4);
            v->v.bits = b;
            if (L->user->quiet_nan && (b & 0x7f800000) == 0x7f800000 && (b & 0x7fffff))
                v->v.bits |= 0x400000;
        } else {
            v->v.bits = pf_u64_range(s, "f16", 0, 0xffff);
            if (o.no_nan && (v->v.bits & 0x7c00) == 0x7c00)
                v->v.bits &= 0xfc00; /* NaN becomes infinity */
            if (L->user->quiet_nan && (v->v.bits & 0x7c00) == 0x7c00 && (v->v.bits & 0x3ff))
                v->v.bits |= 0x200;
        }
        break;
    }
    case PF_BIN_EXT:
        v->tag = L->user->ext_bounded
                     ? pf_i64_range(s, "ext_type", L->user->ext_min, L->user->ext_max)
                     : pf_i8(s, "ext_type");
        draw_payload(s, p, L, is_key, v);
        break;
    case PF_BIN_BYTES: case PF_BIN_TEXT: draw_payload(s, p, L, is_key, v); break;
    case PF_BIN_DATE: v->v.i = pf_i64(s, "date"); break;
    case PF_BIN_DECIMAL: {
        size_t len;
        const uint8_t *b = pf_bytes(s, "decimal", 16, 16, &len);
        uint8_t *copy = pf_bin_alloc(p, 16);
        memcpy(copy, b, 16);
        v->v.bytes = copy, v->n = 16;
        break;
    }
    default: break;
    }
}

/* Reports say "kind = 9 (map)": the allowed kinds' names, when recording. */
static void name_kinds(pf_src *s, const pf_bin_kind *kinds, size_t n)
{
    if (!pf_recording())
        return;
    const char **names = pf_alloc(s, n * sizeof *names);
    for (size_t i = 0; i < n; i++)
        names[i] = pf_bin_kind_names[kinds[i]];
    pf_name_values(s, names, n);
}

static pf_bin *draw_key(pf_src *s, pf_bin_pool *p, const pf__bin_lim *L)
{
    pf_bin_kind kinds[PF_BIN_N_KINDS];
    size_t n = pf__bin_kinds_of(L->key_kinds, kinds, NULL);
    size_t i = pf_choice(s, "key_kind", n);
    name_kinds(s, kinds, n);
    pf_bin *k = pf_bin_new(p, kinds[i]);
    draw_leaf(s, p, L, true, k);
    return k;
}

/* The element a boundary-sized container repeats: a leaf, ordinary. */
static pf_bin *draw_repeated(pf_src *s, pf_bin_pool *p, const pf__bin_lim *L)
{
    pf_bin_limits inner = *L->user;
    inner.boundaries = inner.claimed = false;
    return pf_bin_draw_at(s, p, &inner, L->max_depth);
}

/* An array chain: `levels` single-element arrays (v the outermost)
 * around an ordinary leaf, so deep that the leaf sits nest_limit or
 * nest_limit - 1 containers deep. */
static void draw_chain(pf_src *s, pf_bin_pool *p, const pf__bin_lim *L,
                       unsigned depth, pf_bin *v)
{
    unsigned levels = L->user->nest_limit - depth - (unsigned)pf_choice(s, "below_limit", 2);
    pf_bin *inner = draw_repeated(s, p, L);
    for (unsigned i = 1; i < levels; i++) {
        pf_bin *a = pf_bin_array(p, 1);
        pf_bin_push(p, a, inner);
        inner = a;
    }
    pf_bin_push(p, v, inner);
}

static void draw_container(pf_src *s, pf_bin_pool *p, const pf__bin_lim *L,
                           unsigned depth, pf_bin *v)
{
    bool map = v->kind == PF_BIN_MAP;
    pf__bin_classes c;
    bool claimed;
    pf__bin_classes_of(L, true, !map || pf__bin_index_keys_ok(L), !map, &c);
    size_t size = draw_class(s, &c, &claimed);
    if (claimed) {
        v->claimed = true, v->n = PF_BIN_CLAIMED_SIZE;
    } else if (size == PF__BIN_CHAIN_SIZE) {
        draw_chain(s, p, L, depth, v);
    } else if (size) {
        size_t n = size;
        pf_bin *elem = draw_repeated(s, p, L);
        if (map) {
            v->v.pairs = pf_bin_alloc(p, n * sizeof *v->v.pairs);
            for (size_t i = 0; i < n; i++)
                v->v.pairs[i] = (pf_bin_pair){pf__bin_index_key(p, L, i), elem};
        } else {
            v->v.items = pf_bin_alloc(p, n * sizeof *v->v.items);
            for (size_t i = 0; i < n; i++)
                v->v.items[i] = elem;
        }
        v->n = n;
    } else if (map) {
        pf_list l;
        pf_buf key = {0};
        pf_list_begin(s, &l, "map", 0, L->max_items);
        while (pf_list_more(s, &l)) {
            pf_bin *kv = draw_key(s, p, L);
            if (L->user->unique_keys) {
                pf__bin_key_bytes(&key, kv);
                if (!pf_list_unique(s, &l, key.data, key.len))
                    continue;
            }
            pf_bin_put(p, v, kv, pf_bin_draw_at(s, p, L->user, depth + 1));
        }
        pf_buf_free(&key);
    } else {
        pf_list l;
        pf_list_begin(s, &l, "array", 0, L->max_items);
        while (pf_list_more(s, &l))
            pf_bin_push(p, v, pf_bin_draw_at(s, p, L->user, depth + 1));
    }
}

pf_bin *pf_bin_draw_kind(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l,
                         unsigned depth, pf_bin_kind kind)
{
    if (kind == PF_BIN_N_KINDS)
        return pf_bin_draw_at(s, p, l, depth);
    pf__bin_lim L;
    pf__bin_lim_of(l, &L);
    if (kind == PF_BIN_TAG) {
        if (l->draw_tag)
            return l->draw_tag(s, p, l, depth);
        int64_t tag = (int64_t)pf_u64_range(s, "tag", 0, 0xffff);
        return pf_bin_tag(p, tag, pf_bin_draw_at(s, p, l, depth + 1));
    }
    pf_bin *v = pf_bin_new(p, kind);
    if (kind == PF_BIN_ARRAY || kind == PF_BIN_MAP)
        draw_container(s, p, &L, depth, v);
    else
        draw_leaf(s, p, &L, false, v);
    return v;
}

pf_bin *pf_bin_draw_at(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l,
                       unsigned depth)
{
    pf__bin_lim L;
    pf_bin_kind kinds[PF_BIN_N_KINDS];
    size_t n_leaf = 0;
    pf__bin_lim_of(l, &L);
    size_t n = pf__bin_kinds_of(L.kinds, kinds, &n_leaf);
    pf_span_begin(s, "value");
    size_t k = pf_tree_kind(s, "kind", depth, L.max_depth, n_leaf, n - n_leaf);
    name_kinds(s, kinds, n);
    pf_bin *v = pf_bin_draw_kind(s, p, l, depth, kinds[k]);
    pf_span_end(s);
    return v;
}

pf_bin *pf_bin_draw(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l)
{
    pf__bin_lim L;
    pf_bin_kind kinds[PF_BIN_N_KINDS];
    pf__bin_lim_of(l, &L);
    size_t n = pf__bin_kinds_of(L.top_kinds, kinds, NULL);
    pf_span_begin(s, "value");
    size_t k = pf_choice(s, "top_kind", n);
    name_kinds(s, kinds, n);
    pf_bin *v = pf_bin_draw_kind(s, p, l, 0, kinds[k]);
    pf_span_end(s);
    return v;
}
