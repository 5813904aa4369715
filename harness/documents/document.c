/* One document of the documents target through the pipeline: drawn (by
 * the harness), rendered, extracted by both libraries and parsed; which
 * restriction keeps poppler from being checked on it; comparing two
 * documents' outcomes; and the failure report that shows them — the
 * layout, the records, each extractor's text, and the PDF written where
 * a person can open it (document.h). */
#include "document.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXTRACT_PAGES = 16, MAX_SHOWN = 6000 };

void doc_text_release(void *t) { doc_text_free(t); }

void doc_init(void)
{
    char err[256];
    if (doc_render_init(err, sizeof err) != 0 || doc_extract_init() != 0) {
        fprintf(stderr, "documents: %s\n", err);
        exit(2);
    }
}

/* The restriction that keeps poppler from being checked on a rendered
 * document, or NULL: R1 words 0.8 em apart or more on a line, R5 a line of
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
void doc_poppler_or_skip(pf_src *s, const document *a, const document *b)
{
    const char *r = poppler_restriction(a);
    if (!r && b)
        r = poppler_restriction(b);
    if (r)
        pf_skip(s, r);
}

document *doc_new(pf_src *s, const char *name)
{
    document *d = pf_alloc(s, sizeof *d);
    memset(d, 0, sizeof *d);
    d->name = name;
    pf_defer(s, doc_text_release, &d->pdf);
    for (unsigned x = 0; x < DOC_N_EXTRACTORS; x++)
        pf_defer(s, doc_text_release, &d->x[x].text);
    return d;
}

/* Renders, extracts and parses d. Returns whether the layout fitted.
 * Documents poppler is not checked on (R1, R5) cost it nothing. */
bool doc_process(document *d)
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
void doc_process_variant(pf_src *s, document *v)
{
    if (!doc_process(v))
        pf_skip(s, "R4");
}

/* ------------------------------------------------------------------ */
/* Reports: the documents as values, their text, and their PDFs.       */
/* ------------------------------------------------------------------ */

static const uint8_t *g_input;
static size_t g_input_len;

void doc_keep_input(const uint8_t *data, size_t size)
{
    g_input = data;
    g_input_len = size;
}

/* Where a failing document's PDF goes: beside the finding, named as
 * propfuzz names it (<property>-<hash>, properties/core/report.c), when the
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

void doc_put_text(pf_buf *b, const doc_text *t)
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
    doc_put_text(&b[2], &d->x[x].text);
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

_Noreturn void doc_fail(pf_src *s, const char *summary, const document *a,
                        unsigned xa, const document *b, unsigned xb,
                        const char *where)
{
    pf_line l[2 * LINES_PER_DOC] = {{0}};
    document_lines(s, a, xa, 0, l);
    if (b)
        document_lines(s, b, xb, 1, l + LINES_PER_DOC);
    pf_fail(s, NULL, summary, l, b ? 2 * LINES_PER_DOC : LINES_PER_DOC, where);
}

/* Both outcomes alike: refused, unparsed, or the same records (as a set
 * when `as_set`). */
bool doc_same_outcome(const extraction *a, const extraction *b, bool as_set,
                      char *where, size_t cap)
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

document *doc_copy(pf_src *s, const document *d, const char *name)
{
    document *v = doc_new(s, name);
    v->rec = d->rec;
    v->stray = d->stray;
    v->L = d->L;
    return v;
}
