/* Unit tests of how the shrinker orders and shrinks byte strings and text
 * (properties/shrink/shrink_order.c, shrink_payload.c, shrink_pass_strings.c):
 * strings count their elements, not their encoded bytes, compare element
 * by element with 0 simplest, and shrink to the smallest failing elements
 * (a run of equal bytes together, a single byte by searching below it). */
#include "shrink/shrink_internal.h"
#include "testkit.h"

#include <stdlib.h>

typedef void (*property)(pf_src *s);
static property g_prop;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("test_shrink_strings", data, size);
    g_prop(s);
    pf_end(s);
    return 0;
}

static void fail(pf_src *s) { pf_fail(s, "p", "fails", NULL, 0, NULL); }

enum { MAX_BYTES = 200 };

/* Fails for two bytes whose second is 0xf0 or more. */
static void second_is_high(pf_src *s)
{
    size_t n;
    const uint8_t *b = pf_bytes(s, "b", 0, 4, &n);
    if (n == 2 && b[1] >= 0xf0)
        fail(s);
}

/* Fails for 128 or more bytes, all equal. */
static void run_of_equal(pf_src *s)
{
    size_t n;
    const uint8_t *b = pf_bytes(s, "b", 0, MAX_BYTES, &n);
    bool equal = n >= 128;
    for (size_t i = 1; i < n && equal; i++)
        equal = b[i] == b[0];
    if (equal)
        fail(s);
}

/* The same, with bytes that must be letters or above. */
static void run_of_equal_letters(pf_src *s)
{
    size_t n;
    const uint8_t *b = pf_bytes(s, "b", 0, MAX_BYTES, &n);
    bool equal = n >= 128 && b[0] >= 'a';
    for (size_t i = 1; i < n && equal; i++)
        equal = b[i] == b[0];
    if (equal)
        fail(s);
}

/* Fails when the bytes hold a tab, a line feed or a carriage return. */
static void has_line_control(pf_src *s)
{
    size_t n;
    const uint8_t *b = pf_bytes(s, "b", 0, 8, &n);
    for (size_t i = 0; i < n; i++)
        if (b[i] == '\t' || b[i] == '\n' || b[i] == '\r')
            fail(s);
}

/* Fails for text with a code point beyond Latin-1 (U+0100 or more). */
static void beyond_latin1(pf_src *s)
{
    size_t n;
    const uint8_t *t = (const uint8_t *)pf_text(s, "t", NULL, &n);
    for (size_t i = 0; i < n; i++)
        if (t[i] >= 0xC4) /* the lead bytes of U+0100 and up */
            fail(s);
}

/* Fails for bytes of length 1 to 3 (at most 3: no terminator then). */
static void not_empty(pf_src *s)
{
    size_t n;
    pf_bytes(s, "b", 0, 3, &n);
    if (n > 0)
        fail(s);
}

static pf_shrink_opts g_opts = {.max_seconds = 20, .isolation = -1};

static void check_bytes(int line, const uint8_t *got, size_t n, pf_buf *want)
{
    while (want->len > 0 && want->data[want->len - 1] == 0)
        want->len--; /* kept inputs lose their trailing zeros */
    if (n == want->len && (n == 0 || memcmp(got, want->data, n) == 0))
        return;
    pf_buf g = {0}, w = {0};
    pf_buf_hex(&g, got, n, 48);
    pf_buf_hex(&w, want->data, want->len, 48);
    fail_at(line, "got %s, want %s", pf_buf_str(&g), pf_buf_str(&w));
    pf_buf_free(&g);
    pf_buf_free(&w);
}

static void shrinks_to(int line, pf_buf *in, pf_buf *want)
{
    pf_shrink_result r;
    if (pf_shrink(in->data, in->len, &g_opts, &r) != 0) {
        fail_at(line, "the start does not fail");
    } else {
        check_bytes(line, r.data, r.len, want);
        pf_shrink_result_free(&r);
    }
    pf_buf_free(in);
    pf_buf_free(want);
}

static void pass_gives(int line, pf_buf *in, pf_buf *want)
{
    pf__shrinker sh = {.opts = &g_opts, .t0 = pf__sh_now()};
    if (!pf__sh_start(&sh, in->data, in->len)) {
        fail_at(line, "the start does not fail");
    } else {
        bool changed = pf__pass_strings(&sh);
        check_bytes(line, sh.best, sh.len, want);
        if (!changed)
            fail_at(line, "the pass said it changed nothing");
    }
    pf__sh_free(&sh);
    pf_buf_free(in);
    pf_buf_free(want);
}

