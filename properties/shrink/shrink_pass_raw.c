/* Shrinking pass on raw byte payloads (pf_rest): no structure inside, so
 * delete blocks of halving size and lower bytes, as a byte minimiser
 * would. */
#include "../core/pf_internal.h"
#include "shrink_internal.h"

static bool is_raw(const pf__shrinker *sh, size_t i)
{
    return i < sh->n_draws && sh->draws[i]->kind == PF_DRAW_RAW;
}

/* Lowers one byte toward 0 by halving the distance. */
static bool lower_byte(pf__shrinker *sh, size_t pos)
{
    bool any = false;
    unsigned t = 0;
    while (pos < sh->len && sh->best[pos] > t && !pf__sh_stop(sh)) {
        unsigned v = sh->best[pos], mid = t + (v - t) / 2;
        if (pf__sh_word(sh, pos, 1, mid))
            any = true;
        else if (mid == t)
            break;
        else
            t = mid;
    }
    return any;
}

static bool delete_blocks(pf__shrinker *sh, size_t i)
{
    bool any = false;
    for (size_t block = sh->draws[i]->width; block >= 1 && !pf__sh_stop(sh);
         block /= 2)
        for (size_t at = sh->draws[i]->offset;
             at < pf__draw_end(sh->draws[i]) && !pf__sh_stop(sh);) {
            if (pf__sh_delete(sh, at, at + block))
                any = true;
            else
                at += block;
            if (!is_raw(sh, i))
                return any;
        }
    return any;
}

bool pf__pass_raw(pf__shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_draws && !pf__sh_stop(sh); i++) {
        if (!is_raw(sh, i) || sh->draws[i]->width == 0)
            continue;
        any |= delete_blocks(sh, i);
        for (size_t at = sh->draws[i]->offset; at < sh->len && !pf__sh_stop(sh); at++) {
            any |= lower_byte(sh, at);
            if (!is_raw(sh, i))
                return any;
        }
    }
    return any;
}
