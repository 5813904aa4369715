/* Restrictions of the numeric target (harness/numeric.c), shown against the
 * real FFTW and GSL: each behaviour the target's properties rely on, work
 * around or pin (nan_policy) is what the libraries really do. The two
 * findings (FINDINGS.md, GSL) are pinned here too: these
 * checks fail the day GSL changes, and nan_policy with them.
 * Prints PASS/FAIL per check and "N passed, N failed". */
#include <fftw3.h>
#include <float.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static unsigned passed, failed;

static void report(const char *name, bool ok, const char *why)
{
    if (ok) {
        printf("PASS %s\n", name);
        passed++;
    } else {
        printf("FAIL %s: %s\n", name, why);
        failed++;
    }
}
/* check(name, ok, printf-format, args...): the format says what was seen. */
#define check(name, ok, ...)                                                \
    do {                                                                    \
        char why_[256];                                                     \
        snprintf(why_, sizeof why_, __VA_ARGS__);                           \
        report((name), (ok), why_);                                         \
    } while (0)

static bool batch_bit_identical(int n, int k)
{
    fftw_complex *in = fftw_malloc(sizeof(fftw_complex) * (size_t)(n * k));
    fftw_complex *out = fftw_malloc(sizeof(fftw_complex) * (size_t)(n * k));
    fftw_complex *i1 = fftw_malloc(sizeof(fftw_complex) * (size_t)n);
    fftw_complex *o1 = fftw_malloc(sizeof(fftw_complex) * (size_t)n);
    fftw_plan many = fftw_plan_many_dft(1, &n, k, in, NULL, 1, n, out, NULL, 1, n,
                                        FFTW_FORWARD, FFTW_ESTIMATE);
    fftw_plan one = fftw_plan_dft_1d(n, i1, o1, FFTW_FORWARD, FFTW_ESTIMATE);
    for (int i = 0; i < n * k; i++) {
        in[i][0] = sin(1.0 + i) * 1000.0;
        in[i][1] = cos(3.0 * i) * 10.0;
    }
    fftw_execute(many);
    bool same = true;
    for (int j = 0; j < k; j++) {
        memcpy(i1, in + j * n, sizeof(fftw_complex) * (size_t)n);
        fftw_execute(one);
        same &= memcmp(o1, out + j * n, sizeof(fftw_complex) * (size_t)n) == 0;
    }
    fftw_destroy_plan(many);
    fftw_destroy_plan(one);
    fftw_free(in);
    fftw_free(out);
    fftw_free(i1);
    fftw_free(o1);
    return same;
}

int main(void)
{
    /* batch: FFTW's batched plan is not bit-identical to single plans for
     * every size (why the property uses BATCH_TOL), but is for most. */
    check("batch-not-bit-identical-n25-k2", !batch_bit_identical(25, 2),
          "plan_many(25, 2) equals single plans bit for bit%s", "");
    check("batch-not-bit-identical-n64-k4", !batch_bit_identical(64, 4),
          "plan_many(64, 4) equals single plans bit for bit%s", "");
    check("batch-bit-identical-n8-k4", batch_bit_identical(8, 4),
          "plan_many(8, 4) differs from single plans%s", "");

    /* R1 / nan_policy: NaN propagates through the mean and the variance. */
    double a[] = {1.0, NAN, 2.0};
    check("R1 mean-of-nan-is-nan", isnan(gsl_stats_mean(a, 1, 3)), "mean %g",
          gsl_stats_mean(a, 1, 3));
    check("R1 variance-of-nan-is-nan", isnan(gsl_stats_variance(a, 1, 3)), "variance %g",
          gsl_stats_variance(a, 1, 3));

    /* Finding #1: an infinity gives NaN unless it is the only one and the
     * last element. */
    double inf_first[] = {INFINITY, 1.0}, inf_last[] = {1.0, INFINITY},
           inf_twice[] = {INFINITY, INFINITY};
    check("F1 mean-inf-first-is-nan (finding #1)", isnan(gsl_stats_mean(inf_first, 1, 2)),
          "mean(inf, 1) = %g", gsl_stats_mean(inf_first, 1, 2));
    check("F1 mean-inf-last-is-inf (finding #1)",
          gsl_stats_mean(inf_last, 1, 2) == INFINITY, "mean(1, inf) = %g",
          gsl_stats_mean(inf_last, 1, 2));
    check("F1 mean-inf-twice-is-nan (finding #1)", isnan(gsl_stats_mean(inf_twice, 1, 2)),
          "mean(inf, inf) = %g", gsl_stats_mean(inf_twice, 1, 2));

    /* Finding #2: a deviation beyond DBL_MAX (x - mean in double) makes the
     * variance of finite data NaN unless it is the last element's. */
    double ovf[] = {DBL_MAX, -DBL_MAX, DBL_MAX}, ovf_last[] = {DBL_MAX, -DBL_MAX};
    check("F2 variance-overflow-early-is-nan (finding #2)",
          isnan(gsl_stats_variance(ovf, 1, 3)), "variance = %g",
          gsl_stats_variance(ovf, 1, 3));
    check("F2 variance-overflow-last-is-inf (finding #2)",
          gsl_stats_variance(ovf_last, 1, 2) == INFINITY, "variance = %g",
          gsl_stats_variance(ovf_last, 1, 2));

    /* R2: without the range bounds the variance leaves the doubles (the
     * long double result is rounded to +inf): the relations would compare
     * overflow, not the library. */
    double big[] = {1e160, -1e160};
    check("R2 variance-beyond-dbl-max-is-inf", gsl_stats_variance(big, 1, 2) == INFINITY,
          "variance = %g", gsl_stats_variance(big, 1, 2));

    /* R3: heapsort is unstable: sorting sorted data again can swap -0.0
     * and +0.0 (equal keys), so idempotence is checked with ==. */
    double z[] = {-0.0, 0.0, 0.0, -0.0, 1.0, 1.0, 1.0, 2.0}, z2[8];
    memcpy(z2, z, sizeof z);
    gsl_sort(z2, 1, 8);
    bool bits_same = memcmp(z, z2, sizeof z) == 0, values_same = true;
    for (int i = 0; i < 8; i++)
        values_same &= z[i] == z2[i];
    check("R3 sort-resort-swaps-signed-zeros", !bits_same && values_same,
          "bits same %d, values same %d", bits_same, values_same);

    /* nan_policy: with a NaN gsl_sort leaves even the finite values out of
     * order (but permutes). */
    double s[] = {3.0, NAN, 1.0, 2.0, NAN, 0.0, -1.0};
    gsl_sort(s, 1, 7);
    bool sorted_finite = true;
    double prev = -INFINITY;
    for (int i = 0; i < 7; i++)
        if (!isnan(s[i])) {
            sorted_finite &= prev <= s[i];
            prev = s[i];
        }
    check("R1 sort-with-nan-unordered", !sorted_finite, "finite values came back sorted%s",
          "");

    /* R4: the sample variance of one value is NaN (n - 1 = 0). */
    double one[] = {5.0};
    check("R4 variance-of-one-is-nan", isnan(gsl_stats_variance(one, 1, 1)), "variance %g",
          gsl_stats_variance(one, 1, 1));

    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
