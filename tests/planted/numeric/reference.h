/* Planted bug for reference: the variance divides by n instead of n - 1
 * (the population variance where the sample variance is documented).
 * Scaling, shifting and shuffling cannot tell; the reference can. */

static inline double planted_variance(const double data[], size_t stride, size_t n)
{
    return gsl_stats_variance(data, stride, n) * (double)(n - 1) / (double)n;
}
#define gsl_stats_variance planted_variance
