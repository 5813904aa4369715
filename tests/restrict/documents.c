/* Restrictions of the documents target (harness/documents.c), shown
 * against the real libraries: each behaviour the target's header lists
 * (R1-R4) is what cairo, MuPDF and poppler really do, so the exclusion
 * hides no bug of ours; the day a library changes, a check here fails and
 * the restriction can go. Uses the target's own parts (renderer,
 * extractors, parser, alphabets). Prints PASS/FAIL per check and
 * "N passed, N failed". */
#define _POSIX_C_SOURCE 200809L /* fork, pipe */

/* glib (through poppler.h) declares a function g_test_failed, the test
 * kit a variable: the kit's is renamed here. */
#define g_test_failed testkit_test_failed
#include "testkit.h"
#undef g_test_failed

#include "propfuzz.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The parts' sources, not their objects: the checks read record.c's
 * private alphabets (the Makefile links a restriction test alone). */
#include "../../harness/documents/doc.h"
#include "../../harness/documents/format.c"
#include "../../harness/documents/place.c"
#include "../../harness/documents/table.c"
#include "../../harness/documents/render.c"
#include "../../harness/documents/extract.c"
#include "../../harness/documents/parse.c"
#include "../../harness/documents/record.c"

static doc_record g_rec, g_got;
static doc_stray g_stray;
static doc_layout g_layout;

/* A plain invoice: two items, a note, English labels, a flow table. */
static void plain(void)
{
    memset(&g_rec, 0, sizeof g_rec);
    memset(&g_stray, 0, sizeof g_stray);
    snprintf(g_rec.id, sizeof g_rec.id, "INV-7");
    g_rec.year = 2024, g_rec.month = 3, g_rec.day = 5;
    snprintf(g_rec.customer, sizeof g_rec.customer, "Zoë Ørsted");
    g_rec.has_id = g_rec.has_date = g_rec.has_customer = true;
    const char *desc[2] = {"Widget large", "Gadget"};
    for (size_t i = 0; i < 2; i++) {
        doc_item *it = &g_rec.items[i];
        snprintf(it->desc, sizeof it->desc, "%s", desc[i]);
        it->qty = (uint32_t)(3 + 7 * i);
        it->unit = 1250 - 1100 * (int64_t)i;
        it->total = it->qty * it->unit;
        it->has_desc = it->has_qty = it->has_unit = it->has_total = true;
    }
    g_rec.n_items = 2;
    snprintf(g_stray.note, sizeof g_stray.note, "Thank you for your business");
    g_layout = (doc_layout){.page = 0, .margin = 50, .font = DOC_FONT_SANS,
                            .size2 = 20, .leading = 14,
                            .order = {0, 1, 2, 3, 4}, .gap20 = 6, .wrap = 30};
}

/* With PF_DOCUMENTS_PDF_DIR set, the documents behind the findings are
 * written there as <name>.pdf (corpus/documents/known/ holds them). */
static const char *g_keep_as;

static void keep_pdf(const doc_text *pdf)
{
    const char *dir = getenv("PF_DOCUMENTS_PDF_DIR");
    if (!dir || !g_keep_as)
        return;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.pdf", dir, g_keep_as);
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(pdf->data, 1, pdf->len, f);
        fclose(f);
    }
    g_keep_as = NULL;
}

/* The text extractor x gives for the document, and whether it parses
 * back to the record. */
static doc_text g_text;
static bool extract_as(enum doc_extractor x, const doc_record *r,
                       const doc_stray *st, const doc_layout *L)
{
    doc_text pdf = {0};
    doc_rendered info;
    char why[256];
    g_text.len = 0;
    bool fits = doc_render(r, st, L, &pdf, &info) == DOC_FITS;
    if (fits)
        keep_pdf(&pdf);
    if (!fits ||
        doc_extract(x, (const uint8_t *)pdf.data, pdf.len, 16, &g_text, why,
                    sizeof why) != 0) {
        doc_text_free(&pdf);
        return false;
    }
    doc_text_free(&pdf);
    return doc_parse(g_text.data, g_text.len, L, &g_got, why, sizeof why) == 0 &&
           doc_record_equal(&g_got, r, why, sizeof why);
}

/* R1: poppler's reading order takes a grid table column by column, and
 * puts the note below the table between its columns; a flow row whose
 * cells keep an em apart comes apart too. */
