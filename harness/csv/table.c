/* csv's tables (see csv_target.h): the rows libcsv reports, or must;
 * built, compared and printed. Every table and buffer of an input is
 * freed when the input ends, so a failed check leaks nothing. */
#include "csv_target.h"

#include <stdlib.h>

static void buf_free(void *b) { pf_buf_free(b); }

pf_buf *buf_new(pf_src *s)
{
    pf_buf *b = pf_alloc(s, sizeof *b);
    *b = (pf_buf){0};
    pf_defer(s, buf_free, b);
    return b;
}

static void table_free(void *arg)
{
    table *t = arg;
    pf_buf_free(&t->bytes);
    free(t->cells);
    free(t->rows);
}

table *table_new(pf_src *s)
{
    table *t = pf_alloc(s, sizeof *t);
    memset(t, 0, sizeof *t);
    pf_defer(s, table_free, t);
    return t;
}

static void *grow(void *p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return p;
    *cap = *cap ? 2 * *cap : 16;
    p = realloc(p, *cap * size);
    if (!p)
        abort(); /* nothing a fuzz target can do without memory */
    return p;
}

void table_cell(table *t, const uint8_t *p, size_t len, bool null)
{
    t->cells = grow(t->cells, &t->cap_cells, t->n_cells, sizeof *t->cells);
    t->cells[t->n_cells++] = (cell){t->bytes.len, null ? 0 : len, null};
    if (!null)
        pf_buf_put(&t->bytes, p, len);
}

void table_row(table *t, int term)
{
    t->rows = grow(t->rows, &t->cap_rows, t->n_rows, sizeof *t->rows);
    t->rows[t->n_rows++] = (row){t->open, t->n_cells - t->open, term};
    t->open = t->n_cells;
}

/* A cell's bytes (the table's buffer is NULL while every field is empty). */
static const uint8_t *cell_bytes(const table *t, const cell *c)
{
    return t->bytes.data ? t->bytes.data + c->off : (const uint8_t *)"";
}

void table_copy_rows(table *dst, const table *src, size_t first, size_t n)
{
    for (size_t i = first; i < first + n && i < src->n_rows; i++) {
        const row *r = &src->rows[i];
        for (size_t j = 0; j < r->n; j++) {
            const cell *c = &src->cells[r->first + j];
            table_cell(dst, cell_bytes(src, c), c->len, c->null);
        }
        table_row(dst, r->term);
    }
}

record *table_records(pf_src *s, const table *t)
{
    field *f = pf_alloc(s, (t->n_cells + 1) * sizeof *f);
    record *r = pf_alloc(s, (t->n_rows + 1) * sizeof *r);
    for (size_t i = 0; i < t->n_cells; i++)
        f[i] = (field){cell_bytes(t, &t->cells[i]), t->cells[i].len,
                       t->cells[i].null};
    for (size_t i = 0; i < t->n_rows; i++)
        r[i] = (record){f + t->rows[i].first, t->rows[i].n};
    return r;
}

const view v_exact = {true, true, true, true};

static bool row_visible(const table *t, size_t i, const view *v)
{
    return v->zero_rows || t->rows[i].n > 0;
}

static bool cell_equal(const table *a, const cell *x, const table *b,
                       const cell *y, bool nulls)
{
    if (nulls && x->null != y->null)
        return false;
    return x->len == y->len &&
           (x->len == 0 ||
            memcmp(cell_bytes(a, x), cell_bytes(b, y), x->len) == 0);
}

static bool meta_equal(const table *a, const table *b)
{
    return a->status == b->status && a->consumed == b->consumed &&
           a->fini == b->fini;
}

/* Rows x of a and y of b; on a difference, path gets row k (and the cell
 * or "term"). */
static bool row_equal(const table *a, const row *x, const table *b,
                      const row *y, const view *v, size_t k, pf_path *path)
{
    if ((v->terms && x->term != y->term) || x->n != y->n) {
        if (path) {
            pf_path_index(path, k);
            if (x->n == y->n)
                pf_path_key(path, (const uint8_t *)"term", 4);
        }
        return false;
    }
    for (size_t f = 0; f < x->n; f++)
        if (!cell_equal(a, &a->cells[x->first + f], b,
                        &b->cells[y->first + f], v->nulls)) {
            if (path) {
                pf_path_index(path, k);
                pf_path_index(path, f);
            }
            return false;
        }
    return true;
}

/* path may be NULL: passing inputs compare without building one. */
static bool table_equal_at(const table *a, const table *b, const view *v,
                           pf_path *path)
{
    if (v->meta && !meta_equal(a, b)) {
        if (path)
            pf_path_key(path, (const uint8_t *)"status", 6);
        return false;
    }
    for (size_t i = 0, j = 0, k = 0;; i++, j++, k++) {
        while (i < a->n_rows && !row_visible(a, i, v))
            i++;
        while (j < b->n_rows && !row_visible(b, j, v))
            j++;
        if (i == a->n_rows || j == b->n_rows) {
            if (i == a->n_rows && j == b->n_rows)
                return true;
            if (path)
                pf_path_index(path, k);
            return false;
        }
        if (!row_equal(a, &a->rows[i], b, &b->rows[j], v, k, path))
            return false;
    }
}

bool table_equal(const table *a, const table *b, const view *v,
                 pf_path *path)
{
    if (table_equal_at(a, b, v, NULL))
        return true;
    table_equal_at(a, b, v, path); /* again, to say where */
    return false;
}

static void print_term(pf_buf *b, int term)
{
    switch (term) {
    case CSV_LF: pf_buf_printf(b, "LF"); break;
    case CSV_CR: pf_buf_printf(b, "CR"); break;
    case -1: pf_buf_printf(b, "fini"); break;
    case TERM_PENDING: pf_buf_printf(b, "unfinished"); break;
    default: pf_buf_printf(b, "0x%02x", (unsigned)term & 0xffu); break;
    }
}

static void print_table(pf_buf *b, const table *t)
{
    pf_buf_putc(b, '[');
    for (size_t i = 0; i < t->n_rows; i++) {
        const row *r = &t->rows[i];
        pf_buf_printf(b, i ? ", [" : "[");
        for (size_t j = 0; j < r->n; j++) {
            const cell *c = &t->cells[r->first + j];
            if (j)
                pf_buf_printf(b, ", ");
            if (c->null)
                pf_buf_printf(b, "null");
            else
                pf_buf_quote(b, cell_bytes(t, c), c->len);
        }
        pf_buf_printf(b, "]/");
        print_term(b, r->term);
    }
    pf_buf_printf(b, "]  status=%d (%s) consumed=%zu fini=%d%s", t->status,
                  csv_strerror(t->status), t->consumed, t->fini,
                  t->nul_missing ? "  a field without its NUL" : "");
}

_Noreturn void fail_tables(pf_src *s, const char *summary,
                           const char *name_a, const table *a,
                           const char *name_b, const table *b,
                           const pf_line *ctx, size_t n_ctx, const char *path)
{
    pf_buf ta = {0}, tb = {0};
    print_table(&ta, a);
    print_table(&tb, b);
    pf_line lines[8];
    size_t n = 0;
    for (size_t i = 0; i < n_ctx && n < 6; i++)
        lines[n++] = ctx[i];
    lines[n++] = (pf_line){name_a, pf_buf_defer(s, &ta)};
    lines[n++] = (pf_line){name_b, pf_buf_defer(s, &tb)};
    pf_fail(s, NULL, summary, lines, n, path);
}
