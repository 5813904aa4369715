/* reverse: reversing a list gives the same list (false for any list that
 * is not a palindrome). Shrinking challenge "reverse".
 *
 * Ideal: [0, 1], and only it. [1, 0] fails with the same draws, but
 * [0, 1] is first in draw order (its first element is simpler), which is
 * the order propfuzz's decoder calls simplest and the conventional answer
 * (Hypothesis, SmartCheck). [1, 0] happens to need one byte fewer, since
 * zeros past the end of the input are free; ranking by that would make
 * the answer depend on where zeros fall in the encoding, not on the
 * value, so it is not accepted. */
#include "shrink_bench.h"

enum { MAX_LEN = 64 };

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

static bool holds(const value *v)
{
    for (size_t i = 0; i < v->n; i++)
        if (v->xs[i] != v->xs[v->n - 1 - i])
            return false;
    return true;
}

static void print(pf_buf *b, const value *v) { sb_print_i64s(b, v->xs, v->n); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("reverse", data, size);
    value v;
    draw(s, &v);
    if (!holds(&v)) {
        pf_buf *b = sb_report_buf();
        print(b, &v);
        pf_line lines[] = {{"xs", pf_buf_str(b)}};
        pf_fail(s, "reverse", "reverse(xs) != xs", lines, 1, NULL);
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *v)
{
    pf_src *s = pf_begin("reverse", data, len);
    draw(s, v);
    pf_end(s);
}

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value v;
    decode(data, len, &v);
    return v.n == 2 && v.xs[0] == 0 && v.xs[1] == 1;
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    decode(data, len, &v);
    print(out, &v);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    static const int64_t xs[] = {0, 1};
    sb_enc_i64s(out, xs, 2, MAX_LEN, INT64_MIN, INT64_MAX);
}

const char *shrink_bench_name(void) { return "reverse"; }
int shrink_bench_assert_ideal(void) { return 95; }
