/* distinct: a list of int64 has fewer than three distinct values.
 * SmartCheck benchmark "distinct".
 *
 * Ideal: [0, 1, -1] exactly: three elements, each the simplest value not
 * yet used, in order. propfuzz orders integers 0, 1, -1, 2, -2, ..., so -1
 * is simpler than 2 (Hypothesis's answer is [0, 1, 2] with its order).
 * Permutations such as [1, -1, 0] encode in fewer bytes (a trailing zero
 * is free) but are later in draw order: not accepted. */
#include "shrink_bench.h"

enum { MAX_LEN = 64, N_DISTINCT = 3 };

typedef struct value {
    int64_t xs[MAX_LEN];
    size_t n;
} value;

static void draw(pf_src *s, value *v)
{
    pf_list l;
    pf_list_begin(s, &l, "xs", 0, MAX_LEN);
    while (pf_list_more(s, &l))
        v->xs[l.count - 1] = pf_i64(s, "x");
    v->n = l.count;
}

static size_t distinct(const value *v)
{
    int64_t seen[N_DISTINCT];
    size_t n = 0;
    for (size_t i = 0; i < v->n && n < N_DISTINCT; i++) {
        size_t k = 0;
        while (k < n && seen[k] != v->xs[i])
            k++;
        if (k == n)
            seen[n++] = v->xs[i];
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("distinct", data, size);
    value v;
    draw(s, &v);
    if (distinct(&v) >= N_DISTINCT) {
        pf_buf *b = sb_report_buf();
        sb_print_i64s(b, v.xs, v.n);
        pf_line lines[] = {{"xs", pf_buf_str(b)}};
        pf_fail(s, "distinct", "three or more distinct values", lines, 1, NULL);
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *v)
{
    pf_src *s = pf_begin("distinct", data, len);
    draw(s, v);
    pf_end(s);
}

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value v;
    decode(data, len, &v);
    return v.n == 3 && v.xs[0] == 0 && v.xs[1] == 1 && v.xs[2] == -1;
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    decode(data, len, &v);
    sb_print_i64s(out, v.xs, v.n);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    static const int64_t xs[] = {0, 1, -1};
    sb_enc_i64s(out, xs, 3, MAX_LEN, INT64_MIN, INT64_MAX);
}

const char *shrink_bench_name(void) { return "distinct"; }
int shrink_bench_assert_ideal(void) { return 95; }
