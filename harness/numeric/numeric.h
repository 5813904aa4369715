/* numeric's shared parts: sizes, ranges and tolerances (their reasons
 * are in harness/numeric.c), what each mode draws, the FFTW plans and the
 * report helpers, used by numeric.c, fft.c, gsl.c, strategy.c, report.c
 * and seeds.c. */
#ifndef NUMERIC_H
#define NUMERIC_H

#include "propfuzz.h"

#include <fftw3.h>
#include <gsl/gsl_poly.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <string.h>

/* The modes, in the order of the table in harness/numeric.c. */
enum mode { MODE_FFT, MODE_STATS, MODE_NON_FINITE, N_MODES };

enum {
    MAX_N = 64,      /* FFT size */
    MAX_BATCH = 4,   /* vectors in one fftw_plan_many_dft */
    MAX_STATS = 64,  /* data points */
};

/* R2: ranges. */
#define FFT_MAX (1e100)
#define FFT_COEF_MAX (1e100)
#define STATS_MAX (1e75)
#define STATS_A_MAX (1e75)
#define STATS_B_MAX (1e150)
#define POLY_T_MAX (1e3)

/* ---- Tolerances ----------------------------------------------------
 *
 * FFT. Every output bin of a DFT is a sum of n products x_j w^(jk). Any
 * FFT algorithm (radix passes, Rader, the O(n^2) generic codelets) forms
 * it through at most n + 1 rounded additions and multiplications per
 * term along any path, each with relative error <= eps, and |x_j w| <=
 * |re| + |im|; the twiddles carry one more eps. So per bin
 *     |computed - exact| <= FFT_K * (n + 4) * eps * ||x||_1,
 * ||x||_1 = sum |re| + |im|, with FFT_K = 4 covering the complex multiply
 * (sqrt(2) * 2 eps) and the twiddle error. Measured against a long double
 * DFT: <= 0.15 * (n + 4) * eps * ||x||_1 over all n <= 64. Subnormal
 * values round with an absolute error of DBL_TRUE_MIN/2 per operation:
 * the floor FFT_K * (n + 4) * n * DBL_TRUE_MIN, times whatever scales a
 * transform afterwards (1 + |a| + |b| for linearity).
 *   round trip: the forward error passes through the backward transform
 *     (gain <= n, then / n) and ||X||_1 <= sqrt(2) n ||x||_1: two
 *     transforms plus one rounding of the division, RT_FACTOR = 3.
 *   linearity: both sides are a*X + b*Y up to two transforms' error of
 *     |a| ||x||_1 + |b| ||y||_1 and the roundings of a*x + b*y and of
 *     a*X + b*Y (2 eps each): LIN_FACTOR = 3.
 *   shift: one transform each side, the phase rounded once and a complex
 *     multiply: SHIFT_FACTOR = 3.
 *   batch: two transforms of the same vector by different plans, each
 *     within one bound of the exact DFT: BATCH_FACTOR = 2.
 * A planted mistake (a lost element, a wrong twiddle, an affine offset)
 * is off by |x_j|, far beyond eps * ||x||_1. */
#define FFT_K (4.0)
#define RT_FACTOR (3.0)
#define LIN_FACTOR (3.0)
#define SHIFT_FACTOR (3.0)
#define BATCH_FACTOR (2.0)

/* Statistics. GSL accumulates the running mean and variance in long
 * double (LDBL_EPSILON, eps_L): each of the n steps errs by <= 3 eps_L of
 * the largest |value|, and the results are rounded to double (eps/2).
 * The harness rounds y = a*x + b twice (|dy| <= 2 eps M, M = |a| max|x| +
 * |b|).
 *   MEAN_TOL = MEAN_K (eps + n eps_L) M + 4 DBL_TRUE_MIN (1 + |a|):
 *     the rounding of y (2 eps M), of a*mean(x) + b (2 eps M), both means
 *     (eps/2 + 3 n eps_L each); MEAN_K = 8.
 *   VAR_TOL = VAR_K ((eps + n eps_L)(S^2 + S M) + eps^2 M^2)
 *           + 8 DBL_TRUE_MIN (1 + a^2),  S = |a| max|x - mean(x)|:
 *     the rounding of y moves the variance by <= 2 (2 S)(2 eps M) + 2
 *     (2 eps M)^2; the mean GSL uses is rounded to double, which adds
 *     (n/(n-1)) e^2 <= 2 (eps M)^2 (the first-order term vanishes); the
 *     running average errs by 3 n eps_L S^2; the conversions and the
 *     n/(n-1) factor by 3 eps of a variance <= 2 S^2, on both sides;
 *     VAR_K = 32 covers the sum with room.
 *   shuffle: both orders err only in long double, then round once:
 *     ULPs (SHUFFLE_MEAN_ULPS, SHUFFLE_VAR_ULPS) when the data do not
 *     cancel, else the absolute bound 8 n eps_L max|x| for the mean and
 *     16 n eps_L S^2 + 4 eps^2 max|x|^2 for the variance.
 *   reference variance: REF_VAR_TOL = 4 eps |ref| + 16 n eps_L S^2 + 4
 *     eps^2 max|x|^2 (the conversions, the running average, the mean
 *     rounded to double; the two-pass reference in long double errs by
 *     (n + 3) eps_L S^2).
 *   reference polynomial: Horner in double errs by gamma_2n sum |c_i|
 *     |t|^i (Higham, Accuracy and Stability, 5.1): REF_POLY_TOL =
 *     POLY_K * 2n * eps * sum |c_i| |t|^i + 4 n DBL_TRUE_MIN sum |t|^i,
 *     POLY_K = 2. */
