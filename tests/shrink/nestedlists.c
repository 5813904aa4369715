/* nestedlists: a list of lists of int64 holds at most ten elements in
 * total. SmartCheck benchmark "nestedlists": deletion alone gets stuck in
 * local minima such as [[0], [0], ..., [0]]; inner lists must be joined.
 *
 * Ideal: [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]], one list of eleven zeros
 * (fewer bytes than any split: each extra inner list costs flag bytes). */
#include "shrink_bench.h"

enum { MAX_OUTER = 16, MAX_INNER = 16, LIMIT = 10 };

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

static size_t total(const value *v)
{
    size_t t = 0;
    for (size_t i = 0; i < v->n_lists; i++)
        t += v->n[i];
    return t;
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
    pf_src *s = pf_begin("nestedlists", data, size);
    value v;
    draw(s, &v);
    if (total(&v) > LIMIT) {
        pf_buf *b = sb_report_buf();
        print(b, &v);
        pf_line lines[] = {{"lists", pf_buf_str(b)}};
        pf_fail(s, "nestedlists", "more than ten elements in total", lines, 1,
                NULL);
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *v)
{
    pf_src *s = pf_begin("nestedlists", data, len);
    draw(s, v);
    pf_end(s);
}

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value v;
    decode(data, len, &v);
    if (v.n_lists != 1 || v.n[0] != LIMIT + 1)
        return false;
    for (size_t j = 0; j < v.n[0]; j++)
        if (v.xs[0][j] != 0)
            return false;
    return true;
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    decode(data, len, &v);
    print(out, &v);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    static const int64_t zeros[LIMIT + 1];
    pf_enc_more(out, true);
    sb_enc_i64s(out, zeros, LIMIT + 1, MAX_INNER, INT64_MIN, INT64_MAX);
    pf_enc_more(out, false);
}

const char *shrink_bench_name(void) { return "nestedlists"; }
int shrink_bench_assert_ideal(void) { return 95; }