static void grid_read_by_columns(void)
{
    plain();
    g_layout.table = DOC_TABLE_GRID;
    g_keep_as = "poppler-grid-by-columns";
    bool mupdf = extract_as(DOC_MUPDF, &g_rec, &g_stray, &g_layout);
    bool poppler = extract_as(DOC_POPPLER, &g_rec, &g_stray, &g_layout);
    /* The first columns, the subtotal and the note, then the others. */
    const char *d = strstr(g_text.data, "No. Description\n1. Widget large\n");
    const char *q = strstr(g_text.data, "Qty"), *note = strstr(g_text.data, "Thank you");
    verdict("R1 poppler reads a grid by columns", mupdf && !poppler && d && q &&
            note && d < note && note < q,
            "mupdf %s, poppler %s; poppler's text: %s", mupdf ? "ok" : "wrong",
            poppler ? "ok" : "wrong", g_text.data);
    plain();
    mupdf = extract_as(DOC_MUPDF, &g_rec, &g_stray, &g_layout);
    poppler = extract_as(DOC_POPPLER, &g_rec, &g_stray, &g_layout);
    verdict("R1 the same record in a flow table reads back in both", mupdf && poppler,
            "mupdf %s, poppler %s", mupdf ? "ok" : "wrong", poppler ? "ok" : "wrong");
    /* One row, its cells 0.75 em and 1.1 em apart. */
    plain();
    g_rec.n_items = 1;
    g_layout.sep = DOC_SEP_GAP;
    g_layout.gap20 = 15;
    bool narrow = extract_as(DOC_POPPLER, &g_rec, &g_stray, &g_layout) &&
                  doc_narrow_gaps(&g_layout);
    g_layout.gap20 = 22;
    g_keep_as = "poppler-row-apart";
    bool wide = extract_as(DOC_POPPLER, &g_rec, &g_stray, &g_layout) ||
                doc_narrow_gaps(&g_layout);
    mupdf = extract_as(DOC_MUPDF, &g_rec, &g_stray, &g_layout);
    verdict("R1 poppler keeps a row together below an em, not above", narrow && !wide &&
            mupdf, "0.75 em: %s, 1.1 em: %s, MuPDF at 1.1 em: %s; poppler's text: %s",
            narrow ? "kept" : "apart", wide ? "kept" : "apart", mupdf ? "kept" : "apart",
            g_text.data);
    /* The smallest document fuzzing found: an empty table whose header
     * cells keep 1 em apart; poppler reads the subtotal below between
     * the cells. */
    memset(&g_rec, 0, sizeof g_rec);
    memset(&g_stray, 0, sizeof g_stray);
    snprintf(g_rec.id, sizeof g_rec.id, "A");
    snprintf(g_rec.customer, sizeof g_rec.customer, "A");
    g_rec.year = 1970, g_rec.month = 1, g_rec.day = 1;
    g_rec.has_id = g_rec.has_date = g_rec.has_customer = true;
    g_layout = (doc_layout){.margin = 18, .size2 = 12, .leading = 12,
                            .order = {0, 1, 2, 3, 4}, .sep = DOC_SEP_GAP,
                            .gap20 = 20, .wrap = 6};
    g_keep_as = "poppler-header-row-apart";
    mupdf = extract_as(DOC_MUPDF, &g_rec, &g_stray, &g_layout);
    poppler = extract_as(DOC_POPPLER, &g_rec, &g_stray, &g_layout);
    verdict("R1 poppler reads the subtotal between a header row's cells",
            mupdf && !poppler && strstr(g_text.data, "No. Description\nSubtotal: "
                                        "0.00\nQty\nUnit\nTotal\n"),
            "MuPDF %s; poppler's text: %s", mupdf ? "ok" : "wrong", g_text.data);
    /* Where the gaps of several lines line up, less will do: three rows,
     * one wrapped, markers and descriptions 3 spaces (0.95 em) apart,
     * found by fuzzing; the markers' column comes first. */
    g_layout.labels = 1, g_layout.margin = 64, g_layout.sep = DOC_SEP_SPACES;
    g_layout.spaces = 2;
    const char *desc[3] = {"A", "m", "Awith hanks"};
    for (size_t i = 0; i < 3; i++) {
        doc_item *it = &g_rec.items[i];
        snprintf(it->desc, sizeof it->desc, "%s", desc[i]);
        it->qty = (uint32_t)(45 + 100 * i);
        it->unit = 9480911 - 100000 * (int64_t)i;
        it->total = it->qty * it->unit;
        it->has_desc = it->has_qty = it->has_unit = it->has_total = true;
    }
    g_rec.n_items = 3;
    g_keep_as = "poppler-marker-column";
    mupdf = extract_as(DOC_MUPDF, &g_rec, &g_stray, &g_layout);
    poppler = extract_as(DOC_POPPLER, &g_rec, &g_stray, &g_layout);
    bool split = strstr(g_text.data, "#\n1.\n2.\n3.\nITEM QTY PRICE AMOUNT\n") != NULL;
    g_layout.spaces = 1; /* two spaces: 0.64 em */
    bool two = extract_as(DOC_POPPLER, &g_rec, &g_stray, &g_layout);
    verdict("R1 aligned gaps under an em: the markers' column comes first",
            mupdf && !poppler && split && two && doc_narrow_gaps(&g_layout),
            "MuPDF %s, poppler at 3 spaces %s (markers first: %d), at 2 %s",
            mupdf ? "ok" : "wrong", poppler ? "ok" : "wrong", split,
            two ? "ok" : "wrong");
}

