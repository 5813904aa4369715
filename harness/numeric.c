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
 *                     running mean computes inf - inf: finding #1 in
 *                     /work/notes/findings-numeric.md); else finite
 *                   - gsl_stats_variance: NaN for n = 1 and whenever the
 *                     data hold a NaN or an infinity; for finite data NaN
 *                     when some x - mean (in double) overflows before the
 *                     last element, +inf when only the last one does
 *                     (finding #2), else not NaN
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
#include "propfuzz.h"

#include <fftw3.h>
#include <float.h>
#include <gsl/gsl_poly.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_N = 64,      /* FFT size */
    MAX_BATCH = 4,   /* vectors in one fftw_plan_many_dft */
    MAX_STATS = 64,  /* data points */
};

enum mode { MODE_FFT, MODE_STATS, MODE_NON_FINITE, N_MODES };
static const char *const mode_names[N_MODES] = {"fft", "stats", "non_finite"};

/* R2: ranges. */
static const double FFT_MAX = 1e100;
static const double FFT_COEF_MAX = 1e100;
static const double STATS_MAX = 1e75;
static const double STATS_A_MAX = 1e75;
static const double STATS_B_MAX = 1e150;
static const double POLY_T_MAX = 1e3;

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
static const double FFT_K = 4.0;
static const double RT_FACTOR = 3.0;
static const double LIN_FACTOR = 3.0;
static const double SHIFT_FACTOR = 3.0;
static const double BATCH_FACTOR = 2.0;

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
static const double MEAN_K = 8.0;
static const double VAR_K = 32.0;
static const uint64_t SHUFFLE_MEAN_ULPS = 2;
static const uint64_t SHUFFLE_VAR_ULPS = 4;
static const double POLY_K = 2.0;

/* Every library call a property depends on goes through these names, so
 * tests/planted/ can wrap them with planted bugs. */
#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef NUM_FFT_EXECUTE /* (plan, in, out, n, howmany, sign) */
#define NUM_FFT_EXECUTE(plan, in, out, n, howmany, sign) fftw_execute(plan)
#endif
#ifndef NUM_STATS_MEAN
#define NUM_STATS_MEAN gsl_stats_mean
#endif
#ifndef NUM_STATS_VARIANCE
#define NUM_STATS_VARIANCE gsl_stats_variance
#endif
#ifndef NUM_SORT
#define NUM_SORT gsl_sort
#endif
#ifndef NUM_POLY_EVAL
#define NUM_POLY_EVAL gsl_poly_eval
#endif
/* A planted-bug build checks only the property its bug is planted for. */
#ifdef PF_PLANT_ONLY
#define CHECKS(prop) (strcmp((prop), PF_PLANT_ONLY) == 0)
#else
#define CHECKS(prop) 1
#endif

/* ------------------------------------------------------------------ */
/* FFTW plans, made once per size and cached (planning is not          */
/* thread-safe; the target is single-threaded).                        */
/* ------------------------------------------------------------------ */

typedef struct plan_set {
    fftw_complex *in, *out;  /* the arrays the plans were made for */
    fftw_plan fwd, bwd;      /* single transforms (howmany = 1) */
} plan_set;

typedef struct many_plan {
    fftw_complex *in, *out;  /* howmany * n, contiguous (dist = n) */
    fftw_plan plan;          /* forward */
} many_plan;

/* Reachable until exit, so LeakSanitizer does not report them. */
static plan_set g_single[MAX_N + 1];
static many_plan g_many[MAX_N + 1][MAX_BATCH + 1];

static const plan_set *single_plans(pf_src *s, size_t n)
{
    plan_set *p = &g_single[n];
    if (!p->fwd) {
        p->in = fftw_malloc(n * sizeof(fftw_complex));
        p->out = fftw_malloc(n * sizeof(fftw_complex));
        PF_ASSERT(s, p->in && p->out);
        p->fwd = fftw_plan_dft_1d((int)n, p->in, p->out, FFTW_FORWARD, FFTW_ESTIMATE);
        p->bwd = fftw_plan_dft_1d((int)n, p->in, p->out, FFTW_BACKWARD, FFTW_ESTIMATE);
        PF_ASSERT(s, p->fwd && p->bwd);
    }
    return p;
}

static const many_plan *batch_plan(pf_src *s, size_t n, size_t k)
{
    many_plan *p = &g_many[n][k];
    if (!p->plan) {
        int len = (int)n;
        p->in = fftw_malloc(n * k * sizeof(fftw_complex));
        p->out = fftw_malloc(n * k * sizeof(fftw_complex));
        PF_ASSERT(s, p->in && p->out);
        p->plan = fftw_plan_many_dft(1, &len, (int)k, p->in, NULL, 1, len, p->out,
                                     NULL, 1, len, FFTW_FORWARD, FFTW_ESTIMATE);
        PF_ASSERT(s, p->plan != NULL);
    }
    return p;
}

/* One transform of n points in direction sign (FFTW_FORWARD/BACKWARD). */
static void dft(pf_src *s, size_t n, int sign, const fftw_complex *x, fftw_complex *X)
{
    const plan_set *p = single_plans(s, n);
    memcpy(p->in, x, n * sizeof *x);
    NUM_FFT_EXECUTE(sign == FFTW_FORWARD ? p->fwd : p->bwd, p->in, p->out, n, 1, sign);
    memcpy(X, p->out, n * sizeof *X);
}

