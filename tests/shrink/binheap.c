/* binheap: binary heaps Node(v, left, right) | Empty, where every child's
 * value is at least its parent's (a precondition: other trees pass), and
 * the wrong to-sorted-list of the SmartCheck benchmark "binheap" (QuickCheck
 * via SmartCheck): the root, then the merged children flattened in stack
 * order (node, right, left) instead of by repeated merging. Property: the
 * result is sorted.
 *
 * Every node is a "heap" span so subtrees can be replaced by descendants.
 *
 * Ideal (the benchmark's known minimum, and first in draw order):
 * (0, Empty, (0, (0, Empty, Empty), (1, Empty, Empty))). Its mirror
 * (0, (0, (0, Empty, Empty), (1, Empty, Empty)), Empty) fails with the
 * same bytes and draws (zeros past the end count), but is later in draw
 * order. Some 4-node failing heaps are local minima for every single
 * move (swap, replace, lower): the shrinker's last resort, two subtree
 * exchanges at once, gets past them. */
#include "shrink_bench.h"

enum {
    MAX_DEPTH = 5,
    MAX_NODES = 63,                    /* 2^(MAX_DEPTH+1) - 1 */
    POOL = 2 * MAX_NODES,              /* drawn nodes + nodes made by merge */
};
enum kind { K_EMPTY, K_NODE, N_KINDS };
static const char *const kind_names[N_KINDS] = {"empty", "node"};

typedef struct heap {
    int64_t v;
    const struct heap *l, *r;
} heap;

typedef struct value {
    heap pool[POOL];
    size_t used;
    const heap *root;                  /* NULL: Empty */
} value;

static heap *new_node(value *val, int64_t v, const heap *l, const heap *r)
{
    heap *h = &val->pool[val->used++];
    h->v = v;
    h->l = l;
    h->r = r;
    return h;
}

static const heap *draw_heap(pf_src *s, value *val, unsigned depth)
{
    const heap *h = NULL;
    pf_span_begin(s, "heap");
    size_t kind = pf_tree_kind(s, "kind", depth, MAX_DEPTH, 1, 1);
    pf_name_values(s, kind_names, N_KINDS);
    if (kind == K_NODE) {
        int64_t v = pf_i64(s, "v");
        const heap *l = draw_heap(s, val, depth + 1);
        const heap *r = draw_heap(s, val, depth + 1);
        h = new_node(val, v, l, r);
    }
    pf_span_end(s);
    return h;
}

static void draw(pf_src *s, value *val)
{
    val->used = 0;
    val->root = draw_heap(s, val, 0);
}

static bool is_heap(const heap *h)
{
    if (!h)
        return true;
    if ((h->l && h->l->v < h->v) || (h->r && h->r->v < h->v))
        return false;
    return is_heap(h->l) && is_heap(h->r);
}

/* The benchmark's merge: the smaller root on top, its right child merged
 * with the other heap on the left, its left child on the right. Makes at
 * most one node per node of a and b, so the pool suffices. */
static const heap *merge(value *val, const heap *a, const heap *b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    if (a->v <= b->v)
        return new_node(val, a->v, merge(val, a->r, b), a->l);
    return new_node(val, b->v, merge(val, b->r, a), b->l);
}

/* Stack order: pop a node, emit it, push left then right (so the right
 * subtree comes out first). Appends to out[*n]. */
static void to_list(const heap *h, int64_t *out, size_t *n)
{
    const heap *stack[MAX_NODES + 1];
    size_t top = 0;
    if (h)
        stack[top++] = h;
    while (top) {
        const heap *x = stack[--top];
        out[(*n)++] = x->v;
        if (x->l)
            stack[top++] = x->l;
        if (x->r)
            stack[top++] = x->r;
    }
}

static size_t wrong_to_sorted_list(value *val, int64_t *out)
{
    size_t n = 0;
    if (val->root) {
        out[n++] = val->root->v;
        to_list(merge(val, val->root->l, val->root->r), out, &n);
    }
    return n;
}

static void print_heap(pf_buf *b, const heap *h)
{
    if (!h) {
        pf_buf_printf(b, "Empty");
        return;
    }
    pf_buf_printf(b, "(%" PRId64 ", ", h->v);
    print_heap(b, h->l);
    pf_buf_printf(b, ", ");
    print_heap(b, h->r);
    pf_buf_putc(b, ')');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("binheap", data, size);
    value val;
    draw(s, &val);
    if (is_heap(val.root)) {
        int64_t list[MAX_NODES];
        size_t n = wrong_to_sorted_list(&val, list);
        for (size_t i = 1; i < n; i++) {
            if (list[i - 1] <= list[i])
                continue;
            pf_buf *b = sb_report_buf();
            print_heap(b, val.root);
            pf_buf_printf(b, "  ->  ");
            sb_print_i64s(b, list, n);
            pf_line lines[] = {{"heap -> list", pf_buf_str(b)}};
            pf_fail(s, "binheap", "wrong_to_sorted_list(heap) is not sorted",
                    lines, 1, NULL);
        }
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *val)
{
    pf_src *s = pf_begin("binheap", data, len);
    draw(s, val);
    pf_end(s);
}

static bool leaf(const heap *h, int64_t v) { return h && h->v == v && !h->l && !h->r; }

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value val;
    decode(data, len, &val);
    const heap *h = val.root;
    return h && h->v == 0 && !h->l && h->r && h->r->v == 0 &&
           leaf(h->r->l, 0) && leaf(h->r->r, 1);
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value val;
    decode(data, len, &val);
    print_heap(out, val.root);
}

/* (0, Empty, (0, (0, Empty, Empty), (1, Empty, Empty))) in draw order:
 * kind, v, left, right. */
static void enc_leaf(pf_buf *out, unsigned depth, int64_t v)
{
    pf_enc_tree_kind(out, depth, MAX_DEPTH, 1, 1, K_NODE);
    pf_enc_i64_range(out, INT64_MIN, INT64_MAX, v);
    pf_enc_tree_kind(out, depth + 1, MAX_DEPTH, 1, 1, K_EMPTY);
    pf_enc_tree_kind(out, depth + 1, MAX_DEPTH, 1, 1, K_EMPTY);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    pf_enc_tree_kind(out, 0, MAX_DEPTH, 1, 1, K_NODE);
    pf_enc_i64_range(out, INT64_MIN, INT64_MAX, 0);
    pf_enc_tree_kind(out, 1, MAX_DEPTH, 1, 1, K_EMPTY);
    pf_enc_tree_kind(out, 1, MAX_DEPTH, 1, 1, K_NODE);
    pf_enc_i64_range(out, INT64_MIN, INT64_MAX, 0);
    enc_leaf(out, 2, 0);
    enc_leaf(out, 2, 1);
}

const char *shrink_bench_name(void) { return "binheap"; }
int shrink_bench_assert_ideal(void) { return 95; }
