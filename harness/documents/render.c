/* The renderer: the sections placed in the layout's order, then drawn
 * with cairo's PDF surface into memory (no files). Text is drawn in
 * placement order, which is reading order: letterhead, the sections,
 * a footer per page. */
#include "place.h"

#include <cairo-pdf.h>
#include <stdio.h>
#include <string.h>

static doc_fit place_section(pen *p, const doc_record *r, unsigned sec,
                             const doc_stray *st)
{
    const doc_labels *lab = doc_labels_of(p->L);
    char date[64];
    switch (sec) {
    case DOC_SEC_ID:
        return r->has_id ? doc_place_field(p, lab->id, r->id) : DOC_FITS;
    case DOC_SEC_DATE:
        if (!r->has_date)
            return DOC_FITS;
        doc_format_date(r, p->L, date, sizeof date);
        return doc_place_field(p, lab->date, date);
    case DOC_SEC_CUSTOMER:
        return r->has_customer ? doc_place_field(p, lab->customer, r->customer)
                               : DOC_FITS;
    case DOC_SEC_ITEMS:
        return doc_place_table(p, r);
    default:
        return doc_place_paragraph(p, st->note);
    }
}

/* Places the document; the pen starts where doc_pen_begin put it. */
static doc_fit place_document(pen *p, const doc_record *r, const doc_stray *st)
{
    doc_fit fit = doc_place_paragraph(p, st->letterhead);
    p->y += p->lh / 2;
    for (unsigned i = 0; i <= DOC_N_SECTIONS && fit == DOC_FITS; i++) {
        if (*st->extra && st->extra_at == i) {
            fit = doc_place_paragraph(p, st->extra);
            p->y += p->lh / 2;
        }
        if (i < DOC_N_SECTIONS && fit == DOC_FITS) {
            fit = place_section(p, r, p->L->order[i] % DOC_N_SECTIONS, st);
            p->y += p->lh / 2;
        }
    }
    if (fit == DOC_FITS && (doc_placed.overflow || p->page >= DOC_MAX_PAGES))
        fit = DOC_TOO_LONG;
    return fit;
}

/* ------------------------------------------------------------------ */
/* Drawing.                                                            */
/* ------------------------------------------------------------------ */

static cairo_status_t to_text(void *closure, const unsigned char *data,
                              unsigned int len)
{
    doc_text_put(closure, (const char *)data, len);
    return CAIRO_STATUS_SUCCESS;
}

static void draw_page(cairo_t *cr, const pen *p, unsigned page, unsigned pages,
                      const doc_stray *st)
{
    for (size_t i = 0; i < doc_placed.n_runs; i++)
        if (doc_placed.runs[i].page == page) {
            cairo_move_to(cr, doc_placed.runs[i].x, doc_placed.runs[i].y);
            cairo_show_text(cr, doc_placed.pool + doc_placed.runs[i].text);
        }
    if (st->footer) {
        const doc_labels *lab = doc_labels_of(p->L);
        char foot[64];
        snprintf(foot, sizeof foot, "%s %u %s %u", lab->page, page + 1,
                 lab->of, pages);
        cairo_move_to(cr, p->left, p->page_h - p->L->margin / 2.0);
        cairo_show_text(cr, foot);
    }
    cairo_set_line_width(cr, 0.5);
    for (size_t i = 0; i < doc_placed.n_rules; i++)
        if (doc_placed.rules[i].page == page) {
            cairo_move_to(cr, doc_placed.rules[i].x0, doc_placed.rules[i].y0);
            cairo_line_to(cr, doc_placed.rules[i].x1, doc_placed.rules[i].y1);
            cairo_stroke(cr);
        }
    cairo_show_page(cr);
}

doc_fit doc_render(const doc_record *r, const doc_stray *st,
                   const doc_layout *L, doc_text *pdf, doc_rendered *out)
{
    pen p;
    doc_pen_begin(&p, L);
    doc_fit fit = place_document(&p, r, st);
    if (fit != DOC_FITS)
        return fit;
    /* The pages that hold text (a section that ended at a page's foot
     * leaves the pen on an empty one). */
    unsigned n = 1;
    for (size_t i = 0; i < doc_placed.n_runs; i++)
        if (doc_placed.runs[i].page + 1 > n)
            n = doc_placed.runs[i].page + 1;
    cairo_surface_t *surf =
        cairo_pdf_surface_create_for_stream(to_text, pdf, p.page_w, p.page_h);
    /* A fixed date: the same document renders to the same bytes. */
    cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATE_DATE,
                                   "2000-01-01T00:00:00Z");
    cairo_t *cr = cairo_create(surf);
    cairo_set_font_face(cr, doc_font_face(L));
    cairo_set_font_size(cr, p.size);
    for (unsigned i = 0; i < n; i++)
        draw_page(cr, &p, i, n, st);
    cairo_destroy(cr);
    cairo_surface_finish(surf);
    cairo_surface_destroy(surf);
    out->pages = n;
    out->one_letter_line = doc_placed.one_letter_line;
    return DOC_FITS;
}
