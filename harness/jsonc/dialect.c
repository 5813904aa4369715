/* dialect — what json-c's tokener reads beyond RFC 8259 by default
 * (without JSON_TOKENER_STRICT), on texts made from v, each read as the
 * text it was made from:
 *   - json-c's plain text of v with every letter outside strings (the
 *     literals true, false, null, NaN, Infinity and exponents' e) in drawn
 *     case: json-c compares its literals regardless of case (its
 *     tests/test_parse.c reads "True", "nAn", "infinity");
 *   - that text with drawn comments (slash-star and double-slash, holding
 *     stars and slashes) before and after drawn brackets, commas and
 *     colons: json-c takes comments for whitespace (C9: no star right
 *     before a comment's closing star and slash);
 *   - that text with a comma after the last item of drawn non-empty arrays
 *     and objects;
 *   - that text with a dangling exponent ("e", "E+", "e-", ...) after
 *     drawn numbers that have a point and no exponent: json-c trims it off
 *     a double ("to allow things like 123e+", json_tokener.c);
 *   - the canonical text of v with every character escaped, its hex digits
 *     in drawn case.
 * The shared properties give json-c only texts in one case, with no
 * comments, commas or exponents of its dialect. What json-c must refuse
 * is the limits property (harness/jsonc/limits.c). */
#include "jsonc_extra.h"

#include <string.h>

static void expect_same_reading(pf_src *s, const pf_json_case *c, const pf_buf *text,
                                const pf_buf *varied, const char *summary)
{
    const pf_json_adapter *lib = c->suite->lib;
    pf_json *want = lib->parse(lib, c->pool, text->data, text->len);
    pf_json *got = lib->parse(lib, c->pool, varied->data, varied->len);
    pf_json_eq how = {.nan_any = true};
    if (!want)
        pf_fail(s, NULL, "json-c refused a text of v", NULL, 0, NULL);
    if (!got || !pf_json_equal(got, want, &how, NULL)) {
        pf_line lines[] = {{"text", pf_json_show_text(c, text)},
                           {"varied", pf_json_show_text(c, varied)},
                           {"text reads", pf_json_shown(c, want)},
                           {"varied reads", pf_json_shown(c, got)}};
        pf_fail(s, NULL, summary, lines, PF_LEN(lines), NULL);
    }
}

typedef void variant_fn(pf_src *s, const pf_buf *t, pf_buf *out);

static void expect_variant(pf_src *s, const pf_json_case *c, const pf_buf *text,
                           variant_fn *make, const char *summary)
{
    pf_buf *varied = pf_json_scratch(s);
    make(s, text, varied);
    expect_same_reading(s, c, text, varied, summary);
}

void jsonc_dialect(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    const pf_json_adapter *lib = c->suite->lib;
    pf_buf *text = pf_json_scratch(s), *varied = pf_json_scratch(s);
    if (lib->write(lib, c->value, NULL, text) != 0)
        pf_fail(s, NULL, "json-c could not print v", NULL, 0, NULL);
    pf_buf_put(varied, text->data, text->len);
    jsonc_vary_case(s, varied, false);
    expect_same_reading(s, c, text, varied,
                        "the case of letters outside strings changes what json-c reads");
    expect_variant(s, c, text, pf_json_add_comments, "comments change what json-c reads");
    expect_variant(s, c, text, pf_json_add_trailing_commas,
                   "trailing commas change what json-c reads");
    expect_variant(s, c, text, jsonc_add_dangling_exponents,
                   "a dangling exponent after a double changes what json-c reads");
    pf_buf *escaped = pf_json_scratch(s), *hex = pf_json_scratch(s);
    pf_json_write_opts all = {.escape_all = true};
    pf_json_write(escaped, c->value, &all);
    pf_buf_put(hex, escaped->data, escaped->len);
    jsonc_vary_case(s, hex, true);
    expect_same_reading(s, c, escaped, hex,
                        "the case of \\u escapes' hex digits changes what json-c reads");
}
