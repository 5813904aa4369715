/* Planted bug for order_independent: results collected in completion
 * order rather than by index — modelled as the array path handing its
 * results back sorted by northing. The right multiset of coordinates,
 * in the wrong slots whenever the input was not already in that order. */

static int planted_trans_array(PJ *P, PJ_DIRECTION dir, size_t n, PJ_COORD *c)
{
    int err = proj_trans_array(P, dir, n, c);
    for (size_t i = 1; i < n; i++) /* insertion sort by northing */
        for (size_t j = i; j > 0 && c[j - 1].v[1] > c[j].v[1]; j--) {
            PJ_COORD t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    return err;
}
#define proj_trans_array planted_trans_array
