/* The inverse of the integer, boolean, choice and list draws (design §3 rule 9):
 * every value a strategy can produce has bytes that decode to it. */
#include "pf_internal.h"

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
