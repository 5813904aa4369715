/* csv's records (see csv_target.h): their draw and inverse, the reference
 * renderer, and the model of what libcsv reports for rendered records
 * (the behaviours R1-R5 of harness/csv.c). */
#include "csv_target.h"

void records_draw(pf_src *s, records *out)
{
    pf_list rows;
    size_t used = 0;
    pf_list_begin(s, &rows, "records", 0, MAX_ROWS);
    while (pf_list_more(s, &rows)) {
        record *r = &out->r[rows.count - 1];
        field *f = &out->f[used];
        pf_list fields;
        pf_list_begin(s, &fields, "fields", 0, MAX_FIELDS);
        while (pf_list_more(s, &fields)) {
            field *x = &f[fields.count - 1];
            x->null = pf_bool_p(s, "null", 0.25);
            x->p = NULL;
            x->len = 0;
            if (!x->null)
                x->p = pf_bytes(s, "bytes", 0, MAX_FIELD, &x->len);
        }
        r->f = f;
        r->n = fields.count;
        used += fields.count;
    }
    out->n = rows.count;
}

/* The inverse of records_draw (design §3 rule 9). */
void records_enc(pf_buf *e, const records *rs)
{
    for (size_t i = 0; i < rs->n; i++) {
        pf_enc_more(e, true);
        const record *r = &rs->r[i];
        for (size_t j = 0; j < r->n; j++) {
            pf_enc_more(e, true);
            pf_enc_bool_p(e, 0.25, r->f[j].null);
            if (!r->f[j].null)
                pf_enc_bytes(e, 0, MAX_FIELD, r->f[j].p, r->f[j].len);
        }
        if (r->n < MAX_FIELDS)
            pf_enc_more(e, false);
    }
    if (rs->n < MAX_ROWS)
        pf_enc_more(e, false);
}

static bool field_equal(const field *a, const field *b)
{
    return a->null == b->null && a->len == b->len &&
           (a->len == 0 || memcmp(a->p, b->p, a->len) == 0);
}

bool records_equal(const record *a, size_t na, const record *b, size_t nb)
{
    if (na != nb)
        return false;
    for (size_t i = 0; i < na; i++) {
        if (a[i].n != b[i].n)
            return false;
        for (size_t j = 0; j < a[i].n; j++)
            if (!field_equal(&a[i].f[j], &b[i].f[j]))
                return false;
    }
    return true;
}

void records_print(pf_buf *b, const record *r, size_t n)
{
    pf_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++) {
        pf_buf_printf(b, i ? ", [" : "[");
        for (size_t j = 0; j < r[i].n; j++) {
            if (j)
                pf_buf_printf(b, ", ");
            if (r[i].f[j].null)
                pf_buf_printf(b, "null");
            else
                pf_buf_quote(b, r[i].f[j].p, r[i].f[j].len);
        }
        pf_buf_putc(b, ']');
    }
    pf_buf_putc(b, ']');
}

void quote_doc(pf_buf *b, const uint8_t *doc, size_t len)
{
    pf_buf_quote(b, doc, len);
    pf_buf_printf(b, "  (%zu bytes)", len);
}

/* A record written as an empty line: no fields, or one null field. */
static bool empty_line(const record *r)
{
    return r->n == 0 || (r->n == 1 && r->f[0].null);
}

/* Whether minimal quoting must quote field i of r (always-quote quotes
 * every non-null field; null is never quoted). */
static bool needs_quotes(const record *r, size_t i, const layout *L)
{
    const field *f = &r->f[i];
    if (f->null)
        return false;
    if (L->always_quote)
        return true;
    if (f->len == 0) /* unquoted it would be null, or an empty line (R2) */
        return L->empty_is_null || r->n == 1;
    if (layout_is_space(L, f->p[0]) || layout_is_space(L, f->p[f->len - 1]))
        return true; /* R4 whitespace_trimmed */
    for (size_t k = 0; k < f->len; k++) {
        unsigned char c = f->p[k];
        if (c == csv_delims[L->delim] || c == csv_quotes[L->quote] ||
            layout_is_term(L, c))
            return true;
    }
    return false;
}

void put_quoted(pf_buf *out, const field *f, unsigned char q)
{
    pf_buf_putc(out, q);
    for (size_t k = 0; k < f->len; k++) {
        if (f->p[k] == q)
            pf_buf_putc(out, q);
        pf_buf_putc(out, f->p[k]);
    }
    pf_buf_putc(out, q);
}

void render(const record *r, size_t n, const layout *L, bool final_eol,
            pf_buf *out, size_t *line_start)
{
    const unsigned char q = csv_quotes[L->quote];
    const char *eol = layout_eol(L);
    for (size_t i = 0; i < n; i++) {
        if (line_start)
            line_start[i] = out->len;
        for (size_t j = 0; j < r[i].n; j++) {
            const field *f = &r[i].f[j];
            if (j)
                pf_buf_putc(out, csv_delims[L->delim]);
            if (!needs_quotes(&r[i], j, L)) {
                pf_buf_put(out, f->p, f->len);
                continue;
            }
            put_quoted(out, f, q);
        }
        if (i + 1 < n || final_eol)
            pf_buf_put(out, eol, strlen(eol));
    }
    if (line_start)
        line_start[n] = out->len;
}

/* How many rows libcsv reports for a record (R1 and CSV_REPALL_NL). */
static size_t rows_of(const record *r, const layout *L, bool has_eol)
{
    size_t eol_len = has_eol ? strlen(layout_eol(L)) : 0;
    if (!L->repall_nl)
        return empty_line(r) ? 0 : 1;
    if (empty_line(r))
        return eol_len;
    return 1 + (eol_len ? eol_len - 1 : 0);
}

void expect_records(const record *r, size_t n, const layout *L,
                    bool final_eol, size_t doc_len, table *t)
{
    const char *eol = layout_eol(L);
    for (size_t i = 0; i < n; i++) {
        bool has_eol = i + 1 < n || final_eol;
        size_t k = 0; /* eol bytes used by the row itself */
        if (!empty_line(&r[i])) {
            for (size_t j = 0; j < r[i].n; j++) {
                const field *f = &r[i].f[j];
                table_cell(t, f->p, f->len, f->null && L->empty_is_null);
            }
            /* R3: a last line without a line end comes from csv_fini. */
            table_row(t, has_eol ? (unsigned char)eol[0] : -1);
            k = 1;
        }
        if (L->repall_nl && has_eol)
            for (; eol[k]; k++)
                table_row(t, (unsigned char)eol[k]);
    }
    t->consumed = doc_len;
}

bool group_rows(const record *r, size_t n, const layout *L, bool final_eol,
                const table *t, size_t *first)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        first[i] = k;
        k += rows_of(&r[i], L, i + 1 < n || final_eol);
    }
    first[n] = k;
    return k == t->n_rows;
}