/* ------------------------------------------------------------------ */
/* Strategy.                                                           */
/* ------------------------------------------------------------------ */

static pf_float_opts range(double max)
{
    return (pf_float_opts){.bounded = true, .min = -max, .max = max,
                           .no_nan = true, .no_inf = true};
}

typedef struct fft_case {
    size_t n, k;                       /* size; vectors in the batch */
    fftw_complex v[MAX_BATCH][MAX_N];  /* v[0] = x, v[1] = y, then more */
    double a, b;
    size_t m;                          /* circular shift */
} fft_case;

static void draw_vector(pf_src *s, const char *label, size_t n, fftw_complex *v)
{
    pf_float_opts o = range(FFT_MAX);
    pf_span_begin(s, label);
    for (size_t i = 0; i < n; i++) {
        v[i][0] = pf_double(s, "re", &o);
        v[i][1] = pf_double(s, "im", &o);
    }
    pf_span_end(s);
}

static void enc_vector(pf_buf *e, size_t n, const fftw_complex *v)
{
    pf_float_opts o = range(FFT_MAX);
    for (size_t i = 0; i < n; i++) {
        pf_enc_double(e, &o, v[i][0]);
        pf_enc_double(e, &o, v[i][1]);
    }
}

static void draw_fft(pf_src *s, fft_case *c)
{
    pf_float_opts o = range(FFT_MAX);
    pf_list l;
    pf_list_begin(s, &l, "x", 1, MAX_N);
    while (pf_list_more(s, &l)) {
        c->v[0][l.count - 1][0] = pf_double(s, "re", &o);
        c->v[0][l.count - 1][1] = pf_double(s, "im", &o);
    }
    c->n = l.count;
    draw_vector(s, "y", c->n, c->v[1]);
    pf_float_opts co = range(FFT_COEF_MAX);
    c->a = pf_double(s, "a", &co);
    c->b = pf_double(s, "b", &co);
    c->m = (size_t)pf_u64_range(s, "shift", 0, c->n - 1);
    c->k = (size_t)pf_u64_range(s, "batch", 1, MAX_BATCH);
    for (size_t j = 2; j < c->k; j++)
        draw_vector(s, "more", c->n, c->v[j]);
}

static void enc_fft(pf_buf *e, const fft_case *c)
{
    pf_float_opts o = range(FFT_MAX);
    for (size_t i = 0; i < c->n; i++) {
        if (i)
            pf_enc_more(e, true);
        pf_enc_double(e, &o, c->v[0][i][0]);
        pf_enc_double(e, &o, c->v[0][i][1]);
    }
    if (c->n < MAX_N)
        pf_enc_more(e, false);
    enc_vector(e, c->n, c->v[1]);
    pf_float_opts co = range(FFT_COEF_MAX);
    pf_enc_double(e, &co, c->a);
    pf_enc_double(e, &co, c->b);
    pf_enc_u64_range(e, 0, c->n - 1, c->m);
    pf_enc_u64_range(e, 1, MAX_BATCH, c->k);
    for (size_t j = 2; j < c->k; j++)
        enc_vector(e, c->n, c->v[j]);
}

typedef struct stats_case {
    size_t n;
    double x[MAX_STATS];
    double a, b, t;
    size_t perm[MAX_STATS];
} stats_case;

/* The data list of the stats and non_finite modes. */
static size_t draw_data(pf_src *s, const pf_float_opts *o, double *x)
{
    pf_list l;
    pf_list_begin(s, &l, "data", 1, MAX_STATS);
    while (pf_list_more(s, &l))
        x[l.count - 1] = pf_double(s, "x", o);
    return l.count;
}

static void enc_data(pf_buf *e, const pf_float_opts *o, const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            pf_enc_more(e, true);
        pf_enc_double(e, o, x[i]);
    }
    if (n < MAX_STATS)
        pf_enc_more(e, false);
}

static void draw_stats(pf_src *s, stats_case *c)
{
    pf_float_opts xo = range(STATS_MAX), ao = range(STATS_A_MAX),
                  bo = range(STATS_B_MAX), to = range(POLY_T_MAX);
    c->n = draw_data(s, &xo, c->x);
    c->a = pf_double(s, "a", &ao);
    c->b = pf_double(s, "b", &bo);
    c->t = pf_double(s, "t", &to);
    pf_permutation(s, "order", c->perm, c->n);
}

static void enc_stats(pf_buf *e, const stats_case *c)
{
    pf_float_opts xo = range(STATS_MAX), ao = range(STATS_A_MAX),
                  bo = range(STATS_B_MAX), to = range(POLY_T_MAX);
    enc_data(e, &xo, c->x, c->n);
    pf_enc_double(e, &ao, c->a);
    pf_enc_double(e, &bo, c->b);
    pf_enc_double(e, &to, c->t);
    /* The permutation as pf_permutation draws it: a distance per slot
     * from the last down to 1; the seeds use the identity (all zeros). */
    for (size_t i = c->n; i-- > 1;)
        pf_enc_u64_range(e, 0, i, 0);
}

/* ------------------------------------------------------------------ */
/* Reports.                                                            */
/* ------------------------------------------------------------------ */

static uint64_t bits_of(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static void put_double(pf_buf *b, double d)
{
    pf_buf_printf(b, "%.17g (0x%016llx)", d, (unsigned long long)bits_of(d));
}

static void put_doubles(pf_buf *b, const double *x, size_t n)
{
    pf_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++)
        pf_buf_printf(b, "%s%.17g", i ? ", " : "", x[i]);
    pf_buf_putc(b, ']');
}

