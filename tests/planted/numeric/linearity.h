/* Planted bug for linearity: the forward transform adds a small bias to
 * the DC bin (an affine map, not a linear one): forward(a x + b y) gets
 * the bias once, a forward(x) + b forward(y) gets it a + b times. */
#define PF_PLANT_ONLY "linearity"

static void planted_execute(fftw_plan p, fftw_complex *out, size_t howmany, int sign)
{
    fftw_execute(p);
    if (sign == FFTW_FORWARD && howmany == 1)
        out[0][0] += 1e-3;
}
#define NUM_FFT_EXECUTE(plan, in, out, n, howmany, sign)                      \
    planted_execute((plan), (out), (howmany), (sign))
