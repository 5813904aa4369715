/* The line-items table: a header row, one row per item — its position
 * marker ("1."), description (wrapped: the rest of it on the lines below),
 * quantity, unit price ("@ 12.50"), total — and a subtotal line that ends
 * the table. A flow table lays each row out from the left, cells apart by
 * the layout's separator; a grid aligns the cells in columns. */
#include "place.h"

#include <stdio.h>
#include <string.h>

enum { N_CELLS = 5, CELL = DOC_TEXT + 48, MAX_WRAP = 32 };

typedef struct cells {
    char text[N_CELLS][CELL];
    bool present[N_CELLS];
} cells;

static void format_money(const doc_layout *L, int64_t cents, char *out,
                         size_t cap)
{
    char amount[40];
    doc_format_amount(L, cents, amount, sizeof amount);
    const char *sym = doc_money_symbol(L), *code = doc_money_code(L);
    switch (L->currency % DOC_N_CURS) {
    case DOC_CUR_PREFIX_SYMBOL: snprintf(out, cap, "%s%s", sym, amount); break;
    case DOC_CUR_SUFFIX_SYMBOL: snprintf(out, cap, "%s %s", amount, sym); break;
    case DOC_CUR_PREFIX_CODE: snprintf(out, cap, "%s %s", code, amount); break;
    case DOC_CUR_SUFFIX_CODE: snprintf(out, cap, "%s %s", amount, code); break;
    default: snprintf(out, cap, "%s", amount);
    }
}

static void item_cells(const doc_layout *L, const doc_item *it, size_t pos,
                       cells *c)
{
    char money[64];
    snprintf(c->text[0], CELL, "%zu.", pos + 1);
    snprintf(c->text[1], CELL, "%s", it->desc);
    snprintf(c->text[2], CELL, "%u", it->qty);
    format_money(L, it->unit, money, sizeof money);
    snprintf(c->text[3], CELL, "@ %s", money);
    format_money(L, it->total, c->text[4], CELL);
    c->present[0] = true;
    c->present[1] = it->has_desc && it->desc[0];
    c->present[2] = it->has_qty;
    c->present[3] = it->has_unit;
    c->present[4] = it->has_total;
}

static void head_cells(const doc_layout *L, cells *c)
{
    for (unsigned k = 0; k < N_CELLS; k++) {
        snprintf(c->text[k], CELL, "%s", doc_labels_of(L)->head[k]);
        c->present[k] = true;
    }
}

/* Flow: the separator's width (spaces and pipes are characters; a gap is
 * a move of the pen). */
static const char *flow_sep(const pen *p, char *buf)
{
    switch (p->L->sep % DOC_N_SEPS) {
    case DOC_SEP_PIPES: return " | ";
    case DOC_SEP_GAP: return "";
    default: {
        unsigned n = 1 + p->L->spaces % DOC_SPACES_MAX;
        memset(buf, ' ', n);
        buf[n] = 0;
        return buf;
    }
    }
}

static double widest_word(const pen *p, const char *s)
{
    double best = 0;
    while (*s) {
        size_t n = strcspn(s, " ");
        double w = doc_width_of(p, s, n);
        best = w > best ? w : best;
        s += n + (s[n] == ' ');
    }
    return best;
}

/* Places one flow row (or the header row) on the current line, and the
 * rest of its description on the lines below, under its first line. */
static doc_fit place_flow_row(pen *p, const cells *c)
{
    char sepbuf[8], line[N_CELLS * CELL + 16];
    const char *sep = flow_sep(p, sepbuf);
    bool gap = !*sep;
    double sep_w = gap ? p->gap : doc_width_str(p, sep), others = 0;
    size_t parts = 0;
    for (unsigned k = 0; k < N_CELLS; k++)
        if (c->present[k] && k != 1)
            others += doc_width_str(p, c->text[k]) + (parts++ ? sep_w : 0);
    if (others > p->right - p->left)
        return DOC_TOO_WIDE;
    size_t start[MAX_WRAP] = {0}, len[MAX_WRAP] = {0}, lines = 0;
    if (c->present[1]) {
        /* The wrap width, but never narrower than the widest word. */
        double room = p->right - p->left - others - sep_w;
        double want = p->L->wrap * p->size, word = widest_word(p, c->text[1]);
        want = want < word ? word : want;
        lines = doc_wrap(p, c->text[1], want < room ? want : room, start, len,
                     MAX_WRAP);
        if (lines == 0)
            return DOC_TOO_WIDE;
    }
    double x = p->left, desc_x = p->left;
    size_t at = 0;
    bool first = true;
    for (unsigned k = 0; k < N_CELLS; k++) {
        if (!c->present[k])
            continue;
        const char *t = c->text[k] + (k == 1 ? start[0] : 0);
        size_t tl = k == 1 ? len[0] : strlen(c->text[k]);
        if (gap) {
            x += first ? 0 : p->gap;
            if (k == 1)
                desc_x = x;
            doc_place(p, x, t, tl);
            x += doc_width_of(p, t, tl);
        } else {
            if (!first)
                at += (size_t)snprintf(line + at, sizeof line - at, "%s", sep);
            if (k == 1)
                desc_x = p->left + doc_width_of(p, line, at);
            at += (size_t)snprintf(line + at, sizeof line - at, "%.*s", (int)tl, t);
        }
        first = false;
    }
    if (!gap)
        doc_place(p, p->left, line, at);
    doc_next_line(p);
    for (size_t i = 1; i < lines; i++) {
        doc_placed.one_letter_line |=
            doc_one_letter_words(c->text[1] + start[i], len[i]);
        doc_place(p, desc_x, c->text[1] + start[i], len[i]);
        doc_next_line(p);
    }
    return DOC_FITS;
}

