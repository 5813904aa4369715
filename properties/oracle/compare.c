/* Comparisons the oracles use: bit-exact floats, tolerances, diff paths. */
#include "../core/pf_internal.h"

#include <math.h>
#include <stdio.h>

bool pf_f64_bits_equal(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

bool pf_f32_bits_equal(float a, float b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* Maps a double's bits onto a line where adjacent doubles are adjacent
 * integers and -0.0 meets +0.0. */
static int64_t ordered(double d)
{
    int64_t i;
    memcpy(&i, &d, sizeof i);
    return i < 0 ? INT64_MIN - i : i;
}

uint64_t pf_ulp_distance(double a, double b)
{
    if (isnan(a) || isnan(b))
        return UINT64_MAX;
    int64_t x = ordered(a), y = ordered(b);
    return x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;
}

bool pf_close(double a, double b, pf_tolerance tol)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    if (a == b)
        return true;
    if (isinf(a) || isinf(b))
        return false;
    double diff = fabs(a - b);
    double mag = fmax(fabs(a), fabs(b));
    if (diff <= tol.abs || diff <= tol.rel * mag)
        return true;
    return tol.ulps > 0 && pf_ulp_distance(a, b) <= tol.ulps;
}

static void path_append(pf_path *p, const char *text, size_t n)
{
    size_t room = sizeof p->text - 1 - p->len;
    if (n > room)
        n = room;
    memcpy(p->text + p->len, text, n);
    p->len += n;
    p->text[p->len] = 0;
}

void pf_path_index(pf_path *p, size_t index)
{
    char tmp[32];
    int n = snprintf(tmp, sizeof tmp, "[%zu]", index);
    path_append(p, tmp, (size_t)n);
}

void pf_path_key(pf_path *p, const uint8_t *key, size_t len)
{
    pf_buf b = {0};
    pf_buf_putc(&b, '[');
    pf_buf_quote(&b, key, len > 40 ? 40 : len);
    if (len > 40)
        pf_buf_put(&b, "...", 3);
    pf_buf_putc(&b, ']');
    path_append(p, (const char *)b.data, b.len);
    pf_buf_free(&b);
}

void pf_path_pop(pf_path *p, size_t saved_len)
{
    if (saved_len < p->len) {
        p->len = saved_len;
        p->text[saved_len] = 0;
    }
}
