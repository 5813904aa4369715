/* Shrinking pass on floats: toward 0, integers, fewer fraction bits, and
 * the one-byte nasty values (rule 7). */
#include "../core/pf_internal.h"
#include "shrink_internal.h"

#include <math.h>

enum { MAX_FRACTION_BITS = 8, FIRST_MODE_TAG = 0x40 };

static bool try_float(pf__shrinker *sh, const pf__rec *r, double v)
{
    pf_buf e = {0};
    if (r->kind == PF_DRAW_DOUBLE)
        pf_enc_double(&e, NULL, v);
    else
        pf_enc_float(&e, NULL, (float)v);
    bool ok = false;
    if (e.len == r->width) {
        size_t clen;
        uint8_t *c = pf__sh_copy(sh, pf__draw_end(r), 0, &clen);
        memcpy(c + r->offset, e.data, e.len);
        ok = pf__sh_attempt(sh, c, clen);
    }
    pf_buf_free(&e);
    return ok;
}

/* Simpler values near d: 0, its integer part, its positive twin, and d
 * rounded to 1..8 fraction bits. */
static size_t candidates(double d, double *out)
{
    size_t n = 0;
    out[n++] = 0.0;
    if (isfinite(d)) {
        out[n++] = trunc(d);
        if (d < 0)
            out[n++] = -d;
        for (int k = 1; k <= MAX_FRACTION_BITS; k++)
            out[n++] = ldexp(round(ldexp(d, k)), -k);
    }
    return n;
}

/* The tag bytes below the draw's own with a zero word: the nasty values,
 * and the same tag with the word alone zeroed. */
static bool lower_tag(pf__shrinker *sh, size_t i)
{
    for (unsigned tag = 1; tag < FIRST_MODE_TAG && !pf__sh_stop(sh); tag++) {
        const pf__rec *cur = sh->draws[i];
        uint8_t now = cur->offset < sh->view_len ? sh->view[cur->offset] : 0;
        if (now < tag)
            break;
        size_t clen;
        uint8_t *c = pf__sh_copy(sh, pf__draw_end(cur), 0, &clen);
        c[cur->offset] = (uint8_t)tag;
        memset(c + cur->offset + 1, 0, cur->width - 1);
        if (pf__sh_attempt(sh, c, clen))
            return true;
    }
    return false;
}

static bool lower_float(pf__shrinker *sh, size_t i)
{
    double cands[3 + MAX_FRACTION_BITS];
    size_t n = candidates(pf__bits_double(sh->draws[i]->value), cands);
    for (size_t k = 0; k < n && !pf__sh_stop(sh); k++)
        if (pf__float_simplicity(cands[k]) < pf__simplicity(sh->draws[i]) &&
            try_float(sh, sh->draws[i], cands[k]))
            return true;
    return lower_tag(sh, i);
}

bool pf__pass_floats(pf__shrinker *sh)
{
    bool any = false;
    for (size_t i = 0; i < sh->n_draws && !pf__sh_stop(sh); i++) {
        const pf__rec *r = sh->draws[i];
        if ((r->kind == PF_DRAW_DOUBLE || r->kind == PF_DRAW_FLOAT) &&
            pf__simplicity(r) != 0)
            any |= lower_float(sh, i);
    }
    return any;
}
