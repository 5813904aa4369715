/* Unit tests of the shrinker's structural passes (properties/shrink_pass_*.c):
 * each starts a shrinker on a failing input of a small property, runs one
 * pass once (or the whole shrinker), and checks the exact value reached.
 * The inputs are written with the pf_enc_* inverse, so each case reads as
 * values. */
#include "shrink/shrink_internal.h"
#include "testkit.h"

#include <stdlib.h>

/* --- the properties, one at a time behind LLVMFuzzerTestOneInput ------- */

typedef void (*property)(pf_src *s);
static property g_prop;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("test_shrink_passes", data, size);
    g_prop(s);
    pf_end(s);
    return 0;
}

static void fail(pf_src *s) { pf_fail(s, "p", "fails", NULL, 0, NULL); }

enum { MAX_LEN = 8 };

/* A list of up to MAX_LEN int64, into xs; returns its length. */
static size_t draw_list(pf_src *s, int64_t *xs, int64_t lo, int64_t hi)
{
    pf_list l;
    pf_list_begin(s, &l, "xs", 0, MAX_LEN);
    while (pf_list_more(s, &l))
        xs[l.count - 1] = pf_i64_range(s, "x", lo, hi);
    return l.count;
}

static void enc_list(pf_buf *e, const int64_t *xs, size_t n, int64_t lo, int64_t hi)
{
    for (size_t i = 0; i < n; i++) {
        pf_enc_more(e, true);
        pf_enc_i64_range(e, lo, hi, xs[i]);
    }
    pf_enc_more(e, false);
}

/* Fails with three distinct values in the list. */
static void three_distinct(pf_src *s)
{
    int64_t xs[MAX_LEN];
    size_t n = draw_list(s, xs, INT64_MIN, INT64_MAX), d = 0;
    for (size_t i = 0; i < n; i++) {
        bool seen = false;
        for (size_t j = 0; j < i; j++)
            seen |= xs[j] == xs[i];
        d += !seen;
    }
    if (d >= 3)
        fail(s);
}

/* Fails when two elements point at each other: xs[xs[i]] == i, xs[i] != i. */
static void coupled(pf_src *s)
{
    int64_t xs[MAX_LEN];
    size_t n = draw_list(s, xs, 0, 10);
    for (size_t i = 0; i < n; i++) {
        size_t j = (size_t)xs[i];
        if (j < n && j != i && xs[j] == (int64_t)i)
            fail(s);
    }
}

/* --- running a pass ---------------------------------------------------- */

static pf_shrink_opts g_opts = {.max_seconds = 20, .isolation = -1};

/* The input cut as the shrinker keeps inputs: without trailing zeros. */
static void trim(pf_buf *b)
{
    while (b->len > 0 && b->data[b->len - 1] == 0)
        b->len--;
}

static void check_bytes(int line, const uint8_t *got, size_t n, pf_buf *want)
{
    trim(want);
    if (n == want->len && (n == 0 || memcmp(got, want->data, n) == 0))
        return;
    pf_buf g = {0}, w = {0};
    pf_buf_hex(&g, got, n, 64);
    pf_buf_hex(&w, want->data, want->len, 64);
    fail_at(line, "got %s, want %s", pf_buf_str(&g), pf_buf_str(&w));
    pf_buf_free(&g);
    pf_buf_free(&w);
}

/* Runs `pass` once on `in`; checks best is `want` and the pass said so. */
static void pass_gives(int line, bool (*pass)(pf__shrinker *), pf_buf *in,
                       pf_buf *want)
{
    pf__shrinker sh = {.opts = &g_opts, .t0 = pf__sh_now()};
    if (!pf__sh_start(&sh, in->data, in->len)) {
        fail_at(line, "the start does not fail");
    } else {
        bool changed = pass(&sh);
        check_bytes(line, sh.best, sh.len, want);
        if (!changed)
            fail_at(line, "the pass said it changed nothing");
    }
    pf__sh_free(&sh);
    pf_buf_free(in);
    pf_buf_free(want);
}

/* The whole shrinker from `in`; checks it ends at `want`. */
static void shrinks_to(int line, pf_buf *in, pf_buf *want)
{
    pf_shrink_result r;
    if (pf_shrink(in->data, in->len, &g_opts, &r) != 0) {
        fail_at(line, "the start does not fail");
    } else {
        check_bytes(line, r.data, r.len, want);
        pf_shrink_result_free(&r);
    }
    pf_buf_free(in);
    pf_buf_free(want);
}

#define PASS_GIVES(pass, in, want) pass_gives(__LINE__, pass, in, want)
#define SHRINKS_TO(in, want) shrinks_to(__LINE__, in, want)

