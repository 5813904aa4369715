/* parse_options — what each of yajl_parse's options (yajl_config) lets
 * through, and what yajl refuses without it, on texts made from yajl_gen's
 * plain text t of v:
 *   - t with drawn comments (slash-star, double-slash) around drawn
 *     brackets, commas and colons: refused by default, with a message that
 *     names the comment; read as v with yajl_allow_comments;
 *   - t with a byte sequence that is no UTF-8 at the start of a drawn
 *     string: refused by default ("invalid bytes in UTF8 string"); read
 *     with yajl_dont_validate_strings;
 *   - t, whitespace and drawn garbage: refused by default ("trailing
 *     garbage"); read as v with yajl_allow_trailing_garbage, yajl_parse
 *     consuming t's bytes only (how yajl_parse.h says to find the junk);
 *   - t, whitespace and t again: refused by default; read as two values,
 *     each v, with yajl_allow_multiple_values;
 *   - t cut right after a drawn bracket, comma or colon (v a container):
 *     refused by yajl_complete_parse ("premature EOF"); accepted, its first
 *     value begun, with yajl_allow_partial_values;
 *   - an integer past a long long, a number past a double, after t:
 *     refused ("integer overflow", "numeric (floating point) overflow");
 *   - a malformed number, escape, string byte or literal after t: refused
 *     with the lexer's message for that fault;
 *   - t inside 128 to 400 arrays: read (yajl's parser has no depth limit);
 * and yajl_parse consumes all of every other text it accepts
 * (yajl_get_bytes_consumed). The shared properties only give yajl texts
 * that are JSON, with its default options. */
#include "yajl_extra.h"
#include "json_adapters.h"

#include <string.h>
#include <yajl/yajl_parse.h>

typedef struct reading {
    pf_json_yajl_reading r;
    pf_json *roots[2];
    int status;
} reading;

static const char *options_named(unsigned options)
{
    switch (options) {
    case 0: return "defaults";
    case yajl_allow_comments: return "yajl_allow_comments";
    case yajl_dont_validate_strings: return "yajl_dont_validate_strings";
    case yajl_allow_trailing_garbage: return "yajl_allow_trailing_garbage";
    case yajl_allow_multiple_values: return "yajl_allow_multiple_values";
    default: return "yajl_allow_partial_values";
    }
}

static reading *read_with(pf_src *s, const pf_json_case *c, const pf_buf *t,
                          unsigned options)
{
    reading *x = pf_alloc(s, sizeof *x);
    memset(x, 0, sizeof *x);
    x->r = (pf_json_yajl_reading){.roots = x->roots, .max_roots = PF_LEN(x->roots),
                                  .error = pf_json_scratch(s)};
    x->status = pf_json_yajl_read(c->pool, t->data, t->len, options, &x->r);
    return x;
}

static void fail_reading(pf_src *s, const pf_json_case *c, const pf_buf *t,
                         unsigned options, const reading *x, const char *summary)
{
    pf_buf *got = pf_json_scratch(s);
    pf_buf_printf(got, "%s, %zu value(s), %zu of %zu bytes consumed%s%s",
                  yajl_status_to_string((yajl_status)x->status), x->r.n_roots,
                  x->r.consumed, t->len, x->r.error->len ? ": " : "",
                  pf_buf_str(x->r.error));
    pf_line lines[] = {{"text", pf_json_show_text(c, t)},
                       {"options", options_named(options)},
                       {"v", pf_json_show(c->pool, c->value)},
                       {"yajl", pf_buf_str(got)},
                       {"first value", pf_json_shown(c, x->r.n_roots ? x->roots[0] : NULL)}};
    pf_fail(s, NULL, summary, lines, PF_LEN(lines), NULL);
}

/* Refused with the defaults, with a message holding `says`. */
static void expect_refused(pf_src *s, const pf_json_case *c, const pf_buf *t,
                           const char *says, const char *summary)
{
    reading *x = read_with(s, c, t, 0);
    if (x->status == yajl_status_ok || !strstr(pf_buf_str(x->r.error), says))
        fail_reading(s, c, t, 0, x, summary);
}

