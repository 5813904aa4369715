/* numeric's report helpers: doubles, complex bins and their tolerances. */
#include "numeric.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Reports.                                                            */
/* ------------------------------------------------------------------ */

uint64_t num_bits_of(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

void num_put_double(pf_buf *b, double d)
{
    pf_buf_printf(b, "%.17g (0x%016llx)", d, (unsigned long long)num_bits_of(d));
}

void num_put_doubles(pf_buf *b, const double *x, size_t n)
{
    pf_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++)
        pf_buf_printf(b, "%s%.17g", i ? ", " : "", x[i]);
    pf_buf_putc(b, ']');
}

void num_put_complex(pf_buf *b, const fftw_complex *v, size_t n)
{
    pf_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++)
        pf_buf_printf(b, "%s(%.17g, %.17g)", i ? ", " : "", v[i][0], v[i][1]);
    pf_buf_putc(b, ']');
}

/* Two complex values that should agree within tol (absolute, both
 * components). Reports the bin, both sides, the tolerance and why. */
void num_check_bin(pf_src *s, const char *property, const char *summary,
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
    num_put_complex(&ti, input, n);
    pf_path path = {.len = 0};
    pf_path_index(&path, bin);
    pf_line lines[] = {
        {"x", pf_buf_defer(s, &ti)},
        {ctx_name, ctx},
        {name_a, pf_buf_defer(s, &ta)},
        {name_b, pf_buf_defer(s, &tb)},
        {"tolerance", pf_buf_defer(s, &tt)},
    };
    pf_fail(s, property, summary, lines, 5, path.text);
}

_Noreturn void num_fail_values(pf_src *s, const char *property,
                                  const char *summary, const double *x, size_t n,
                                  const char *name_a, double a, const char *name_b,
                                  double b, const char *extra_name, const char *extra)
{
    pf_buf tx = {0}, ta = {0}, tb = {0};
    num_put_doubles(&tx, x, n);
    num_put_double(&ta, a);
    num_put_double(&tb, b);
    pf_line lines[] = {
        {"data", pf_buf_defer(s, &tx)},
        {name_a, pf_buf_defer(s, &ta)},
        {name_b, pf_buf_defer(s, &tb)},
        {extra_name, extra},
    };
    pf_fail(s, property, summary, lines, extra ? 4 : 3, NULL);
}

/* Two doubles within tol (a pf_tolerance: ULPs or absolute). */
void num_check_values(pf_src *s, const char *property, const char *summary,
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
    num_fail_values(s, property, summary, x, n, name_a, a, name_b, b, "tolerance",
                pf_buf_defer(s, &t));
}
