/* dialect — what json-c's tokener reads beyond RFC 8259, and what it must
 * still refuse, on texts made from v:
 *   - json-c's plain text of v with every letter outside strings (the
 *     literals true, false, null, NaN, Infinity and exponents' e) in drawn
 *     case reads as the text does: without JSON_TOKENER_STRICT json-c
 *     compares its literals regardless of case (its tests/test_parse.c
 *     reads "True", "nAn", "infinity");
 *   - that text with drawn comments (slash-star and double-slash, holding
 *     stars and slashes) before and after drawn brackets, commas and
 *     colons reads as the text does: without JSON_TOKENER_STRICT json-c
 *     takes comments for whitespace (C9: no star right before a comment's
 *     closing star and slash);
 *   - that text with a comma after the last item of drawn non-empty arrays
 *     and objects reads as the text does (json-c takes a trailing comma
 *     unless strict), and strict json-c refuses it;
 *   - with JSON_TOKENER_STRICT (and VALIDATE_UTF8) json-c reads that text
 *     as it reads it by default when v holds no NaN or infinity (the only
 *     non-JSON it prints), and refuses it with a comment or with a byte
 *     sequence that is no UTF-8 (0xFF, a lone continuation byte, a cut
 *     three-byte sequence) at the start of a drawn string;
 *   - json_tokener_parse_ex with JSON_TOKENER_STRICT refuses that text
 *     followed by a space and a drawn non-whitespace byte (by default
 *     json-c stops before it; strict, it is an error);
 *   - that text inside as many arrays as make it JSON_TOKENER_DEFAULT_DEPTH
 *     (32) values deep reads as v so wrapped; one array more is refused;
 *   - that text with a dangling exponent ("e", "E+", "e-", ...) after
 *     drawn numbers that have a point and no exponent reads as the text
 *     does: without JSON_TOKENER_STRICT json-c trims it off a double
 *     ("to allow things like 123e+", json_tokener.c);
 *   - the canonical text of v with every character escaped, its hex digits
 *     in drawn case, reads as that text does; with one drawn digit of a
 *     \u escape replaced by a drawn character that is no hex digit, it is
 *     refused.
 * The shared properties give json-c only texts in one case, with valid
 * escapes and no comments. */
#include "jsonc_extra.h"

#include "json_adapters.h"

#include <ctype.h>
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void free_buf(void *b) { pf_buf_free(b); }

static pf_buf *scratch(pf_src *s)
{
    pf_buf *b = pf_alloc(s, sizeof *b);
    memset(b, 0, sizeof *b);
    pf_defer(s, free_buf, b);
    return b;
}

static const char *shown(const pf_json_case *c, const pf_json *v)
{
    return v ? pf_json_show(c->pool, v) : "refused";
}

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
        pf_line lines[] = {{"text", pf_json_show(c->pool, pf_json_string(c->pool,
                                    (const char *)text->data, text->len))},
                           {"varied", pf_json_show(c->pool, pf_json_string(c->pool,
                                    (const char *)varied->data, varied->len))},
                           {"text reads", shown(c, want)},
                           {"varied reads", shown(c, got)}};
        pf_fail(s, NULL, summary, lines, PF_LEN(lines), NULL);
    }
}

/* Flips the case of the letters that a drawn mask picks, outside strings
 * (in_strings false) or in \u escapes' hex digits (in_strings true). */
static void vary_case(pf_src *s, pf_buf *t, bool in_strings)
{
    uint64_t mask = pf_u64(s, "case_mask");
    bool in_string = false, escaped = false;
    unsigned hex_left = 0, letter = 0;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        bool pick = in_strings ? hex_left > 0 : !in_string;
        if (hex_left > 0)
            hex_left--;
        if (pick && isalpha(ch) && (mask >> (letter++ % 64) & 1))
            t->data[i] = (uint8_t)(islower(ch) ? toupper(ch) : tolower(ch));
        if (in_string) {
            if (escaped && ch == 'u')
                hex_left = 4;
            in_string = escaped || ch != '"';
            escaped = !escaped && ch == '\\';
        } else if (ch == '"') {
            in_string = true;
        }
    }
}

/* The text with a drawn comment before or after each punctuation
 * character outside strings that a drawn mask picks (none before the first
 * byte or after the last: what surrounds a value is trailing text). */
static void put_comment(pf_src *s, pf_buf *out)
{
    static const char *const comments[] = {"/**/", "/* / * */", "/* *x*/", "//\n",
                                           "// */ /* x\n", "/*\n*/"};
    const char *c = comments[pf_choice(s, "comment", PF_LEN(comments))];
    pf_buf_put(out, c, strlen(c));
}

static void add_comments(pf_src *s, const pf_buf *t, pf_buf *out)
{
    uint64_t mask = pf_u64(s, "comment_mask");
    bool in_string = false, escaped = false;
    unsigned spot = 0;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        bool punct = !in_string && strchr("{}[],:", ch) && ch != 0;
        if (punct && i > 0 && (mask >> (spot++ % 64) & 1))
            put_comment(s, out);
        pf_buf_putc(out, ch);
        if (punct && i + 1 < t->len && (mask >> (spot++ % 64) & 1))
            put_comment(s, out);
        if (in_string) {
            in_string = escaped || ch != '"';
            escaped = !escaped && ch == '\\';
        } else if (ch == '"') {
            in_string = true;
        }
    }
}

