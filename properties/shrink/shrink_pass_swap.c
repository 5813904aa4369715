/* A last-resort shrinking pass: exchanging any two disjoint spans with the
 * same label (subtrees of one tree, elements of different lists), one
 * exchange or two at once. Some failures are local minima for every
 * single move: a heap whose smaller mirror is two subtree exchanges away,
 * and whose halfway point passes. Two exchanges cost the square of the
 * pairs, so they are tried only on small values and only when nothing
 * else made progress.
 *
 * The spans form a tree: each node keeps the byte slots its children had,
 * so an exchange moves the children's bytes and keeps what lay between
 * them (flags, other draws) in place. */
#include "../core/pf_internal.h"
#include "shrink_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* Spans taken part in single exchanges (in-process; in a child, where
 * each try is a fork, fewer), and the most for two exchanges at once. */
enum { MAX_SINGLE = 64, MAX_SINGLE_IN_CHILD = 24, MAX_DOUBLE = 12 };

typedef struct node {
    size_t start, end;       /* the span's own bytes in the view */
    size_t parent;           /* index of the parent node; the root: SIZE_MAX */
    size_t slot;             /* which of the parent's slots holds it */
    size_t *kids;            /* the node in each slot (into tree.slots) */
    size_t *slot_at;         /* each slot's original [start, end) */
    size_t n_kids;
} node;

typedef struct tree {
    node *n;                 /* 0: the whole view; k + 1: span k */
    size_t count;
    size_t *mem;             /* kids and slot_at of every node */
} tree;

static void *alloc(size_t n)
{
    void *p = calloc(n ? n : 1, 1);
    if (!p) {
        fprintf(stderr, "propfuzz: out of memory (shrinker)\n");
        abort();
    }
    return p;
}

/* The parent of span k: the innermost earlier span that encloses it. */
static size_t parent_of(const pf__shrinker *sh, const size_t *stack,
                        size_t *depth, size_t k)
{
    const pf__span *sp = &sh->spans[k];
    while (*depth > 0) {
        const pf__span *top = &sh->spans[stack[*depth - 1]];
        if (top->depth < sp->depth && top->start <= sp->start && sp->end <= top->end)
            break;
        (*depth)--;
    }
    return *depth ? stack[*depth - 1] + 1 : 0;
}

static void build(const pf__shrinker *sh, tree *t)
{
    t->count = sh->n_spans + 1;
    t->n = alloc(t->count * sizeof *t->n);
    t->mem = alloc(3 * t->count * sizeof *t->mem);
    size_t *stack = alloc(t->count * sizeof *stack), depth = 0;
    t->n[0] = (node){0, sh->view_len, SIZE_MAX, 0, NULL, NULL, 0};
    for (size_t k = 0; k < sh->n_spans; k++) {
        size_t p = parent_of(sh, stack, &depth, k);
        t->n[k + 1] = (node){sh->spans[k].start, sh->spans[k].end, p,
                             t->n[p].n_kids++, NULL, NULL, 0};
        stack[depth++] = k;
    }
    size_t used = 0;
    for (size_t i = 0; i < t->count; i++) {
        t->n[i].kids = t->mem + used;
        t->n[i].slot_at = t->mem + used + t->n[i].n_kids;
        used += 3 * t->n[i].n_kids;
    }
    for (size_t i = 1; i < t->count; i++) {
        node *p = &t->n[t->n[i].parent];
        p->kids[t->n[i].slot] = i;
        p->slot_at[2 * t->n[i].slot] = t->n[i].start;
        p->slot_at[2 * t->n[i].slot + 1] = t->n[i].end;
    }
    free(stack);
}

static void tree_free(tree *t)
{
    free(t->n);
    free(t->mem);
}

/* Writes node i's bytes: its own, with each slot filled by the node the
 * slot holds now. */
static size_t emit(const pf__shrinker *sh, const tree *t, size_t i, uint8_t *out)
{
    const node *nd = &t->n[i];
    size_t pos = nd->start, len = 0;
    for (size_t k = 0; k < nd->n_kids; k++) {
        memcpy(out + len, sh->view + pos, nd->slot_at[2 * k] - pos);
        len += nd->slot_at[2 * k] - pos;
        len += emit(sh, t, nd->kids[k], out + len);
        pos = nd->slot_at[2 * k + 1];
    }
    memcpy(out + len, sh->view + pos, nd->end - pos);
    return len + (nd->end - pos);
}

static bool is_ancestor(const tree *t, size_t a, size_t b)
{
    for (size_t p = t->n[b].parent; p != SIZE_MAX; p = t->n[p].parent)
        if (p == a)
            return true;
    return false;
}

/* Exchanges nodes a and b (disjoint) between their slots. */
static void exchange(tree *t, size_t a, size_t b)
{
    node *x = &t->n[a], *y = &t->n[b];
    size_t xp = x->parent, xs = x->slot;
    t->n[y->parent].kids[y->slot] = a;
    t->n[xp].kids[xs] = b;
    x->parent = y->parent;
    x->slot = y->slot;
    y->parent = xp;
    y->slot = xs;
}

static bool try_tree(pf__shrinker *sh, const tree *t)
{
    size_t clen;
    uint8_t *c = pf__sh_copy(sh, 0, 0, &clen);
    emit(sh, t, 0, c);
    return pf__sh_attempt(sh, c, clen);
}

static bool swappable(const pf__shrinker *sh, const tree *t, size_t a, size_t b)
{
    return a != b && strcmp(sh->spans[a - 1].label, sh->spans[b - 1].label) == 0 &&
           !is_ancestor(t, a, b) && !is_ancestor(t, b, a);
}

/* The nodes whose label some other span shares. */
static size_t shared_labels(const pf__shrinker *sh, size_t *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < sh->n_spans && n < cap; i++)
        for (size_t j = 0; j < sh->n_spans; j++)
            if (j != i && strcmp(sh->spans[i].label, sh->spans[j].label) == 0) {
                out[n++] = i + 1;
                break;
            }
    return n;
}

/* Every exchange of two of the nodes c[0..n), then (when `then` is set)
 * every second exchange after it; true at the first smaller failure. */
static bool exchanges(pf__shrinker *sh, tree *t, const size_t *c, size_t n,
                      bool then)
{
    for (size_t x = 0; x < n; x++)
        for (size_t y = x + 1; y < n && !pf__sh_stop(sh); y++) {
            if (!swappable(sh, t, c[x], c[y]))
                continue;
            exchange(t, c[x], c[y]);
            bool ok = then ? exchanges(sh, t, c, n, false) : try_tree(sh, t);
            exchange(t, c[x], c[y]);
            if (ok)
                return true;
        }
    return false;
}

bool pf__pass_swap(pf__shrinker *sh)
{
    size_t c[MAX_SINGLE];
    size_t n = shared_labels(sh, c, sh->in_child ? MAX_SINGLE_IN_CHILD : MAX_SINGLE);
    for (size_t k = 0; k < sh->n_spans; k++)
        if (sh->spans[k].end > sh->view_len)
            return false; /* past the view only after pf_rest */
    if (n < 2)
        return false;
    tree t;
    build(sh, &t);
    bool ok = exchanges(sh, &t, c, n, false) ||
              (n <= MAX_DOUBLE && exchanges(sh, &t, c, n, true));
    tree_free(&t);
    return ok;
}
