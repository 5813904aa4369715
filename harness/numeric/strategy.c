/* numeric's strategy: what each mode draws, and the inverses. */
#include "numeric.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Strategy.                                                           */
/* ------------------------------------------------------------------ */

pf_float_opts num_range(double max)
{
    return (pf_float_opts){.bounded = true, .min = -max, .max = max,
                           .no_nan = true, .no_inf = true};
}


void num_draw_vector(pf_src *s, const char *label, size_t n, fftw_complex *v)
{
    pf_float_opts o = num_range(FFT_MAX);
    pf_span_begin(s, label);
    for (size_t i = 0; i < n; i++) {
        v[i][0] = pf_double(s, "re", &o);
        v[i][1] = pf_double(s, "im", &o);
    }
    pf_span_end(s);
}

void num_enc_vector(pf_buf *e, size_t n, const fftw_complex *v)
{
    pf_float_opts o = num_range(FFT_MAX);
    for (size_t i = 0; i < n; i++) {
        pf_enc_double(e, &o, v[i][0]);
        pf_enc_double(e, &o, v[i][1]);
    }
}

void num_draw_fft(pf_src *s, fft_case *c)
{
    pf_float_opts o = num_range(FFT_MAX);
    pf_list l;
    pf_list_begin(s, &l, "x", 1, MAX_N);
    while (pf_list_more(s, &l)) {
        c->v[0][l.count - 1][0] = pf_double(s, "re", &o);
        c->v[0][l.count - 1][1] = pf_double(s, "im", &o);
    }
    c->n = l.count;
    num_draw_vector(s, "y", c->n, c->v[1]);
    pf_float_opts co = num_range(FFT_COEF_MAX);
    c->a = pf_double(s, "a", &co);
    c->b = pf_double(s, "b", &co);
    c->m = (size_t)pf_u64_range(s, "shift", 0, c->n - 1);
    c->k = (size_t)pf_u64_range(s, "batch", 1, MAX_BATCH);
    for (size_t j = 2; j < c->k; j++)
        num_draw_vector(s, "more", c->n, c->v[j]);
}

void num_enc_fft(pf_buf *e, const fft_case *c)
{
    pf_float_opts o = num_range(FFT_MAX);
    for (size_t i = 0; i < c->n; i++) {
        if (i)
            pf_enc_more(e, true);
        pf_enc_double(e, &o, c->v[0][i][0]);
        pf_enc_double(e, &o, c->v[0][i][1]);
    }
    if (c->n < MAX_N)
        pf_enc_more(e, false);
    num_enc_vector(e, c->n, c->v[1]);
    pf_float_opts co = num_range(FFT_COEF_MAX);
    pf_enc_double(e, &co, c->a);
    pf_enc_double(e, &co, c->b);
    pf_enc_u64_range(e, 0, c->n - 1, c->m);
    pf_enc_u64_range(e, 1, MAX_BATCH, c->k);
    for (size_t j = 2; j < c->k; j++)
        num_enc_vector(e, c->n, c->v[j]);
}


/* The data list of the stats and non_finite modes. */
size_t num_draw_data(pf_src *s, const pf_float_opts *o, double *x)
{
    pf_list l;
    pf_list_begin(s, &l, "data", 1, MAX_STATS);
    while (pf_list_more(s, &l))
        x[l.count - 1] = pf_double(s, "x", o);
    return l.count;
}

void num_enc_data(pf_buf *e, const pf_float_opts *o, const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            pf_enc_more(e, true);
        pf_enc_double(e, o, x[i]);
    }
    if (n < MAX_STATS)
        pf_enc_more(e, false);
}

void num_draw_stats(pf_src *s, stats_case *c)
{
    pf_float_opts xo = num_range(STATS_MAX), ao = num_range(STATS_A_MAX),
                  bo = num_range(STATS_B_MAX), to = num_range(POLY_T_MAX);
    c->n = num_draw_data(s, &xo, c->x);
    c->a = pf_double(s, "a", &ao);
    c->b = pf_double(s, "b", &bo);
    c->t = pf_double(s, "t", &to);
    pf_permutation(s, "order", c->perm, c->n);
}

void num_enc_stats(pf_buf *e, const stats_case *c)
{
    pf_float_opts xo = num_range(STATS_MAX), ao = num_range(STATS_A_MAX),
                  bo = num_range(STATS_B_MAX), to = num_range(POLY_T_MAX);
    num_enc_data(e, &xo, c->x, c->n);
    pf_enc_double(e, &ao, c->a);
    pf_enc_double(e, &bo, c->b);
    pf_enc_double(e, &to, c->t);
    /* The permutation as pf_permutation draws it: a distance per slot
     * from the last down to 1; the seeds use the identity (all zeros). */
    for (size_t i = c->n; i-- > 1;)
        pf_enc_u64_range(e, 0, i, 0);
}
