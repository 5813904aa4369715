/* Strict equality of pf_bin values with the path of the first difference. */
#include "bin_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool same_leaf(const pf_bin *a, const pf_bin *b, const pf_bin_eq *how)
{
    if (a->kind != b->kind || a->claimed != b->claimed)
        return false;
    switch (a->kind) {
    case PF_BIN_NIL: return true;
    case PF_BIN_BOOL: return a->v.b == b->v.b;
    case PF_BIN_INT: case PF_BIN_UINT:
        return a->v.u == b->v.u && (how->any_width || a->width == b->width);
    case PF_BIN_FLOAT: return a->width == b->width && a->v.bits == b->v.bits;
    case PF_BIN_DATE: return a->v.i == b->v.i;
    case PF_BIN_EXT:
        if (a->tag != b->tag)
            return false;
        /* fall through */
    case PF_BIN_BYTES: case PF_BIN_TEXT: case PF_BIN_DECIMAL:
        return a->n == b->n && (a->claimed || !a->n || !memcmp(a->v.bytes, b->v.bytes, a->n));
    default: return false;
    }
}

static void path_key(pf_path *path, const pf_bin *key, size_t index)
{
    if (key->kind == PF_BIN_TEXT && !key->claimed)
        pf_path_key(path, key->v.bytes, key->n);
    else
        pf_path_index(path, index);
}

static bool equal(const pf_bin *a, const pf_bin *b, const pf_bin_eq *how, pf_path *path);

/* Maps as sets of pairs: each pair of a matched by an unused equal pair of
 * b, trying b's pair at the same position first (a map written in order
 * costs n comparisons, not n^2). */
static bool equal_unordered(const pf_bin *a, const pf_bin *b, const pf_bin_eq *how,
                            pf_path *path)
{
    bool used_stack[64];
    bool *used = a->n <= 64 ? used_stack : malloc(a->n);
    if (!used) {
        fprintf(stderr, "propfuzz: out of memory (pf_bin_equal)\n");
        abort();
    }
    memset(used, 0, a->n);
    bool ok = true;
    for (size_t i = 0; ok && i < a->n; i++) {
        size_t j = i;
        if (used[j] || !equal(a->v.pairs[i].key, b->v.pairs[j].key, how, NULL) ||
            !equal(a->v.pairs[i].value, b->v.pairs[j].value, how, NULL)) {
            for (j = 0; j < b->n; j++)
                if (!used[j] && equal(a->v.pairs[i].key, b->v.pairs[j].key, how, NULL) &&
                    equal(a->v.pairs[i].value, b->v.pairs[j].value, how, NULL))
                    break;
        }
        if (j == b->n) {
            ok = false;
            if (path)
                path_key(path, a->v.pairs[i].key, i);
        } else {
            used[j] = true;
        }
    }
    if (used != used_stack)
        free(used);
    return ok;
}

static bool equal(const pf_bin *a, const pf_bin *b, const pf_bin_eq *how, pf_path *path)
{
    if (a == b)
        return true;
    if (a->kind < PF_BIN_N_LEAVES || a->kind != b->kind)
        return same_leaf(a, b, how);
    if (a->n != b->n || a->claimed != b->claimed || (a->kind == PF_BIN_TAG && a->tag != b->tag))
        return false;
    if (a->claimed)
        return true;
    if (a->kind == PF_BIN_MAP && how->unordered)
        return equal_unordered(a, b, how, path);
    for (size_t i = 0; i < a->n; i++) {
        size_t saved = path ? path->len : 0;
        if (a->kind == PF_BIN_MAP) {
            const pf_bin_pair *pa = &a->v.pairs[i], *pb = &b->v.pairs[i];
            if (!equal(pa->key, pb->key, how, NULL)) {
                if (path)
                    pf_path_index(path, i);
                return false;
            }
            if (path)
                path_key(path, pa->key, i);
            if (!equal(pa->value, pb->value, how, path))
                return false;
        } else {
            if (path)
                pf_path_index(path, i);
            if (!equal(a->v.items[i], b->v.items[i], how, path))
                return false;
        }
        if (path)
            pf_path_pop(path, saved);
    }
    return true;
}

bool pf_bin_equal(const pf_bin *a, const pf_bin *b, const pf_bin_eq *how, pf_path *path)
{
    static const pf_bin_eq strict;
    return equal(a, b, how ? how : &strict, path);
}
