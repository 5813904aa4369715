/* numeric's FFTW side: plans made once per size, and the properties
 * round_trip, linearity, batch and shift (see harness/numeric.c). */
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

num_exec_shape num_exec;

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

static const many_plan *num_batch_plan(pf_src *s, size_t n, size_t k)
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
void num_dft(pf_src *s, size_t n, int sign, const fftw_complex *x, fftw_complex *X)
{
    const plan_set *p = single_plans(s, n);
    memcpy(p->in, x, n * sizeof *x);
    num_exec = (num_exec_shape){p->out, n, 1, sign};
    fftw_execute(sign == FFTW_FORWARD ? p->fwd : p->bwd);
    memcpy(X, p->out, n * sizeof *X);
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
    num_dft(s, n, FFTW_BACKWARD, X, back);
    double tol = RT_FACTOR * fft_bound(n, norm1(c->v[0], n));
    for (size_t j = 0; j < n; j++) {
        double got[2] = {back[j][0] / (double)n, back[j][1] / (double)n};
        num_check_bin(s, NULL, "backward(forward(x)) / n != x", "x[j]", c->v[0][j],
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
    num_dft(s, n, FFTW_FORWARD, z, Z);
    double scale = fabs(c->a) * norm1(c->v[0], n) + fabs(c->b) * norm1(c->v[1], n);
    double tol = LIN_FACTOR * fft_bound_scaled(n, scale, 1 + fabs(c->a) + fabs(c->b));
    pf_buf ctx = {0}, ty = {0};
    num_put_complex(&ty, c->v[1], n);
    pf_buf_printf(&ctx, "a = %.17g, b = %.17g, y = %s", c->a, c->b, pf_buf_defer(s, &ty));
    for (size_t k = 0; k < n; k++) {
        double want[2] = {c->a * X[k][0] + c->b * Y[k][0], c->a * X[k][1] + c->b * Y[k][1]};
        num_check_bin(s, NULL, "forward(a x + b y) != a forward(x) + b forward(y)",
                  "forward(a x + b y)[k]", Z[k], "a forward(x)[k] + b forward(y)[k]",
                  want, tol,
                  "LIN_FACTOR * FFT_K * (n+4) * (eps (|a| ||x||_1 + |b| ||y||_1) + n "
                  "DBL_TRUE_MIN (1 + |a| + |b|))",
                  k, c->v[0], n, "a, b, y", pf_buf_defer(s, &ctx));
    }
    pf_buf_free(&ctx);
    pf_buf_free(&ty);
}

static void check_batch(pf_src *s, const fft_case *c, const fftw_complex *X,
                        const fftw_complex *Y)
{
    size_t n = c->n, k = c->k;
    const many_plan *p = num_batch_plan(s, n, k);
    for (size_t j = 0; j < k; j++)
        memcpy(p->in + j * n, c->v[j], n * sizeof(fftw_complex));
    num_exec = (num_exec_shape){p->out, n, k, FFTW_FORWARD};
    fftw_execute(p->plan);
    for (size_t j = 0; j < k; j++) {
        fftw_complex single[MAX_N];
        if (j == 0)
            memcpy(single, X, n * sizeof *single);
        else if (j == 1)
            memcpy(single, Y, n * sizeof *single);
        else
            num_dft(s, n, FFTW_FORWARD, c->v[j], single);
        double tol = BATCH_FACTOR * fft_bound(n, norm1(c->v[j], n));
        char ctx[64];
        snprintf(ctx, sizeof ctx, "vector %zu of %zu in the batch", j, k);
        for (size_t b = 0; b < n; b++)
            num_check_bin(s, NULL, "fftw_plan_many_dft != single transforms",
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
    num_dft(s, n, FFTW_FORWARD, xs, XS);
    double tol = SHIFT_FACTOR * fft_bound(n, norm1(c->v[0], n));
    char ctx[48];
    snprintf(ctx, sizeof ctx, "%zu", m);
    for (size_t k = 0; k < n; k++) {
        long double ang = -2 * PI_L * (long double)((k * m) % n) / (long double)n;
        double wr = (double)cosl(ang), wi = (double)sinl(ang);
        double want[2] = {X[k][0] * wr - X[k][1] * wi, X[k][0] * wi + X[k][1] * wr};
        num_check_bin(s, NULL, "forward(x shifted by m) != forward(x) * exp(-2 pi i k m / n)",
                  "forward(shifted x)[k]", XS[k], "forward(x)[k] * phase", want, tol,
                  "SHIFT_FACTOR * FFT_K * (n+4) * (eps ||x||_1 + n DBL_TRUE_MIN)", k,
                  c->v[0], n, "shift m", ctx);
    }
}

/* fft mode: the case, and the forward transforms of x and y that several
 * properties compare against. */
typedef struct fft_input {
    fft_case c;
    fftw_complex X[MAX_N], Y[MAX_N];
} fft_input;

void *num_fft_setup(pf_src *s)
{
    fft_input *in = pf_alloc(s, sizeof *in);
    memset(&in->c, 0, sizeof in->c);
    num_draw_fft(s, &in->c);
    num_dft(s, in->c.n, FFTW_FORWARD, in->c.v[0], in->X);
    num_dft(s, in->c.n, FFTW_FORWARD, in->c.v[1], in->Y);
    return in;
}

void num_prop_round_trip(pf_src *s, void *p)
{
    const fft_input *in = p;
    check_round_trip(s, &in->c, in->X);
}

void num_prop_linearity(pf_src *s, void *p)
{
    const fft_input *in = p;
    check_linearity(s, &in->c, in->X, in->Y);
}

void num_prop_batch(pf_src *s, void *p)
{
    const fft_input *in = p;
    check_batch(s, &in->c, in->X, in->Y);
}

void num_prop_shift(pf_src *s, void *p)
{
    const fft_input *in = p;
    check_shift(s, &in->c, in->X);
}
