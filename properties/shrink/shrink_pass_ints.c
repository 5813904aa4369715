/* Shrinking pass on single integers: the simplest few values of the
 * range first (they need not be near the value), then the positive twin
 * of a negative value, then a binary search toward the simplest. */
#include "../core/pf_internal.h"
#include "shrink_internal.h"

enum { FIRST_FEW = 5 };

/* The value of index k of a draw's range, as the word to write. */
static uint64_t value_at(const pf__rec *r, uint64_t k)
{
    if (r->kind == PF_DRAW_UINT)
        return r->lo + k;
    return (uint64_t)pf__signed_from_index((int64_t)r->lo, (int64_t)r->hi, k);
}

static bool still_int(const pf__shrinker *sh, size_t di)
{
    return di < sh->n_draws && pf__is_int(sh->draws[di]);
}

/* Binary search between the value (failing) and t (the target) for the
 * failing value nearest t, assuming failures are contiguous up to it. */
static bool search_toward(pf__shrinker *sh, size_t di, uint64_t t,
                          bool is_signed)
{
    bool any = false;
    while (still_int(sh, di) && !pf__sh_stop(sh)) {
        const pf__rec *r = sh->draws[di];
        uint64_t v = r->value, mid;
        if (v == t)
            return any;
        /* midpoint without overflow, in the draw's own signedness */
        if (is_signed) {
            int64_t a = (int64_t)t, b = (int64_t)v;
            mid = (uint64_t)(a + (b - a) / 2);
        } else {
            mid = t < v ? t + (v - t) / 2 : v + (t - v) / 2;
        }
        if (mid == t || mid == v)
            return pf__sh_word(sh, r->offset, r->width, t) || any;
        if (pf__sh_word(sh, r->offset, r->width, mid))
            any = true; /* best moved to mid: continue from there */
        else
            t = mid;    /* mid passes: the answer lies above it */
    }
    return any;
}

/* One integer draw, di, toward its simplest value. */
static bool lower_int(pf__shrinker *sh, size_t di)
{
    const pf__rec *r = sh->draws[di];
    for (uint64_t k = 0; k < FIRST_FEW && k < pf__simplicity(r); k++)
        if (pf__sh_word(sh, r->offset, r->width, value_at(r, k)))
            return true;
    int64_t v = (int64_t)r->value;
    if (r->kind == PF_DRAW_INT && v < 0 && v != INT64_MIN &&
        -v <= (int64_t)r->hi &&
        pf__sh_word(sh, r->offset, r->width, (uint64_t)-v))
        return true; /* the positive twin is simpler */
    return search_toward(sh, di, (uint64_t)pf__int_target(r),
                         r->kind == PF_DRAW_INT);
}

bool pf__pass_ints(pf__shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_draws && !pf__sh_stop(sh); i++)
        if (pf__is_int(sh->draws[i]) && pf__simplicity(sh->draws[i]) != 0)
            any |= lower_int(sh, i);
    return any;
}
