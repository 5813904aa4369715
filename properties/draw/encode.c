/* The inverse of the integer, boolean, choice, list, permutation and chunk
 * draws (design §3 rule 9): every value a strategy can produce has bytes
 * that decode to it. */
#include "../core/pf_internal.h"

#include <stdio.h>
#include <stdlib.h>

void pf_enc_bool(pf_buf *e, bool v) { pf_buf_putc(e, v ? 1 : 0); }

void pf_enc_bool_p(pf_buf *e, double p, bool v)
{
    (void)p; /* 0xff means true for any p > 0; 0x00 false for any p < 1 */
    pf_buf_putc(e, v ? 0xff : 0x00);
}

void pf_enc_u64_range(pf_buf *e, uint64_t lo, uint64_t hi, uint64_t v)
{
    /* Every value of a range is its own verbatim word (see draw_int.c). */
    pf__write_le(e, v, pf__width_for(lo > hi ? lo : hi));
}

void pf_enc_i64_range(pf_buf *e, int64_t lo, int64_t hi, int64_t v)
{
    if (lo > hi) {
        int64_t t = lo; lo = hi; hi = t;
    }
    if (lo >= 0) {
        pf__write_le(e, (uint64_t)v, pf__width_for((uint64_t)hi));
        return;
    }
    pf__write_le(e, (uint64_t)v, pf__signed_width(lo, hi));
}

void pf_enc_choice(pf_buf *e, size_t n, size_t index)
{
    pf_enc_u64_range(e, 0, n ? (uint64_t)n - 1 : 0, index);
}

void pf_enc_more(pf_buf *e, bool more) { pf_buf_putc(e, more ? 1 : 0); }

void pf_enc_tree_kind(pf_buf *e, unsigned depth, unsigned max_depth,
                      size_t n_leaf, size_t n_branch, size_t kind)
{
    pf_enc_choice(e, depth >= max_depth ? n_leaf : n_leaf + n_branch, kind);
}

void pf_enc_choice_weighted(pf_buf *e, const uint32_t *weights, size_t n,
                            size_t index)
{
    if (index >= n || weights[index] == 0)
        pf__misuse(NULL, "pf_enc_choice_weighted", NULL, "choice %zu of %zu has no "
                   "weight, so no bytes draw it", index, n);
    /* A drawable index is its own word (see draw_choice.c). */
    pf__write_le(e, index, pf__weighted_width(pf__weight_total(weights, n), n));
}

void pf_enc_tree_kind_weighted(pf_buf *e, unsigned depth, unsigned max_depth,
                               const uint32_t *weights, size_t n_leaf,
                               size_t n_branch, size_t kind)
{
    pf_enc_choice_weighted(e, weights, depth >= max_depth ? n_leaf : n_leaf + n_branch,
                           kind);
}

/* pf_permutation applies, for i = n-1 down to 1, swap(perm[i], perm[i-d])
 * with d drawn in [0, i]; position i is final after its step. So the
 * encoder replays it: at step i, d is how far back the value wanted at i
 * now sits. */
void pf_enc_permutation(pf_buf *e, const size_t *perm, size_t n)
{
    if (n == 0)
        return;
    size_t *at = malloc(2 * n * sizeof *at); /* at[value], then cur[position] */
    if (!at) {
        fprintf(stderr, "propfuzz: out of memory (pf_enc_permutation of %zu)\n", n);
        abort();
    }
    size_t *cur = at + n;
    for (size_t i = 0; i < n; i++)
        at[i] = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        if (perm[i] >= n || at[perm[i]] != SIZE_MAX)
            pf__misuse(NULL, "pf_enc_permutation", NULL, "perm is not a permutation "
                       "of [0, %zu): perm[%zu] = %zu", n, i, perm[i]);
        at[perm[i]] = 0;
    }
    for (size_t i = 0; i < n; i++) {
        cur[i] = i;
        at[i] = i;
    }
    for (size_t i = n; i-- > 1;) {
        size_t j = at[perm[i]]; /* j <= i: positions above i are final */
        pf_enc_u64_range(e, 0, i, i - j);
        size_t moved = cur[i];
        cur[j] = moved;
        at[moved] = j;
        cur[i] = perm[i];
        at[perm[i]] = i;
    }
    free(at);
}

/* pf_chunks reads, while bytes are left and another chunk may follow, a
 * flag and a size; the last chunk takes the rest. The encoding: a set flag
 * and the size of each chunk but the last, then a clear flag when the
 * count is below max_chunks (at max_chunks the loop stops by itself). */
void pf_enc_chunks(pf_buf *e, size_t total, const size_t *sizes, size_t n,
                   size_t max_chunks)
{
    size_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        if (sizes[i] == 0 || sizes[i] > total - sum)
            pf__misuse(NULL, "pf_enc_chunks", NULL, "sizes[%zu] = %zu: chunks are "
                       ">= 1 and sum to total %zu", i, sizes[i], total);
        sum += sizes[i];
    }
    if (sum != total || n > max_chunks)
        pf__misuse(NULL, "pf_enc_chunks", NULL, "%zu chunks summing to %zu: want at "
                   "most %zu summing to %zu", n, sum, max_chunks, total);
    size_t left = total;
    for (size_t i = 0; i + 1 < n; i++) {
        pf_enc_more(e, true);
        pf_enc_u64_range(e, 1, left, sizes[i]);
        left -= sizes[i];
    }
    if (n > 0 && n < max_chunks)
        pf_enc_more(e, false);
}
