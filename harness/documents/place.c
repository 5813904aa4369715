/* Placement (place.h): where each line of a document goes (page,
 * baseline, x), measured with the fonts the PDF embeds. The fonts, the
 * pen that moves down the pages, wrapping at spaces, paragraphs and
 * labelled fields. (table.c places the line items; render.c the
 * sections, and draws.) */
#include "place.h"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdio.h>
#include <string.h>

/* fonts-dejavu-core: a Debian package the build installs. */
static const char *const font_files[DOC_N_FONTS] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
};
static const double page_sizes[DOC_N_PAGES][2] = {
    {595, 842}, {612, 792}, {420, 595}, {298, 420}, {230, 720},
};

static FT_Library g_ft;
static cairo_font_face_t *g_faces[DOC_N_FONTS];
static cairo_scaled_font_t *g_unit[DOC_N_FONTS]; /* size 1: for measuring */

const char *doc_font_file(unsigned font) { return font_files[font % DOC_N_FONTS]; }

int doc_render_init(char *err, size_t cap)
{
    if (g_ft)
        return 0;
    if (FT_Init_FreeType(&g_ft)) {
        snprintf(err, cap, "FreeType does not initialise");
        return -1;
    }
    cairo_font_options_t *o = cairo_font_options_create();
    /* The PDF surface draws unhinted outlines: measure them unhinted. */
    cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE);
    cairo_matrix_t unit;
    cairo_matrix_init_identity(&unit);
    for (unsigned i = 0; i < DOC_N_FONTS; i++) {
        FT_Face face;
        if (FT_New_Face(g_ft, font_files[i], 0, &face)) {
            snprintf(err, cap, "cannot load %s: install fonts-dejavu-core",
                     font_files[i]);
            cairo_font_options_destroy(o);
            return -1;
        }
        g_faces[i] = cairo_ft_font_face_create_for_ft_face(face, 0);
        g_unit[i] = cairo_scaled_font_create(g_faces[i], &unit, &unit, o);
    }
    cairo_font_options_destroy(o);
    return 0;
}

bool doc_narrow_gaps(const doc_layout *L)
{
    if (L->table % DOC_N_TABLES == DOC_TABLE_GRID)
        return false;
    cairo_text_extents_t e;
    switch (L->sep % DOC_N_SEPS) {
    case DOC_SEP_GAP:
        return L->gap20 < 16;
    case DOC_SEP_SPACES:
        cairo_scaled_font_text_extents(g_unit[L->font % DOC_N_FONTS], " ", &e);
        return (1 + L->spaces % DOC_SPACES_MAX) * e.x_advance < 0.8;
    default:
        return true; /* " | ": a space either side of a glyph */
    }
}

/* ------------------------------------------------------------------ */
/* Placement.                                                          */
/* ------------------------------------------------------------------ */

doc_placement doc_placed;

void doc_pen_begin(pen *p, const doc_layout *L)
{
    memset(p, 0, sizeof *p);
    p->L = L;
    p->font = g_unit[L->font % DOC_N_FONTS];
    p->size = L->size2 / 2.0;
    p->lh = p->size * L->leading / 10.0;
    p->gap = p->size * L->gap20 / 20.0;
    const double *wh = page_sizes[L->page % DOC_N_PAGES];
    p->page_w = wh[0];
    p->page_h = wh[1];
    p->left = L->margin;
    p->right = wh[0] - L->margin;
    p->top = L->margin + p->size;
    p->bottom = wh[1] - L->margin - 2 * p->lh; /* room for the footer */
    p->y = p->top;
    doc_placed.n_runs = doc_placed.n_rules = doc_placed.pool_len = 0;
    doc_placed.overflow = doc_placed.one_letter_line = false;
}

cairo_font_face_t *doc_font_face(const doc_layout *L)
{
    return g_faces[L->font % DOC_N_FONTS];
}

double doc_width_of(const pen *p, const char *s, size_t n)
{
    char tmp[4096];
    if (n >= sizeof tmp)
        n = sizeof tmp - 1;
    memcpy(tmp, s, n);
    tmp[n] = 0;
    cairo_text_extents_t e;
    cairo_scaled_font_text_extents(p->font, tmp, &e);
    return e.x_advance * p->size;
}

double doc_width_str(const pen *p, const char *s)
{
    return doc_width_of(p, s, strlen(s));
}

