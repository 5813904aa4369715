/* lengthlist: a length n in [1, 100] is drawn first, then exactly n
 * integers in [0, 1000]; property: the maximum is below 900. Shrinking
 * challenge "lengthlist": the list is built by bind on n, so deleting an
 * element means lowering n and deleting its bytes together.
 *
 * Ideal: [900]. */
#include "shrink_bench.h"

enum { MAX_N = 100, LIMIT = 900 };

typedef struct value {
    int64_t xs[MAX_N];
    size_t n;
} value;

static void draw(pf_src *s, value *v)
{
    size_t n = (size_t)pf_i64_range(s, "n", 1, MAX_N);
    pf_list l;
    /* min == max == n: exactly n elements, no continue-flags. */
    pf_list_begin(s, &l, "xs", n, n);
    while (pf_list_more(s, &l))
        v->xs[l.count - 1] = pf_i64_range(s, "x", 0, 1000);
    v->n = l.count;
}

static bool holds(const value *v)
{
    for (size_t i = 0; i < v->n; i++)
        if (v->xs[i] >= LIMIT)
            return false;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("lengthlist", data, size);
    value v;
    draw(s, &v);
    if (!holds(&v)) {
        pf_buf *b = sb_report_buf();
        sb_print_i64s(b, v.xs, v.n);
        pf_line lines[] = {{"xs", pf_buf_str(b)}};
        pf_fail(s, "lengthlist", "max(xs) >= 900", lines, 1, NULL);
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *v)
{
    pf_src *s = pf_begin("lengthlist", data, len);
    draw(s, v);
    pf_end(s);
}

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value v;
    decode(data, len, &v);
    return v.n == 1 && v.xs[0] == LIMIT;
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    decode(data, len, &v);
    sb_print_i64s(out, v.xs, v.n);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    pf_enc_i64_range(out, 1, MAX_N, 1);
    pf_enc_i64_range(out, 0, 1000, LIMIT); /* no flags: exactly n */
}

const char *shrink_bench_name(void) { return "lengthlist"; }
int shrink_bench_assert_ideal(void) { return 95; }
