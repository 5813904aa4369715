/* Texts made from a JSON text for a target's own properties (dialects
 * and limits of a library: comments, trailing commas, strings that are no
 * UTF-8), and the report helpers they share (include/propfuzz_json.h).
 * Each walk changes only what lies outside strings unless it says
 * otherwise, at the places a drawn mask picks. */
#include "propfuzz_json.h"

#include <string.h>

static void free_buf(void *b) { pf_buf_free(b); }

pf_buf *pf_json_scratch(pf_src *s)
{
    pf_buf *b = pf_alloc(s, sizeof *b);
    memset(b, 0, sizeof *b);
    pf_defer(s, free_buf, b);
    return b;
}

const char *pf_json_show_text(const pf_json_case *c, const pf_buf *t)
{
    return pf_json_show(c->pool, pf_json_string(c->pool, (const char *)t->data, t->len));
}

const char *pf_json_shown(const pf_json_case *c, const pf_json *v)
{
    return v ? pf_json_show(c->pool, v) : "refused";
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

void pf_json_add_comments(pf_src *s, const pf_buf *t, pf_buf *out)
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

/* The text with a comma before each closing bracket of a non-empty
 * container, outside strings, that a drawn mask picks. */
void pf_json_add_trailing_commas(pf_src *s, const pf_buf *t, pf_buf *out)
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
pf_buf *pf_json_with_bad_utf8(pf_src *s, const pf_buf *t)
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
    pf_buf *out = pf_json_scratch(s);
    pf_buf_put(out, t->data, at);
    pf_buf_put(out, seq, strlen(seq));
    pf_buf_put(out, t->data + at, t->len - at);
    return out;
}
