/* numeric — FFTs through FFTW and statistics, sorting and polynomials
 * through GSL (Debian libfftw3-double3 3.3.10-1, libgsl27 2.7.1+dfsg-5,
 * linked from the system: design §2, numeric code with little branching).
 *
 * The first draw picks a mode.
 *
 * fft mode: a complex vector x of n = 1..MAX_N points, a second vector y,
 * real scalars a and b, a circular shift m in [0, n) and up to MAX_BATCH-2
 * further vectors. FFTW plans (FFTW_ESTIMATE, out of place) are made once
 * per size and batch count and cached; executing a plan is deterministic.
 *
 *   round_trip      backward(forward(x)) / n == x within RT_TOL
 *   linearity       forward(a*x + b*y) == a*forward(x) + b*forward(y)
 *                   within LIN_TOL
 *   batch           one fftw_plan_many_dft over k = 1..MAX_BATCH vectors
 *                   (x, y, the rest) == k single transforms, within
 *                   BATCH_TOL: not bit-identical, because FFTW does not
 *                   promise it — the batch plan may pick other codelets
 *                   (vector loops over the batch, other SIMD alignment),
 *                   and the FFTW FAQ says "different FFT algorithms will
 *                   give slightly different results (on the order of the
 *                   numerical accuracy)". Measured: n = 25 and n = 64 with
 *                   k >= 2 differ in the last bits, every other size agrees.
 *   shift           forward(x shifted by m)[k] == forward(x)[k] *
 *                   exp(-2 pi i k m / n) within SHIFT_TOL (the phase in
 *                   long double, k*m reduced mod n first)
 *
 * stats mode: data x of n = 1..MAX_STATS doubles, a scale a, a shift b, a
 * point t, a permutation:
 *
 *   equivariance    gsl_stats_mean(a*x + b) == a*mean(x) + b within
 *                   MEAN_TOL; gsl_stats_variance(a*x + b) == a^2 *
 *                   variance(x) within VAR_TOL (n >= 2)
 *   shuffle_invariant  mean and variance of x permuted == those of x,
 *                   within a few ULPs (SHUFFLE_*_TOL: ULPs, or the
 *                   absolute bound when the data cancel)
 *   sort            gsl_sort(x): non-decreasing, a permutation of x (the
 *                   multiset of bit patterns), and sorting again changes
 *                   nothing under the order it sorts by (== ; see R3)
 *   reference       gsl_stats_variance(x) == a naive two-pass variance in
 *                   long double (REF_VAR_TOL, n >= 2); gsl_poly_eval(x, n,
 *                   t) == Horner in long double (REF_POLY_TOL)
 *
 * non_finite mode: data of n = 1..MAX_STATS doubles drawn with every value
 * the decoder has (NaN payloads, infinities, DBL_MAX, subnormals):
 *
 *   nan_policy      what the libraries do with NaN and infinities, as
 *                   observed, asserted so a change is noticed:
 *                   - gsl_stats_mean: NaN if the data hold a NaN; else, if
 *                     they hold an infinity, that infinity when it is the
 *                     only one and the last element, NaN otherwise (the
 *                     running mean computes inf - inf: FINDINGS.md,
 *                     GSL #1); else finite
 *                   - gsl_stats_variance: NaN for n = 1 and whenever the
 *                     data hold a NaN or an infinity; for finite data NaN
 *                     when some x - mean (in double) overflows before the
 *                     last element, +inf when only the last one does
 *                     (FINDINGS.md, GSL #2), else not NaN
 *                   - gsl_sort: always a permutation; without NaN also
 *                     non-decreasing (with a NaN the order is unspecified:
 *                     heapsort's comparisons are all false, and even the
 *                     finite values come back unsorted)
 *                   - FFTW forward of the data (as real parts): with a NaN
 *                     every output bin holds a NaN; with an infinity every
 *                     bin holds a non-finite component
 *
 * Restrictions (each shown in tests/restrict/numeric.c):
 *   - R1 NaN and infinities are excluded from the relations (fft and stats
 *     modes draw with no_nan/no_inf) and tested by nan_policy.
 *   - R2 ranges are bounded so the relations test the library, not IEEE
 *     overflow: |x| <= FFT_MAX and |a|, |b| <= FFT_COEF_MAX (a*x + b*y and
 *     every partial DFT sum stay below 1e203); stats data |x| <= STATS_MAX,
 *     |a| <= STATS_A_MAX, |b| <= STATS_B_MAX (every deviation squared stays
 *     below 1e302, so the variance of a*x + b is finite); polynomial point
 *     |t| <= POLY_T_MAX (|c| |t|^63 <= 1e264). Underflow is not excluded:
 *     tolerances carry an absolute floor in DBL_TRUE_MIN.
 *   - R3 gsl_sort is a heapsort, documented unstable ("does not preserve
 *     the relative ordering of equal elements"): sorting a sorted array
 *     again can swap -0.0 and +0.0, which compare equal. Idempotence is
 *     checked with ==, the permutation check with bits.
 *   - R4 gsl_stats_variance needs n >= 2 (it divides by n - 1; n = 1 gives
 *     NaN, asserted by nan_policy).
 */
#include "numeric/numeric.h"

static const pf_property fft_properties[] = {
    {"round_trip", num_prop_round_trip},
    {"linearity", num_prop_linearity},
    {"batch", num_prop_batch},
    {"shift", num_prop_shift},
};
static const pf_property stats_properties[] = {
    {"equivariance", num_prop_equivariance},
    {"shuffle_invariant", num_prop_shuffle_invariant},
    {"sort", num_prop_sort},
    {"reference", num_prop_reference},
};
static const pf_property non_finite_properties[] = {
    {"nan_policy", num_prop_nan_policy},
};
/* In the order of enum mode (the seeds encode it). */
static const pf_mode modes[N_MODES] = {
    {"fft", num_fft_setup, fft_properties, PF_LEN(fft_properties)},
    {"stats", num_stats_setup, stats_properties, PF_LEN(stats_properties)},
    {"non_finite", num_non_finite_setup, non_finite_properties,
     PF_LEN(non_finite_properties)},
};
static const pf_target numeric = {"numeric", modes, PF_LEN(modes), NULL};
PF_TARGET(numeric)
