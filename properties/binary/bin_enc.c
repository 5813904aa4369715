/* The inverse of the binary family's strategy (bin_draw.c), draw for
 * draw: bytes that pf_bin_draw decodes to a given value, for seeds. */
#include "bin_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Noreturn void not_drawable(const pf_bin *v, const char *why)
{
    fprintf(stderr, "propfuzz: pf_bin_enc_value: a %s value the limits cannot draw (%s)\n",
            pf_bin_kind_names[v->kind], why);
    abort();
}

static size_t index_of(const unsigned *list, size_t n, unsigned x, const pf_bin *v)
{
    for (size_t i = 0; i < n; i++)
        if (list[i] == x)
            return i;
    not_drawable(v, "width");
}

static size_t widths(unsigned mask, bool ints, unsigned *out)
{
    static const unsigned fl[3] = {16, 32, 64};
    size_t n = 0;
    for (unsigned i = 0; ints ? i < 4 : i < 3; i++) {
        unsigned w = ints ? 1u << i : fl[i];
        if (mask & (1u << (ints ? w - 1 : i)))
            out[n++] = w;
    }
    return n;
}

/* The inverse of draw_class: the class of size n (0: ordinary). */
static void enc_class(pf_buf *e, const pf__bin_classes *c, const pf_bin *v, size_t n,
                      bool claimed)
{
    size_t want = claimed ? PF_BIN_CLAIMED_SIZE : n;
    if (c->n_huge)
        for (size_t i = 0; i <= c->n_huge; i++) {
            if (i == c->n_huge) {
                pf_enc_bool_p(e, PF__BIN_HUGE_P, false);
                break;
            }
            if (c->huge[i] == want && want) {
                for (unsigned g = 0; g < c->gates; g++)
                    pf_enc_bool_p(e, PF__BIN_HUGE_P, true);
                pf_enc_choice(e, c->n_huge, i);
                return;
            }
        }
    size_t k = 0;
    while (want && k < c->n && c->sizes[k] != want)
        k++;
    if (k == c->n)
        not_drawable(v, "size");
    if (c->n > 1)
        pf_enc_choice_weighted(e, c->weights, c->n, k);
}

void pf_bin_enc_size(pf_buf *e, const pf_bin_limits *l, size_t max, size_t n,
                     bool claimed)
{
    pf__bin_lim L;
    pf__bin_classes c;
    pf_bin fake = {.kind = PF_BIN_BYTES, .n = n, .claimed = claimed};
    pf__bin_lim_of(l, &L);
    pf__bin_classes_of(&L, false, true, false, &c);
    bool ordinary = !claimed && n <= max;
    enc_class(e, &c, &fake, ordinary ? 0 : n, claimed);
    if (ordinary)
        pf_enc_u64_range(e, 0, max, n);
}

static void enc_text(pf_buf *e, const pf__bin_lim *L, bool is_key, const pf_bin *v)
{
    size_t count = pf_utf8_count(v->v.bytes, v->n);
    pf_text_opts o = {.max_len = L->max_bytes};
    if (L->user->text_invalid && !is_key) {
        o.allow_invalid = count == SIZE_MAX;
        pf_enc_bool(e, o.allow_invalid);
    } else if (count == SIZE_MAX) {
        not_drawable(v, "invalid UTF-8");
    }
    pf_enc_text(e, &o, (const char *)v->v.bytes, v->n);
}

static void enc_payload(pf_buf *e, const pf__bin_lim *L, bool is_key, const pf_bin *v)
{
    pf__bin_classes c;
    pf__bin_classes_of(L, false, !is_key, false, &c);
    bool text = v->kind == PF_BIN_TEXT;
    size_t count = text ? pf_utf8_count(v->v.bytes, v->n) : v->n;
    if (!v->claimed && (count <= L->max_bytes || (text && count == SIZE_MAX && v->n <= L->max_bytes))) {
        enc_class(e, &c, v, 0, false);
        if (text)
            enc_text(e, L, is_key, v);
        else
            pf_enc_bytes(e, 0, L->max_bytes, v->v.bytes, v->n);
        return;
    }
    enc_class(e, &c, v, v->n, v->claimed);
    if (!v->claimed)
        pf_enc_bytes(e, 1, 16, v->v.bytes, pf__bin_period(v->v.bytes, v->n));
}

