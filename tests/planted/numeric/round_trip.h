/* Planted bug for round_trip: an off-by-one in the backward pass leaves
 * the last element's imaginary part at zero. The forward transform is
 * untouched, so only the round trip sees it. */
#define PF_PLANT_ONLY "round_trip"

static void planted_execute(fftw_plan p, fftw_complex *out, size_t n, size_t howmany,
                            int sign)
{
    fftw_execute(p);
    if (sign == FFTW_BACKWARD && howmany == 1 && n > 1)
        out[n - 1][1] = 0.0;
}
#define NUM_FFT_EXECUTE(plan, in, out, n, howmany, sign)                      \
    planted_execute((plan), (out), (n), (howmany), (sign))
