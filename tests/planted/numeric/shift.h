/* Planted bug for shift: the forward transform returns its spectrum in
 * "fftshift" order (rotated by n/2, zero frequency in the middle), a
 * convention mix-up. A shift by m then multiplies bin k by the phase of
 * bin k + n/2: wrong whenever m * (n/2) is not a multiple of n. */
#define PF_PLANT_ONLY "shift"

static void planted_execute(fftw_plan p, fftw_complex *out, size_t n, size_t howmany,
                            int sign)
{
    fftw_execute(p);
    if (sign != FFTW_FORWARD || howmany != 1 || n < 2)
        return;
    fftw_complex tmp[MAX_N];
    for (size_t k = 0; k < n; k++) {
        tmp[(k + n / 2) % n][0] = out[k][0];
        tmp[(k + n / 2) % n][1] = out[k][1];
    }
    memcpy(out, tmp, n * sizeof *out);
}
#define NUM_FFT_EXECUTE(plan, in, out, n, howmany, sign)                      \
    planted_execute((plan), (out), (n), (howmany), (sign))
