/* Planted bug for deterministic: every other double is written in
 * exponent form (%.17e): the same value, other bytes. */

#include <stdio.h>

static inline yajl_gen_status planted_gen_double(yajl_gen g, double d)
{
    static unsigned calls;
    if (calls++ & 1) {
        char text[40];
        int n = snprintf(text, sizeof text, "%.17e", d);
        return yajl_gen_number(g, text, (size_t)n);
    }
    return yajl_gen_double(g, d);
}
#define yajl_gen_double planted_gen_double
