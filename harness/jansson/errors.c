/* error_report — when json_loadb refuses a text, its json_error_t says
 * where and why, and that report is a function of the bytes it read:
 *   - source is "<buffer>", text a non-empty message, the code one of
 *     enum json_error_code;
 *   - position (bytes read) is within the text, line is one more than
 *     the newlines before it, column the characters after the last one;
 *   - the text cut a few bytes after position (the lexer looks one
 *     character ahead) is refused with the very same report.
 * A text with a raw NUL byte is checked for the first point only. And
 * errors tied to no place say so: a NULL buffer, and a file that cannot
 * be opened, whose name is the source (cut to its end when long).
 * reference checks that jansson refuses; only this checks what it says,
 * which is what a user sees of every refused text. */
#include "jansson_raw.h"

#include <jansson.h>
#include <stdio.h>
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

/* Errors tied to no place in a text (line and column -1, as jansson's own
 * tests check): wrong arguments, and a file that cannot be opened, whose
 * name, when longer than the source field holds, keeps its end after
 * "..." (jsonp_error_set_source). Names of each length around that one;
 * no file is created. (Raw mode's text is the rest of the input: nothing
 * is drawn after it.) */
static void placeless(pf_src *s)
{
    json_error_t e;
    json_t *j = json_loadb(NULL, 0, LOAD_FLAGS, &e);
    const char *why = j ? "json_loadb read a NULL buffer"
                      : e.line != -1 || e.column != -1 || e.position != 0 ||
                                json_error_code(&e) != json_error_invalid_argument
                          ? "json_loadb's report of a NULL buffer is not at line -1, column -1 "
                            "as json_error_invalid_argument"
                          : NULL;
    json_decref(j);
    char path[JSON_ERROR_SOURCE_LENGTH + 32] = "/nonexistent-propfuzz/";
    char want[JSON_ERROR_SOURCE_LENGTH];
    for (size_t len = JSON_ERROR_SOURCE_LENGTH - 2; !why && len <= JSON_ERROR_SOURCE_LENGTH + 2;
         len++) {
        for (size_t i = strlen(path); i < len; i++)
            path[i] = (char)('a' + i % 26);
        path[len] = '\0';
        if (len < JSON_ERROR_SOURCE_LENGTH)
            memcpy(want, path, len + 1);
        else
            snprintf(want, sizeof want, "...%s", path + len - (JSON_ERROR_SOURCE_LENGTH - 4));
        j = json_load_file(path, LOAD_FLAGS, &e);
        if (j || e.line != -1 || json_error_code(&e) != json_error_cannot_open_file ||
            memchr(e.source, 0, sizeof e.source) == NULL || strcmp(e.source, want))
            why = "json_load_file's report of a file it cannot open is not at line -1 with the "
                  "file's name (its end after \"...\") as source";
        json_decref(j);
    }
    if (why) {
        pf_line lines[] = {{"file", path}, {"source wanted", want}};
        pf_fail(s, NULL, why, lines, PF_LEN(lines), NULL);
    }
}

void jansson_error_report(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    placeless(s);
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
