/* Planted bug for equivariance: a "noise floor" that reports any variance
 * below 1e-12 as exactly zero. Scaling the data by a small a moves a
 * variance across the floor: variance(a x) = 0 while a^2 variance(x) is
 * not (or the other way round). */

static inline double planted_variance(const double data[], size_t stride, size_t n)
{
    double v = gsl_stats_variance(data, stride, n);
    return v < 1e-12 ? 0.0 : v;
}
#define gsl_stats_variance planted_variance
