/* The binary family's limits with their defaults, kinds and size classes:
 * what the strategy (bin_draw.c) and its inverse (bin_enc.c) share. */
#include "bin_internal.h"

#include <stdio.h>
#include <string.h>

/* Where binary formats change their header, with the size past it. */
const uint32_t pf_bin_boundaries[PF_BIN_N_BOUNDARIES] = {
    15, 16, 31, 32, 255, 256, 65535, 65536,
};

enum { LEAF_MASK = (1u << PF_BIN_N_LEAVES) - 1 };

void pf__bin_lim_of(const pf_bin_limits *l, pf__bin_lim *L)
{
    L->user = l;
    L->kinds = l->kinds ? l->kinds
                        : ((1u << PF_BIN_N_KINDS) - 1) & ~PF_BIN_BIT(PF_BIN_TAG);
    L->top_kinds = l->top_kinds ? l->top_kinds : L->kinds;
    L->key_kinds = (l->key_kinds ? l->key_kinds : L->kinds) & LEAF_MASK;
    L->int_widths = l->int_widths ? l->int_widths : 1 | 2 | 8 | 128;
    L->float_widths = l->float_widths ? l->float_widths : 7;
    L->max_depth = l->max_depth ? l->max_depth : 4;
    L->max_items = l->max_items ? l->max_items : 6;
    L->max_bytes = l->max_bytes ? l->max_bytes : 40;
    L->boundary_max = l->boundary_max ? l->boundary_max : 65536;
    L->items_boundary_max = l->items_boundary_max ? l->items_boundary_max : 256;
}

size_t pf__bin_kinds_of(unsigned mask, pf_bin_kind *out, size_t *n_leaf)
{
    size_t n = 0;
    for (unsigned k = 0; k < PF_BIN_N_KINDS; k++) {
        if (k == PF_BIN_N_LEAVES && n_leaf)
            *n_leaf = n;
        if (mask & PF_BIN_BIT(k))
            out[n++] = (pf_bin_kind)k;
    }
    return n;
}

/* The ordinary class is most of the draws; a small boundary 1 in 21
 * (each 8 in 1000 + 48, counting the claimed class's 2). Simplest
 * (zeros): ordinary, not huge. */
bool pf__bin_chains(const pf__bin_lim *L)
{
    return L->user->nest_limit > L->max_depth + 1;
}

void pf__bin_classes_of(const pf__bin_lim *L, bool items, bool boundaries,
                        bool chain, pf__bin_classes *c)
{
    size_t limit = items ? L->items_boundary_max : L->boundary_max;
    c->n = c->n_huge = 0;
    c->gates = items ? 2 : 1;
    c->weights[c->n] = 1000, c->sizes[c->n++] = 0;
    for (size_t i = 0; boundaries && L->user->boundaries && i < PF_BIN_N_BOUNDARIES; i++) {
        if (pf_bin_boundaries[i] > limit)
            continue;
        if (pf_bin_boundaries[i] > 256)
            c->huge[c->n_huge++] = pf_bin_boundaries[i];
        else
            c->weights[c->n] = 8, c->sizes[c->n++] = pf_bin_boundaries[i];
    }
    if (boundaries && L->user->claimed)
        c->weights[c->n] = 2, c->sizes[c->n++] = PF_BIN_CLAIMED_SIZE;
    if (items && chain && pf__bin_chains(L))
        c->weights[c->n] = 8, c->sizes[c->n++] = PF__BIN_CHAIN_SIZE;
}

size_t pf__bin_period(const uint8_t *p, size_t n)
{
    for (size_t per = 1; per < 16 && per < n; per++) {
        size_t i = per;
        while (i < n && p[i] == p[i % per])
            i++;
        if (i == n)
            return per;
    }
    return n < 16 ? n : 16;
}

bool pf__bin_index_keys_ok(const pf__bin_lim *L)
{
    return L->key_kinds & (PF_BIN_BIT(PF_BIN_TEXT) | PF_BIN_BIT(PF_BIN_UINT) |
                           PF_BIN_BIT(PF_BIN_INT));
}

pf_bin *pf__bin_index_key(pf_bin_pool *p, const pf__bin_lim *L, size_t i)
{
    if (L->key_kinds & PF_BIN_BIT(PF_BIN_TEXT)) {
        char key[24];
        snprintf(key, sizeof key, "%zu", i);
        return pf_bin_text(p, key);
    }
    /* The narrowest allowed width that holds every index (up to 65536). */
    unsigned width = L->int_widths & 8 ? 4 : 8;
    if (L->key_kinds & PF_BIN_BIT(PF_BIN_UINT))
        return pf_bin_uint(p, i, width);
    return pf_bin_int(p, (int64_t)i, width);
}

void pf__bin_key_bytes(pf_buf *b, const pf_bin *k)
{
    b->len = 0;
    pf_buf_putc(b, (uint8_t)k->kind);
    pf_buf_putc(b, k->width);
    switch (k->kind) {
    case PF_BIN_BOOL: pf_buf_putc(b, k->v.b); break;
    case PF_BIN_INT: case PF_BIN_UINT: case PF_BIN_FLOAT: case PF_BIN_DATE:
        pf_buf_put(b, &k->v.u, 8);
        break;
    case PF_BIN_EXT: pf_buf_put(b, &k->tag, 8); /* fall through */
    case PF_BIN_BYTES: case PF_BIN_TEXT: case PF_BIN_DECIMAL:
        pf_buf_put(b, k->v.bytes, k->n);
        break;
    default: break;
    }
}
