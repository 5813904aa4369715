/* documents — invoices rendered to PDF by cairo, extracted by MuPDF and
 * poppler, parsed back into records (the background's structured-output
 * extraction, on real documents).
 *
 * The first draw picks a mode. In records mode the records come first: an
 * invoice (id, date, customer, 0-40 line items of description, quantity,
 * unit price, total), stray text (a letterhead, a note, page footers) and
 * a layout (page size, margins, one of three DejaVu faces, font size,
 * leading, section order, labels, date and money formats, currency
 * placement, a flow or grid table, separators: spaces, gaps, pipes,
 * rules; the wrap width of descriptions). harness/documents/ renders it
 * (cairo's PDF surface, in memory), extracts the text (MuPDF's structured
 * text, poppler's page text) and parses it (harness/documents/parse.c
 * says how). Properties, each for both extractors:
 *
 *   round_trip           the parsed records are the drawn ones
 *   extractor_agreement  MuPDF and poppler give the same records
 *   permutation          the sections (fields, table, note) and the rows in
 *                        a drawn order give the same set of records
 *   irrelevant_addition  a drawn paragraph of stray text at a drawn place
 *                        adds no record and changes no field
 *   deletion             leaving out a drawn row removes exactly that
 *                        record; leaving out a field's text makes it absent
 *   format_neutral       a second drawn layout (page, font, size, table,
 *                        separators, wrapping, number formats) gives the
 *                        same records
 *
 * In raw mode arbitrary bytes go to both libraries' PDF loaders and text
 * extraction (first pages only):
 *
 *   parse_safe           no crash, no leak (the sanitizers judge), and the
 *                        same bytes loaded twice give the same text
 *
 * MuPDF is built from Debian source with the fuzzer's instrumentation and
 * the sanitizers; poppler and cairo are Debian's packages (cairo is the
 * renderer, not under test; poppler is C++ behind its glib binding).
 *
 * Restrictions (each shown against the libraries in
 * tests/restrict/documents.c):
 *   R1 poppler's reading order cuts a line into blocks at a gap of about
 *      an em or more and reads the blocks in an order of its own: a grid
 *      table by columns with the paragraph below it between them, a wide
 *      flow row's last cell after the subtotal, two cells run together
 *      (FINDINGS.md). poppler is checked only on layouts whose words keep
 *      less than an em apart on a line (doc_narrow_gaps: flow tables,
 *      gaps and runs of spaces under 1 em); MuPDF on all.
 *   R2 the alphabets hold only characters every DejaVu face has a glyph
 *      for (no CJK, no emoji) and that a correct extractor can give back:
 *      no right-to-left scripts (the renderer does not reorder them), no
 *      ligature code points (MuPDF expands U+FB01 to "fi" by design), no
 *      whitespace but single spaces (extractors rebuild spaces from gaps:
 *      a run of spaces, a tab, U+00A0 are not recoverable), no soft hyphen
 *      or other invisible characters. Three combining marks are drawn,
 *      but never first in a word (poppler drops one that follows a space
 *      at the end of a line) and never twice in a row (MuPDF drops the
 *      second as fake bold; FINDINGS.md).
 *   R3 description and stray words start with a letter and hold none of
 *      . , : @ | # or a currency sign, so no word reads as a row marker, a
 *      number, a label or money; a customer name is the rest of its line.
 *   R4 a layout the document does not fit (a word or field wider than the
 *      text, more than 16 pages) is not drawn: the input is discarded
 *      (base layout) or the property skipped (a variant's layout).
 *   R5 poppler runs the words of a line together when every one of them
 *      is a single letter ("A B" comes back "AB"; FINDINGS.md): poppler
 *      is not checked on a document where a wrapped description leaves
 *      such a line.
 */
#include "propfuzz.h"

#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo.h>
#include <mupdf/fitz.h>
#include <poppler.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "documents/doc.h"

/* A planted-bug build (tests/planted/documents/<property>.h) wraps a
 * library call here, after the libraries' headers, before the parts. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

#include "documents/format.c"
#include "documents/place.c"
#include "documents/table.c"
#include "documents/render.c"
#include "documents/extract.c"
#include "documents/parse.c"
#include "documents/record.c"

enum mode { MODE_RECORDS, MODE_RAW, N_MODES };
enum { EXTRACT_PAGES = 16, RAW_MAX_PAGES = 4, MAX_SHOWN = 6000 };

/* ------------------------------------------------------------------ */
/* One document: drawn, rendered, extracted twice, parsed twice.       */
/* ------------------------------------------------------------------ */

