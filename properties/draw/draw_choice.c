/* Choices, tree kinds, permutations and chunk splits: indices drawn as
 * integers (design §3 rules 2-4), zero always the first or the identity. */
#include "../core/pf_internal.h"

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
    /* Without a leaf kind the depth cap cannot end the recursion. */
    if (n_leaf == 0)
        pf__misuse(s, "pf_tree_kind", label, "n_leaf is 0: at the depth cap no "
                   "kind is left, so recursion cannot end (the leaf kinds come first)");
    size_t n = depth >= max_depth ? n_leaf : n_leaf + n_branch;
    return pf_choice(s, label, n);
}

/* --- weighted choices ------------------------------------------------- */

/* The index whose interval of cumulative weight holds r (r < total). */
static size_t weighted_index(const uint32_t *weights, size_t n, uint64_t r)
{
    uint64_t end = 0;
    for (size_t i = 0; i < n; i++) {
        end += weights[i];
        if (r < end)
            return i;
    }
    return n - 1; /* not reached: r < total */
}

static size_t choice_weighted(pf_src *s, const char *draw, const char *label,
                              const uint32_t *weights, size_t n)
{
    uint64_t total = pf__weight_total(weights, n);
    if (total == 0)
        pf__misuse(s, draw, label, "no choice has a positive weight (%zu weights)", n);
    size_t at = s->pos;
    uint64_t w = pf__read_word(s, pf__weighted_width(total, n));
    /* A word naming a choice that can be drawn is that choice (rule 4);
     * any other word lands by weight, so zero is the first drawable one. */
    size_t index = w < n && weights[w] ? (size_t)w
                                       : weighted_index(weights, n, pf__mod(w, total));
    if (s->recording) {
        pf_record *r = pf__record(s, PF_DRAW_UINT, label, at);
        r->hi.u = n - 1;
        r->value.u = index;
    }
    return index;
}

size_t pf_choice_weighted(pf_src *s, const char *label, const uint32_t *weights,
                          size_t n)
{
    return choice_weighted(s, "pf_choice_weighted", label, weights, n);
}

size_t pf_tree_kind_weighted(pf_src *s, const char *label, unsigned depth,
                             unsigned max_depth, const uint32_t *weights,
                             size_t n_leaf, size_t n_branch)
{
    /* Checked at every depth, so the first call says so, not the first
     * call at the cap. */
    if (pf__weight_total(weights, n_leaf) == 0)
        pf__misuse(s, "pf_tree_kind_weighted", label, "no leaf kind has a positive "
                   "weight: at the depth cap recursion cannot end");
    size_t n = depth >= max_depth ? n_leaf : n_leaf + n_branch;
    return choice_weighted(s, "pf_tree_kind_weighted", label, weights, n);
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
    if (max_chunks == 0 && total > 0)
        pf__misuse(s, "pf_chunks", label, "%zu bytes cannot be split into at most 0 "
                   "chunks", total);
    if (total == 0)
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
