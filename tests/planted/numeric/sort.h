/* Planted bug for sort: the sort stops one element short and leaves the
 * last element where it was. */

static inline void planted_sort(double *data, size_t stride, size_t n)
{
    if (n > 1)
        gsl_sort(data, stride, n - 1);
}
#define gsl_sort planted_sort
