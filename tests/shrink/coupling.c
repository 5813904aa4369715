/* coupling: a list of ints in [0, 10]; for every i whose element j =
 * xs[i] is an index of the list other than i, xs[j] != i (no two
 * positions point at each other). SmartCheck benchmark "coupling".
 * Elements that are not indices are skipped, as the challenge's
 * precondition (all elements are indices) would reject nearly every
 * random list of eleven-valued ints.
 *
 * Ideal: [1, 0]. */
#include "shrink_bench.h"

enum { MAX_LEN = 16 };

typedef struct value {
    int64_t xs[MAX_LEN];
    size_t n;
} value;

static void draw(pf_src *s, value *v)
{
    pf_list l;
    pf_list_begin(s, &l, "xs", 0, MAX_LEN);
    while (pf_list_more(s, &l))
        v->xs[l.count - 1] = pf_i64_range(s, "x", 0, 10);
    v->n = l.count;
}

static bool holds(const value *v)
{
    for (size_t i = 0; i < v->n; i++) {
        size_t j = (size_t)v->xs[i];
        if (j < v->n && j != i && v->xs[j] == (int64_t)i)
            return false;
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("coupling", data, size);
    value v;
    draw(s, &v);
    if (!holds(&v)) {
        pf_buf *b = sb_report_buf();
        sb_print_i64s(b, v.xs, v.n);
        pf_line lines[] = {{"xs", pf_buf_str(b)}};
        pf_fail(s, "coupling", "xs[xs[i]] == i for some i != xs[i]", lines, 1,
                NULL);
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *v)
{
    pf_src *s = pf_begin("coupling", data, len);
    draw(s, v);
    pf_end(s);
}

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value v;
    decode(data, len, &v);
    return v.n == 2 && v.xs[0] == 1 && v.xs[1] == 0;
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    decode(data, len, &v);
    sb_print_i64s(out, v.xs, v.n);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    static const int64_t xs[] = {1, 0};
    sb_enc_i64s(out, xs, 2, MAX_LEN, 0, 10);
}

const char *shrink_bench_name(void) { return "coupling"; }
int shrink_bench_assert_ideal(void) { return 95; }