/* R2: every character the strategy draws has a glyph in every face. */
static void alphabets_have_glyphs(void)
{
    alphabet *all[5] = {&g_letters, &g_rest, &g_name, &g_name_rest, &g_id};
    for (unsigned f = 0; f < DOC_N_FONTS; f++) {
        FT_Face face;
        bool ok = FT_New_Face(g_ft, doc_font_file(f), 0, &face) == 0;
        uint32_t missing = 0;
        for (unsigned a = 0; a < 5 && ok; a++)
            for (size_t i = 0; i < alpha(all[a])->n; i++)
                if (!FT_Get_Char_Index(face, all[a]->cps[i]))
                    missing = all[a]->cps[i];
        verdict("R2 every drawn character has a glyph", ok && !missing,
                "%s lacks U+%04X", doc_font_file(f), missing);
        if (ok)
            FT_Done_Face(face);
    }
}

/* A document of one labelled line of text t (and the empty table): what
 * extractor x gives for t. Where a glyph lands decides some of MuPDF's
 * and poppler's heuristics (MuPDF's fake-bold check compares positions
 * within FLT_EPSILON), so the checks below use this one document. */
static const char *line_text(enum doc_extractor x, const char *t)
{
    static char lines[DOC_N_EXTRACTORS][256];
    char *line = lines[x]; /* one per extractor: both are compared */
    plain();
    g_rec.has_id = g_rec.has_date = false, g_rec.n_items = 0;
    g_stray.note[0] = 0;
    snprintf(g_rec.customer, sizeof g_rec.customer, "%s", t);
    extract_as(x, &g_rec, &g_stray, &g_layout);
    const char *v = strstr(g_text.data, "Customer: ");
    snprintf(line, sizeof lines[x], "%.*s", v ? (int)strcspn(v + 10, "\n") : 0,
             v ? v + 10 : "");
    return line;
}

/* R2: what extraction cannot give back. */
static void lossy_characters(void)
{
    const char *m = line_text(DOC_MUPDF, "\ufb01ne");
    verdict("R2 MuPDF expands the ligature U+FB01 to \"fi\"", strcmp(m, "fine") == 0,
            "MuPDF gave \"%s\"", m);
    m = line_text(DOC_MUPDF, "ab\u00a0cd");
    const char *p = line_text(DOC_POPPLER, "ab\u00a0cd");
    verdict("R2 U+00A0 does not come back", strcmp(m, "ab\u00a0cd") && strcmp(p, "ab\u00a0cd"),
            "MuPDF \"%s\", poppler \"%s\"", m, p);
    p = line_text(DOC_POPPLER, "ab   cd");
    verdict("R2 poppler gives a run of spaces as one", strcmp(p, "ab cd") == 0,
            "poppler \"%s\"", p);
    g_keep_as = "mupdf-repeated-mark";
    m = line_text(DOC_MUPDF, "e\u0301\u0301x");
    p = line_text(DOC_POPPLER, "e\u0301\u0301x");
    verdict("R2 MuPDF drops a combining mark drawn twice on a letter",
            strcmp(m, "e\u0301x") == 0 && strcmp(p, "e\u0301\u0301x") == 0,
            "MuPDF \"%s\", poppler \"%s\"", m, p);
    g_keep_as = "poppler-mark-after-space";
    m = line_text(DOC_MUPDF, "ab \u0301");
    p = line_text(DOC_POPPLER, "ab \u0301");
    verdict("R2 poppler drops a combining mark that starts a line's last word",
            strcmp(m, "ab \u0301") == 0 && strcmp(p, "ab") == 0,
            "MuPDF \"%s\", poppler \"%s\"", m, p);
    bool first_ok = true, rest_has = false;
    for (size_t i = 0; i < alpha(&g_name)->n; i++)
        first_ok &= g_name.cps[i] < 0x300 || g_name.cps[i] > 0x36f;
    for (size_t i = 0; i < alpha(&g_rest)->n; i++)
        rest_has |= g_rest.cps[i] == 0x301;
    char twice[16] = "e\u0301\u0301\u0301x";
    twice[strip_repeated_marks(twice, strlen(twice))] = 0;
    verdict("R2 marks follow a first character and never repeat",
            first_ok && rest_has && strcmp(twice, "e\u0301x") == 0,
            "first %d rest %d stripped \"%s\"", first_ok, rest_has, twice);
}