typedef struct extraction {
    doc_text text;
    doc_record rec;
    bool refused;      /* the library did not load the PDF */
    bool unparsed;     /* the parser did not read the text */
    char why[256];
} extraction;

typedef struct document {
    const char *name;  /* "document", "permuted", ... */
    doc_record rec;    /* what was drawn (less what a deletion removed) */
    doc_stray stray;
    doc_layout L;
    doc_text pdf;
    doc_rendered info;
    extraction x[DOC_N_EXTRACTORS];
} document;

static void text_release(void *t) { doc_text_free(t); }

/* The restriction that keeps poppler from being checked on a rendered
 * document, or NULL: R1 words an em apart or more on a line, R5 a line of
 * one-letter words (-DDOCUMENTS_LIFT_R1=1 / _R5=1: checked anyway, to see
 * the findings). */
#ifndef DOCUMENTS_LIFT_R1
#define DOCUMENTS_LIFT_R1 0
#endif
#ifndef DOCUMENTS_LIFT_R5
#define DOCUMENTS_LIFT_R5 0
#endif
static const char *poppler_restriction(const document *d)
{
    if (!DOCUMENTS_LIFT_R1 && !doc_narrow_gaps(&d->L))
        return "R1";
    if (!DOCUMENTS_LIFT_R5 && d->info.one_letter_line)
        return "R5";
    return NULL;
}

/* Skips the rest of the property when poppler is not checked on a or b. */
static void poppler_or_skip(pf_src *s, const document *a, const document *b)
{
    const char *r = poppler_restriction(a);
    if (!r && b)
        r = poppler_restriction(b);
    if (r)
        pf_skip(s, r);
}

static document *new_document(pf_src *s, const char *name)
{
    document *d = pf_alloc(s, sizeof *d);
    memset(d, 0, sizeof *d);
    d->name = name;
    pf_defer(s, text_release, &d->pdf);
    for (unsigned x = 0; x < DOC_N_EXTRACTORS; x++)
        pf_defer(s, text_release, &d->x[x].text);
    return d;
}

/* Renders, extracts and parses d. Returns whether the layout fitted.
 * Documents poppler is not checked on (R1, R5) cost it nothing. */
static bool process(document *d)
{
    if (doc_render(&d->rec, &d->stray, &d->L, &d->pdf, &d->info) != DOC_FITS)
        return false;
    unsigned n = poppler_restriction(d) ? 1 : DOC_N_EXTRACTORS;
    for (unsigned x = 0; x < n; x++) {
        extraction *e = &d->x[x];
        e->refused = doc_extract(x, (const uint8_t *)d->pdf.data, d->pdf.len,
                                 EXTRACT_PAGES, &e->text, e->why, sizeof e->why) != 0;
        e->unparsed = !e->refused &&
                      doc_parse(e->text.data, e->text.len, &d->L, &e->rec,
                                e->why, sizeof e->why) != 0;
    }
    return true;
}

/* A variant of the document: processed, or the property skipped (R4). */
static void process_variant(pf_src *s, document *v)
{
    if (!process(v))
        pf_skip(s, "R4");
}

static void init(void)
{
    char err[256];
    if (doc_render_init(err, sizeof err) != 0 || doc_extract_init() != 0) {
        fprintf(stderr, "documents: %s\n", err);
        exit(2);
    }
}

static void *draw_document(pf_src *s)
{
    document *d = new_document(s, "document");
    doc_draw_record(s, &d->rec);
    doc_draw_stray(s, &d->stray);
    doc_draw_layout(s, "layout", &d->L);
    pf_assume(s, process(d), "R4: the layout does not fit the document");
    if (d->info.pages > 1)
        pf_event(s, "several pages");
    return d;
}

/* ------------------------------------------------------------------ */
/* Reports: the documents as values, their text, and their PDFs.       */
/* ------------------------------------------------------------------ */

static const uint8_t *g_input;
static size_t g_input_len;

/* Where a failing document's PDF goes: beside the finding, named as
 * propfuzz names it (<property>-<hash>, properties/report.c), when the
 * report's recorded re-run writes it; or to $PF_DOCUMENTS_PDF_DIR. */
