/* Misuse of a draw: constraints that leave no value at all (a float range
 * [-inf, -inf] without infinities, text of at least one code point from an
 * empty alphabet, ...). Every draw returns a value its constraints allow,
 * so such a draw has nothing right to return: it is a bug in the harness,
 * not in the library under test, and it is said plainly, once, at the
 * draw's first call, in every mode (a fuzzer records the abort as a crash
 * of the harness, which is what it is). */
#include "../core/pf_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void pf__misuse(const pf_src *s, const char *draw, const char *label,
                const char *fmt, ...)
{
    char why[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    fprintf(stderr, "propfuzz: misuse: %s(\"%s\")%s%s: %s; fix the draw in the harness\n",
            draw, label ? label : "", s && s->target ? " in target " : "",
            s && s->target ? s->target : "", why);
    fflush(stderr);
    abort();
}
