/* Placement, the renderer's first half: where each line of a document
 * goes (page, baseline, x). place.c has the fonts, the pen that moves
 * down the pages, wrapping, paragraphs and labelled fields; table.c
 * places the line items with them; render.c places the sections in the
 * layout's order, then draws what was placed. */
#ifndef DOCUMENTS_PLACE_H
#define DOCUMENTS_PLACE_H

#include "doc.h"

#include <cairo.h>

/* A document longer than DOC_MAX_PAGES pages does not fit (harness R4). */
enum { DOC_MAX_PAGES = 16, DOC_MAX_RUNS = 4096, DOC_MAX_RULES = 512,
       DOC_POOL = 1 << 17 };

typedef struct placed_run { unsigned page; double x, y; size_t text; } placed_run;
typedef struct placed_rule { unsigned page; double x0, y0, x1, y1; } placed_rule;

/* One document's placement: the runs of text (in pool) and the rules. */
typedef struct doc_placement {
    placed_run runs[DOC_MAX_RUNS];
    size_t n_runs;
    placed_rule rules[DOC_MAX_RULES];
    size_t n_rules;
    char pool[DOC_POOL];
    size_t pool_len;
    bool overflow;
    bool one_letter_line; /* a line of two or more one-letter words */
} doc_placement;

/* The document being placed: one at a time (it is large: static, not on
 * the stack), reset by doc_pen_begin. */
extern doc_placement doc_placed;

typedef struct pen {
    const doc_layout *L;
    cairo_scaled_font_t *font; /* size 1: widths are scaled by size */
    double size, lh, gap, left, right, top, bottom, y, page_w, page_h;
    unsigned page;
} pen;

/* Starts placing a document in the layout: the pen at the top of page 1,
 * doc_placed empty. */
void doc_pen_begin(pen *p, const doc_layout *L);
/* The face the layout's text is drawn in (doc_render_init loaded it). */
cairo_font_face_t *doc_font_face(const doc_layout *L);

double doc_width_of(const pen *p, const char *s, size_t n);
double doc_width_str(const pen *p, const char *s);
/* Places n bytes of s at x on the pen's line (nothing when n is 0). */
void doc_place(pen *p, double x, const char *s, size_t n);
void doc_place_str(pen *p, double x, const char *s);
void doc_place_rule(const pen *p, double x0, double y0, double x1, double y1);
/* Moves to the next baseline, on a new page when this one is full. */
void doc_next_line(pen *p);
/* Whether s (n bytes) is two or more words of one letter each. */
bool doc_one_letter_words(const char *s, size_t n);
/* Greedy wrapping at spaces: the byte ranges of each line of s. Returns
 * the number of lines, or 0 when a word alone is wider than width. */
size_t doc_wrap(const pen *p, const char *s, double width, size_t *start,
                size_t *len, size_t max_lines);

doc_fit doc_place_paragraph(pen *p, const char *text);
/* A labelled header field on a line of its own (never wrapped). */
doc_fit doc_place_field(pen *p, const char *label, const char *value);
void doc_format_date(const doc_record *r, const doc_layout *L, char *out,
                     size_t cap);

/* The line-items table (table.c). */
doc_fit doc_place_table(pen *p, const doc_record *r);

#endif