static void put_complex(pf_buf *b, const fftw_complex *v, size_t n)
{
    pf_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++)
        pf_buf_printf(b, "%s(%.17g, %.17g)", i ? ", " : "", v[i][0], v[i][1]);
    pf_buf_putc(b, ']');
}

/* Two complex values that should agree within tol (absolute, both
 * components). Reports the bin, both sides, the tolerance and why. */
static void check_bin(pf_src *s, const char *property, const char *summary,
                      const char *name_a, const double *a, const char *name_b,
                      const double *b, double tol, const char *tol_name,
                      size_t bin, const fftw_complex *input, size_t n,
                      const char *ctx_name, const char *ctx)
{
    if (fabs(a[0] - b[0]) <= tol && fabs(a[1] - b[1]) <= tol)
        return;
    pf_buf ta = {0}, tb = {0}, tt = {0}, ti = {0};
    pf_buf_printf(&ta, "(%.17g, %.17g)", a[0], a[1]);
    pf_buf_printf(&tb, "(%.17g, %.17g)", b[0], b[1]);
    pf_buf_printf(&tt, "%.3g = %s; off by (%.3g, %.3g)", tol, tol_name, a[0] - b[0],
                  a[1] - b[1]);
    put_complex(&ti, input, n);
    pf_path path = {.len = 0};
    pf_path_index(&path, bin);
    pf_line lines[] = {
        {"x", pf_buf_str(&ti)},
        {ctx_name, ctx},
        {name_a, pf_buf_str(&ta)},
        {name_b, pf_buf_str(&tb)},
        {"tolerance", pf_buf_str(&tt)},
    };
    pf_fail(s, property, summary, lines, 5, path.text);
}

_Noreturn static void fail_values(pf_src *s, const char *property,
                                  const char *summary, const double *x, size_t n,
                                  const char *name_a, double a, const char *name_b,
                                  double b, const char *extra_name, const char *extra)
{
    pf_buf tx = {0}, ta = {0}, tb = {0};
    put_doubles(&tx, x, n);
    put_double(&ta, a);
    put_double(&tb, b);
    pf_line lines[] = {
        {"data", pf_buf_str(&tx)},
        {name_a, pf_buf_str(&ta)},
        {name_b, pf_buf_str(&tb)},
        {extra_name, extra},
    };
    pf_fail(s, property, summary, lines, extra ? 4 : 3, NULL);
}

/* Two doubles within tol (a pf_tolerance: ULPs or absolute). */
static void check_values(pf_src *s, const char *property, const char *summary,
                         const double *x, size_t n, const char *name_a, double a,
                         const char *name_b, double b, pf_tolerance tol,
                         const char *tol_name)
{
    if (pf_close(a, b, tol))
        return;
    pf_buf t = {0};
    pf_buf_printf(&t, "%s: abs %.3g", tol_name, tol.abs);
    if (tol.ulps)
        pf_buf_printf(&t, " or %llu ulps", (unsigned long long)tol.ulps);
    pf_buf_printf(&t, "; off by %.3g (%llu ulps)", a - b,
                  (unsigned long long)pf_ulp_distance(a, b));
    fail_values(s, property, summary, x, n, name_a, a, name_b, b, "tolerance",
                pf_buf_str(&t));
}

/* ------------------------------------------------------------------ */
/* FFT properties.                                                     */
/* ------------------------------------------------------------------ */

static double norm1(const fftw_complex *v, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += fabs(v[i][0]) + fabs(v[i][1]);
    return s;
}

/* One transform's error bound (see FFT_K); the underflow floor is
 * scaled by what multiplies the transform afterwards (linearity: the
 * absolute error of forward(y) on subnormals, times b). */
static double fft_bound_scaled(size_t n, double norm, double floor_scale)
{
    double nn = (double)n;
    return FFT_K * (nn + 4) * (DBL_EPSILON * norm + nn * DBL_TRUE_MIN * floor_scale);
}

static double fft_bound(size_t n, double norm)
{
    return fft_bound_scaled(n, norm, 1.0);
}

static void check_round_trip(pf_src *s, const fft_case *c, const fftw_complex *X)
{
    size_t n = c->n;
    fftw_complex back[MAX_N];
    dft(s, n, FFTW_BACKWARD, X, back);
    double tol = RT_FACTOR * fft_bound(n, norm1(c->v[0], n));
    for (size_t j = 0; j < n; j++) {
        double got[2] = {back[j][0] / (double)n, back[j][1] / (double)n};
        check_bin(s, "round_trip", "backward(forward(x)) / n != x", "x[j]", c->v[0][j],
                  "backward(forward(x))[j] / n", got, tol,
                  "RT_FACTOR * FFT_K * (n+4) * (eps ||x||_1 + n DBL_TRUE_MIN)", j, c->v[0],
                  n, "n", n == 1 ? "1" : "see x");
    }
}

