/* Planted bug for shuffle_invariant: the mean counts the first element
 * twice (a loop that starts from data[0] instead of from zero). Still
 * equivariant under a*x + b, but the result depends on which value comes
 * first. */

static inline double planted_mean(const double data[], size_t stride, size_t n)
{
    long double sum = data[0];
    for (size_t i = 0; i < n; i++)
        sum += data[i * stride];
    return (double)(sum / (long double)(n + 1));
}
#define gsl_stats_mean planted_mean
