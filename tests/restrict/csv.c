/* Restrictions of the csv target (harness/csv.c), shown against the real
 * libcsv: each behaviour the target's model follows (R1-R5), or its
 * strategy works around, is what the library really does — so the model
 * hides no bug. Prints PASS/FAIL per check and "N passed, N failed". */
#include "testkit.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

/* What the callbacks saw, as text: fields as [bytes] or NULL, rows end
 * with /CR, /LF or /fini. */
typedef struct seen {
    char text[512];
    size_t len;
} seen;

static void put(seen *s, const char *t, size_t n)
{
    if (s->len + n < sizeof s->text) {
        memcpy(s->text + s->len, t, n);
        s->len += n;
        s->text[s->len] = '\0';
    }
}

static void on_field(void *data, size_t len, void *ctx)
{
    seen *s = ctx;
    if (!data) {
        put(s, "NULL", 4);
        return;
    }
    put(s, "[", 1);
    put(s, data, len);
    put(s, "]", 1);
}

static void on_row(int c, void *ctx)
{
    seen *s = ctx;
    put(s, c == CSV_CR ? "/CR " : c == CSV_LF ? "/LF " : c == -1 ? "/fini " : "/? ",
        c == -1 ? 6 : 4);
}

/* Parses text with the options; fini says whether csv_fini is called. */
static seen parse(const char *text, unsigned char options, bool fini)
{
    seen s = {.len = 0};
    s.text[0] = '\0';
    struct csv_parser p;
    if (csv_init(&p, options) != 0)
        abort();
    size_t n = strlen(text);
    if (csv_parse(&p, text, n, on_field, on_row, &s) != n)
        put(&s, "REFUSED", 7);
    if (fini)
        csv_fini(&p, on_field, on_row, &s);
    csv_free(&p);
    return s;
}

static void check(const char *name, const char *text, unsigned char options,
                  bool fini, const char *want)
{
    seen s = parse(text, options, fini);
    verdict(name, strcmp(s.text, want) == 0,
            "parse(\"%s\") gave \"%s\", expected \"%s\"", text, s.text, want);
}

int main(void)
{
    /* R1 empty_line_no_row: an empty line yields no row. */
    check("empty_line_no_row", "a\n\nb\n", 0, true, "[a]/LF [b]/LF ");
    check("empty_line_no_row/crlf", "a\r\n\r\nb\r\n", 0, true,
          "[a]/CR [b]/CR ");
    /* R1 repall_nl_crlf: with CSV_REPALL_NL every terminator byte outside a
     * field is a row: an empty line is a row with no fields, and the LF of
     * a CRLF line end is one more. */
    check("repall_nl_empty_line", "a\n\nb\n", CSV_REPALL_NL, true,
          "[a]/LF /LF [b]/LF ");
    check("repall_nl_crlf", "a\r\nb\r\n", CSV_REPALL_NL, true,
          "[a]/CR /LF [b]/CR /LF ");
    /* R2 single_empty_field: a row of one empty unquoted field is an empty
     * line (no row); quoted, it is a row of one empty field. */
    check("single_empty_field/unquoted", "a\n\n", 0, true, "[a]/LF ");
    check("single_empty_field/unquoted_null", "a\n\n", CSV_EMPTY_IS_NULL, true,
          "[a]/LF ");
    check("single_empty_field/quoted", "a\n\"\"\n", 0, true, "[a]/LF []/LF ");
    /* R3 final_row_needs_fini: without a final line end the last row comes
     * only from csv_fini, with -1 as its terminator. */
    check("final_row_needs_fini/without", "a,b\nc,d", 0, false,
          "[a][b]/LF [c]");
    check("final_row_needs_fini/with", "a,b\nc,d", 0, true,
          "[a][b]/LF [c][d]/fini ");
    /* R4 whitespace_trimmed: unquoted fields lose leading and trailing spaces
     * and tabs; quoted fields keep them. */
    check("whitespace_trimmed/unquoted", " a\t, \tb c \n", 0, true,
          "[a][b c]/LF ");
    check("whitespace_trimmed/quoted", "\" a\t\",\"\tb \"\n", 0, true,
          "[ a\t][\tb ]/LF ");
    /* R5 empty_is_null: NULL for an empty (or all-space) unquoted field, a
     * non-NULL empty field for "". Without the option both are "". */
    check("empty_is_null/on", "a,,\"\", \t ,b\n", CSV_EMPTY_IS_NULL, true,
          "[a]NULL[]NULL[b]/LF ");
    check("empty_is_null/off", "a,,\"\", \t ,b\n", 0, true,
          "[a][][][][b]/LF ");
    /* R7 strict_refuses: CSV_STRICT refuses text the default mode parses
     * (a quote inside an unquoted field), so strict_subset compares only
     * what strict mode accepts. */
    check("strict_refuses/strict", "a\"b\n", CSV_STRICT, false, "REFUSED");
    check("strict_refuses/default", "a\"b\n", 0, true, "[a\"b]/LF ");
    return finish();
}
