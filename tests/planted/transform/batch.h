/* Planted bug for batch: the array path rounds its results to 0.1 mm (a
 * rounding step applied per array, never per point), so an array call
 * differs from point-by-point calls in the last digits. */

static int planted_trans_array(PJ *P, PJ_DIRECTION dir, size_t n, PJ_COORD *c)
{
    int err = proj_trans_array(P, dir, n, c);
    if (n > 1)
        for (size_t i = 0; i < n; i++) {
            c[i].v[0] = round(c[i].v[0] * 1e4) / 1e4;
            c[i].v[1] = round(c[i].v[1] * 1e4) / 1e4;
        }
    return err;
}
#define proj_trans_array planted_trans_array