/* Read with the option as n values, each v (n 0: accepted, one value
 * begun), yajl_parse having consumed `consumed` bytes. */
static void expect_read(pf_src *s, const pf_json_case *c, const pf_buf *t,
                        unsigned option, size_t n, size_t consumed, const char *summary)
{
    reading *x = read_with(s, c, t, option);
    bool ok = x->status == yajl_status_ok && x->r.n_roots == (n ? n : 1) &&
              x->r.consumed == consumed;
    pf_json_eq exact = {0};
    for (size_t i = 0; ok && i < n; i++)
        ok = pf_json_equal(x->roots[i], c->value, &exact, NULL);
    if (!ok)
        fail_reading(s, c, t, option, x, summary);
}

static pf_buf *joined(pf_src *s, const pf_buf *t, const char *middle, const pf_buf *tail)
{
    pf_buf *out = pf_json_scratch(s);
    pf_buf_put(out, t->data, t->len);
    pf_buf_put(out, middle, strlen(middle));
    if (tail)
        pf_buf_put(out, tail->data, tail->len);
    return out;
}

/* "[t,token]". */
static pf_buf *in_array_after(pf_src *s, const pf_buf *t, const char *token)
{
    pf_buf *text = pf_json_scratch(s);
    pf_buf_putc(text, '[');
    pf_buf_put(text, t->data, t->len);
    pf_buf_printf(text, ",%s]", token);
    return text;
}

static void check_comments(pf_src *s, const pf_json_case *c, const pf_buf *t)
{
    pf_buf *commented = pf_json_scratch(s);
    pf_json_add_comments(s, t, commented);
    if (commented->len == t->len)
        return; /* no place picked, or a scalar */
    expect_refused(s, c, commented, "comment",
                   "yajl read comments without yajl_allow_comments");
    expect_read(s, c, commented, yajl_allow_comments, 1, commented->len,
                "comments change what yajl reads with yajl_allow_comments");
}

static void check_bad_utf8(pf_src *s, const pf_json_case *c, const pf_buf *t)
{
    pf_buf *bad = pf_json_with_bad_utf8(s, t);
    if (!bad)
        return;
    expect_refused(s, c, bad, "UTF8", "yajl read a string that is no UTF-8");
    expect_read(s, c, bad, yajl_dont_validate_strings, 0, bad->len,
                "yajl refused a string that is no UTF-8 with yajl_dont_validate_strings");
}

static void check_trailing(pf_src *s, const pf_json_case *c, const pf_buf *t)
{
    static const char *const spaces[] = {" ", "\n", "\t", "\r\n"};
    static const char *const garbage[] = {"x", "]", "}", ",", ":", "1", "\"a\"", "{", "/"};
    pf_buf *sep = pf_json_scratch(s);
    pf_buf_printf(sep, "%s%s", spaces[pf_choice(s, "space", PF_LEN(spaces))],
                  garbage[pf_choice(s, "garbage", PF_LEN(garbage))]);
    pf_buf *more = joined(s, t, pf_buf_str(sep), NULL);
    expect_refused(s, c, more, "trailing garbage",
                   "yajl read trailing garbage without yajl_allow_trailing_garbage");
    expect_read(s, c, more, yajl_allow_trailing_garbage, 1, t->len,
                "yajl did not read v before trailing garbage with yajl_allow_trailing_garbage");
    pf_buf *twice = joined(s, t, spaces[pf_choice(s, "between", PF_LEN(spaces))], t);
    expect_refused(s, c, twice, "trailing garbage",
                   "yajl read two values without yajl_allow_multiple_values");
    expect_read(s, c, twice, yajl_allow_multiple_values, 2, twice->len,
                "yajl did not read v twice with yajl_allow_multiple_values");
}