#define SHRINKS_TO(in, want) shrinks_to(__LINE__, in, want)
#define PASS_GIVES(in, want) pass_gives(__LINE__, in, want)

static void bytes_of(pf_buf *e, size_t max, const void *data, size_t n)
{
    memset(e, 0, sizeof *e);
    pf_enc_bytes(e, 0, max, data, n);
}

static void test_order_counts_elements_not_escapes(void)
{
    /* "\x00\xf0" takes a byte more ("\x00" is escaped), yet is simpler:
     * same element count, and its first element is 0. */
    g_prop = second_is_high;
    pf_buf a, b;
    bytes_of(&a, 4, "\x00\xf0", 2);
    bytes_of(&b, 4, "\x02\xff", 2);
    pf__outcome oa = {0}, ob = {0};
    CHECK(pf__eval_in_process(a.data, a.len, &oa) &&
          pf__eval_in_process(b.data, b.len, &ob), "both fail");
    EQ_U(pf__size(&oa, a.data, a.len), 3);
    EQ_U(pf__size(&ob, b.data, b.len), 3);
    CHECK(pf__compare(a.data, a.len, &oa, b.data, b.len, &ob) < 0,
          "\\x00\\xf0 is not before \\x02\\xff");
    CHECK(pf__compare(b.data, b.len, &ob, a.data, a.len, &oa) > 0,
          "the order is not antisymmetric");
    pf__outcome_free(&oa);
    pf__outcome_free(&ob);
    pf_buf_free(&a);
    pf_buf_free(&b);
}

static void test_shrinks_to_the_simplest_elements(void)
{
    g_prop = second_is_high;
    pf_buf in, want;
    bytes_of(&in, 4, "\x02\xff", 2);
    bytes_of(&want, 4, "\x00\xf0", 2);
    SHRINKS_TO(&in, &want);
}

static void test_run_of_equal_bytes_lowered_together(void)
{
    uint8_t run[128];
    g_prop = run_of_equal;
    pf_buf in, want;
    memset(run, 0xff, sizeof run);
    bytes_of(&in, MAX_BYTES, run, sizeof run);
    memset(run, 0x00, sizeof run);
    bytes_of(&want, MAX_BYTES, run, sizeof run);
    PASS_GIVES(&in, &want);

    g_prop = run_of_equal_letters;
    memset(run, 0xff, sizeof run);
    bytes_of(&in, MAX_BYTES, run, sizeof run);
    memset(run, 'a', sizeof run);
    bytes_of(&want, MAX_BYTES, run, sizeof run);
    PASS_GIVES(&in, &want);
}

static void test_single_byte_searched_below(void)
{
    /* '\r' (13): neither '\n' (10) nor '\t' (9) lies on a halving path
     * from it, and the smallest failing byte is '\t'. */
    g_prop = has_line_control;
    pf_buf in, want;
    bytes_of(&in, 8, "\r", 1);
    bytes_of(&want, 8, "\t", 1);
    PASS_GIVES(&in, &want);
}

static void test_text_code_point_searched_below(void)
{
    g_prop = beyond_latin1;
    pf_buf in = {0}, want = {0};
    pf_enc_text(&in, NULL, "\xF0\x9F\x98\x80", 4);  /* U+1F600 */
    pf_enc_text(&want, NULL, "\xC4\x80", 2);        /* U+0100 */
    SHRINKS_TO(&in, &want);
}

static void test_string_at_its_maximum_gets_a_terminator(void)
{
    /* "abc" fills max_len 3, so it has no terminator; deleting from it
     * must end it. The simplest is then one 0x00 (escaped: 01 00). */
    g_prop = not_empty;
    pf_buf in, want;
    bytes_of(&in, 3, "abc", 3);
    bytes_of(&want, 3, "\x00", 1);
    SHRINKS_TO(&in, &want);
}

int main(void)
{
    run("order_counts_elements_not_escapes", test_order_counts_elements_not_escapes);
    run("shrinks_to_the_simplest_elements", test_shrinks_to_the_simplest_elements);
    run("run_of_equal_bytes_lowered_together", test_run_of_equal_bytes_lowered_together);
    run("single_byte_searched_below", test_single_byte_searched_below);
    run("text_code_point_searched_below", test_text_code_point_searched_below);
    run("string_at_its_maximum_gets_a_terminator",
        test_string_at_its_maximum_gets_a_terminator);
    return finish();
}
