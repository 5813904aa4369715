/* Planted bug for deterministic: a one-entry result cache per direction
 * that keeps the easting in single precision. The first call computes
 * the exact answer; asking again for the same coordinate returns the
 * stale, rounded copy. */

static PJ_COORD planted_cache_in[2], planted_cache_out[2];
static bool planted_cache_full[2];

static PJ_COORD planted_trans(PJ *P, PJ_DIRECTION dir, PJ_COORD c)
{
    int k = dir == PJ_FWD ? 0 : 1;
    if (planted_cache_full[k] && memcmp(&c, &planted_cache_in[k], sizeof c) == 0) {
        PJ_COORD r = planted_cache_out[k];
        r.v[0] = (double)(float)r.v[0];
        return r;
    }
    PJ_COORD r = proj_trans(P, dir, c);
    planted_cache_in[k] = c;
    planted_cache_out[k] = r;
    planted_cache_full[k] = true;
    return r;
}
#define proj_trans planted_trans
