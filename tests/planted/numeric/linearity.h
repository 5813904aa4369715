/* Planted bug for linearity: the forward transform adds a small bias to
 * the DC bin (an affine map, not a linear one): forward(a x + b y) gets
 * the bias once, a forward(x) + b forward(y) gets it a + b times. */

static inline void planted_execute(fftw_plan p)
{
    fftw_execute(p);
    if (num_exec.sign == FFTW_FORWARD && num_exec.howmany == 1)
        num_exec.out[0][0] += 1e-3;
}
#define fftw_execute planted_execute
