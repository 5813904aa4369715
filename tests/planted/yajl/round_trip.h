/* Planted bug for round_trip: the generator writes -0.0 as 0.0. */

static inline yajl_gen_status planted_gen_double(yajl_gen g, double d)
{
    return yajl_gen_double(g, d == 0 ? 0.0 : d);
}
#define yajl_gen_double planted_gen_double