static void check_linearity(pf_src *s, const fft_case *c, const fftw_complex *X,
                            const fftw_complex *Y)
{
    size_t n = c->n;
    fftw_complex z[MAX_N], Z[MAX_N];
    for (size_t j = 0; j < n; j++) {
        z[j][0] = c->a * c->v[0][j][0] + c->b * c->v[1][j][0];
        z[j][1] = c->a * c->v[0][j][1] + c->b * c->v[1][j][1];
    }
    dft(s, n, FFTW_FORWARD, z, Z);
    double scale = fabs(c->a) * norm1(c->v[0], n) + fabs(c->b) * norm1(c->v[1], n);
    double tol = LIN_FACTOR * fft_bound_scaled(n, scale, 1 + fabs(c->a) + fabs(c->b));
    pf_buf ctx = {0}, ty = {0};
    put_complex(&ty, c->v[1], n);
    pf_buf_printf(&ctx, "a = %.17g, b = %.17g, y = %s", c->a, c->b, pf_buf_str(&ty));
    for (size_t k = 0; k < n; k++) {
        double want[2] = {c->a * X[k][0] + c->b * Y[k][0], c->a * X[k][1] + c->b * Y[k][1]};
        check_bin(s, "linearity", "forward(a x + b y) != a forward(x) + b forward(y)",
                  "forward(a x + b y)[k]", Z[k], "a forward(x)[k] + b forward(y)[k]",
                  want, tol,
                  "LIN_FACTOR * FFT_K * (n+4) * (eps (|a| ||x||_1 + |b| ||y||_1) + n "
                  "DBL_TRUE_MIN (1 + |a| + |b|))",
                  k, c->v[0], n, "a, b, y", pf_buf_str(&ctx));
    }
    pf_buf_free(&ctx);
    pf_buf_free(&ty);
}

static void check_batch(pf_src *s, const fft_case *c, const fftw_complex *X,
                        const fftw_complex *Y)
{
    size_t n = c->n, k = c->k;
    const many_plan *p = batch_plan(s, n, k);
    for (size_t j = 0; j < k; j++)
        memcpy(p->in + j * n, c->v[j], n * sizeof(fftw_complex));
    NUM_FFT_EXECUTE(p->plan, p->in, p->out, n, k, FFTW_FORWARD);
    for (size_t j = 0; j < k; j++) {
        fftw_complex single[MAX_N];
        if (j == 0)
            memcpy(single, X, n * sizeof *single);
        else if (j == 1)
            memcpy(single, Y, n * sizeof *single);
        else
            dft(s, n, FFTW_FORWARD, c->v[j], single);
        double tol = BATCH_FACTOR * fft_bound(n, norm1(c->v[j], n));
        char ctx[64];
        snprintf(ctx, sizeof ctx, "vector %zu of %zu in the batch", j, k);
        for (size_t b = 0; b < n; b++)
            check_bin(s, "batch", "fftw_plan_many_dft != single transforms",
                      "batch forward[k]", p->out[j * n + b], "single forward[k]",
                      single[b], tol,
                      "BATCH_FACTOR * FFT_K * (n+4) * (eps ||v||_1 + n DBL_TRUE_MIN)", b,
                      c->v[j], n, "which", ctx);
    }
}

static const long double PI_L = 3.141592653589793238462643383279502884L;

static void check_shift(pf_src *s, const fft_case *c, const fftw_complex *X)
{
    size_t n = c->n, m = c->m;
    fftw_complex xs[MAX_N], XS[MAX_N];
    for (size_t j = 0; j < n; j++) {
        xs[(j + m) % n][0] = c->v[0][j][0];
        xs[(j + m) % n][1] = c->v[0][j][1];
    }
    dft(s, n, FFTW_FORWARD, xs, XS);
    double tol = SHIFT_FACTOR * fft_bound(n, norm1(c->v[0], n));
    char ctx[48];
    snprintf(ctx, sizeof ctx, "%zu", m);
    for (size_t k = 0; k < n; k++) {
        long double ang = -2 * PI_L * (long double)((k * m) % n) / (long double)n;
        double wr = (double)cosl(ang), wi = (double)sinl(ang);
        double want[2] = {X[k][0] * wr - X[k][1] * wi, X[k][0] * wi + X[k][1] * wr};
        check_bin(s, "shift", "forward(x shifted by m) != forward(x) * exp(-2 pi i k m / n)",
                  "forward(shifted x)[k]", XS[k], "forward(x)[k] * phase", want, tol,
                  "SHIFT_FACTOR * FFT_K * (n+4) * (eps ||x||_1 + n DBL_TRUE_MIN)", k,
                  c->v[0], n, "shift m", ctx);
    }
}

static void check_fft(pf_src *s)
{
    static fft_case c; /* 4 KiB: off the stack */
    memset(&c, 0, sizeof c);
    draw_fft(s, &c);
    fftw_complex X[MAX_N], Y[MAX_N];
    dft(s, c.n, FFTW_FORWARD, c.v[0], X);
    dft(s, c.n, FFTW_FORWARD, c.v[1], Y);
    if (CHECKS("round_trip"))
        check_round_trip(s, &c, X);
    if (CHECKS("linearity"))
        check_linearity(s, &c, X, Y);
    if (CHECKS("batch"))
        check_batch(s, &c, X, Y);
    if (CHECKS("shift"))
        check_shift(s, &c, X);
}

/* ------------------------------------------------------------------ */
/* GSL properties.                                                     */
/* ------------------------------------------------------------------ */

static double max_abs(const double *x, size_t n)
{
    double m = 0;
    for (size_t i = 0; i < n; i++)
        m = fmax(m, fabs(x[i]));
    return m;
}

/* max |x_i - mean(x)|, the mean in long double. */
static double max_dev(const double *x, size_t n)
{
    long double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += x[i];
    long double mean = sum / (long double)n;
    double m = 0;
    for (size_t i = 0; i < n; i++)
        m = fmax(m, (double)fabsl((long double)x[i] - mean));
    return m;
}

