/* The renderer: the sections placed in the layout's order, then drawn
 * with cairo's PDF surface into memory (no files). Text is drawn in
 * placement order, which is reading order: letterhead, the sections,
 * a footer per page. */
#include "doc.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <stdio.h>
#include <string.h>

static doc_fit place_section(pen *p, const doc_record *r, unsigned sec,
                             const doc_stray *st)
{
    const doc_labels *lab = doc_labels_of(p->L);
    char date[64];
    switch (sec) {
    case DOC_SEC_ID:
        return r->has_id ? place_field(p, lab->id, r->id) : DOC_FITS;
    case DOC_SEC_DATE:
        if (!r->has_date)
            return DOC_FITS;
        format_date(r, p->L, date, sizeof date);
        return place_field(p, lab->date, date);
    case DOC_SEC_CUSTOMER:
        return r->has_customer ? place_field(p, lab->customer, r->customer)
                               : DOC_FITS;
    case DOC_SEC_ITEMS:
        return place_table(p, r);
    default:
        return place_paragraph(p, st->note);
    }
}

static void pen_init(pen *p, const doc_layout *L)
{
    memset(p, 0, sizeof *p);
    p->L = L;
    p->font = g_unit[L->font % DOC_N_FONTS];
    p->size = L->size2 / 2.0;
    p->lh = p->size * L->leading / 10.0;
    p->gap = p->size * L->gap20 / 20.0;
    const double *wh = page_sizes[L->page % DOC_N_PAGES];
    p->page_h = wh[1];
    p->left = L->margin;
    p->right = wh[0] - L->margin;
    p->top = L->margin + p->size;
    p->bottom = wh[1] - L->margin - 2 * p->lh; /* room for the footer */
    p->y = p->top;
}

static doc_fit place_document(pen *p, const doc_record *r, const doc_stray *st)
{
    P.n_runs = P.n_rules = P.pool_len = 0;
    P.overflow = P.one_letter_line = false;
    doc_fit fit = place_paragraph(p, st->letterhead);
    p->y += p->lh / 2;
    for (unsigned i = 0; i <= DOC_N_SECTIONS && fit == DOC_FITS; i++) {
        if (*st->extra && st->extra_at == i) {
            fit = place_paragraph(p, st->extra);
            p->y += p->lh / 2;
        }
        if (i < DOC_N_SECTIONS && fit == DOC_FITS) {
            fit = place_section(p, r, p->L->order[i] % DOC_N_SECTIONS, st);
            p->y += p->lh / 2;
        }
    }
    if (fit == DOC_FITS && (P.overflow || p->page >= MAX_PAGES))
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
    for (size_t i = 0; i < P.n_runs; i++)
        if (P.runs[i].page == page) {
            cairo_move_to(cr, P.runs[i].x, P.runs[i].y);
            cairo_show_text(cr, P.pool + P.runs[i].text);
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
    for (size_t i = 0; i < P.n_rules; i++)
        if (P.rules[i].page == page) {
            cairo_move_to(cr, P.rules[i].x0, P.rules[i].y0);
            cairo_line_to(cr, P.rules[i].x1, P.rules[i].y1);
            cairo_stroke(cr);
        }
    cairo_show_page(cr);
}

doc_fit doc_render(const doc_record *r, const doc_stray *st,
                   const doc_layout *L, doc_text *pdf, doc_rendered *out)
{
    pen p;
    pen_init(&p, L);
    doc_fit fit = place_document(&p, r, st);
    if (fit != DOC_FITS)
        return fit;
    /* The pages that hold text (a section that ended at a page's foot
     * leaves the pen on an empty one). */
    unsigned n = 1;
    for (size_t i = 0; i < P.n_runs; i++)
        if (P.runs[i].page + 1 > n)
            n = P.runs[i].page + 1;
    const double *wh = page_sizes[L->page % DOC_N_PAGES];
    cairo_surface_t *surf =
        cairo_pdf_surface_create_for_stream(to_text, pdf, wh[0], wh[1]);
    /* A fixed date: the same document renders to the same bytes. */
    cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATE_DATE,
                                   "2000-01-01T00:00:00Z");
    cairo_t *cr = cairo_create(surf);
    cairo_set_font_face(cr, g_faces[L->font % DOC_N_FONTS]);
    cairo_set_font_size(cr, p.size);
    for (unsigned i = 0; i < n; i++)
        draw_page(cr, &p, i, n, st);
    cairo_destroy(cr);
    cairo_surface_finish(surf);
    cairo_surface_destroy(surf);
    out->pages = n;
    out->one_letter_line = P.one_letter_line;
    return DOC_FITS;
}
