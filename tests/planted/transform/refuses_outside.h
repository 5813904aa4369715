/* Planted bug for refuses_outside: a "forgiving" forward that clamps a
 * latitude beyond the pole to +-90 instead of refusing it, and so maps
 * lat = 91 (or 1e300) to a plausible coordinate at the pole. */

static PJ_COORD planted_trans(PJ *P, PJ_DIRECTION dir, PJ_COORD c)
{
    if (dir == PJ_FWD && isfinite(c.v[1]) && fabs(c.v[1]) > 90.0)
        c.v[1] = c.v[1] > 0 ? 90.0 : -90.0;
    return proj_trans(P, dir, c);
}
#define proj_trans planted_trans
