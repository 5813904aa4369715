/* limits — what json-c must refuse, on texts made from v (the plain print
 * unless said otherwise):
 *   - with JSON_TOKENER_STRICT (and VALIDATE_UTF8) json-c reads the text as
 *     it reads it by default when v holds no NaN or infinity (the only
 *     non-JSON it prints), and refuses it with drawn comments or trailing
 *     commas (harness/jsonc/dialect.c reads those by default), or with a
 *     byte sequence that is no UTF-8 (0xFF, a lone continuation byte, a
 *     cut three-byte sequence) at the start of a drawn string;
 *   - json_tokener_parse_ex with JSON_TOKENER_STRICT refuses the text
 *     followed by a space and a drawn non-whitespace byte (by default
 *     json-c stops before it; strict, it is an error);
 *   - the text inside as many arrays as make it JSON_TOKENER_DEFAULT_DEPTH
 *     (32) values deep reads as v so wrapped; one array more is refused;
 *   - the canonical text of v with every character escaped, one drawn digit
 *     of a \u escape replaced by a drawn character that is no hex digit,
 *     is refused.
 * The shared properties never parse strictly, never validate UTF-8 and
 * stay four levels deep. */
#include "jsonc_extra.h"

#include "json_adapters.h"

#include <json-c/json.h>
#include <math.h>
#include <string.h>

/* Fails when the strict adapter reads t (a text it must refuse). */
static void strict_refuses(pf_src *s, const pf_json_case *c, const pf_buf *t,
                           const char *summary)
{
    const pf_json_adapter *strict = &pf_json_jsonc_strict;
    if (strict->parse(strict, c->pool, t->data, t->len)) {
        pf_line lines[] = {{"text", pf_json_show_text(c, t)}};
        pf_fail(s, NULL, summary, lines, PF_LEN(lines), NULL);
    }
}

/* True when v holds a NaN or an infinity. */
static bool nonfinite(const pf_json *v)
{
    if (v->type == PF_JSON_DOUBLE)
        return !isfinite(v->v.d);
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        if (nonfinite(v->v.items[i]))
            return true;
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++)
        if (nonfinite(v->v.members[i].value))
            return true;
    return false;
}

static void strict_reading(pf_src *s, const pf_json_case *c, const pf_buf *text)
{
    const pf_json_adapter *strict = &pf_json_jsonc_strict;
    pf_buf *commented = pf_json_scratch(s), *commas = pf_json_scratch(s);
    pf_json_add_comments(s, text, commented);
    if (commented->len != text->len)
        strict_refuses(s, c, commented, "strict json-c read a text with a comment");
    pf_json_add_trailing_commas(s, text, commas);
    if (commas->len != text->len)
        strict_refuses(s, c, commas, "strict json-c read a trailing comma");
    pf_buf *bad = pf_json_with_bad_utf8(s, text);
    if (bad)
        strict_refuses(s, c, bad,
                       "json-c with JSON_TOKENER_VALIDATE_UTF8 read a string that is no UTF-8");
    if (nonfinite(c->value))
        return;
    pf_json *want = c->suite->lib->parse(c->suite->lib, c->pool, text->data, text->len);
    pf_json *got = strict->parse(strict, c->pool, text->data, text->len);
    pf_json_eq how = {0};
    if (!got || !want || !pf_json_equal(got, want, &how, NULL)) {
        pf_line lines[] = {{"text", pf_json_show_text(c, text)},
                           {"default reads", pf_json_shown(c, want)},
                           {"strict reads", pf_json_shown(c, got)}};
        pf_fail(s, NULL, "strict json-c reads json-c's own text of v otherwise", lines,
                PF_LEN(lines), NULL);
    }
}

/* Strict json-c refuses a value followed by more than whitespace. */
static void strict_trailing(pf_src *s, const pf_json_case *c, const pf_buf *text)
{
    static const char after[] = "x0[{\"/,";
    pf_buf *more = pf_json_scratch(s);
    pf_buf_put(more, text->data, text->len);
    pf_buf_putc(more, ' ');
    pf_buf_putc(more, (uint8_t)after[pf_choice(s, "after", sizeof after - 1)]);
    struct json_tokener *tok = json_tokener_new();
    if (!tok)
        pf_fail(s, NULL, "json_tokener_new failed", NULL, 0, NULL);
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    struct json_object *got = json_tokener_parse_ex(tok, (const char *)more->data, (int)more->len);
    enum json_tokener_error e = json_tokener_get_error(tok);
    json_tokener_free(tok);
    json_object_put(got);
    if (got || e == json_tokener_success || e == json_tokener_continue) {
        pf_line lines[] = {{"text", pf_json_show_text(c, more)},
                           {"error", json_tokener_error_desc(e)}};
        pf_fail(s, NULL, "strict json-c took a value followed by more than whitespace",
                lines, PF_LEN(lines), NULL);
    }
}