/* Grid: column widths from the widest cell of each column (the
 * description's from the wrap width, at least its widest word), the
 * layout's gap between them; numbers right-aligned. */
typedef struct grid {
    double x[N_CELLS], w[N_CELLS];
} grid;

static doc_fit grid_columns(const pen *p, const doc_record *r, const cells *head,
                            grid *g)
{
    cells c;
    double min_desc = doc_width_str(p, head->text[1]);
    for (unsigned k = 0; k < N_CELLS; k++)
        g->w[k] = doc_width_str(p, head->text[k]);
    for (size_t i = 0; i < r->n_items; i++) {
        item_cells(p->L, &r->items[i], i, &c);
        for (unsigned k = 0; k < N_CELLS; k++)
            if (c.present[k] && k != 1) {
                double w = doc_width_str(p, c.text[k]);
                g->w[k] = w > g->w[k] ? w : g->w[k];
            }
        if (c.present[1]) {
            double w = widest_word(p, c.text[1]);
            min_desc = w > min_desc ? w : min_desc;
        }
    }
    double room = p->right - p->left - (N_CELLS - 1) * p->gap;
    for (unsigned k = 0; k < N_CELLS; k++)
        room -= k == 1 ? 0 : g->w[k];
    double want = p->L->wrap * p->size;
    g->w[1] = want < room ? want : room;
    if (g->w[1] < min_desc)
        g->w[1] = min_desc;
    if (g->w[1] > room)
        return DOC_TOO_WIDE;
    g->x[0] = p->left;
    for (unsigned k = 1; k < N_CELLS; k++)
        g->x[k] = g->x[k - 1] + g->w[k - 1] + p->gap;
    return DOC_FITS;
}

/* Rules under a grid line: a horizontal one, and one between columns. */
static void grid_rules(const pen *p, const grid *g)
{
    double top = p->y - p->size, bottom = top + p->lh;
    doc_place_rule(p, p->left, bottom, g->x[4] + g->w[4], bottom);
    for (unsigned k = 1; k < N_CELLS; k++)
        doc_place_rule(p, g->x[k] - p->gap / 2, top, g->x[k] - p->gap / 2, bottom);
}

static void place_grid_row(pen *p, const grid *g, const cells *c)
{
    size_t start[MAX_WRAP] = {0}, len[MAX_WRAP] = {0}, lines = 0;
    if (c->present[1])
        lines = doc_wrap(p, c->text[1], g->w[1], start, len, MAX_WRAP);
    for (unsigned k = 0; k < N_CELLS; k++) {
        if (!c->present[k])
            continue;
        if (k == 1) {
            doc_place(p, g->x[1], c->text[1] + start[0], len[0]);
            continue;
        }
        double w = doc_width_str(p, c->text[k]);
        doc_place_str(p, k == 0 ? g->x[0] : g->x[k] + g->w[k] - w, c->text[k]);
    }
    for (size_t i = 0; i < (lines ? lines : 1); i++) {
        if (i)
            doc_place(p, g->x[1], c->text[1] + start[i], len[i]);
        if (p->L->rules)
            grid_rules(p, g);
        doc_next_line(p);
    }
}

doc_fit doc_place_table(pen *p, const doc_record *r)
{
    cells head, c;
    grid g;
    bool is_grid = p->L->table % DOC_N_TABLES == DOC_TABLE_GRID;
    head_cells(p->L, &head);
    if (is_grid) {
        if (grid_columns(p, r, &head, &g) != DOC_FITS)
            return DOC_TOO_WIDE;
        place_grid_row(p, &g, &head);
    } else if (place_flow_row(p, &head) != DOC_FITS) {
        return DOC_TOO_WIDE;
    }
    int64_t sum = 0;
    for (size_t i = 0; i < r->n_items; i++) {
        item_cells(p->L, &r->items[i], i, &c);
        sum += r->items[i].has_total ? r->items[i].total : 0;
        if (is_grid)
            place_grid_row(p, &g, &c);
        else if (place_flow_row(p, &c) != DOC_FITS)
            return DOC_TOO_WIDE;
        else if (p->L->rules)
            doc_place_rule(p, p->left, p->y - p->size - (p->lh - p->size) / 2,
                       p->right, p->y - p->size - (p->lh - p->size) / 2);
    }
    char money[64], line[128];
    format_money(p->L, sum, money, sizeof money);
    snprintf(line, sizeof line, "%s %s", doc_labels_of(p->L)->subtotal, money);
    doc_place_str(p, p->left, line);
    doc_next_line(p);
    return DOC_FITS;
}
