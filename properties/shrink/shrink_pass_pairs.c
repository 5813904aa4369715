/* Shrinking pass on pairs of integers moved together: equal values
 * lowered as one (a duplicate stays a duplicate), both shifted by the same
 * amount (a difference stays), or an amount moved from one to the other
 * (a sum stays). No single draw can move when the property needs such a
 * relation between two. */
#include "../core/pf_internal.h"
#include "shrink_internal.h"

enum { MAX_PAIR_DRAWS = 48 };

/* Writes the pair (na, nb) into draws a and b of best; false when a value
 * is outside its draw's range or the candidate is rejected. */
static bool try_pair(pf__shrinker *sh, const pf__rec *a, const pf__rec *b,
                     int64_t na, int64_t nb)
{
    if (a->kind == PF_DRAW_INT
            ? (na < (int64_t)a->lo || na > (int64_t)a->hi ||
               nb < (int64_t)b->lo || nb > (int64_t)b->hi)
            : ((uint64_t)na < a->lo || (uint64_t)na > a->hi ||
               (uint64_t)nb < b->lo || (uint64_t)nb > b->hi))
        return false;
    size_t end = pf__draw_end(b) > pf__draw_end(a) ? pf__draw_end(b)
                                                     : pf__draw_end(a);
    size_t clen;
    uint8_t *c = pf__sh_copy(sh, end, 0, &clen);
    pf__put_word(c, a->offset, a->width, (uint64_t)na);
    pf__put_word(c, b->offset, b->width, (uint64_t)nb);
    return pf__sh_attempt(sh, c, clen);
}

enum pair_mode { PAIR_EQUAL, PAIR_SHIFT, PAIR_MOVE };

/* Moves a toward its simplest value by the largest step (halving from the
 * whole way) for which the pair still fails; b follows the mode. */
static bool move_pair(pf__shrinker *sh, size_t ia, size_t ib,
                      enum pair_mode mode)
{
    const pf__rec *a = sh->draws[ia], *b = sh->draws[ib];
    /* Two's complement arithmetic on the words: no signed overflow. */
    uint64_t va = a->value, vb = b->value;
    uint64_t full = va - (uint64_t)pf__int_target(a);
    if (full == 0)
        return false;
    uint64_t span_b = b->hi - b->lo + 1;
    bool neg = a->kind == PF_DRAW_INT && (int64_t)full < 0;
    uint64_t mag = neg ? 0 - full : full;
    for (; mag != 0 && !pf__sh_stop(sh); mag /= 2) {
        uint64_t step = neg ? 0 - mag : mag;
        uint64_t na = va - step, nb;
        if (mode == PAIR_EQUAL)
            nb = na;
        else if (mode == PAIR_SHIFT)
            nb = vb - step;
        else /* wrapped into b's range */
            nb = b->lo + (vb + step - b->lo) % (span_b ? span_b : 1);
        if (try_pair(sh, a, b, (int64_t)na, (int64_t)nb))
            return true;
    }
    return false;
}

static bool move_pair_any(pf__shrinker *sh, size_t x, size_t y)
{
    const pf__rec *a = sh->draws[x], *b = sh->draws[y];
    if (!pf__is_int(a) || !pf__is_int(b) || pf__simplicity(a) == 0 ||
        a->kind != b->kind)
        return false;
    bool same_range = a->lo == b->lo && a->hi == b->hi;
    return (same_range && a->value == b->value &&
            move_pair(sh, x, y, PAIR_EQUAL)) ||
           move_pair(sh, x, y, PAIR_SHIFT) || move_pair(sh, x, y, PAIR_MOVE);
}

bool pf__pass_pairs(pf__shrinker *sh)
{
    bool any = false;
    size_t ints[MAX_PAIR_DRAWS], n = 0;
    for (size_t i = 0; i < sh->n_draws && n < MAX_PAIR_DRAWS; i++)
        if (pf__is_int(sh->draws[i]))
            ints[n++] = i;
    for (size_t x = 0; x < n; x++)
        for (size_t y = x + 1; y < n && !pf__sh_stop(sh); y++) {
            if (ints[y] >= sh->n_draws)
                break;
            any |= move_pair_any(sh, ints[x], ints[y]);
        }
    return any;
}
