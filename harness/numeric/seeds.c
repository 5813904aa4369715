/* numeric's seeds, written as values (design §6). */
#include "numeric.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Called by the seed writer (properties/drivers/seed_main.c). Each seed is checked
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
        num_enc_fft(&e, &want);
        pf_src *s = pf_begin("numeric", e.data, e.len);
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_FFT);
        memset(&got, 0, sizeof got);
        num_draw_fft(s, &got);
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
        num_enc_stats(&e, &w);
        pf_src *s = pf_begin("numeric", e.data, e.len);
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_STATS);
        num_draw_stats(s, &g);
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
        num_enc_data(&e, NULL, nf_seeds[i].x, nf_seeds[i].n);
        pf_src *s = pf_begin("numeric", e.data, e.len);
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_NON_FINITE);
        size_t n = num_draw_data(s, NULL, g);
        PF_ASSERT(s, n == nf_seeds[i].n && doubles_bits_equal(g, nf_seeds[i].x, n));
        PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e.len);
        pf_end(s);
        emit_checked(emit, nf_seeds[i].name, &e);
    }
}
