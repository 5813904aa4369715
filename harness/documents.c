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
 *   R1 poppler's reading order cuts lines into blocks at gaps of about an
 *      em (less where the gaps of several lines line up) and reads the
 *      blocks in an order of its own: a grid table by columns with the
 *      paragraph below it between them, the line below a header row
 *      between its cells, the column of row markers before the rows, a
 *      wide row's last cell after the subtotal, two cells run together
 *      (FINDINGS.md). poppler is checked only on layouts whose words keep
 *      less than 0.8 em apart (doc_narrow_gaps: flow tables, gaps and runs
 *      of spaces under 0.8 em); MuPDF on all.
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
 *   R6 raw mode: bytes that hold a run of ten digits or more do not go to
 *      MuPDF: its lexer reads numbers with an int that overflows on them,
 *      deliberately ("We deliberately ignore overflow here", pdf-lex.c),
 *      which is undefined behaviour that UBSan stops every run on
 *      (FINDINGS.md). poppler still loads them.
 */
#include "documents/document.h"

#include <string.h>

enum { RAW_MAX_PAGES = 4 };

static void *draw_document(pf_src *s)
{
    document *d = doc_new(s, "document");
    doc_draw_record(s, &d->rec);
    doc_draw_stray(s, &d->stray);
    doc_draw_layout(s, "layout", &d->L);
    pf_assume(s, doc_process(d), "R4: the layout does not fit the document");
    if (d->info.pages > 1)
        pf_event(s, "several pages");
    return d;
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
            doc_poppler_or_skip(s, d, NULL);
        const extraction *e = &d->x[x];
        if (e->refused || e->unparsed ||
            !doc_record_equal(&e->rec, &d->rec, where, sizeof where))
            doc_fail(s, "the extracted records are not the drawn ones", d, x,
                     NULL, 0, where);
    }
}

static void prop_extractor_agreement(pf_src *s, void *in)
{
    const document *d = in;
    char where[64] = "";
    doc_poppler_or_skip(s, d, NULL);
    if (!doc_same_outcome(&d->x[DOC_MUPDF], &d->x[DOC_POPPLER], false, where,
                          sizeof where))
        doc_fail(s, "MuPDF and poppler give different records", d, DOC_MUPDF,
                 d, DOC_POPPLER, where);
}

/* A metamorphic relation: the variant, extracted by each extractor, gives
 * what the document gave that extractor. */
static void compare_variant(pf_src *s, const document *d, const document *v,
                            bool as_set, const char *summary)
{
    char where[64] = "";
    for (unsigned x = 0; x < DOC_N_EXTRACTORS; x++) {
        if (x == DOC_POPPLER)
            doc_poppler_or_skip(s, d, v);
        if (!doc_same_outcome(&d->x[x], &v->x[x], as_set, where, sizeof where))
            doc_fail(s, summary, d, x, v, x, where);
    }
}

static void prop_permutation(pf_src *s, void *in)
{
    const document *d = in;
    document *v = doc_copy(s, d, "permuted");
    size_t sec[DOC_N_SECTIONS], rows[DOC_MAX_ITEMS];
    pf_permutation(s, "sections", sec, DOC_N_SECTIONS);
    pf_permutation(s, "rows", rows, d->rec.n_items);
    for (size_t i = 0; i < DOC_N_SECTIONS; i++)
        v->L.order[i] = d->L.order[sec[i]];
    for (size_t i = 0; i < d->rec.n_items; i++)
        v->rec.items[i] = d->rec.items[rows[i]];
    doc_process_variant(s, v);
    compare_variant(s, d, v, true, "reordering sections and rows changed "
                    "the set of extracted records");
}

static void prop_irrelevant_addition(pf_src *s, void *in)
{
    const document *d = in;
    document *v = doc_copy(s, d, "added");
    doc_draw_paragraph(s, "extra", v->stray.extra, 1, 24);
    v->stray.extra_at = (uint8_t)pf_u64_range(s, "extra_at", 0, DOC_N_SECTIONS);
    doc_process_variant(s, v);
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
    document *v = doc_copy(s, d, "deleted");
    apply_deletion(&v->rec, what, row);
    doc_process_variant(s, v);
    /* The expectation: what each extractor gave for the document, less
     * the same thing (a relation: it holds even where round_trip fails). */
    extraction *want = pf_alloc(s, sizeof *want);
    char where[64] = "";
    for (unsigned x = 0; x < DOC_N_EXTRACTORS; x++) {
        if (x == DOC_POPPLER)
            doc_poppler_or_skip(s, d, v);
        *want = d->x[x];
        want->text = (doc_text){0}; /* not owned: d's */
        if (!want->refused && !want->unparsed) {
            if (in_row && row >= want->rec.n_items)
                continue; /* the row was not extracted in the first place */
            apply_deletion(&want->rec, what, row);
        }
        if (!doc_same_outcome(want, &v->x[x], false, where, sizeof where))
            doc_fail(s, "leaving text out did not remove exactly its "
                     "record or field", d, x, v, x, where);
    }
}

static void prop_format_neutral(pf_src *s, void *in)
{
    const document *d = in;
    document *v = doc_copy(s, d, "reformatted");
    doc_draw_layout(s, "layout2", &v->L);
    /* The sections keep their order: that is permutation's business. */
    memcpy(v->L.order, d->L.order, sizeof v->L.order);
    doc_process_variant(s, v);
    compare_variant(s, d, v, false, "another layout changed the extracted "
                    "records");
}

/* R6: whether the bytes hold a run of ten digits or more (a number
 * MuPDF's lexer overflows an int on). */
static bool long_number(const uint8_t *p, size_t n)
{
    size_t run = 0;
    for (size_t i = 0; i < n; i++)
        if ((run = p[i] >= '0' && p[i] <= '9' ? run + 1 : 0) >= 10)
            return true;
    return false;
}

/* Raw mode: each library loads the bytes twice (poppler first: R6 stops
 * the property before MuPDF). */
static void prop_parse_safe(pf_src *s, void *in)
{
    (void)in;
    size_t len;
    const uint8_t *raw = pf_rest(s, "pdf", &len);
    static const unsigned order[DOC_N_EXTRACTORS] = {DOC_POPPLER, DOC_MUPDF};
    for (unsigned i = 0; i < DOC_N_EXTRACTORS; i++) {
        unsigned x = order[i];
        if (x == DOC_MUPDF && long_number(raw, len))
            pf_skip(s, "R6");
        doc_text *t = pf_alloc(s, 2 * sizeof *t);
        memset(t, 0, 2 * sizeof *t);
        pf_defer(s, doc_text_release, &t[0]);
        pf_defer(s, doc_text_release, &t[1]);
        char why[2][256];
        int rc0 = doc_extract(x, raw, len, RAW_MAX_PAGES, &t[0], why[0], 256);
        int rc1 = doc_extract(x, raw, len, RAW_MAX_PAGES, &t[1], why[1], 256);
        if (rc0 != rc1 || t[0].len != t[1].len ||
            memcmp(t[0].data, t[1].data, t[0].len) != 0) {
            pf_buf a = {0}, b = {0};
            doc_put_text(&a, &t[0]);
            doc_put_text(&b, &t[1]);
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
static const pf_target documents = {"documents", modes, PF_LEN(modes), doc_init};

/* PF_TARGET, keeping the input: a failing document's PDF is named for it. */
#ifdef PF_PLANT_ONLY
#define DOCUMENTS_ONLY PF_PLANT_ONLY
#else
#define DOCUMENTS_ONLY NULL
#endif
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    doc_keep_input(data, size);
    return pf_run(&documents, DOCUMENTS_ONLY, data, size);
}