static void check_equivariance(pf_src *s, const stats_case *c)
{
    size_t n = c->n;
    double y[MAX_STATS];
    for (size_t i = 0; i < n; i++)
        y[i] = c->a * c->x[i] + c->b;
    double eps_n = DBL_EPSILON + (double)n * LDBL_EPSILON;
    double M = fabs(c->a) * max_abs(c->x, n) + fabs(c->b);
    char ctx[96];
    snprintf(ctx, sizeof ctx, "a = %.17g, b = %.17g", c->a, c->b);

    double mean_y = NUM_STATS_MEAN(y, 1, n);
    double want = c->a * NUM_STATS_MEAN(c->x, 1, n) + c->b;
    pf_tolerance mt = {.abs = MEAN_K * eps_n * M + 4 * DBL_TRUE_MIN * (1 + fabs(c->a))};
    if (!pf_close(mean_y, want, mt)) {
        char t[160];
        snprintf(t, sizeof t, "%s; MEAN_TOL = MEAN_K (eps + n eps_L) M + floor = %.3g; off by %.3g",
                 ctx, mt.abs, mean_y - want);
        fail_values(s, "equivariance", "mean(a x + b) != a mean(x) + b", c->x, n,
                    "mean(a x + b)", mean_y, "a mean(x) + b", want, "a, b, tolerance", t);
    }
    if (n < 2)
        return; /* R4 */
    double S = fabs(c->a) * max_dev(c->x, n);
    double var_y = NUM_STATS_VARIANCE(y, 1, n);
    /* a^2 variance(x) in long double: a*a alone may underflow where the
     * product does not (a = 1e-200, variance 1e150). */
    double var_want =
        (double)((long double)c->a * c->a * NUM_STATS_VARIANCE(c->x, 1, n));
    pf_tolerance vt = {.abs = VAR_K * (eps_n * (S * S + S * M) +
                                       DBL_EPSILON * DBL_EPSILON * M * M) +
                              8 * DBL_TRUE_MIN * (1 + c->a * c->a)};
    if (!pf_close(var_y, var_want, vt)) {
        char t[192];
        snprintf(t, sizeof t,
                 "%s; VAR_TOL = VAR_K ((eps + n eps_L)(S^2 + S M) + eps^2 M^2) + floor = "
                 "%.3g; off by %.3g", ctx, vt.abs, var_y - var_want);
        fail_values(s, "equivariance", "variance(a x + b) != a^2 variance(x)", c->x, n,
                    "variance(a x + b)", var_y, "a^2 variance(x)", var_want,
                    "a, b, tolerance", t);
    }
}

static void check_shuffle(pf_src *s, const stats_case *c)
{
    size_t n = c->n;
    double xp[MAX_STATS];
    for (size_t i = 0; i < n; i++)
        xp[i] = c->x[c->perm[i]];
    double mx = max_abs(c->x, n);
    pf_tolerance mt = {.ulps = SHUFFLE_MEAN_ULPS,
                       .abs = 8 * (double)n * LDBL_EPSILON * mx + 2 * DBL_TRUE_MIN};
    check_values(s, "shuffle_invariant", "mean of the permuted data != mean of the data",
                 c->x, n, "mean(permuted x)", NUM_STATS_MEAN(xp, 1, n), "mean(x)",
                 NUM_STATS_MEAN(c->x, 1, n), mt,
                 "SHUFFLE_MEAN_TOL (2 ulps, or 8 n eps_L max|x|)");
    if (n < 2)
        return; /* R4 */
    double S = max_dev(c->x, n);
    pf_tolerance vt = {.ulps = SHUFFLE_VAR_ULPS,
                       .abs = 16 * (double)n * LDBL_EPSILON * S * S +
                              4 * DBL_EPSILON * DBL_EPSILON * mx * mx + 4 * DBL_TRUE_MIN};
    check_values(s, "shuffle_invariant",
                 "variance of the permuted data != variance of the data", c->x, n,
                 "variance(permuted x)", NUM_STATS_VARIANCE(xp, 1, n), "variance(x)",
                 NUM_STATS_VARIANCE(c->x, 1, n), vt,
                 "SHUFFLE_VAR_TOL (4 ulps, or 16 n eps_L S^2 + 4 eps^2 max|x|^2)");
}

static int cmp_bits(const void *a, const void *b)
{
    uint64_t x = bits_of(*(const double *)a), y = bits_of(*(const double *)b);
    return x < y ? -1 : x > y;
}

/* Whether b is a permutation of a, bit pattern for bit pattern. */
static bool same_multiset(const double *a, const double *b, size_t n)
{
    double sa[MAX_STATS], sb[MAX_STATS];
    memcpy(sa, a, n * sizeof *a);
    memcpy(sb, b, n * sizeof *b);
    qsort(sa, n, sizeof *sa, cmp_bits);
    qsort(sb, n, sizeof *sb, cmp_bits);
    return memcmp(sa, sb, n * sizeof *sa) == 0;
}

_Noreturn static void fail_sort(pf_src *s, const char *property, const char *summary,
                                const double *x, size_t n, const char *name_b,
                                const double *b, size_t at)
{
    pf_buf tx = {0}, tb = {0};
    put_doubles(&tx, x, n);
    put_doubles(&tb, b, n);
    pf_path path = {.len = 0};
    if (at != SIZE_MAX)
        pf_path_index(&path, at);
    pf_line lines[] = {{"data", pf_buf_str(&tx)}, {name_b, pf_buf_str(&tb)}};
    pf_fail(s, property, summary, lines, 2, at != SIZE_MAX ? path.text : NULL);
}