/* R5: poppler runs the words of a line together when every word on it is
 * one letter long ("A B" comes back "AB"): a description whose wrapped
 * line is such a line is not checked on poppler. */
static void one_letter_lines(void)
{
    plain();
    g_rec.n_items = 1;
    /* The long word sets the width: "A B" goes to the line below it. */
    snprintf(g_rec.items[0].desc, sizeof g_rec.items[0].desc,
             "Wolfeschlegelstein A B");
    g_layout.wrap = 6;
    g_keep_as = "poppler-one-letter-words";
    bool mupdf = extract_as(DOC_MUPDF, &g_rec, &g_stray, &g_layout);
    bool poppler = extract_as(DOC_POPPLER, &g_rec, &g_stray, &g_layout);
    doc_text pdf = {0};
    doc_rendered info = {0};
    doc_render(&g_rec, &g_stray, &g_layout, &pdf, &info);
    doc_text_free(&pdf);
    verdict("R5 poppler runs one-letter words together", mupdf && !poppler &&
            strstr(g_text.data, "\nAB\n") && info.one_letter_line,
            "MuPDF %s, poppler %s, flagged %d: %s", mupdf ? "kept" : "lost",
            poppler ? "kept" : "lost", info.one_letter_line, g_text.data);
}

/* R3: no description or stray word can read as a marker, a number, a
 * label or money: words start with a letter, and the rest holds none of
 * the characters those are made of. */
static void words_never_numbers(void)
{
    uint32_t bad = 0;
    for (size_t i = 0; i < alpha(&g_letters)->n; i++)
        if (g_letters.cps[i] < 0x80 && !((g_letters.cps[i] | 0x20) >= 'a' &&
                                         (g_letters.cps[i] | 0x20) <= 'z'))
            bad = g_letters.cps[i];
    for (size_t i = 0; i < alpha(&g_rest)->n; i++)
        if ((g_rest.cps[i] < 0x80 && strchr(".,:@|#$", (int)g_rest.cps[i])) ||
            g_rest.cps[i] == 0x20ac ||
            g_rest.cps[i] == 0xa3 || g_rest.cps[i] == 0xa5)
            bad = g_rest.cps[i];
    verdict("R3 words start with a letter and hold no marker or money character",
            bad == 0, "U+%04X is drawn", bad);
}

/* R6: MuPDF's lexer reads a number of ten digits into an int that
 * overflows: UBSan stops the run (in a child here, its report caught). */
static void long_number_overflows(void)
{
    static const char pdf[] = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages "
                              "12345678901 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R"
                              " >>\n%%EOF\n";
    int fd[2];
    if (pipe(fd) != 0)
        return;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 2);
        doc_text t = {0};
        char why[256];
        doc_extract(DOC_MUPDF, (const uint8_t *)pdf, sizeof pdf - 1, 4, &t, why,
                    sizeof why);
        _exit(0);
    }
    close(fd[1]);
    char report[8192] = "";
    size_t n = 0;
    ssize_t got;
    while (n + 1 < sizeof report &&
           (got = read(fd[0], report + n, sizeof report - 1 - n)) > 0)
        n += (size_t)got;
    report[n] = 0;
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    bool died = !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    verdict("R6 MuPDF's lexer overflows an int on a ten-digit number", died &&
            strstr(report, "pdf-lex.c") && strstr(report, "signed integer overflow"),
            "child %s; its stderr: %.300s", died ? "died" : "returned", report);
}

/* R4: a layout the document does not fit is refused, not drawn clipped. */
static void too_wide_refused(void)
{
    plain();
    for (int i = 0; i < 12; i++)
        strcat(g_rec.customer, " Wolfeschlegelsteinhausen");
    doc_text pdf = {0};
    doc_rendered info;
    doc_fit fit = doc_render(&g_rec, &g_stray, &g_layout, &pdf, &info);
    verdict("R4 a field wider than the page is not drawn", fit == DOC_TOO_WIDE &&
            pdf.len == 0, "doc_render gave %d, %zu bytes", (int)fit, pdf.len);
    doc_text_free(&pdf);
}

int main(void)
{
    char err[256];
    if (doc_render_init(err, sizeof err) != 0 || doc_extract_init() != 0) {
        printf("FAIL setup: %s\n", err);
        return 1;
    }
    grid_read_by_columns();
    alphabets_have_glyphs();
    lossy_characters();
    one_letter_lines();
    words_never_numbers();
    too_wide_refused();
    long_number_overflows();
    doc_text_free(&g_text);
    return finish();
}