static void check_partial(pf_src *s, const pf_json_case *c, const pf_buf *t)
{
    size_t cuts[64], n = 0;
    pf_json_text_place at = PF_JSON_OUTSIDE;
    for (size_t i = 0; i + 1 < t->len && n < PF_LEN(cuts); i++)
        if (pf_json_text_step(&at, t->data[i]) == PF_JSON_OUTSIDE &&
            strchr("[{,:", t->data[i]))
            cuts[n++] = i + 1;
    if (n == 0)
        return; /* a scalar, or an empty container */
    pf_buf *cut = pf_json_scratch(s);
    pf_buf_put(cut, t->data, cuts[pf_choice(s, "cut", n)]);
    expect_refused(s, c, cut, "premature EOF", "yajl read a value cut short");
    expect_read(s, c, cut, yajl_allow_partial_values, 0, cut->len,
                "yajl refused a value cut short with yajl_allow_partial_values");
}

/* Numbers past a long long or a double, after t in an array (Y6: none
 * whose first 18 digits lie in yajl_parse_integer's overflow window). */
static void check_overflow(pf_src *s, const pf_json_case *c, const pf_buf *t)
{
    static const char *const big[] = {"9223372036854775808", "-9223372036854775809",
                                       "99999999999999999999", "-10000000000000000000000",
                                       "1e400", "-2.5E+999"};
    size_t k = pf_choice(s, "overflow", PF_LEN(big));
    expect_refused(s, c, in_array_after(s, t, big[k]), k < 4 ? "integer overflow" : "numeric (floating point) overflow",
                   "yajl read a number it cannot hold");
}

/* A token JSON forbids, after t in an array: refused with the lexer's
 * message for it (yajl_lex.c's yajl_lex_error_to_string). */
static void check_malformed(pf_src *s, const pf_json_case *c, const pf_buf *t)
{
    static const struct {
        const char *token, *says;
    } bad[] = {
        {"1.", "after the decimal point"},  {"-", "after the minus sign"},
        {"1e", "after the exponent"},       {"-2.5E+", "after the exponent"},
        {"\"\\x\"", "which it may not"},    {"\"\\u12g4\"", "non-hex"},
        {"\"\x01\"", "invalid character inside string"},
        {"tru", "invalid string in json text"}, {"@", "invalid char in json text"},
    };
    size_t k = pf_choice(s, "malformed", PF_LEN(bad));
    expect_refused(s, c, in_array_after(s, t, bad[k].token), bad[k].says, "yajl read a token JSON forbids, or named another fault");
}

/* yajl's parser has no depth limit (Y5): t inside 128 to 400 arrays,
 * deeper than its parser-state stack's first block, reads as v so
 * wrapped. */
static void check_deep(pf_src *s, const pf_json_case *c, const pf_buf *t)
{
    size_t depth = (size_t)pf_u64_range(s, "depth", 128, 400);
    pf_buf *text = pf_json_scratch(s);
    for (size_t i = 0; i < depth; i++)
        pf_buf_putc(text, '[');
    pf_buf_put(text, t->data, t->len);
    for (size_t i = 0; i < depth; i++)
        pf_buf_putc(text, ']');
    reading *x = read_with(s, c, text, 0);
    const pf_json *inner = x->r.n_roots == 1 ? x->roots[0] : NULL;
    for (size_t i = 0; inner && i < depth; i++)
        inner = inner->type == PF_JSON_ARRAY && inner->n == 1 ? inner->v.items[0] : NULL;
    pf_json_eq exact = {0};
    if (x->status != yajl_status_ok || !inner || !pf_json_equal(inner, c->value, &exact, NULL))
        fail_reading(s, c, text, 0, x, "yajl did not read v inside deep arrays");
}

pf_buf *yajl_plain_text(pf_src *s, const pf_json_case *c)
{
    pf_buf *t = pf_json_scratch(s);
    if (c->suite->lib->write(c->suite->lib, c->value, NULL, t) != 0)
        pf_fail(s, NULL, "yajl_gen could not write v", NULL, 0, NULL);
    return t;
}

void yajl_parse_options(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf_buf *t = yajl_plain_text(s, c);
    expect_read(s, c, t, 0, 1, t->len, "yajl did not read its own text of v as v, all of it");
    check_comments(s, c, t);
    check_bad_utf8(s, c, t);
    check_trailing(s, c, t);
    check_partial(s, c, t);
    check_overflow(s, c, t);
    check_malformed(s, c, t);
    check_deep(s, c, t);
}