static void check_sort(pf_src *s, const double *x, size_t n)
{
    double sorted[MAX_STATS], again[MAX_STATS];
    memcpy(sorted, x, n * sizeof *x);
    NUM_SORT(sorted, 1, n);
    for (size_t i = 1; i < n; i++)
        if (!(sorted[i - 1] <= sorted[i]))
            fail_sort(s, "sort", "gsl_sort output is not non-decreasing", x, n,
                      "gsl_sort(data)", sorted, i);
    if (!same_multiset(x, sorted, n))
        fail_sort(s, "sort", "gsl_sort output is not a permutation of its input", x, n,
                  "gsl_sort(data)", sorted, SIZE_MAX);
    memcpy(again, sorted, n * sizeof *x);
    NUM_SORT(again, 1, n);
    for (size_t i = 0; i < n; i++)
        if (!(again[i] == sorted[i])) /* R3: == , not bits */
            fail_sort(s, "sort", "gsl_sort of sorted data changed it", sorted, n,
                      "gsl_sort(gsl_sort(data))", again, i);
}

static void check_reference(pf_src *s, const stats_case *c)
{
    size_t n = c->n;
    const double *x = c->x;
    if (n >= 2) { /* R4 */
        long double sum = 0, ss = 0;
        for (size_t i = 0; i < n; i++)
            sum += x[i];
        long double mean = sum / (long double)n;
        for (size_t i = 0; i < n; i++)
            ss += ((long double)x[i] - mean) * ((long double)x[i] - mean);
        double ref = (double)(ss / (long double)(n - 1));
        double S = max_dev(x, n), mx = max_abs(x, n);
        pf_tolerance t = {.abs = 4 * DBL_EPSILON * fabs(ref) +
                                 16 * (double)n * LDBL_EPSILON * S * S +
                                 4 * DBL_EPSILON * DBL_EPSILON * mx * mx + 4 * DBL_TRUE_MIN};
        check_values(s, "reference", "gsl_stats_variance != two-pass variance in long double",
                     x, n, "gsl_stats_variance(x)", NUM_STATS_VARIANCE(x, 1, n),
                     "two-pass (long double)", ref, t,
                     "REF_VAR_TOL (4 eps |ref| + 16 n eps_L S^2 + 4 eps^2 max|x|^2)");
    }
    long double r = 0, mag = 0, pw = 0;
    double at = fabs(c->t);
    for (size_t i = n; i-- > 0;) {
        r = r * c->t + x[i];
        mag = mag * at + fabs(x[i]);
        pw = pw * at + 1;
    }
    double got = NUM_POLY_EVAL(x, (int)n, c->t);
    pf_tolerance pt = {.abs = (double)(POLY_K * 2 * (long double)n * DBL_EPSILON * mag +
                                       4 * (long double)n * DBL_TRUE_MIN * pw)};
    if (!pf_close(got, (double)r, pt)) {
        char t[160];
        snprintf(t, sizeof t,
                 "t = %.17g; REF_POLY_TOL = POLY_K 2n eps sum|c_i||t|^i + floor = %.3g",
                 c->t, pt.abs);
        fail_values(s, "reference", "gsl_poly_eval != Horner in long double", x, n,
                    "gsl_poly_eval(c, n, t)", got, "Horner (long double)", (double)r, "t",
                    t);
    }
}

static void check_stats(pf_src *s)
{
    stats_case c;
    draw_stats(s, &c);
    if (CHECKS("equivariance"))
        check_equivariance(s, &c);
    if (CHECKS("shuffle_invariant"))
        check_shuffle(s, &c);
    if (CHECKS("sort"))
        check_sort(s, c.x, c.n);
    if (CHECKS("reference"))
        check_reference(s, &c);
}

/* ------------------------------------------------------------------ */
/* nan_policy.                                                         */
/* ------------------------------------------------------------------ */

_Noreturn static void fail_policy(pf_src *s, const char *summary, const double *x,
                                  size_t n, const char *name, double got,
                                  const char *expected)
{
    pf_buf tx = {0}, tg = {0};
    put_doubles(&tx, x, n);
    put_double(&tg, got);
    pf_line lines[] = {{"data", pf_buf_str(&tx)}, {name, pf_buf_str(&tg)},
                       {"expected", expected}};
    pf_fail(s, "nan_policy", summary, lines, 3, NULL);
}

