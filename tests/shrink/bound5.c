/* bound5: five lists of int16; if each list sums (as int16, wrapping) to
 * less than 256, the whole sum (wrapping) is less than 5 * 256. False
 * through overflow. Shrinking challenge "bound5" (SmartCheck).
 *
 * Ideal: ([], [], [], [-1], [-32768]). Two elements are needed (a list's
 * own sum is < 256), they cannot share a list (that list would sum to
 * 32767), and with the first drawn element as simple as possible (-1
 * before -2, ...), -1 needs -32768 beside it. Every placement of the two
 * in the five lists takes the same bytes and draws; the shrinker's order
 * then prefers the empty lists first (their "no more" flag is a 0 where
 * a list with an element has a 1), and -1 before -32768. Lists hold at
 * most MAX_LEN elements (Hypothesis uses 1, jqwik no cap). */
#include "shrink_bench.h"

enum { N_LISTS = 5, MAX_LEN = 10 };

typedef struct value {
    int64_t xs[N_LISTS][MAX_LEN];
    size_t n[N_LISTS];
} value;

static void draw(pf_src *s, value *v)
{
    pf_span_begin(s, "lists");
    for (size_t i = 0; i < N_LISTS; i++) {
        pf_list l;
        pf_list_begin(s, &l, "list", 0, MAX_LEN);
        while (pf_list_more(s, &l))
            v->xs[i][l.count - 1] = pf_i64_range(s, "x", INT16_MIN, INT16_MAX);
        v->n[i] = l.count;
    }
    pf_span_end(s);
}

/* x as an int16 sum wraps it, spelled without implementation-defined
 * narrowing: the unsigned conversion is modular by definition. */
static int wrap16(int64_t x)
{
    unsigned u = (uint16_t)(uint64_t)x;
    return u < 0x8000u ? (int)u : (int)u - 0x10000;
}

static int64_t sum(const int64_t *xs, size_t n)
{
    int64_t t = 0; /* at most 50 int16 values: no int64 overflow */
    for (size_t i = 0; i < n; i++)
        t += xs[i];
    return t;
}

/* Returns 1 when the property holds, 0 when it fails, -1 when the
 * precondition rejects the value (then the input passes). */
static int check(const value *v)
{
    int64_t total = 0;
    for (size_t i = 0; i < N_LISTS; i++) {
        int64_t t = sum(v->xs[i], v->n[i]);
        if (wrap16(t) >= 256)
            return -1;
        total += t;
    }
    return wrap16(total) < 5 * 256;
}

static void print(pf_buf *b, const value *v)
{
    pf_buf_putc(b, '(');
    for (size_t i = 0; i < N_LISTS; i++) {
        if (i)
            pf_buf_printf(b, ", ");
        sb_print_i64s(b, v->xs[i], v->n[i]);
    }
    pf_buf_putc(b, ')');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("bound5", data, size);
    value v;
    draw(s, &v);
    if (check(&v) == 0) {
        pf_buf *b = sb_report_buf();
        print(b, &v);
        pf_line lines[] = {{"lists", pf_buf_str(b)}};
        pf_fail(s, "bound5", "every list sums below 256 but the total is not "
                "below 1280 (int16)", lines, 1, NULL);
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *v)
{
    pf_src *s = pf_begin("bound5", data, len);
    draw(s, v);
    pf_end(s);
}

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value v;
    decode(data, len, &v);
    for (size_t i = 0; i < N_LISTS - 2; i++)
        if (v.n[i] != 0)
            return false;
    return v.n[3] == 1 && v.xs[3][0] == -1 && v.n[4] == 1 &&
           v.xs[4][0] == INT16_MIN;
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    decode(data, len, &v);
    print(out, &v);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    static const int64_t minus1[] = {-1}, lo[] = {INT16_MIN};
    for (int i = 0; i < N_LISTS - 2; i++)
        sb_enc_i64s(out, NULL, 0, MAX_LEN, INT16_MIN, INT16_MAX);
    sb_enc_i64s(out, minus1, 1, MAX_LEN, INT16_MIN, INT16_MAX);
    sb_enc_i64s(out, lo, 1, MAX_LEN, INT16_MIN, INT16_MAX);
}

const char *shrink_bench_name(void) { return "bound5"; }
int shrink_bench_assert_ideal(void) { return 95; }