static const char *pdf_path(pf_src *s, const document *d, char *out,
                            size_t cap)
{
    const char *dir = getenv("PF_DOCUMENTS_PDF_DIR");
    if (!dir || !*dir)
        dir = pf_recording() ? getenv("PF_FINDINGS_DIR") : NULL;
    if (!dir || !*dir || !d->pdf.len)
        return NULL;
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < g_input_len; i++)
        h = (h ^ g_input[i]) * UINT64_C(0x100000001b3);
    snprintf(out, cap, "%s/%s-%012llx%s%s.pdf", dir, pf_property_name(s),
             (unsigned long long)(h >> 16), strcmp(d->name, "document") ? "." : "",
             strcmp(d->name, "document") ? d->name : "");
    FILE *f = fopen(out, "wb");
    if (!f)
        return NULL;
    bool ok = fwrite(d->pdf.data, 1, d->pdf.len, f) == d->pdf.len;
    return fclose(f) == 0 && ok ? out : NULL;
}

static void put_text(pf_buf *b, const doc_text *t)
{
    pf_buf_quote(b, (const uint8_t *)t->data,
                 t->len < MAX_SHOWN ? t->len : MAX_SHOWN);
    if (t->len > MAX_SHOWN)
        pf_buf_printf(b, " ... (%zu bytes)", t->len);
}

static void put_record(pf_buf *b, const doc_record *r)
{
    doc_text t = {0};
    doc_print_record(&t, r);
    pf_buf_put(b, t.data, t.len);
    doc_text_free(&t);
}

/* How a document came out of one extractor. */
static void put_outcome(pf_buf *b, const extraction *e)
{
    if (e->refused)
        pf_buf_printf(b, "refused the PDF: %s", e->why);
    else if (e->unparsed)
        pf_buf_printf(b, "(does not parse: %s)", e->why);
    else
        put_record(b, &e->rec);
}

enum { LINES_PER_DOC = 5 };

/* The report lines of one document as extractor x saw it: the side'th
 * document of the report (0 or 1). */
static void document_lines(pf_src *s, const document *d, unsigned x,
                           unsigned side, pf_line *l)
{
    static const char *const names[LINES_PER_DOC] = {"layout", "drawn",
                                                    "text", "parsed", "pdf"};
    static char labels[2][LINES_PER_DOC][64];
    pf_buf b[LINES_PER_DOC] = {{0}};
    char path[4096];
    doc_text lay = {0};
    doc_print_layout(&lay, &d->L);
    pf_buf_printf(&b[0], "%s (%u page%s)", lay.data, d->info.pages,
                  d->info.pages == 1 ? "" : "s");
    doc_text_free(&lay);
    put_record(&b[1], &d->rec);
    put_text(&b[2], &d->x[x].text);
    put_outcome(&b[3], &d->x[x]);
    const char *pdf = pdf_path(s, d, path, sizeof path);
    if (pdf)
        pf_buf_printf(&b[4], "%s  (see it: pdftoppm -png -r 96 %s %s)", pdf,
                      pdf, pdf);
    else
        pf_buf_printf(&b[4], "not written (replay with PF_DOCUMENTS_PDF_DIR="
                      "<dir> to keep it)");
    for (unsigned i = 0; i < LINES_PER_DOC; i++) {
        snprintf(labels[side][i], sizeof labels[side][i], "%s %s %s", d->name,
                 doc_extractor_names[x], names[i]);
        l[i] = (pf_line){labels[side][i], pf_buf_defer(s, &b[i])};
    }
}

_Noreturn static void fail_documents(pf_src *s, const char *summary,
                                     const document *a, unsigned xa,
                                     const document *b, unsigned xb,
                                     const char *where)
{
    pf_line l[2 * LINES_PER_DOC] = {{0}};
    document_lines(s, a, xa, 0, l);
    if (b)
        document_lines(s, b, xb, 1, l + LINES_PER_DOC);
    pf_fail(s, NULL, summary, l, b ? 2 * LINES_PER_DOC : LINES_PER_DOC, where);
}

/* ------------------------------------------------------------------ */
/* Properties.                                                         */
/* ------------------------------------------------------------------ */

static void prop_round_trip(pf_src *s, void *in)
{
    const document *d = in;
    char where[64] = "";
    for (unsigned x = 0; x < DOC_N_EXTRACTORS; x++) {
        if (x == DOC_POPPLER)
            poppler_or_skip(s, d, NULL);
        const extraction *e = &d->x[x];
        if (e->refused || e->unparsed ||
            !doc_record_equal(&e->rec, &d->rec, where, sizeof where))
            fail_documents(s, "the extracted records are not the drawn ones",
                           d, x, NULL, 0, where);
    }
}