static void check_non_finite(pf_src *s)
{
    double x[MAX_STATS];
    size_t n = draw_data(s, NULL, x);
    if (!CHECKS("nan_policy"))
        return;
    bool any_nan = false, any_inf = false;
    size_t first_inf = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        any_nan |= isnan(x[i]) != 0;
        if (isinf(x[i])) {
            any_inf = true;
            if (first_inf == SIZE_MAX)
                first_inf = i;
        }
    }

    double mean = NUM_STATS_MEAN(x, 1, n);
    if (any_nan) {
        if (!isnan(mean))
            fail_policy(s, "gsl_stats_mean of data holding a NaN is not NaN", x, n,
                        "gsl_stats_mean", mean, "NaN");
    } else if (any_inf) {
        bool last_only = first_inf == n - 1;
        if (last_only ? !pf_f64_bits_equal(mean, x[n - 1]) : !isnan(mean))
            fail_policy(s, "gsl_stats_mean of data holding an infinity changed behaviour",
                        x, n, "gsl_stats_mean", mean,
                        last_only ? "the infinity (it is the only one and the last element)"
                                  : "NaN (an infinity before the last element: inf - inf)");
    } else if (!isfinite(mean)) {
        fail_policy(s, "gsl_stats_mean of finite data is not finite", x, n,
                    "gsl_stats_mean", mean, "a finite value");
    }

    double var = NUM_STATS_VARIANCE(x, 1, n);
    /* GSL subtracts the mean (a double) in double before squaring in long
     * double: a deviation beyond DBL_MAX is +-inf, and the running average
     * then computes inf - inf for any later element (finding #2). */
    size_t first_overflow = SIZE_MAX;
    for (size_t i = 0; i < n && isfinite(mean); i++)
        if (isinf(x[i] - mean)) {
            first_overflow = i;
            break;
        }
    if (n == 1 || any_nan || any_inf) {
        if (!isnan(var))
            fail_policy(s, "gsl_stats_variance is not NaN", x, n, "gsl_stats_variance", var,
                        "NaN (n = 1, or a NaN or an infinity in the data)");
    } else if (first_overflow == SIZE_MAX) {
        if (isnan(var))
            fail_policy(s, "gsl_stats_variance of finite data is NaN", x, n,
                        "gsl_stats_variance", var, "a number (+inf if it overflows)");
    } else if (first_overflow < n - 1 ? !isnan(var) : var != INFINITY) {
        fail_policy(s, "gsl_stats_variance with an overflowing deviation changed behaviour",
                    x, n, "gsl_stats_variance", var,
                    first_overflow < n - 1
                        ? "NaN (x - mean overflows before the last element: inf - inf)"
                        : "+inf (only the last deviation overflows)");
    }

    double sorted[MAX_STATS];
    memcpy(sorted, x, n * sizeof *x);
    NUM_SORT(sorted, 1, n);
    if (!same_multiset(x, sorted, n))
        fail_sort(s, "nan_policy", "gsl_sort output is not a permutation of its input", x, n,
                  "gsl_sort(data)", sorted, SIZE_MAX);
    if (!any_nan)
        for (size_t i = 1; i < n; i++)
            if (!(sorted[i - 1] <= sorted[i]))
                fail_sort(s, "nan_policy",
                          "gsl_sort of data without NaN is not non-decreasing", x, n,
                          "gsl_sort(data)", sorted, i);

    if (!any_nan && !any_inf)
        return;
    fftw_complex v[MAX_STATS], V[MAX_STATS];
    for (size_t i = 0; i < n; i++) {
        v[i][0] = x[i];
        v[i][1] = 0.0;
    }
    dft(s, n, FFTW_FORWARD, v, V);
    for (size_t k = 0; k < n; k++) {
        bool ok = any_nan ? (isnan(V[k][0]) || isnan(V[k][1]))
                          : (!isfinite(V[k][0]) || !isfinite(V[k][1]));
        if (!ok) {
            char t[96];
            snprintf(t, sizeof t, "bin %zu = (%.17g, %.17g)", k, V[k][0], V[k][1]);
            fail_policy(s, "an FFTW output bin escaped the NaN / infinity", x, n,
                        "forward(data)[k].re", V[k][0],
                        any_nan ? "a NaN in every bin" : "a non-finite part in every bin");
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("numeric", data, size);
    size_t mode = pf_choice(s, "mode", N_MODES);
    pf_name_values(s, mode_names, N_MODES);
    if (mode == MODE_FFT)
        check_fft(s);
    else if (mode == MODE_STATS)
        check_stats(s);
    else
        check_non_finite(s);
    pf_end(s);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6).                               */
/* ------------------------------------------------------------------ */

typedef struct fft_seed {
    const char *name;
    size_t n, k, m;
    double a, b;
    double re[8], im[8]; /* x; y is x reversed and conjugated */
} fft_seed;

static const fft_seed fft_seeds[] = {
    {"fft-one-point", 1, 1, 0, 1.0, 0.0, {1.0}, {0.0}},
    {"fft-impulse-8", 8, 2, 1, 2.0, -1.0, {1, 0, 0, 0, 0, 0, 0, 0}, {0}},
    {"fft-constant-4", 4, 3, 2, 0.5, 0.25, {1, 1, 1, 1}, {0, 0, 0, 0}},
    {"fft-prime-7", 7, 4, 3, -3.0, 1e-3, {1, -2, 3, -4, 5, -6, 7}, {0.5, 0, -0.5, 0, 0.5, 0, -0.5}},
    {"fft-size-5-complex", 5, 2, 4, 1e10, -1e-10, {0.1, 0.2, 0.3, 0.4, 0.5}, {-1, -2, -3, -4, -5}},
    {"fft-extremes", 3, 2, 1, 1e100, -1e100, {1e100, -1e100, 4.9406564584124654e-324},
     {-0.0, 2.2250738585072014e-308, 1e-300}},
    {"fft-size-6-alternating", 6, 4, 5, 1.0, 1.0, {1, -1, 1, -1, 1, -1}, {0, 0, 0, 0, 0, 0}},
};

typedef struct stats_seed {
    const char *name;
    size_t n;
    double a, b, t;
    double x[8];
} stats_seed;

static const stats_seed stats_seeds[] = {
    {"stats-one-point", 1, 2.0, 3.0, 0.5, {7.0}},
    {"stats-small-ints", 5, -3.0, 10.0, 2.0, {1, 2, 3, 4, 5}},
    {"stats-constant", 4, 1e10, -1e10, -1.0, {0.1, 0.1, 0.1, 0.1}},
    {"stats-cancel", 3, 1.0, 0.0, 1.0, {1e10, -1e10, 1.0 / 3.0}},
    {"stats-big-offset", 4, 1e-5, 1e150, 0.5, {1e75, 1e75, -1e75, 3.0}},
    {"stats-zeros-signed", 6, -1.0, -0.0, 0.0, {0.0, -0.0, 0.0, -0.0, 1.0, -1.0}},
    {"stats-subnormal", 3, 4.0, 0.0, 1e3, {4.9406564584124654e-324, -2.2250738585072009e-308, 0.0}},
    {"stats-sorted-desc", 8, 0.5, 0.5, -1e3, {8, 7, 6, 5, 4, 3, 2, 1}},
};

static const struct {
    const char *name;
    size_t n;
    double x[6];
} nf_seeds[] = {
    {"nan-alone", 1, {NAN}},
    {"nan-middle", 3, {1.0, NAN, 2.0}},
    {"inf-first", 2, {INFINITY, 1.0}},
    {"inf-last", 2, {1.0, INFINITY}},
    {"inf-both-signs", 3, {-INFINITY, 3.0, INFINITY}},
    {"nan-and-inf", 4, {INFINITY, -1.0, NAN, 0.0}},
    {"finite-huge", 3, {1.7976931348623157e308, 1.7976931348623157e308, -1.7976931348623157e308}},
    {"single-finite", 1, {5.0}},
};

static bool doubles_bits_equal(const double *a, const double *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!pf_f64_bits_equal(a[i], b[i]))
            return false;
    return true;
}

