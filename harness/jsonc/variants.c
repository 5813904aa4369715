/* Texts made from a text of v for json-c's dialect and limits properties
 * (harness/jsonc/jsonc_extra.h lists them): each walks the text once,
 * outside strings unless it says otherwise, and changes what a drawn mask
 * picks. */
#include "jsonc_extra.h"

#include <ctype.h>
#include <string.h>

static void free_buf(void *b) { pf_buf_free(b); }

pf_buf *jsonc_scratch(pf_src *s)
{
    pf_buf *b = pf_alloc(s, sizeof *b);
    memset(b, 0, sizeof *b);
    pf_defer(s, free_buf, b);
    return b;
}

const char *jsonc_show_text(const pf_json_case *c, const pf_buf *t)
{
    return pf_json_show(c->pool, pf_json_string(c->pool, (const char *)t->data, t->len));
}

const char *jsonc_shown(const pf_json_case *c, const pf_json *v)
{
    return v ? pf_json_show(c->pool, v) : "refused";
}

/* Flips the case of the letters that a drawn mask picks, outside strings
 * (in_strings false) or in \u escapes' hex digits (in_strings true). */
void jsonc_vary_case(pf_src *s, pf_buf *t, bool in_strings)
{
    uint64_t mask = pf_u64(s, "case_mask");
    pf_json_text_place at = PF_JSON_OUTSIDE;
    unsigned hex_left = 0, letter = 0;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        pf_json_text_place here = pf_json_text_step(&at, ch);
        bool pick = in_strings ? hex_left > 0 : here == PF_JSON_OUTSIDE;
        if (hex_left > 0)
            hex_left--;
        if (pick && isalpha(ch) && (mask >> (letter++ % 64) & 1))
            t->data[i] = (uint8_t)(islower(ch) ? toupper(ch) : tolower(ch));
        if (here == PF_JSON_ESCAPED && ch == 'u')
            hex_left = 4;
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

void jsonc_add_comments(pf_src *s, const pf_buf *t, pf_buf *out)
{
    uint64_t mask = pf_u64(s, "comment_mask");
    pf_json_text_place at = PF_JSON_OUTSIDE;
    unsigned spot = 0;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        bool punct = pf_json_text_step(&at, ch) == PF_JSON_OUTSIDE &&
                     strchr("{}[],:", ch) && ch != 0;
        if (punct && i > 0 && (mask >> (spot++ % 64) & 1))
            put_comment(s, out);
        pf_buf_putc(out, ch);
        if (punct && i + 1 < t->len && (mask >> (spot++ % 64) & 1))
            put_comment(s, out);
    }
}

/* The text with a drawn dangling exponent after each number with a point
 * and no exponent, outside strings, that a drawn mask picks. */
void jsonc_add_dangling_exponents(pf_src *s, const pf_buf *t, pf_buf *out)
{
    static const char *const tails[] = {"e", "E", "e+", "e-", "E+", "E-"};
    uint64_t mask = pf_u64(s, "exponent_mask");
    pf_json_text_place at = PF_JSON_OUTSIDE;
    bool point = false, exponent = false;
    unsigned number = 0;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        pf_buf_putc(out, ch);
        if (pf_json_text_step(&at, ch) != PF_JSON_OUTSIDE)
            continue;
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

/* The text with a comma before each closing bracket of a non-empty
 * container, outside strings, that a drawn mask picks. */
void jsonc_add_trailing_commas(pf_src *s, const pf_buf *t, pf_buf *out)
{
    uint64_t mask = pf_u64(s, "comma_mask");
    pf_json_text_place at = PF_JSON_OUTSIDE;
    unsigned spot = 0;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        if (pf_json_text_step(&at, ch) == PF_JSON_OUTSIDE && (ch == ']' || ch == '}') &&
            t->data[i - 1] != '[' && t->data[i - 1] != '{' && (mask >> (spot++ % 64) & 1))
            pf_buf_putc(out, ',');
        pf_buf_putc(out, ch);
    }
}

/* The text with a drawn sequence that is no UTF-8 after the opening quote
 * of a drawn string, or NULL when it has no string. */
pf_buf *jsonc_with_bad_utf8(pf_src *s, const pf_buf *t)
{
    static const char *const bad[] = {"\xff", "\x80", "\xe2\x82"};
    size_t starts[64], n = 0;
    pf_json_text_place place = PF_JSON_OUTSIDE;
    for (size_t i = 0; i < t->len; i++)
        if (pf_json_text_step(&place, t->data[i]) == PF_JSON_OUTSIDE && t->data[i] == '"' &&
            n < PF_LEN(starts))
            starts[n++] = i + 1;
    if (n == 0)
        return NULL;
    size_t at = starts[pf_choice(s, "string", n)];
    const char *seq = bad[pf_choice(s, "bad_utf8", PF_LEN(bad))];
    pf_buf *out = jsonc_scratch(s);
    pf_buf_put(out, t->data, at);
    pf_buf_put(out, seq, strlen(seq));
    pf_buf_put(out, t->data + at, t->len - at);
    return out;
}

/* Offsets of the hex digits of the \u escapes of a canonical text. */
size_t jsonc_hex_digits(const pf_buf *t, size_t *at, size_t max)
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
