/* Planted bug for batch: the batched transform ignores the distance for
 * its last vector and hands back the first vector's spectrum there. */

static inline void planted_execute(fftw_plan p)
{
    fftw_execute(p);
    size_t n = num_exec.n, k = num_exec.howmany;
    if (k > 1)
        memcpy(num_exec.out + (k - 1) * n, num_exec.out, n * sizeof *num_exec.out);
}
#define fftw_execute planted_execute