/* --- trees ------------------------------------------------------------- */

/* Binary heaps as the binheap benchmark (tests/shrink/binheap.c) draws
 * them: every node a "heap" span, kind 0 Empty / 1 Node, then v, l, r. */
typedef struct heap {
    int64_t v;
    const struct heap *l, *r;
} heap;

enum { HEAP_DEPTH = 4, HEAP_POOL = 64 };

static const heap *draw_heap(pf_src *s, heap *pool, size_t *used, unsigned depth)
{
    heap *h = NULL;
    pf_span_begin(s, "heap");
    if (pf_tree_kind(s, "kind", depth, HEAP_DEPTH, 1, 1) == 1) {
        h = &pool[(*used)++];
        h->v = pf_i64(s, "v");
        h->l = draw_heap(s, pool, used, depth + 1);
        h->r = draw_heap(s, pool, used, depth + 1);
    }
    pf_span_end(s);
    return h;
}

static bool is_heap(const heap *h)
{
    return !h || ((!h->l || h->l->v >= h->v) && (!h->r || h->r->v >= h->v) &&
                  is_heap(h->l) && is_heap(h->r));
}

static const heap *merge(heap *pool, size_t *used, const heap *a, const heap *b)
{
    if (!a || !b)
        return a ? a : b;
    if (a->v > b->v) {
        const heap *t = a; a = b; b = t;
    }
    heap *h = &pool[(*used)++];
    *h = (heap){a->v, merge(pool, used, a->r, b), a->l};
    return h;
}

/* The benchmark's wrong to-sorted-list: root, then the merged children
 * popped from a stack (right subtree first). Fails when it is unsorted. */
static void wrong_heap_sort(pf_src *s)
{
    heap pool[HEAP_POOL];
    size_t used = 0, n = 0, top = 0;
    const heap *root = draw_heap(s, pool, &used, 0), *stack[HEAP_POOL];
    if (!root || !is_heap(root))
        return;
    int64_t out[HEAP_POOL];
    out[n++] = root->v;
    const heap *m = merge(pool, &used, root->l, root->r);
    if (m)
        stack[top++] = m;
    while (top) {
        const heap *x = stack[--top];
        out[n++] = x->v;
        if (x->l) stack[top++] = x->l;
        if (x->r) stack[top++] = x->r;
    }
    for (size_t i = 1; i < n; i++)
        if (out[i - 1] > out[i])
            fail(s);
}

/* A heap written in draw order: "(v l r)" with "." for Empty, e.g.
 * "(0 . (0 (0 . .) (1 . .)))"; values are single digits. */
static const char *enc_heap(pf_buf *e, const char *p, unsigned depth)
{
    while (*p == ' ')
        p++;
    if (*p == '.') {
        pf_enc_tree_kind(e, depth, HEAP_DEPTH, 1, 1, 0);
        return p + 1;
    }
    pf_enc_tree_kind(e, depth, HEAP_DEPTH, 1, 1, 1);
    p++; /* '(' */
    bool neg = *p == '-';
    p += neg;
    pf_enc_i64_range(e, INT64_MIN, INT64_MAX, neg ? -(*p - '0') : *p - '0');
    p = enc_heap(e, p + 1, depth + 1);
    p = enc_heap(e, p, depth + 1);
    while (*p == ' ')
        p++;
    return p + 1; /* ')' */
}

static void heap_bytes(pf_buf *e, const char *text)
{
    memset(e, 0, sizeof *e);
    enc_heap(e, text, 0);
}

static const char *const IDEAL_HEAP = "(0 . (0 (0 . .) (1 . .)))";

/* Expressions: kind 0 a leaf int in [0, 100], kind 1 a pair; each node an
 * "expr" span. Fails when some leaf is 50 or more. */
static bool big_leaf(pf_src *s, unsigned depth)
{
    pf_span_begin(s, "expr");
    bool big;
    if (pf_tree_kind(s, "kind", depth, 4, 1, 1) == 0) {
        big = pf_i64_range(s, "n", 0, 100) >= 50;
    } else {
        bool l = big_leaf(s, depth + 1);
        big = big_leaf(s, depth + 1) || l;
    }
    pf_span_end(s);
    return big;
}

static void has_big_leaf(pf_src *s)
{
    if (big_leaf(s, 0))
        fail(s);
}

static void test_siblings_sort_a_list_past_the_end(void)
{
    /* [0, -1, 1]: the final "no more" flag is a trimmed zero, so the list
     * ends past the input; it still sorts, to the order's [0, 1, -1]. */
    g_prop = three_distinct;
    pf_buf in = {0}, want = {0};
    enc_list(&in, (int64_t[]){0, -1, 1}, 3, INT64_MIN, INT64_MAX);
    enc_list(&want, (int64_t[]){0, 1, -1}, 3, INT64_MIN, INT64_MAX);
    PASS_GIVES(pf__pass_siblings, &in, &want);
}

