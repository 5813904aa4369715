/* numeric's GSL side: equivariance, shuffle_invariant, sort, reference,
 * and nan_policy (see harness/numeric.c). */
#include "numeric.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A planted-bug build (tests/planted/numeric/<property>.h) wraps library
 * calls here, after the libraries' headers and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

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

    double mean_y = gsl_stats_mean(y, 1, n);
    double want = c->a * gsl_stats_mean(c->x, 1, n) + c->b;
    pf_tolerance mt = {.abs = MEAN_K * eps_n * M + 4 * DBL_TRUE_MIN * (1 + fabs(c->a))};
    if (!pf_close(mean_y, want, mt)) {
        char t[160];
        snprintf(t, sizeof t, "%s; MEAN_TOL = MEAN_K (eps + n eps_L) M + floor = %.3g; off by %.3g",
                 ctx, mt.abs, mean_y - want);
        num_fail_values(s, NULL, "mean(a x + b) != a mean(x) + b", c->x, n,
                    "mean(a x + b)", mean_y, "a mean(x) + b", want, "a, b, tolerance", t);
    }
    if (n < 2)
        pf_skip(s, "R4"); /* the mean was checked; no variance of one value */
    double S = fabs(c->a) * max_dev(c->x, n);
    double var_y = gsl_stats_variance(y, 1, n);
    /* a^2 variance(x) in long double: a*a alone may underflow where the
     * product does not (a = 1e-200, variance 1e150). */
    double var_want =
        (double)((long double)c->a * c->a * gsl_stats_variance(c->x, 1, n));
    pf_tolerance vt = {.abs = VAR_K * (eps_n * (S * S + S * M) +
                                       DBL_EPSILON * DBL_EPSILON * M * M) +
                              8 * DBL_TRUE_MIN * (1 + c->a * c->a)};
    if (!pf_close(var_y, var_want, vt)) {
        char t[192];
        snprintf(t, sizeof t,
                 "%s; VAR_TOL = VAR_K ((eps + n eps_L)(S^2 + S M) + eps^2 M^2) + floor = "
                 "%.3g; off by %.3g", ctx, vt.abs, var_y - var_want);
        num_fail_values(s, NULL, "variance(a x + b) != a^2 variance(x)", c->x, n,
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
    num_check_values(s, NULL, "mean of the permuted data != mean of the data",
                 c->x, n, "mean(permuted x)", gsl_stats_mean(xp, 1, n), "mean(x)",
                 gsl_stats_mean(c->x, 1, n), mt,
                 "SHUFFLE_MEAN_TOL (2 ulps, or 8 n eps_L max|x|)");
    if (n < 2)
        pf_skip(s, "R4"); /* the mean was checked; no variance of one value */
    double S = max_dev(c->x, n);
    pf_tolerance vt = {.ulps = SHUFFLE_VAR_ULPS,
                       .abs = 16 * (double)n * LDBL_EPSILON * S * S +
                              4 * DBL_EPSILON * DBL_EPSILON * mx * mx + 4 * DBL_TRUE_MIN};
    num_check_values(s, NULL,
                 "variance of the permuted data != variance of the data", c->x, n,
                 "variance(permuted x)", gsl_stats_variance(xp, 1, n), "variance(x)",
                 gsl_stats_variance(c->x, 1, n), vt,
                 "SHUFFLE_VAR_TOL (4 ulps, or 16 n eps_L S^2 + 4 eps^2 max|x|^2)");
}

static int cmp_bits(const void *a, const void *b)
{
    uint64_t x = num_bits_of(*(const double *)a), y = num_bits_of(*(const double *)b);
    return x < y ? -1 : x > y;
}

/* Whether b is a permutation of a, bit pattern for bit pattern. */
bool num_same_multiset(const double *a, const double *b, size_t n)
{
    double sa[MAX_STATS], sb[MAX_STATS];
    memcpy(sa, a, n * sizeof *a);
    memcpy(sb, b, n * sizeof *b);
    qsort(sa, n, sizeof *sa, cmp_bits);
    qsort(sb, n, sizeof *sb, cmp_bits);
    return memcmp(sa, sb, n * sizeof *sa) == 0;
}

_Noreturn void num_fail_sort(pf_src *s, const char *property, const char *summary,
                                const double *x, size_t n, const char *name_b,
                                const double *b, size_t at)
{
    pf_buf tx = {0}, tb = {0};
    num_put_doubles(&tx, x, n);
    num_put_doubles(&tb, b, n);
    pf_path path = {.len = 0};
    if (at != SIZE_MAX)
        pf_path_index(&path, at);
    pf_line lines[] = {{"data", pf_buf_defer(s, &tx)}, {name_b, pf_buf_defer(s, &tb)}};
    pf_fail(s, property, summary, lines, 2, at != SIZE_MAX ? path.text : NULL);
}

static void check_sort(pf_src *s, const double *x, size_t n)
{
    double sorted[MAX_STATS], again[MAX_STATS];
    memcpy(sorted, x, n * sizeof *x);
    gsl_sort(sorted, 1, n);
    for (size_t i = 1; i < n; i++)
        if (!(sorted[i - 1] <= sorted[i]))
            num_fail_sort(s, NULL, "gsl_sort output is not non-decreasing", x, n,
                      "gsl_sort(data)", sorted, i);
    if (!num_same_multiset(x, sorted, n))
        num_fail_sort(s, NULL, "gsl_sort output is not a permutation of its input", x, n,
                  "gsl_sort(data)", sorted, SIZE_MAX);
    memcpy(again, sorted, n * sizeof *x);
    gsl_sort(again, 1, n);
    for (size_t i = 0; i < n; i++)
        if (!(again[i] == sorted[i])) /* R3: == , not bits */
            num_fail_sort(s, NULL, "gsl_sort of sorted data changed it", sorted, n,
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
        num_check_values(s, NULL, "gsl_stats_variance != two-pass variance in long double",
                     x, n, "gsl_stats_variance(x)", gsl_stats_variance(x, 1, n),
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
    double got = gsl_poly_eval(x, (int)n, c->t);
    pf_tolerance pt = {.abs = (double)(POLY_K * 2 * (long double)n * DBL_EPSILON * mag +
                                       4 * (long double)n * DBL_TRUE_MIN * pw)};
    if (!pf_close(got, (double)r, pt)) {
        char t[160];
        snprintf(t, sizeof t,
                 "t = %.17g; REF_POLY_TOL = POLY_K 2n eps sum|c_i||t|^i + floor = %.3g",
                 c->t, pt.abs);
        num_fail_values(s, NULL, "gsl_poly_eval != Horner in long double", x, n,
                    "gsl_poly_eval(c, n, t)", got, "Horner (long double)", (double)r, "t",
                    t);
    }
}

/* ------------------------------------------------------------------ */
/* nan_policy.                                                         */
/* ------------------------------------------------------------------ */

_Noreturn static void fail_policy(pf_src *s, const char *summary, const double *x,
                                  size_t n, const char *name, double got,
                                  const char *expected)
{
    pf_buf tx = {0}, tg = {0};
    num_put_doubles(&tx, x, n);
    num_put_double(&tg, got);
    pf_line lines[] = {{"data", pf_buf_defer(s, &tx)}, {name, pf_buf_defer(s, &tg)},
                       {"expected", expected}};
    pf_fail(s, NULL, summary, lines, 3, NULL);
}

/* non_finite mode: data drawn with every value the decoder has. */
void *num_non_finite_setup(pf_src *s)
{
    num_data *d = pf_alloc(s, sizeof *d);
    d->n = num_draw_data(s, NULL, d->x);
    return d;
}

void num_prop_nan_policy(pf_src *s, void *in)
{
    const num_data *d = in;
    const double *x = d->x;
    size_t n = d->n;
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

    double mean = gsl_stats_mean(x, 1, n);
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

    double var = gsl_stats_variance(x, 1, n);
    /* GSL subtracts the mean (a double) in double before squaring in long
     * double: a deviation beyond DBL_MAX is +-inf, and the running average
     * then computes inf - inf for any later element (FINDINGS.md, GSL #2). */
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
    gsl_sort(sorted, 1, n);
    if (!num_same_multiset(x, sorted, n))
        num_fail_sort(s, NULL, "gsl_sort output is not a permutation of its input", x, n,
                  "gsl_sort(data)", sorted, SIZE_MAX);
    if (!any_nan)
        for (size_t i = 1; i < n; i++)
            if (!(sorted[i - 1] <= sorted[i]))
                num_fail_sort(s, NULL,
                          "gsl_sort of data without NaN is not non-decreasing", x, n,
                          "gsl_sort(data)", sorted, i);

    if (!any_nan && !any_inf)
        return;
    fftw_complex v[MAX_STATS], V[MAX_STATS];
    for (size_t i = 0; i < n; i++) {
        v[i][0] = x[i];
        v[i][1] = 0.0;
    }
    num_dft(s, n, FFTW_FORWARD, v, V);
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

/* stats mode. */
void *num_stats_setup(pf_src *s)
{
    stats_case *c = pf_alloc(s, sizeof *c);
    num_draw_stats(s, c);
    return c;
}

void num_prop_equivariance(pf_src *s, void *in) { check_equivariance(s, in); }
void num_prop_shuffle_invariant(pf_src *s, void *in) { check_shuffle(s, in); }

void num_prop_sort(pf_src *s, void *in)
{
    const stats_case *c = in;
    check_sort(s, c->x, c->n);
}

void num_prop_reference(pf_src *s, void *in) { check_reference(s, in); }
