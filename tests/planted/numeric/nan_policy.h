/* Planted bug for nan_policy: a "helpful" mean that skips NaN values
 * (nanmean), so data holding a NaN get a finite mean. */

static inline double planted_mean(const double data[], size_t stride, size_t n)
{
    double kept[MAX_STATS];
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (!isnan(data[i * stride]))
            kept[k++] = data[i * stride];
    return k ? gsl_stats_mean(kept, 1, k) : 0.0;
}
#define gsl_stats_mean planted_mean
