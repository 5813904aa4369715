/* Planted bug for round_trip: an off-by-one in the backward pass leaves
 * the last element's imaginary part at zero. The forward transform is
 * untouched, so only the round trip sees it. */

static inline void planted_execute(fftw_plan p)
{
    fftw_execute(p);
    if (num_exec.sign == FFTW_BACKWARD && num_exec.howmany == 1 && num_exec.n > 1)
        num_exec.out[num_exec.n - 1][1] = 0.0;
}
#define fftw_execute planted_execute