/* Both outcomes alike: refused, unparsed, or the same records (as a set
 * when `as_set`). */
static bool same_outcome(const extraction *a, const extraction *b,
                         bool as_set, char *where, size_t cap)
{
    if (a->refused || b->refused || a->unparsed || b->unparsed) {
        snprintf(where, cap, "outcome");
        return a->refused == b->refused && a->unparsed == b->unparsed;
    }
    if (!as_set)
        return doc_record_equal(&a->rec, &b->rec, where, cap);
    static doc_record x, y;
    x = a->rec, y = b->rec;
    doc_sort_items(&x);
    doc_sort_items(&y);
    return doc_record_equal(&x, &y, where, cap);
}

static void prop_extractor_agreement(pf_src *s, void *in)
{
    const document *d = in;
    char where[64] = "";
    poppler_or_skip(s, d, NULL);
    if (!same_outcome(&d->x[DOC_MUPDF], &d->x[DOC_POPPLER], false, where,
                      sizeof where))
        fail_documents(s, "MuPDF and poppler give different records", d,
                       DOC_MUPDF, d, DOC_POPPLER, where);
}

/* A metamorphic relation: the variant, extracted by each extractor, gives
 * what the document gave that extractor. */
static void compare_variant(pf_src *s, const document *d, const document *v,
                            bool as_set, const char *summary)
{
    char where[64] = "";
    for (unsigned x = 0; x < DOC_N_EXTRACTORS; x++) {
        if (x == DOC_POPPLER)
            poppler_or_skip(s, d, v);
        if (!same_outcome(&d->x[x], &v->x[x], as_set, where, sizeof where))
            fail_documents(s, summary, d, x, v, x, where);
    }
}

static document *copy_document(pf_src *s, const document *d, const char *name)
{
    document *v = new_document(s, name);
    v->rec = d->rec;
    v->stray = d->stray;
    v->L = d->L;
    return v;
}

static void prop_permutation(pf_src *s, void *in)
{
    const document *d = in;
    document *v = copy_document(s, d, "permuted");
    size_t sec[DOC_N_SECTIONS], rows[DOC_MAX_ITEMS];
    pf_permutation(s, "sections", sec, DOC_N_SECTIONS);
    pf_permutation(s, "rows", rows, d->rec.n_items);
    for (size_t i = 0; i < DOC_N_SECTIONS; i++)
        v->L.order[i] = d->L.order[sec[i]];
    for (size_t i = 0; i < d->rec.n_items; i++)
        v->rec.items[i] = d->rec.items[rows[i]];
    process_variant(s, v);
    compare_variant(s, d, v, true, "reordering sections and rows changed "
                    "the set of extracted records");
}

static void prop_irrelevant_addition(pf_src *s, void *in)
{
    const document *d = in;
    document *v = copy_document(s, d, "added");
    doc_draw_paragraph(s, "extra", v->stray.extra, 1, 24);
    v->stray.extra_at = (uint8_t)pf_u64_range(s, "extra_at", 0, DOC_N_SECTIONS);
    process_variant(s, v);
    compare_variant(s, d, v, false, "adding stray text changed the "
                    "extracted records");
}

enum deletion { DEL_ROW, DEL_ID, DEL_DATE, DEL_CUSTOMER, DEL_DESC, DEL_QTY,
                DEL_UNIT, DEL_TOTAL, N_DELETIONS };
static const char *const deletion_names[N_DELETIONS] = {
    "row", "id", "date", "customer", "desc", "qty", "unit", "total"};

/* Takes the deletion out of a record: what the document left out. */
static void apply_deletion(doc_record *r, enum deletion what, size_t row)
{
    doc_item *it = &r->items[row];
    switch (what) {
    case DEL_ROW:
        memmove(it, it + 1, (r->n_items - row - 1) * sizeof *it);
        r->n_items--;
        break;
    case DEL_ID: r->has_id = false; break;
    case DEL_DATE: r->has_date = false; break;
    case DEL_CUSTOMER: r->has_customer = false; break;
    case DEL_DESC: it->has_desc = false, it->desc[0] = 0; break;
    case DEL_QTY: it->has_qty = false, it->qty = 0; break;
    case DEL_UNIT: it->has_unit = false, it->unit = 0; break;
    default: it->has_total = false, it->total = 0; break;
    }
}

