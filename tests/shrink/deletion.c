/* deletion: removing xs[i] from a list (its first occurrence, as
 * list.remove does) leaves no xs[i] in it -- false when xs[i] occurs
 * twice. SmartCheck benchmark "deletion": the two equal elements must
 * shrink together.
 *
 * The index is drawn after the list, in [0, len - 1], so it is always
 * valid; an empty list has no index and passes.
 *
 * Ideal: ([0, 0], 0). */
#include "shrink_bench.h"

enum { MAX_LEN = 32 };

typedef struct value {
    int64_t xs[MAX_LEN];
    size_t n;
    size_t i;
} value;

static void draw(pf_src *s, value *v)
{
    pf_list l;
    pf_list_begin(s, &l, "xs", 0, MAX_LEN);
    while (pf_list_more(s, &l))
        v->xs[l.count - 1] = pf_i64(s, "x");
    v->n = l.count;
    v->i = v->n ? (size_t)pf_u64_range(s, "i", 0, v->n - 1) : 0;
}

static bool holds(const value *v)
{
    if (v->n == 0)
        return true;
    int64_t x = v->xs[v->i];
    int64_t rest[MAX_LEN];
    size_t m = 0;
    bool removed = false;
    for (size_t k = 0; k < v->n; k++) {
        if (!removed && v->xs[k] == x)
            removed = true;
        else
            rest[m++] = v->xs[k];
    }
    for (size_t k = 0; k < m; k++)
        if (rest[k] == x)
            return false;
    return true;
}

static void print(pf_buf *b, const value *v)
{
    pf_buf_putc(b, '(');
    sb_print_i64s(b, v->xs, v->n);
    pf_buf_printf(b, ", %zu)", v->i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("deletion", data, size);
    value v;
    draw(s, &v);
    if (!holds(&v)) {
        pf_buf *b = sb_report_buf();
        print(b, &v);
        pf_line lines[] = {{"(xs, i)", pf_buf_str(b)}};
        pf_fail(s, "deletion", "xs[i] is still in xs after removing it",
                lines, 1, NULL);
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *v)
{
    pf_src *s = pf_begin("deletion", data, len);
    draw(s, v);
    pf_end(s);
}

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value v;
    decode(data, len, &v);
    return v.n == 2 && v.xs[0] == 0 && v.xs[1] == 0 && v.i == 0;
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    decode(data, len, &v);
    print(out, &v);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    static const int64_t xs[] = {0, 0};
    sb_enc_i64s(out, xs, 2, MAX_LEN, INT64_MIN, INT64_MAX);
    pf_enc_u64_range(out, 0, 1, 0);
}

const char *shrink_bench_name(void) { return "deletion"; }
int shrink_bench_assert_ideal(void) { return 95; }