/* Nesting as json-c's depth counts it: the values on the deepest path
 * from the top ([] and 1 are one deep, [1] two). */
static unsigned nesting(const pf_json *v)
{
    unsigned deepest = 0, d;
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        if ((d = nesting(v->v.items[i])) > deepest)
            deepest = d;
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++)
        if ((d = nesting(v->v.members[i].value)) > deepest)
            deepest = d;
    return deepest + 1;
}

/* json-c reads JSON_TOKENER_DEFAULT_DEPTH levels of nesting, no more. */
static void depth_limit(pf_src *s, const pf_json_case *c, const pf_buf *text)
{
    const pf_json_adapter *lib = c->suite->lib;
    unsigned own = nesting(c->value);
    if (own >= JSON_TOKENER_DEFAULT_DEPTH)
        return;
    unsigned wraps = JSON_TOKENER_DEFAULT_DEPTH - own;
    pf_buf *deep = pf_json_scratch(s), *deeper = pf_json_scratch(s);
    for (unsigned i = 0; i < wraps; i++)
        pf_buf_putc(deep, '[');
    pf_buf_put(deep, text->data, text->len);
    for (unsigned i = 0; i < wraps; i++)
        pf_buf_putc(deep, ']');
    pf_buf_putc(deeper, '[');
    pf_buf_put(deeper, deep->data, deep->len);
    pf_buf_putc(deeper, ']');
    pf_json *want = lib->parse(lib, c->pool, text->data, text->len);
    for (unsigned i = 0; want && i < wraps; i++) {
        pf_json *a = pf_json_array(c->pool, 1);
        pf_json_push(c->pool, a, want);
        want = a;
    }
    pf_json *got = lib->parse(lib, c->pool, deep->data, deep->len);
    pf_json_eq how = {.nan_any = true};
    if (!want || !got || !pf_json_equal(got, want, &how, NULL)) {
        pf_line lines[] = {{"text", pf_json_show_text(c, deep)},
                           {"reads", pf_json_shown(c, got)}};
        pf_fail(s, NULL, "json-c misreads a text nested JSON_TOKENER_DEFAULT_DEPTH deep",
                lines, PF_LEN(lines), NULL);
    }
    got = lib->parse(lib, c->pool, deeper->data, deeper->len);
    if (got) {
        pf_line lines[] = {{"text", pf_json_show_text(c, deeper)}};
        pf_fail(s, NULL, "json-c read a text nested deeper than JSON_TOKENER_DEFAULT_DEPTH",
                lines, PF_LEN(lines), NULL);
    }
}

static void bad_escape(pf_src *s, const pf_json_case *c)
{
    static const char not_hex[] = "gGxXzZ-+. \"\\/:{}[]\0";
    const pf_json_adapter *lib = c->suite->lib;
    pf_buf *text = pf_json_scratch(s);
    pf_json_write_opts all = {.escape_all = true};
    pf_json_write(text, c->value, &all);
    size_t at[256];
    size_t n = jsonc_hex_digits(text, at, PF_LEN(at));
    if (n == 0)
        return;
    text->data[at[pf_choice(s, "digit", n)]] =
        (uint8_t)not_hex[pf_choice(s, "not_hex", sizeof not_hex - 1)];
    pf_json *got = lib->parse(lib, c->pool, text->data, text->len);
    if (got) {
        pf_line lines[] = {{"text", pf_json_show_text(c, text)}, {"reads", pf_json_shown(c, got)}};
        pf_fail(s, NULL, "json-c read a \\u escape with a character that is no hex digit",
                lines, PF_LEN(lines), NULL);
    }
}

void jsonc_limits(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    const pf_json_adapter *lib = c->suite->lib;
    pf_buf *text = pf_json_scratch(s);
    if (lib->write(lib, c->value, NULL, text) != 0)
        pf_fail(s, NULL, "json-c could not print v", NULL, 0, NULL);
    strict_reading(s, c, text);
    strict_trailing(s, c, text);
    depth_limit(s, c, text);
    bad_escape(s, c);
}