/* The text with a drawn dangling exponent after each number with a point
 * and no exponent, outside strings, that a drawn mask picks. */
static void add_dangling_exponents(pf_src *s, const pf_buf *t, pf_buf *out)
{
    static const char *const tails[] = {"e", "E", "e+", "e-", "E+", "E-"};
    uint64_t mask = pf_u64(s, "exponent_mask");
    bool in_string = false, escaped = false, point = false, exponent = false;
    unsigned number = 0;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        pf_buf_putc(out, ch);
        if (in_string) {
            in_string = escaped || ch != '"';
            escaped = !escaped && ch == '\\';
            continue;
        }
        in_string = ch == '"';
        point |= ch == '.';
        exponent |= ch == 'e' || ch == 'E';
        bool in_number = strchr("0123456789.eE+-", ch) && ch != 0;
        bool ends = i + 1 == t->len || !strchr("0123456789.eE+-", t->data[i + 1]) ||
                    t->data[i + 1] == 0;
        if (in_number && ends) {
            if (point && !exponent && (mask >> (number++ % 64) & 1)) {
                const char *tail = tails[pf_choice(s, "exponent", PF_LEN(tails))];
                pf_buf_put(out, tail, strlen(tail));
            }
            point = exponent = false;
        }
        if (!in_number)
            point = exponent = false;
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

/* The text with a drawn sequence that is no UTF-8 after the opening quote
 * of a drawn string, or NULL when it has no string. */
static pf_buf *with_bad_utf8(pf_src *s, const pf_buf *t)
{
    static const char *const bad[] = {"\xff", "\x80", "\xe2\x82"};
    size_t starts[64], n = 0;
    bool in_string = false, escaped = false;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        if (in_string) {
            in_string = escaped || ch != '"';
            escaped = !escaped && ch == '\\';
        } else if (ch == '"') {
            in_string = true;
            if (n < PF_LEN(starts))
                starts[n++] = i + 1;
        }
    }
    if (n == 0)
        return NULL;
    size_t at = starts[pf_choice(s, "string", n)];
    const char *seq = bad[pf_choice(s, "bad_utf8", PF_LEN(bad))];
    pf_buf *out = scratch(s);
    pf_buf_put(out, t->data, at);
    pf_buf_put(out, seq, strlen(seq));
    pf_buf_put(out, t->data + at, t->len - at);
    return out;
}

static void strict_reading(pf_src *s, const pf_json_case *c, const pf_buf *text,
                           const pf_buf *commented)
{
    const pf_json_adapter *strict = &pf_json_jsonc_strict;
    pf_buf *bad = with_bad_utf8(s, text);
    if (bad && strict->parse(strict, c->pool, bad->data, bad->len)) {
        pf_line lines[] = {{"text", pf_json_show(c->pool, pf_json_string(c->pool,
                                    (const char *)bad->data, bad->len))}};
        pf_fail(s, NULL, "json-c with JSON_TOKENER_VALIDATE_UTF8 read a string that is no UTF-8",
                lines, PF_LEN(lines), NULL);
    }
    if (commented->len != text->len &&
        strict->parse(strict, c->pool, commented->data, commented->len)) {
        pf_line lines[] = {{"text", pf_json_show(c->pool, pf_json_string(c->pool,
                                    (const char *)commented->data, commented->len))}};
        pf_fail(s, NULL, "strict json-c read a text with a comment", lines, PF_LEN(lines),
                NULL);
    }
    if (nonfinite(c->value))
        return;
    pf_json *want = c->suite->lib->parse(c->suite->lib, c->pool, text->data, text->len);
    pf_json *got = strict->parse(strict, c->pool, text->data, text->len);
    pf_json_eq how = {0};
    if (!got || !want || !pf_json_equal(got, want, &how, NULL)) {
        pf_line lines[] = {{"text", pf_json_show(c->pool, pf_json_string(c->pool,
                                    (const char *)text->data, text->len))},
                           {"default reads", shown(c, want)},
                           {"strict reads", shown(c, got)}};
        pf_fail(s, NULL, "strict json-c reads json-c's own text of v otherwise", lines,
                PF_LEN(lines), NULL);
    }
}

