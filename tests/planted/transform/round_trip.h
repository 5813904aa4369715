/* Planted bug for round_trip: the inverse series is cut short, so the
 * latitude it returns drifts with the square of the distance from the
 * central meridian (1e-9 deg at 100 km, 1e-8 deg near a zone's edge).
 * Forward stays exact, so only the round trip can see it. */

static PJ_COORD planted_trans(PJ *P, PJ_DIRECTION dir, PJ_COORD c)
{
    PJ_COORD r = proj_trans(P, dir, c);
    if (dir == PJ_INV && isfinite(c.v[0]) && isfinite(r.v[1])) {
        double d = (c.v[0] - 500000.0) / 1e5;
        r.v[1] += 1e-9 * d * d;
    }
    return r;
}
#define proj_trans planted_trans