static void enc_leaf(pf_buf *e, const pf__bin_lim *L, bool is_key, const pf_bin *v)
{
    unsigned w[4];
    switch (v->kind) {
    case PF_BIN_NIL: break;
    case PF_BIN_BOOL: pf_enc_bool(e, v->v.b); break;
    case PF_BIN_INT: case PF_BIN_UINT: {
        size_t n = widths(L->int_widths, true, w);
        pf_enc_choice(e, n, index_of(w, n, v->width, v));
        unsigned bits = v->width * 8u;
        if (v->kind == PF_BIN_INT) {
            int64_t hi = (int64_t)(((uint64_t)1 << (bits - 1)) - 1);
            pf_enc_i64_range(e, -hi - 1, L->user->int_negative ? -1 : hi, v->v.i);
        } else {
            pf_enc_u64_range(e, 0, bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1, v->v.u);
        }
        break;
    }
    case PF_BIN_FLOAT: {
        pf_float_opts o = {.no_nan = L->user->no_nan};
        size_t n = widths(L->float_widths, false, w);
        pf_enc_choice(e, n, index_of(w, n, v->width, v));
        if (v->width == 64) {
            double d;
            memcpy(&d, &v->v.bits, 8);
            pf_enc_double(e, &o, d);
        } else if (v->width == 32) {
            uint32_t b = (uint32_t)v->v.bits;
            float f;
            memcpy(&f, &b, 4);
            pf_enc_float(e, &o, f);
        } else {
            pf_enc_u64_range(e, 0, 0xffff, v->v.bits);
        }
        break;
    }
    case PF_BIN_EXT:
        if (L->user->ext_bounded)
            pf_enc_i64_range(e, L->user->ext_min, L->user->ext_max, v->tag);
        else
            pf_enc_i64_range(e, INT8_MIN, INT8_MAX, v->tag);
        enc_payload(e, L, is_key, v);
        break;
    case PF_BIN_BYTES: case PF_BIN_TEXT: enc_payload(e, L, is_key, v); break;
    case PF_BIN_DATE: pf_enc_i64_range(e, INT64_MIN, INT64_MAX, v->v.i); break;
    case PF_BIN_DECIMAL: pf_enc_bytes(e, 16, 16, v->v.bytes, 16); break;
    default: break;
    }
}

static void enc_key(pf_buf *e, const pf__bin_lim *L, const pf_bin *k)
{
    pf_bin_kind kinds[PF_BIN_N_KINDS];
    size_t n = pf__bin_kinds_of(L->key_kinds, kinds, NULL), i = 0;
    while (i < n && kinds[i] != k->kind)
        i++;
    if (i == n)
        not_drawable(k, "key kind");
    pf_enc_choice(e, n, i);
    enc_leaf(e, L, true, k);
}

/* How many single-element arrays nest from v down, and the innermost
 * element. */
static unsigned chain_of(const pf_bin *v, const pf_bin **inner)
{
    unsigned n = 0;
    while (v->kind == PF_BIN_ARRAY && !v->claimed && v->n == 1)
        v = v->v.items[0], n++;
    *inner = v;
    return n;
}

/* A chain deeper than ordinary draws go: its class, then its draws. */
static bool enc_chain(pf_buf *e, const pf__bin_lim *L, unsigned depth, const pf_bin *v,
                      const pf__bin_classes *c)
{
    const pf_bin *inner;
    unsigned levels = chain_of(v, &inner);
    if (!levels || depth + levels <= L->max_depth)
        return false;
    if (!pf__bin_chains(L) || depth + levels + 1 < L->user->nest_limit ||
        depth + levels > L->user->nest_limit)
        not_drawable(v, "nesting");
    enc_class(e, c, v, PF__BIN_CHAIN_SIZE, false);
    pf_enc_choice(e, 2, L->user->nest_limit - depth - levels);
    pf_bin_limits leaf = *L->user;
    leaf.boundaries = leaf.claimed = false;
    pf_bin_enc_at(e, &leaf, inner, L->max_depth);
    return true;
}