static void test_siblings_swap_subtrees(void)
{
    /* The mirror of the ideal heap: same bytes and draws, later order. */
    g_prop = wrong_heap_sort;
    pf_buf in, want;
    heap_bytes(&in, "(0 (0 (0 . .) (1 . .)) .)");
    heap_bytes(&want, IDEAL_HEAP);
    PASS_GIVES(pf__pass_siblings, &in, &want);
}

/* bound5 (tests/shrink/bound5.c): five lists of int16 each summing below
 * 256 whose total is not below 1280 (int16 sums, wrapping). */
static void bound5(pf_src *s)
{
    int64_t total = 0;
    bool pre = true;
    pf_span_begin(s, "lists");
    for (int i = 0; i < 5; i++) {
        int64_t xs[MAX_LEN], t = 0;
        pf_list l;
        pf_list_begin(s, &l, "list", 0, MAX_LEN);
        while (pf_list_more(s, &l))
            xs[l.count - 1] = pf_i64_range(s, "x", INT16_MIN, INT16_MAX);
        for (size_t k = 0; k < l.count; k++)
            t += xs[k];
        pre &= (int16_t)(uint16_t)(uint64_t)t < 256;
        total += t;
    }
    pf_span_end(s);
    if (pre && (int16_t)(uint16_t)(uint64_t)total >= 1280)
        fail(s);
}

static void enc_lists16(pf_buf *e, const int64_t *first, const int *where)
{
    memset(e, 0, sizeof *e);
    for (int i = 0; i < 5; i++)
        enc_list(e, where[i] ? &first[where[i] - 1] : NULL, where[i] != 0,
                 INT16_MIN, INT16_MAX);
}

static void test_siblings_move_lists_to_canonical_places(void)
{
    g_prop = bound5;
    static const int64_t two[] = {INT16_MIN, -1};
    pf_buf in, want;
    enc_lists16(&in, two, (const int[]){1, 0, 2, 0, 0});
    enc_lists16(&want, two, (const int[]){0, 0, 0, 2, 1});
    PASS_GIVES(pf__pass_siblings, &in, &want);
}

static void test_descendants_of_a_tree_past_the_end(void)
{
    /* pair(60, pair(0, 0)): the last leaves are trimmed zeros. */
    g_prop = has_big_leaf;
    pf_buf in = {0}, want = {0};
    pf_enc_tree_kind(&in, 0, 4, 1, 1, 1);
    pf_enc_tree_kind(&in, 1, 4, 1, 1, 0);
    pf_enc_i64_range(&in, 0, 100, 60);
    pf_enc_tree_kind(&in, 1, 4, 1, 1, 1);
    pf_enc_tree_kind(&in, 2, 4, 1, 1, 0);
    pf_enc_i64_range(&in, 0, 100, 0);
    pf_enc_tree_kind(&in, 2, 4, 1, 1, 0);
    pf_enc_i64_range(&in, 0, 100, 0);
    pf_enc_tree_kind(&want, 0, 4, 1, 1, 0);
    pf_enc_i64_range(&want, 0, 100, 60);
    PASS_GIVES(pf__pass_descendants, &in, &want);
}

static void test_delete_reindex(void)
{
    /* Deleting the leading 0 of [0, 0, 3, 2] and lowering what points
     * past it gives [0, 2, 1], then [1, 0], in one pass. */
    g_prop = coupled;
    pf_buf in = {0}, want = {0};
    enc_list(&in, (int64_t[]){0, 0, 3, 2}, 4, 0, 10);
    enc_list(&want, (int64_t[]){1, 0}, 2, 0, 10);
    PASS_GIVES(pf__pass_delete_reindex, &in, &want);
}

/* one_of: branch 0 draws three u8, branch 1 one bool; every value fails. */
static void any_branch(pf_src *s)
{
    if (pf_one_of(s, "branch", 2) == 0) {
        pf_u8(s, "a");
        pf_u8(s, "b");
        pf_u8(s, "c");
    } else {
        pf_bool(s, "flag");
    }
    pf_span_end(s);
    fail(s);
}

static void test_switch_to_a_later_branch_with_fewer_draws(void)
{
    g_prop = any_branch;
    pf_buf in = {0}, want = {0};
    pf_enc_choice(&in, 2, 0);
    pf_buf_put(&in, "\x07\x08\x09", 3);
    pf_enc_choice(&want, 2, 1);
    pf_enc_bool(&want, false);
    SHRINKS_TO(&in, &want);
}