void doc_place(pen *p, double x, const char *s, size_t n)
{
    if (n == 0)
        return;
    doc_placement *P = &doc_placed;
    if (P->n_runs == DOC_MAX_RUNS || P->pool_len + n + 1 > DOC_POOL) {
        P->overflow = true;
        return;
    }
    P->runs[P->n_runs++] = (placed_run){p->page, x, p->y, P->pool_len};
    memcpy(P->pool + P->pool_len, s, n);
    P->pool[P->pool_len + n] = 0;
    P->pool_len += n + 1;
}

void doc_place_str(pen *p, double x, const char *s)
{
    doc_place(p, x, s, strlen(s));
}

/* Whether s (n bytes) is two or more words of one letter each (a letter
 * and its combining marks, U+0300-U+036F). */
bool doc_one_letter_words(const char *s, size_t n)
{
    size_t words = 0, letters = 0;
    for (size_t i = 0; i < n;) {
        const unsigned char *c = (const unsigned char *)s + i;
        bool combining = c[0] == 0xcc || (c[0] == 0xcd && c[1] < 0xb0);
        size_t len = c[0] < 0x80 ? 1 : c[0] < 0xe0 ? 2 : c[0] < 0xf0 ? 3 : 4;
        if (c[0] == ' ') {
            if (letters != 1)
                return false;
            letters = 0;
        } else if (!combining && letters++ == 0) {
            words++;
        }
        i += len;
    }
    return words > 1 && letters == 1;
}

void doc_place_rule(const pen *p, double x0, double y0, double x1, double y1)
{
    doc_placement *P = &doc_placed;
    if (P->n_rules < DOC_MAX_RULES)
        P->rules[P->n_rules++] = (placed_rule){p->page, x0, y0, x1, y1};
}

/* Moves to the next baseline, on a new page when this one is full. */
void doc_next_line(pen *p)
{
    p->y += p->lh;
    if (p->y > p->bottom) {
        p->page++;
        p->y = p->top;
    }
}

/* Greedy wrapping at spaces: the byte ranges of each line of s. Returns
 * the number of lines, or 0 when a word alone is wider than width. */
size_t doc_wrap(const pen *p, const char *s, double width, size_t *start,
                size_t *len, size_t max_lines)
{
    size_t n = 0, at = 0, total = strlen(s);
    double space = doc_width_str(p, " ");
    while (at < total && n < max_lines) {
        size_t end = at, best = 0;
        double w = 0;
        while (end < total) {
            size_t word_end = end;
            while (word_end < total && s[word_end] != ' ')
                word_end++;
            double ww = doc_width_of(p, s + end, word_end - end);
            double add = (end > at ? space : 0) + ww;
            if (end > at && w + add > width)
                break;
            if (end == at && ww > width)
                return 0;
            w += add;
            best = word_end;
            end = word_end < total ? word_end + 1 : word_end;
        }
        start[n] = at;
        len[n++] = best - at;
        at = best < total ? best + 1 : best;
    }
    return n;
}

doc_fit doc_place_paragraph(pen *p, const char *text)
{
    size_t start[64], len[64];
    if (!*text)
        return DOC_FITS;
    size_t n = doc_wrap(p, text, p->right - p->left, start, len, 64);
    if (n == 0)
        return DOC_TOO_WIDE;
    for (size_t i = 0; i < n; i++) {
        doc_place(p, p->left, text + start[i], len[i]);
        doc_next_line(p);
    }
    return DOC_FITS;
}

void doc_format_date(const doc_record *r, const doc_layout *L, char *out,
                     size_t cap)
{
    switch (L->date % DOC_N_DATES) {
    case DOC_DATE_DMY:
        snprintf(out, cap, "%02u.%02u.%04u", r->day, r->month, r->year);
        break;
    case DOC_DATE_MDY:
        snprintf(out, cap, "%02u/%02u/%04u", r->month, r->day, r->year);
        break;
    case DOC_DATE_LONG:
        snprintf(out, cap, "%u %s %04u", r->day,
                 doc_month_names[(r->month + 11) % 12], r->year);
        break;
    default:
        snprintf(out, cap, "%04u-%02u-%02u", r->year, r->month, r->day);
    }
}

/* A labelled header field on a line of its own (never wrapped). */
doc_fit doc_place_field(pen *p, const char *label, const char *value)
{
    char line[DOC_TEXT + 64];
    snprintf(line, sizeof line, "%s %s", label, value);
    if (doc_width_str(p, line) > p->right - p->left)
        return DOC_TOO_WIDE;
    doc_place_str(p, p->left, line);
    doc_next_line(p);
    return DOC_FITS;
}