static void prop_deletion(pf_src *s, void *in)
{
    const document *d = in;
    enum deletion what = pf_choice(s, "delete", N_DELETIONS);
    pf_name_values(s, deletion_names, N_DELETIONS);
    bool in_row = what == DEL_ROW || what >= DEL_DESC;
    if (in_row && d->rec.n_items == 0)
        return;
    size_t row = in_row ? pf_u64_range(s, "row", 0, d->rec.n_items - 1) : 0;
    document *v = copy_document(s, d, "deleted");
    apply_deletion(&v->rec, what, row);
    process_variant(s, v);
    /* The expectation: what each extractor gave for the document, less
     * the same thing (a relation: it holds even where round_trip fails). */
    extraction *want = pf_alloc(s, sizeof *want);
    char where[64] = "";
    for (unsigned x = 0; x < DOC_N_EXTRACTORS; x++) {
        if (x == DOC_POPPLER)
            poppler_or_skip(s, d, v);
        *want = d->x[x];
        want->text = (doc_text){0}; /* not owned: d's */
        if (!want->refused && !want->unparsed) {
            if (in_row && row >= want->rec.n_items)
                continue; /* the row was not extracted in the first place */
            apply_deletion(&want->rec, what, row);
        }
        if (!same_outcome(want, &v->x[x], false, where, sizeof where))
            fail_documents(s, "leaving text out did not remove exactly its "
                           "record or field", d, x, v, x, where);
    }
}

static void prop_format_neutral(pf_src *s, void *in)
{
    const document *d = in;
    document *v = copy_document(s, d, "reformatted");
    doc_draw_layout(s, "layout2", &v->L);
    /* The sections keep their order: that is permutation's business. */
    memcpy(v->L.order, d->L.order, sizeof v->L.order);
    process_variant(s, v);
    compare_variant(s, d, v, false, "another layout changed the extracted "
                    "records");
}

/* Raw mode: each library loads the bytes twice. */
static void prop_parse_safe(pf_src *s, void *in)
{
    (void)in;
    size_t len;
    const uint8_t *raw = pf_rest(s, "pdf", &len);
    for (unsigned x = 0; x < DOC_N_EXTRACTORS; x++) {
        doc_text *t = pf_alloc(s, 2 * sizeof *t);
        memset(t, 0, 2 * sizeof *t);
        pf_defer(s, text_release, &t[0]);
        pf_defer(s, text_release, &t[1]);
        char why[2][256];
        int rc0 = doc_extract(x, raw, len, RAW_MAX_PAGES, &t[0], why[0], 256);
        int rc1 = doc_extract(x, raw, len, RAW_MAX_PAGES, &t[1], why[1], 256);
        if (rc0 != rc1 || t[0].len != t[1].len ||
            memcmp(t[0].data, t[1].data, t[0].len) != 0) {
            pf_buf a = {0}, b = {0};
            put_text(&a, &t[0]);
            put_text(&b, &t[1]);
            pf_line l[] = {{"extractor", doc_extractor_names[x]},
                           {"first load", pf_buf_defer(s, &a)},
                           {"second load", pf_buf_defer(s, &b)}};
            pf_fail(s, NULL, "the same bytes loaded twice gave different text",
                    l, PF_LEN(l), NULL);
        }
    }
}

static const pf_property record_properties[] = {
    {"round_trip", prop_round_trip},
    {"extractor_agreement", prop_extractor_agreement},
    {"permutation", prop_permutation},
    {"irrelevant_addition", prop_irrelevant_addition},
    {"deletion", prop_deletion},
    {"format_neutral", prop_format_neutral},
};
static const pf_property raw_properties[] = {
    {"parse_safe", prop_parse_safe},
};
static const pf_mode modes[] = {
    {"records", draw_document, record_properties, PF_LEN(record_properties)},
    {"raw", NULL, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target documents = {"documents", modes, PF_LEN(modes), init};

/* PF_TARGET, keeping the input: a failing document's PDF is named for it. */
#ifdef PF_PLANT_ONLY
#define DOCUMENTS_ONLY PF_PLANT_ONLY
#else
#define DOCUMENTS_ONLY NULL
#endif
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_input = data;
    g_input_len = size;
    return pf_run(&documents, DOCUMENTS_ONLY, data, size);
}

#include "documents/seeds.c"
