/* equal_bytes: a byte string (pf_bytes, up to 64 bytes) of at least eight
 * bytes is not one byte repeated. Not a standard challenge: it checks the
 * order on strings (issue: a run of equal bytes must shrink as a run, to
 * the simplest byte, not stay at its first value byte by byte).
 *
 * Ideal: eight 0x00 bytes. Each costs an escape byte in the input (01 00),
 * so a byte minimiser prefers eight 0x02; the shrinker's order counts
 * elements, then prefers 0, the decoder's simplest byte (rule 2). */
#include "shrink_bench.h"

enum { MAX_LEN = 64, RUN = 8 };

typedef struct value {
    const uint8_t *b;
    size_t n;
} value;

static void draw(pf_src *s, value *v)
{
    v->b = pf_bytes(s, "b", 0, MAX_LEN, &v->n);
}

static bool holds(const value *v)
{
    if (v->n < RUN)
        return true;
    for (size_t i = 1; i < v->n; i++)
        if (v->b[i] != v->b[0])
            return true;
    return false;
}

static void print(pf_buf *b, const value *v) { pf_buf_quote(b, v->b, v->n); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("equal_bytes", data, size);
    value v;
    draw(s, &v);
    if (!holds(&v)) {
        pf_buf *b = sb_report_buf();
        print(b, &v);
        pf_line lines[] = {{"b", pf_buf_str(b)}};
        pf_fail(s, "equal_bytes", "eight or more bytes, all equal", lines, 1,
                NULL);
    }
    pf_end(s);
    return 0;
}

/* The value's bytes live in the source's arena, so the callers below
 * use them before pf_end. */
bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value v;
    pf_src *s = pf_begin("equal_bytes", data, len);
    draw(s, &v);
    bool ideal = v.n == RUN;
    for (size_t i = 0; i < v.n && ideal; i++)
        ideal = v.b[i] == 0;
    pf_end(s);
    return ideal;
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    pf_src *s = pf_begin("equal_bytes", data, len);
    draw(s, &v);
    print(out, &v);
    pf_end(s);
}

void shrink_bench_ideal_input(pf_buf *out)
{
    static const uint8_t zeros[RUN];
    pf_enc_bytes(out, 0, MAX_LEN, zeros, RUN);
}

const char *shrink_bench_name(void) { return "equal_bytes"; }
int shrink_bench_assert_ideal(void) { return 95; }