#define MEAN_K (8.0)
#define VAR_K (32.0)
#define SHUFFLE_MEAN_ULPS ((uint64_t)2)
#define SHUFFLE_VAR_ULPS ((uint64_t)4)
#define POLY_K (2.0)

typedef struct fft_case {
    size_t n, k;                       /* size; vectors in the batch */
    fftw_complex v[MAX_BATCH][MAX_N];  /* v[0] = x, v[1] = y, then more */
    double a, b;
    size_t m;                          /* circular shift */
} fft_case;

typedef struct stats_case {
    size_t n;
    double x[MAX_STATS];
    double a, b, t;
    size_t perm[MAX_STATS];
} stats_case;

pf_float_opts num_range(double max);
void num_draw_fft(pf_src *s, fft_case *c);
void num_enc_fft(pf_buf *e, const fft_case *c);
size_t num_draw_data(pf_src *s, const pf_float_opts *o, double *x);
void num_enc_data(pf_buf *e, const pf_float_opts *o, const double *x, size_t n);
void num_draw_stats(pf_src *s, stats_case *c);
void num_enc_stats(pf_buf *e, const stats_case *c);
void num_draw_vector(pf_src *s, const char *label, size_t n, fftw_complex *v);
void num_enc_vector(pf_buf *e, size_t n, const fftw_complex *v);
uint64_t num_bits_of(double d);
void num_put_double(pf_buf *b, double d);
void num_put_doubles(pf_buf *b, const double *x, size_t n);
void num_put_complex(pf_buf *b, const fftw_complex *v, size_t n);
void num_check_bin(pf_src *s, const char *property, const char *summary,
                      const char *name_a, const double *a, const char *name_b,
                      const double *b, double tol, const char *tol_name,
                      size_t bin, const fftw_complex *input, size_t n,
                      const char *ctx_name, const char *ctx);
_Noreturn void num_fail_values(pf_src *s, const char *property,
                                  const char *summary, const double *x, size_t n,
                                  const char *name_a, double a, const char *name_b,
                                  double b, const char *extra_name, const char *extra);
void num_check_values(pf_src *s, const char *property, const char *summary,
                         const double *x, size_t n, const char *name_a, double a,
                         const char *name_b, double b, pf_tolerance tol,
                         const char *tol_name);
void num_dft(pf_src *s, size_t n, int sign, const fftw_complex *x, fftw_complex *X);
bool num_same_multiset(const double *a, const double *b, size_t n);
_Noreturn void num_fail_sort(pf_src *s, const char *property, const char *summary,
                                const double *x, size_t n, const char *name_b,
                                const double *b, size_t at);

/* The data list of the non_finite mode. */
typedef struct num_data {
    size_t n;
    double x[MAX_STATS];
} num_data;

/* The transform fftw_execute is about to run: fftw_execute(plan) says
 * nothing about the arrays, the size or the direction, so a planted-bug
 * wrapper of it (tests/planted/numeric/) reads them here. */
typedef struct num_exec_shape {
    fftw_complex *out;
    size_t n, howmany;
    int sign;
} num_exec_shape;
extern num_exec_shape num_exec;

/* Each mode's setup and properties, for the table in harness/numeric.c. */
void *num_fft_setup(pf_src *s);
void num_prop_round_trip(pf_src *s, void *in);
void num_prop_linearity(pf_src *s, void *in);
void num_prop_batch(pf_src *s, void *in);
void num_prop_shift(pf_src *s, void *in);
void *num_stats_setup(pf_src *s);
void num_prop_equivariance(pf_src *s, void *in);
void num_prop_shuffle_invariant(pf_src *s, void *in);
void num_prop_sort(pf_src *s, void *in);
void num_prop_reference(pf_src *s, void *in);
void *num_non_finite_setup(pf_src *s);
void num_prop_nan_policy(pf_src *s, void *in);

#endif
