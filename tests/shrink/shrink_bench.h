/* What one shrinking benchmark (tests/shrink/<name>.c) gives its drivers
 * (tests/shrink/driver.c, bench/shrink_*.c) besides LLVMFuzzerTestOneInput.
 *
 * Each benchmark draws its value with one static strategy that both the
 * fuzz entry point and these functions use, so "the value of these bytes"
 * means the same thing to the property, the ideal check and the printout. */
#ifndef SHRINK_BENCH_H
#define SHRINK_BENCH_H

#include "propfuzz.h"

#include <inttypes.h>

/* Whether data decodes to the known minimal counterexample. */
bool shrink_bench_ideal(const uint8_t *data, size_t len);
/* The benchmark's name, also its property name. */
const char *shrink_bench_name(void);
/* The share of starts of each kind, in percent, that must reach the
 * ideal; 0: the ideal is only reported. */
int shrink_bench_assert_ideal(void);
/* Appends the decoded value of data, as the failure report prints it. */
void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out);
/* Appends bytes that decode to the ideal (with pf_enc_*), so the driver
 * can check the ideal fails and is recognised before trusting either. */
void shrink_bench_ideal_input(pf_buf *out);

/* "[a, b, c]": the benchmarks print their lists this way. */
static inline void sb_print_i64s(pf_buf *b, const int64_t *xs, size_t n)
{
    pf_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++)
        pf_buf_printf(b, "%s%" PRId64, i ? ", " : "", xs[i]);
    pf_buf_putc(b, ']');
}

/* The inverse of a pf_list (min 0, max `max`) of pf_i64_range(lo, hi). */
static inline void sb_enc_i64s(pf_buf *e, const int64_t *xs, size_t n,
                               size_t max, int64_t lo, int64_t hi)
{
    for (size_t i = 0; i < n; i++) {
        pf_enc_more(e, true);
        pf_enc_i64_range(e, lo, hi, xs[i]);
    }
    if (n < max)
        pf_enc_more(e, false);
}

/* The report buffer of a failing value. Static and reused, so a failure
 * that leaves through pf_fail (abort, or the shrinker's in-process escape)
 * never strands heap memory. */
static inline pf_buf *sb_report_buf(void)
{
    static pf_buf buf;
    buf.len = 0;
    return &buf;
}

#endif
