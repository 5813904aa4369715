/* Variation drawn before the data it applies to (see include/propfuzz.h,
 * "Variation drawn up front"): chunk plans and induced permutations. */
#include "../core/pf_internal.h"

void pf_plan_draw(pf_src *s, const char *label, pf_plan *p, size_t max_size)
{
    pf_list l;
    p->n = 0;
    pf_list_begin(s, &l, label, 0, PF_PLAN_MAX);
    while (pf_list_more(s, &l))
        p->sizes[p->n++] = (size_t)pf_u64_range(s, "size", 1, max_size ? max_size : 1);
}

void pf_enc_plan(pf_buf *e, const pf_plan *p, size_t max_size)
{
    for (size_t i = 0; i < p->n; i++) {
        pf_enc_more(e, true);
        pf_enc_u64_range(e, 1, max_size ? max_size : 1, p->sizes[i]);
    }
    if (p->n < PF_PLAN_MAX)
        pf_enc_more(e, false);
}

size_t pf_plan_apply(const pf_plan *p, size_t total, size_t *sizes,
                     size_t max_chunks)
{
    size_t count = 0, left = total;
    for (size_t i = 0; i < p->n && left > 0 && count + 1 < max_chunks; i++) {
        size_t n = p->sizes[i] < left ? p->sizes[i] : left;
        sizes[count++] = n;
        left -= n;
    }
    if (left > 0 && max_chunks > 0)
        sizes[count++] = left;
    return count;
}

void pf_permutation_restrict(const size_t *perm, size_t max, size_t n,
                             size_t *out)
{
    size_t k = 0;
    for (size_t i = 0; i < max && k < n; i++)
        if (perm[i] < n)
            out[k++] = perm[i];
}

enum { MAX_SHUFFLE = 20 };

static uint64_t factorial(size_t n)
{
    uint64_t f = 1;
    for (size_t i = 2; i <= n; i++)
        f *= i;
    return f;
}

/* Lehmer code: digit i (0-based) picks the element among those left. */
void pf_shuffle_draw(pf_src *s, const char *label, size_t *perm, size_t max)
{
    if (max > MAX_SHUFFLE)
        max = MAX_SHUFFLE;
    uint64_t rank = max ? pf_u64_range(s, label, 0, factorial(max) - 1) : 0;
    size_t left[MAX_SHUFFLE];
    for (size_t i = 0; i < max; i++)
        left[i] = i;
    for (size_t i = 0; i < max; i++) {
        uint64_t f = factorial(max - 1 - i);
        size_t d = (size_t)(rank / f);
        rank %= f;
        perm[i] = left[d];
        for (size_t k = d; k + 1 < max - i; k++)
            left[k] = left[k + 1];
    }
}

void pf_enc_shuffle(pf_buf *e, const size_t *perm, size_t max)
{
    if (max > MAX_SHUFFLE)
        max = MAX_SHUFFLE;
    if (!max)
        return;
    uint64_t rank = 0;
    for (size_t i = 0; i < max; i++) {
        size_t smaller = 0;
        for (size_t k = i + 1; k < max; k++)
            smaller += perm[k] < perm[i];
        rank += smaller * factorial(max - 1 - i);
    }
    pf_enc_u64_range(e, 0, factorial(max) - 1, rank);
}
