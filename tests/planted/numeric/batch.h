/* Planted bug for batch: the batched transform ignores the distance for
 * its last vector and hands back the first vector's spectrum there. */
#define PF_PLANT_ONLY "batch"

static void planted_execute(fftw_plan p, fftw_complex *out, size_t n, size_t howmany)
{
    fftw_execute(p);
    if (howmany > 1)
        memcpy(out + (howmany - 1) * n, out, n * sizeof *out);
}
#define NUM_FFT_EXECUTE(plan, in, out, n, howmany, sign)                      \
    planted_execute((plan), (out), (n), (howmany))