/* A list of one_of(nil, bool, u64); fails when two elements differ. */
static void two_different(pf_src *s)
{
    uint64_t v[MAX_LEN][2];
    pf_list l;
    pf_list_begin(s, &l, "xs", 0, MAX_LEN);
    while (pf_list_more(s, &l)) {
        uint64_t *x = v[l.count - 1];
        x[0] = pf_one_of(s, "v", 3);
        x[1] = x[0] == 1 ? pf_bool(s, "bool") : x[0] == 2 ? pf_u64(s, "u64") : 0;
        pf_span_end(s);
    }
    for (size_t i = 1; i < l.count; i++)
        if (v[i][0] != v[0][0] || v[i][1] != v[0][1])
            fail(s);
}

static void enc_element(pf_buf *e, size_t kind, uint64_t x)
{
    pf_enc_more(e, true);
    pf_enc_choice(e, 3, kind);
    if (kind == 1)
        pf_enc_bool(e, x != 0);
    else if (kind == 2)
        pf_enc_u64_range(e, 0, UINT64_MAX, x);
}

static void test_switch_to_an_earlier_branch_with_fewer_bytes(void)
{
    /* [u64 0, nil]: bool, an earlier branch, needs 1 byte of the u64's 8
     * (with all 8 it reads the next flag). One pass gives [false, nil]. */
    g_prop = two_different;
    pf_buf in = {0}, want = {0};
    enc_element(&in, 2, 0);
    enc_element(&in, 0, 0);
    pf_enc_more(&in, false);
    enc_element(&want, 1, 0);
    enc_element(&want, 0, 0);
    pf_enc_more(&want, false);
    PASS_GIVES(pf__pass_switch_branch, &in, &want);
}

static void test_swap_two_subtrees_at_once(void)
{
    /* No single move makes this heap smaller and still failing; two
     * exchanges of subtrees (the left child into the right child's empty
     * left, then its own left child into the empty right) reach the
     * ideal, whose halfway point passes. */
    g_prop = wrong_heap_sort;
    pf_buf in, want;
    heap_bytes(&in, "(0 (0 (1 . .) .) (0 . .))");
    heap_bytes(&want, IDEAL_HEAP);
    PASS_GIVES(pf__pass_swap, &in, &want);
}

static void test_heaps_shrink_to_the_ideal(void)
{
    static const char *const starts[] = {
        "(0 (0 (1 . .) .) (0 . .))",
        "(-1 (0 . .) (-1 (1 . .) .))",
        "(1 (1 (4 . .) (4 . .)) (3 (3 . .) (5 . .)))",
    };
    g_prop = wrong_heap_sort;
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        pf_buf in, want;
        heap_bytes(&in, starts[i]);
        heap_bytes(&want, IDEAL_HEAP);
        SHRINKS_TO(&in, &want);
    }
}

/* The rest of the input as raw bytes, then a draw past its end; fails
 * when the rest holds an 'A'. */
static void raw_then_more(pf_src *s)
{
    size_t n;
    const uint8_t *rest = pf_rest(s, "rest", &n);
    pf_u16(s, "after"); /* reads zeros past the end */
    if (memchr(rest, 'A', n))
        fail(s);
}

static void test_raw_rest_is_edited_as_it_is(void)
{
    /* Zeros past the end are part of nothing here: pf_rest would take
     * any added to the input. */
    g_prop = raw_then_more;
    pf_buf in = {0}, want = {0};
    pf_buf_put(&in, "xyzAB\x00\x00", 7);
    pf_buf_put(&want, "A", 1);
    SHRINKS_TO(&in, &want);
}

int main(void)
{
    run("siblings_sort_a_list_past_the_end", test_siblings_sort_a_list_past_the_end);
    run("siblings_swap_subtrees", test_siblings_swap_subtrees);
    run("siblings_move_lists_to_canonical_places",
        test_siblings_move_lists_to_canonical_places);
    run("descendants_of_a_tree_past_the_end", test_descendants_of_a_tree_past_the_end);
    run("delete_reindex", test_delete_reindex);
    run("switch_to_a_later_branch_with_fewer_draws",
        test_switch_to_a_later_branch_with_fewer_draws);
    run("switch_to_an_earlier_branch_with_fewer_bytes",
        test_switch_to_an_earlier_branch_with_fewer_bytes);
    run("swap_two_subtrees_at_once", test_swap_two_subtrees_at_once);
    run("heaps_shrink_to_the_ideal", test_heaps_shrink_to_the_ideal);
    run("raw_rest_is_edited_as_it_is", test_raw_rest_is_edited_as_it_is);
    return finish();
}
