/* Choices, tree kinds, permutations and chunk splits: indices drawn as
 * integers (design §3 rules 2-4), zero always the first or the identity. */
#include "pf_internal.h"

size_t pf_choice(pf_src *s, const char *label, size_t n)
{
    return (size_t)pf_u64_range(s, label, 0, n ? (uint64_t)n - 1 : 0);
}

size_t pf_one_of(pf_src *s, const char *label, size_t n)
{
    pf_span_begin(s, label);
    return pf_choice(s, label, n);
}

size_t pf_tree_kind(pf_src *s, const char *label, unsigned depth,
                    unsigned max_depth, size_t n_leaf, size_t n_branch)
{
    size_t n = depth >= max_depth ? n_leaf : n_leaf + n_branch;
    return pf_choice(s, label, n);
}

/* pf_u64_range(s, NULL, 0, hi) without the call, for the loop below; the
 * general path goes through the draw itself so records are the same. */
static inline uint64_t index_upto(pf_src *s, uint64_t hi)
{
    if (!pf__fast(s, 8))
        return pf_u64_range(s, NULL, 0, hi);
    unsigned width = pf__width_for(hi);
    uint64_t w = pf__load_le64(s->data + s->pos) & pf__width_mask(width);
    s->pos += width;
    return w <= hi ? w : pf__mod(w, hi + 1);
}

void pf_permutation(pf_src *s, const char *label, size_t *perm, size_t n)
{
    pf_span_begin(s, label);
    for (size_t i = 0; i < n; i++)
        perm[i] = i;
    for (size_t i = n; i-- > 1;) {
        /* Drawn as a distance back from i, so zero means "no swap". */
        size_t j = i - (size_t)index_upto(s, i);
        size_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    pf_span_end(s);
}

size_t pf_chunks(pf_src *s, const char *label, size_t total, size_t *sizes,
                 size_t max_chunks)
{
    size_t count = 0, left = total;
    if (max_chunks == 0 || total == 0)
        return 0;
    pf_span_begin(s, label);
    while (left > 0 && count + 1 < max_chunks) {
        size_t at = s->pos;
        bool more = pf__read_byte(s) != 0;
        if (s->recording)
            pf__record(s, PF_DRAW_FLAG, NULL, at)->value.u = more;
        if (!more)
            break;
        size_t n = (size_t)pf_u64_range(s, NULL, 1, left);
        sizes[count++] = n;
        left -= n;
    }
    if (left > 0)
        sizes[count++] = left;
    pf_span_end(s);
    return count;
}
