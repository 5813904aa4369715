/* Planted bug for round_trip: bson_iter_double reads -0.0 as +0.0. */
static inline double planted_iter_double(const bson_iter_t *it)
{
    double d = bson_iter_double(it);
    return d == 0 ? 0.0 : d;
}
#define bson_iter_double planted_iter_double
