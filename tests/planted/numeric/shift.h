/* Planted bug for shift: the forward transform returns its spectrum in
 * "fftshift" order (rotated by n/2, zero frequency in the middle), a
 * convention mix-up. A shift by m then multiplies bin k by the phase of
 * bin k + n/2: wrong whenever m * (n/2) is not a multiple of n. */

static inline void planted_execute(fftw_plan p)
{
    fftw_execute(p);
    size_t n = num_exec.n;
    if (num_exec.sign != FFTW_FORWARD || num_exec.howmany != 1 || n < 2)
        return;
    fftw_complex tmp[MAX_N];
    for (size_t k = 0; k < n; k++) {
        tmp[(k + n / 2) % n][0] = num_exec.out[k][0];
        tmp[(k + n / 2) % n][1] = num_exec.out[k][1];
    }
    memcpy(num_exec.out, tmp, n * sizeof *num_exec.out);
}
#define fftw_execute planted_execute