static void emit_checked(void (*emit)(const char *, const uint8_t *, size_t),
                         const char *name, pf_buf *e)
{
    emit(name, e->data, e->len);
    pf_buf_free(e);
}

/* Called by the seed writer (properties/seed_main.c). Each seed is checked
 * to decode back to the values it was written from before it is emitted. */
void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    static fft_case want, got;
    for (size_t i = 0; i < sizeof fft_seeds / sizeof fft_seeds[0]; i++) {
        const fft_seed *sd = &fft_seeds[i];
        memset(&want, 0, sizeof want);
        want.n = sd->n;
        want.k = sd->k;
        want.m = sd->m;
        want.a = sd->a;
        want.b = sd->b;
        for (size_t j = 0; j < sd->n; j++) {
            want.v[0][j][0] = sd->re[j];
            want.v[0][j][1] = sd->im[j];
            want.v[1][sd->n - 1 - j][0] = sd->re[j];
            want.v[1][sd->n - 1 - j][1] = -sd->im[j];
            for (size_t b = 2; b < sd->k; b++) { /* x scaled by b, shifted by b */
                want.v[b][(j + b) % sd->n][0] = sd->re[j] * (double)b;
                want.v[b][(j + b) % sd->n][1] = sd->im[j] / (double)b;
            }
        }
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_FFT);
        enc_fft(&e, &want);
        pf_src *s = pf_begin("numeric", e.data, e.len);
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_FFT);
        memset(&got, 0, sizeof got);
        draw_fft(s, &got);
        PF_ASSERT(s, got.n == want.n && got.k == want.k && got.m == want.m &&
                         pf_f64_bits_equal(got.a, want.a) && pf_f64_bits_equal(got.b, want.b));
        for (size_t j = 0; j < want.k; j++)
            PF_ASSERT(s, doubles_bits_equal(&got.v[j][0][0], &want.v[j][0][0], 2 * want.n));
        PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e.len);
        pf_end(s);
        emit_checked(emit, sd->name, &e);
    }
    for (size_t i = 0; i < sizeof stats_seeds / sizeof stats_seeds[0]; i++) {
        const stats_seed *sd = &stats_seeds[i];
        stats_case w, g;
        memset(&w, 0, sizeof w);
        w.n = sd->n;
        w.a = sd->a;
        w.b = sd->b;
        w.t = sd->t;
        memcpy(w.x, sd->x, sd->n * sizeof(double));
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_STATS);
        enc_stats(&e, &w);
        pf_src *s = pf_begin("numeric", e.data, e.len);
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_STATS);
        draw_stats(s, &g);
        PF_ASSERT(s, g.n == w.n && doubles_bits_equal(g.x, w.x, w.n) &&
                         pf_f64_bits_equal(g.a, w.a) && pf_f64_bits_equal(g.b, w.b) &&
                         pf_f64_bits_equal(g.t, w.t));
        for (size_t j = 0; j < g.n; j++)
            PF_ASSERT(s, g.perm[j] == j);
        PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e.len);
        pf_end(s);
        emit_checked(emit, sd->name, &e);
    }
    for (size_t i = 0; i < sizeof nf_seeds / sizeof nf_seeds[0]; i++) {
        double g[MAX_STATS];
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_NON_FINITE);
        enc_data(&e, NULL, nf_seeds[i].x, nf_seeds[i].n);
        pf_src *s = pf_begin("numeric", e.data, e.len);
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_NON_FINITE);
        size_t n = draw_data(s, NULL, g);
        PF_ASSERT(s, n == nf_seeds[i].n && doubles_bits_equal(g, nf_seeds[i].x, n));
        PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e.len);
        pf_end(s);
        emit_checked(emit, nf_seeds[i].name, &e);
    }
}
