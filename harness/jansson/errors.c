/* error_report — when json_loadb refuses a text, its json_error_t says
 * where and why, and that report is a function of the bytes it read:
 *   - source is "<buffer>", text a non-empty message, the code one of
 *     enum json_error_code;
 *   - position (bytes read) is within the text, line is one more than
 *     the newlines before it, column the characters after the last one;
 *   - the text cut a few bytes after position (the lexer looks one
 *     character ahead) is refused with the very same report.
 * A text with a raw NUL byte is checked for the first point only.
 * reference checks that jansson refuses; only this checks what it says,
 * which is what a user sees of every refused text. */
#include "jansson_raw.h"

#include <jansson.h>
#include <string.h>

/* A planted-bug build (tests/planted/jansson/) wraps json_loadb here too. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

/* As the adapter loads (adapters/json_jansson.c). */
static const size_t LOAD_FLAGS = JSON_DECODE_ANY | JSON_ALLOW_NUL;
/* Bytes past position a refusal may have read: one UTF-8 character the
 * lexer took and gave back. */
enum { LOOKAHEAD = 4 };

static bool same_report(const json_error_t *a, const json_error_t *b)
{
    return a->line == b->line && a->column == b->column && a->position == b->position &&
           !strcmp(a->source, b->source) && !strcmp(a->text, b->text) &&
           json_error_code(a) == json_error_code(b);
}

/* line and column as counted from the text: line 1 + newlines, column
 * the characters (UTF-8 lead bytes) after the last newline. */
static void counted(const uint8_t *t, size_t pos, int *line, int *column)
{
    *line = 1, *column = 0;
    for (size_t i = 0; i < pos; i++)
        if (t[i] == '\n')
            ++*line, *column = 0;
        else if ((t[i] & 0xc0) != 0x80)
            ++*column;
}

static const char *wrong(const pf_json_case *c, const json_error_t *e)
{
    if (strcmp(e->source, "<buffer>"))
        return "json_loadb's error names another source than \"<buffer>\"";
    if (!e->text[0])
        return "json_loadb refused the text with an empty message";
    if (json_error_code(e) > json_error_index_out_of_range)
        return "json_loadb's error code is none of enum json_error_code";
    if (e->position < 0 || (size_t)e->position > c->len)
        return "json_loadb's error position is outside the text";
    /* A raw NUL byte is jansson's leniency (reference): its stream refills
     * there, and counts lines and columns around it its own way. */
    if (memchr(c->text, 0, c->len))
        return NULL;
    int line, column;
    counted(c->text, (size_t)e->position, &line, &column);
    if (e->line != line || e->column != column)
        return "json_loadb's error line and column are not those of its position";
    return NULL;
}

void jansson_error_report(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    json_error_t e, cut = {0};
    json_t *j = json_loadb((const char *)c->text, c->len, LOAD_FLAGS, &e);
    if (j) {
        json_decref(j);
        return;
    }
    const char *why = wrong(c, &e);
    size_t keep = (size_t)e.position + LOOKAHEAD;
    bool was_cut = !why && keep < c->len && !memchr(c->text, 0, c->len), accepted = false;
    if (was_cut) {
        j = json_loadb((const char *)c->text, keep, LOAD_FLAGS, &cut);
        accepted = j != NULL;
        json_decref(j);
        if (accepted || !same_report(&e, &cut))
            why = "the text cut after the bytes json_loadb read is reported otherwise";
    }
    if (why) {
        pf_buf report = {0}, cut_report = {0};
        pf_buf_printf(&report, "line %d, column %d, position %d, code %d, source \"%s\": %s",
                      e.line, e.column, e.position, (int)json_error_code(&e), e.source, e.text);
        if (was_cut)
            pf_buf_printf(&cut_report, "cut to %zu bytes: line %d, column %d, position %d: %s",
                          keep, cut.line, cut.column, cut.position,
                          accepted ? "(accepted)" : cut.text);
        pf_buf text = {0};
        pf_buf_quote(&text, c->text, c->len);
        pf_line lines[] = {{"text", pf_buf_defer(s, &text)},
                           {"error", pf_buf_defer(s, &report)},
                           {"cut", was_cut ? pf_buf_defer(s, &cut_report) : "(not cut)"}};
        pf_fail(s, NULL, why, lines, PF_LEN(lines), NULL);
    }
}