/* Strict json-c refuses a value followed by more than whitespace. */
static void strict_trailing(pf_src *s, const pf_json_case *c, const pf_buf *text)
{
    static const char after[] = "x0[{\"/,";
    pf_buf *more = scratch(s);
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
        pf_line lines[] = {{"text", pf_json_show(c->pool, pf_json_string(c->pool,
                                    (const char *)more->data, more->len))},
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
    pf_buf *deep = scratch(s), *deeper = scratch(s);
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
        pf_line lines[] = {{"text", pf_json_show(c->pool, pf_json_string(c->pool,
                                    (const char *)deep->data, deep->len))},
                           {"reads", shown(c, got)}};
        pf_fail(s, NULL, "json-c misreads a text nested JSON_TOKENER_DEFAULT_DEPTH deep",
                lines, PF_LEN(lines), NULL);
    }
    got = lib->parse(lib, c->pool, deeper->data, deeper->len);
    if (got) {
        pf_line lines[] = {{"text", pf_json_show(c->pool, pf_json_string(c->pool,
                                    (const char *)deeper->data, deeper->len))}};
        pf_fail(s, NULL, "json-c read a text nested deeper than JSON_TOKENER_DEFAULT_DEPTH",
                lines, PF_LEN(lines), NULL);
    }
}

/* The text with a comma before each closing bracket of a non-empty
 * container, outside strings, that a drawn mask picks. */
static void add_trailing_commas(pf_src *s, const pf_buf *t, pf_buf *out)
{
    uint64_t mask = pf_u64(s, "comma_mask");
    bool in_string = false, escaped = false;
    unsigned spot = 0;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        if (in_string) {
            in_string = escaped || ch != '"';
            escaped = !escaped && ch == '\\';
        } else if (ch == '"') {
            in_string = true;
        } else if ((ch == ']' || ch == '}') && t->data[i - 1] != '[' &&
                   t->data[i - 1] != '{' && (mask >> (spot++ % 64) & 1)) {
            pf_buf_putc(out, ',');
        }
        pf_buf_putc(out, ch);
    }
}

static void literal_case(pf_src *s, const pf_json_case *c)
{
    const pf_json_adapter *lib = c->suite->lib;
    pf_buf *text = scratch(s), *varied = scratch(s);
    if (lib->write(lib, c->value, NULL, text) != 0)
        pf_fail(s, NULL, "json-c could not print v", NULL, 0, NULL);
    pf_buf_put(varied, text->data, text->len);
    vary_case(s, varied, false);
    expect_same_reading(s, c, text, varied,
                        "the case of letters outside strings changes what json-c reads");
    pf_buf *commented = scratch(s);
    add_comments(s, text, commented);
    expect_same_reading(s, c, text, commented, "comments change what json-c reads");
    strict_reading(s, c, text, commented);
    pf_buf *commas = scratch(s);
    add_trailing_commas(s, text, commas);
    expect_same_reading(s, c, text, commas, "trailing commas change what json-c reads");
    const pf_json_adapter *strict = &pf_json_jsonc_strict;
    if (commas->len != text->len && strict->parse(strict, c->pool, commas->data, commas->len)) {
        pf_line lines[] = {{"text", pf_json_show(c->pool, pf_json_string(c->pool,
                                    (const char *)commas->data, commas->len))}};
        pf_fail(s, NULL, "strict json-c read a trailing comma", lines, PF_LEN(lines), NULL);
    }
    strict_trailing(s, c, text);
    depth_limit(s, c, text);
    pf_buf *dangling = scratch(s);
    add_dangling_exponents(s, text, dangling);
    expect_same_reading(s, c, text, dangling,
                        "a dangling exponent after a double changes what json-c reads");
}

/* Offsets of the hex digits of the \u escapes of a canonical text. */
static size_t hex_digits(const pf_buf *t, size_t *at, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i + 5 < t->len && n + 4 <= max; i++) {
        if (t->data[i] != '\\')
            continue;
        if (t->data[i + 1] == 'u')
            for (size_t k = 2; k < 6; k++)
                at[n++] = i + k;
        i++; /* the escaped character is not an escape's start */
    }
    return n;
}

static void bad_escape(pf_src *s, const pf_json_case *c)
{
    static const char not_hex[] = "gGxXzZ-+. \"\\/:{}[]\0";
    const pf_json_adapter *lib = c->suite->lib;
    pf_buf *text = scratch(s), *varied = scratch(s);
    pf_json_write_opts all = {.escape_all = true};
    pf_json_write(text, c->value, &all);
    pf_buf_put(varied, text->data, text->len);
    vary_case(s, varied, true);
    expect_same_reading(s, c, text, varied,
                        "the case of \\u escapes' hex digits changes what json-c reads");
    size_t at[256];
    size_t n = hex_digits(varied, at, PF_LEN(at));
    if (n == 0)
        return;
    varied->data[at[pf_choice(s, "digit", n)]] =
        (uint8_t)not_hex[pf_choice(s, "not_hex", sizeof not_hex - 1)];
    pf_json *got = lib->parse(lib, c->pool, varied->data, varied->len);
    if (got) {
        pf_line lines[] = {{"text", pf_json_show(c->pool, pf_json_string(c->pool,
                                    (const char *)varied->data, varied->len))},
                           {"reads", shown(c, got)}};
        pf_fail(s, NULL, "json-c read a \\u escape with a character that is no hex digit",
                lines, PF_LEN(lines), NULL);
    }
}

void jsonc_dialect(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    literal_case(s, c);
    bad_escape(s, c);
}