static void enc_container(pf_buf *e, const pf__bin_lim *L, unsigned depth,
                          const pf_bin *v)
{
    bool map = v->kind == PF_BIN_MAP;
    pf__bin_classes c;
    pf__bin_classes_of(L, true, !map || pf__bin_index_keys_ok(L), !map, &c);
    if (enc_chain(e, L, depth, v, &c))
        return;
    if (v->claimed || v->n > L->max_items) {
        enc_class(e, &c, v, v->n, v->claimed);
        if (v->claimed)
            return;
        pf_bin_limits inner = *L->user;
        inner.boundaries = inner.claimed = false;
        pf_bin_enc_at(e, &inner, map ? v->v.pairs[0].value : v->v.items[0], L->max_depth);
        return;
    }
    enc_class(e, &c, v, 0, false);
    for (size_t i = 0; i < v->n; i++) {
        if (i < L->max_items)
            pf_enc_more(e, true);
        if (map) {
            enc_key(e, L, v->v.pairs[i].key);
            pf_bin_enc_at(e, L->user, v->v.pairs[i].value, depth + 1);
        } else {
            pf_bin_enc_at(e, L->user, v->v.items[i], depth + 1);
        }
    }
    if (v->n < L->max_items)
        pf_enc_more(e, false);
}

void pf_bin_enc_kind(pf_buf *e, const pf_bin_limits *l, const pf_bin *v,
                     unsigned depth, pf_bin_kind kind)
{
    if (kind == PF_BIN_N_KINDS) {
        pf_bin_enc_at(e, l, v, depth);
        return;
    }
    pf__bin_lim L;
    pf__bin_lim_of(l, &L);
    if (v->kind == PF_BIN_TAG) {
        if (l->enc_tag) {
            l->enc_tag(e, l, v, depth);
            return;
        }
        pf_enc_u64_range(e, 0, 0xffff, (uint64_t)v->tag);
        pf_bin_enc_at(e, l, v->v.items[0], depth + 1);
    } else if (v->kind == PF_BIN_ARRAY || v->kind == PF_BIN_MAP) {
        enc_container(e, &L, depth, v);
    } else {
        enc_leaf(e, &L, false, v);
    }
}

static void enc_kind_choice(pf_buf *e, unsigned mask, const pf_bin *v,
                            unsigned depth, const pf__bin_lim *L, bool top)
{
    pf_bin_kind kinds[PF_BIN_N_KINDS];
    size_t n_leaf = 0, n = pf__bin_kinds_of(mask, kinds, &n_leaf), i = 0;
    while (i < n && kinds[i] != v->kind)
        i++;
    if (i == n || (!top && depth >= L->max_depth && i >= n_leaf))
        not_drawable(v, top ? "top kind" : "kind or depth");
    if (top)
        pf_enc_choice(e, n, i);
    else
        pf_enc_tree_kind(e, depth, L->max_depth, n_leaf, n - n_leaf, i);
}

void pf_bin_enc_at(pf_buf *e, const pf_bin_limits *l, const pf_bin *v, unsigned depth)
{
    pf__bin_lim L;
    pf__bin_lim_of(l, &L);
    enc_kind_choice(e, L.kinds, v, depth, &L, false);
    pf_bin_enc_kind(e, l, v, depth, v->kind);
}

void pf_bin_enc_value(pf_buf *e, const pf_bin_limits *l, const pf_bin *v)
{
    pf__bin_lim L;
    pf__bin_lim_of(l, &L);
    enc_kind_choice(e, L.top_kinds, v, 0, &L, true);
    pf_bin_enc_kind(e, l, v, 0, v->kind);
}
