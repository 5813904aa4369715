/* The three "difference" shrinking challenges share everything but their
 * predicate: two positive ints x, y in [1, 1000000]; the property holds
 * when x < 10 or the predicate on |x - y| is false. Each includer defines
 *   DIFF_NAME      the benchmark (and property) name
 *   DIFF_SUMMARY   what the failure means
 *   DIFF_IDEAL_Y   y of the ideal (x = 10: the smallest x that can fail,
 *                  then the smallest y in propfuzz's order, which for a
 *                  positive range is nearest 1)
 * and `static bool diff_fails(int64_t d)` before including this file. */
#ifndef DIFFERENCE_H
#define DIFFERENCE_H

#include "shrink_bench.h"

enum { DIFF_MIN_X = 10, DIFF_MAX = 1000000 };

typedef struct value {
    int64_t x, y;
} value;

static void draw(pf_src *s, value *v)
{
    v->x = pf_i64_range(s, "x", 1, DIFF_MAX);
    v->y = pf_i64_range(s, "y", 1, DIFF_MAX);
}

static bool holds(const value *v)
{
    int64_t d = v->x > v->y ? v->x - v->y : v->y - v->x;
    return v->x < DIFF_MIN_X || !diff_fails(d);
}

static void print(pf_buf *b, const value *v)
{
    pf_buf_printf(b, "[%" PRId64 ", %" PRId64 "]", v->x, v->y);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin(DIFF_NAME, data, size);
    value v;
    draw(s, &v);
    if (!holds(&v)) {
        pf_buf *b = sb_report_buf();
        print(b, &v);
        pf_line lines[] = {{"[x, y]", pf_buf_str(b)}};
        pf_fail(s, DIFF_NAME, DIFF_SUMMARY, lines, 1, NULL);
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *v)
{
    pf_src *s = pf_begin(DIFF_NAME, data, len);
    draw(s, v);
    pf_end(s);
}

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value v;
    decode(data, len, &v);
    return v.x == DIFF_MIN_X && v.y == DIFF_IDEAL_Y;
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    decode(data, len, &v);
    print(out, &v);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    pf_enc_i64_range(out, 1, DIFF_MAX, DIFF_MIN_X);
    pf_enc_i64_range(out, 1, DIFF_MAX, DIFF_IDEAL_Y);
}

const char *shrink_bench_name(void) { return DIFF_NAME; }
int shrink_bench_assert_ideal(void) { return 95; }

#endif
