/* large_union_list: a list of lists of int64; property: fewer than five
 * distinct values across all of them. Shrinking challenge
 * "large_union_list" (Hypothesis test_shrink_quality): a shrinker must be
 * able to join inner lists to normalise [[0], [1], [-1], [2], [-2]].
 *
 * Ideal: [[0, 1, -1, 2, -2]]: one inner list (the fewest bytes) of the
 * five simplest int64 values in propfuzz's order, in that order (every
 * order takes the same bytes; the shrinker's order then prefers the
 * simplest value first). */
#include "shrink_bench.h"

#include <string.h>

enum { MAX_OUTER = 8, MAX_INNER = 8, N_DISTINCT = 5 };

typedef struct value {
    int64_t xs[MAX_OUTER][MAX_INNER];
    size_t n[MAX_OUTER];
    size_t n_lists;
} value;

static void draw(pf_src *s, value *v)
{
    pf_list outer;
    pf_list_begin(s, &outer, "lists", 0, MAX_OUTER);
    while (pf_list_more(s, &outer)) {
        size_t i = outer.count - 1;
        pf_list inner;
        pf_list_begin(s, &inner, "list", 0, MAX_INNER);
        while (pf_list_more(s, &inner))
            v->xs[i][inner.count - 1] = pf_i64(s, "x");
        v->n[i] = inner.count;
    }
    v->n_lists = outer.count;
}

/* Distinct values, counted up to `cap` (quadratic: at most 64 values). */
static size_t distinct(const value *v, size_t cap)
{
    int64_t seen[MAX_OUTER * MAX_INNER];
    size_t n = 0;
    for (size_t i = 0; i < v->n_lists; i++)
        for (size_t j = 0; j < v->n[i] && n < cap; j++) {
            size_t k = 0;
            while (k < n && seen[k] != v->xs[i][j])
                k++;
            if (k == n)
                seen[n++] = v->xs[i][j];
        }
    return n;
}

static void print(pf_buf *b, const value *v)
{
    pf_buf_putc(b, '[');
    for (size_t i = 0; i < v->n_lists; i++) {
        if (i)
            pf_buf_printf(b, ", ");
        sb_print_i64s(b, v->xs[i], v->n[i]);
    }
    pf_buf_putc(b, ']');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("large_union_list", data, size);
    value v;
    draw(s, &v);
    if (distinct(&v, N_DISTINCT) >= N_DISTINCT) {
        pf_buf *b = sb_report_buf();
        print(b, &v);
        pf_line lines[] = {{"lists", pf_buf_str(b)}};
        pf_fail(s, "large_union_list", "five or more distinct values", lines,
                1, NULL);
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *v)
{
    pf_src *s = pf_begin("large_union_list", data, len);
    draw(s, v);
    pf_end(s);
}

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    static const int64_t want[N_DISTINCT] = {0, 1, -1, 2, -2};
    value v;
    decode(data, len, &v);
    return v.n_lists == 1 && v.n[0] == N_DISTINCT &&
           memcmp(v.xs[0], want, sizeof want) == 0;
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    decode(data, len, &v);
    print(out, &v);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    static const int64_t xs[N_DISTINCT] = {0, 1, -1, 2, -2};
    pf_enc_more(out, true);
    sb_enc_i64s(out, xs, N_DISTINCT, MAX_INNER, INT64_MIN, INT64_MAX);
    pf_enc_more(out, false);
}

const char *shrink_bench_name(void) { return "large_union_list"; }
int shrink_bench_assert_ideal(void) { return 95; }
