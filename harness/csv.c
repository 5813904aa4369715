/* csv — CSV through libcsv (Robert Gamble's parser, Debian libcsv 3.0.3).
 *
 * The first draw picks a mode. In records mode the records come first —
 * rows of varying width whose fields are any bytes (NUL, both quote
 * characters, every delimiter, CR, LF, spaces, tabs), empty fields, null
 * fields (unquoted empties) and empty rows — then a layout: delimiter
 * (, ; TAB | SPACE NUL), quote character (" or '), minimal or always
 * quoting, LF / CRLF / CR line ends, a final line end or not, and the
 * parser's settings (CSV_STRICT, CSV_STRICT_FINI, CSV_APPEND_NULL,
 * CSV_EMPTY_IS_NULL, CSV_REPALL_NL, the space and terminator functions,
 * the buffer block size). The renderer below is the reference (RFC 4180
 * quoting, with libcsv's own rules where they differ); what libcsv must
 * return is computed from the records (expect_records), so ground truth
 * is free. Properties:
 *
 *   round_trip          parse(render(records)) == the records, as the
 *                       layout defines them: every field's bytes, null
 *                       versus empty, every row's terminator character,
 *                       no refusal (strict modes included), and with
 *                       CSV_APPEND_NULL a NUL after every field
 *   batch_incremental   csv_parse fed in drawn chunk sizes gives exactly
 *                       what it gives fed whole (rows, terminators, error
 *                       status and offset), also when drawn reallocs of
 *                       its buffer fail and each CSV_ENOMEM is resumed
 *                       from the offset csv_parse returned; in raw mode too
 *   format_neutral      the same records in a second drawn layout parse to
 *                       the same records (terminators, zero-field rows and
 *                       — unless both layouts ask for CSV_EMPTY_IS_NULL —
 *                       null versus empty are the layouts' business and
 *                       not compared)
 *   row_deletion        deleting one drawn row's line from the document
 *                       removes exactly that record's rows from the parse
 *   row_permutation     the rows' lines in a drawn order parse to the same
 *                       records in that order
 *   writer_reference    libcsv's writers (csv_write, csv_write2, csv_fwrite,
 *                       csv_fwrite2) quote every field as the reference
 *                       does; the size query says how much room that takes,
 *                       and a short buffer (room drawn) gets exactly its
 *                       prefix and nothing past it
 *
 * In raw mode arbitrary bytes go to the parser, strict and non-strict, in
 * one piece and in drawn chunks (batch_incremental), and:
 *
 *   strict_subset       whatever strict mode accepts, the default mode
 *                       parses to the same rows (strict only adds errors)
 *   canonical_fixed_point  the records the default mode parses, rendered by
 *                       our renderer and parsed again, are the same
 *                       records; rendering those gives the same bytes
 *
 * libcsv behaviours the model follows (each shown against the real library
 * in tests/restrict/csv.c), and what the strategy does about them:
 *   - an empty line yields no row (empty_line_no_row). A record with no
 *     fields renders as an empty line and is expected to vanish — unless
 *     CSV_REPALL_NL is set: then every line-terminator byte outside a
 *     field is reported as a row with no fields, so an empty record comes
 *     back as one such row per terminator byte and a CRLF line end adds one
 *     after every row (repall_nl_crlf). Both are modelled, not excluded.
 *   - a row of one empty unquoted field is indistinguishable from an empty
 *     line (single_empty_field). The renderer quotes a lone empty field
 *     (""), and a record of one null field — which can only be written
 *     unquoted — is expected to behave as an empty line.
 *   - a final row without a line end is delivered by csv_fini, with -1 as
 *     its terminator (final_row_needs_fini): every parse here ends with
 *     csv_fini.
 *   - leading and trailing spaces and tabs (what the space function says)
 *     are trimmed from unquoted fields (whitespace_trimmed): minimal
 *     quoting quotes fields that begin or end with one; with the "none"
 *     space function nothing is trimmed and such fields go unquoted.
 *   - CSV_EMPTY_IS_NULL passes NULL for an empty unquoted field and a
 *     non-NULL empty field for "" (empty_is_null): a drawn null field is
 *     written unquoted and expected as NULL with the option, as "" without
 *     it; minimal quoting quotes non-null empty fields under the option.
 * Harness choices (not library restrictions):
 *   - row_permutation renders both orders with a final line end: moved into
 *     the middle, a last line without one would merge with the next.
 *   - canonical_fixed_point renders with LF line ends and a final line end:
 *     a CRLF would add CSV_REPALL_NL rows, and a trailing empty record
 *     without a line end would vanish, so neither is a fixed point.
 *   - the layout's terminator function "LF-only" forces LF line ends (a CR
 *     is then field data).
 * Raw mode needs no guard: libcsv grows its field buffer by the block size
 * as bytes arrive and allocates nothing the input does not contain.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include "propfuzz.h"

#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_ROWS = 10,      /* records in one document */
    MAX_FIELDS = 6,     /* fields in one record */
    MAX_FIELD = 24,     /* bytes in one field */
    MAX_CHUNKS = 16,    /* csv_parse calls for one document */
    MAX_RAW_CHUNKS = 15,
    TERM_PENDING = -2,  /* fields collected without a row end (a refusal) */
};

enum mode { MODE_RECORDS, MODE_RAW, N_MODES };
static const char *const mode_names[N_MODES] = {"records", "raw"};

/* Every call into libcsv that a property depends on goes through these
 * names, so tests/planted/csv/ can wrap them with planted bugs. */
#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef CSV_INIT
#define CSV_INIT csv_init
#endif
#ifndef CSV_SET_DELIM
#define CSV_SET_DELIM csv_set_delim
#endif
#ifndef CSV_SET_QUOTE
#define CSV_SET_QUOTE csv_set_quote
#endif
#ifndef CSV_SET_SPACE_FUNC
#define CSV_SET_SPACE_FUNC csv_set_space_func
#endif
#ifndef CSV_SET_TERM_FUNC
#define CSV_SET_TERM_FUNC csv_set_term_func
#endif
#ifndef CSV_SET_BLK_SIZE
#define CSV_SET_BLK_SIZE csv_set_blk_size
#endif
#ifndef CSV_PARSE
#define CSV_PARSE csv_parse
#endif
#ifndef CSV_FINI
#define CSV_FINI csv_fini
#endif
#ifndef CSV_SET_REALLOC_FUNC
#define CSV_SET_REALLOC_FUNC csv_set_realloc_func
#endif
#ifndef CSV_SET_FREE_FUNC
#define CSV_SET_FREE_FUNC csv_set_free_func
#endif
#ifndef CSV_ERROR
#define CSV_ERROR csv_error
#endif
#ifndef CSV_FREE
#define CSV_FREE csv_free
#endif
#ifndef CSV_WRITE
#define CSV_WRITE csv_write
#endif
#ifndef CSV_WRITE2
#define CSV_WRITE2 csv_write2
#endif
#ifndef CSV_FWRITE
#define CSV_FWRITE csv_fwrite
#endif
#ifndef CSV_FWRITE2
#define CSV_FWRITE2 csv_fwrite2
#endif
/* A planted-bug build checks only the property its bug is planted for. */
#ifdef PF_PLANT_ONLY
#define CHECKS(prop) (strcmp((prop), PF_PLANT_ONLY) == 0)
#else
#define CHECKS(prop) 1
#endif

/* ------------------------------------------------------------------ */
/* Layouts: how records are written and how libcsv is set up.          */
/* ------------------------------------------------------------------ */

enum { N_DELIMS = 6, N_QUOTES = 2, N_EOLS = 3, N_SPACES = 3, N_TERMS = 2,
       N_BLKS = 5 };
static const unsigned char delims[N_DELIMS] = {',', ';', '\t', '|', ' ', '\0'};
static const char *const delim_names[N_DELIMS] = {
    "comma", "semicolon", "tab", "pipe", "space", "nul"};
static const unsigned char quotes[N_QUOTES] = {'"', '\''};
static const char *const quote_names[N_QUOTES] = {"double", "single"};
static const char *const quoting_names[2] = {"minimal", "always"};
static const char *const eols[N_EOLS] = {"\n", "\r\n", "\r"};
static const char *const eol_names[N_EOLS] = {"LF", "CRLF", "CR"};
enum { SPACE_DEFAULT, SPACE_NONE, SPACE_ONLY };
static const char *const space_names[N_SPACES] = {
    "default (space, tab)", "none", "space only"};
enum { TERM_DEFAULT, TERM_LF };
static const char *const term_names[N_TERMS] = {"default (CR, LF)", "LF only"};
static const size_t blk_sizes[N_BLKS] = {128, 1, 2, 7, 64};
static const char *const blk_names[N_BLKS] = {"128", "1", "2", "7", "64"};

typedef struct layout {
    size_t delim, quote;   /* indices into delims, quotes */
    bool always_quote;
    size_t eol;            /* index into eols (see eol_of) */
    bool no_final_eol;     /* the last line has no line end */
    bool strict, strict_fini, append_null, empty_is_null, repall_nl;
    size_t space, term, blk;
} layout;

static const char *eol_of(const layout *L)
{
    return L->term == TERM_LF ? "\n" : eols[L->eol];
}

static unsigned char options_of(const layout *L, bool strict)
{
    return (unsigned char)((strict ? CSV_STRICT : 0) |
                           (L->strict_fini ? CSV_STRICT_FINI : 0) |
                           (L->append_null ? CSV_APPEND_NULL : 0) |
                           (L->empty_is_null ? CSV_EMPTY_IS_NULL : 0) |
                           (L->repall_nl ? CSV_REPALL_NL : 0));
}

static size_t choice_named(pf_src *s, const char *label, size_t n,
                           const char *const *names)
{
    size_t v = pf_choice(s, label, n);
    pf_name_values(s, names, n);
    return v;
}

static void draw_layout(pf_src *s, const char *label, layout *L)
{
    pf_span_begin(s, label);
    L->delim = choice_named(s, "delim", N_DELIMS, delim_names);
    L->quote = choice_named(s, "quote", N_QUOTES, quote_names);
    L->always_quote = choice_named(s, "quoting", 2, quoting_names) == 1;
    L->eol = choice_named(s, "eol", N_EOLS, eol_names);
    L->no_final_eol = pf_bool(s, "no_final_eol");
    L->strict = pf_bool(s, "CSV_STRICT");
    L->strict_fini = pf_bool(s, "CSV_STRICT_FINI");
    L->append_null = pf_bool(s, "CSV_APPEND_NULL");
    L->empty_is_null = pf_bool(s, "CSV_EMPTY_IS_NULL");
    L->repall_nl = pf_bool(s, "CSV_REPALL_NL");
    L->space = choice_named(s, "space_func", N_SPACES, space_names);
    L->term = choice_named(s, "term_func", N_TERMS, term_names);
    L->blk = choice_named(s, "blk_size", N_BLKS, blk_names);
    pf_span_end(s);
}

/* The inverse of draw_layout (design §3 rule 9). */
static void enc_layout(pf_buf *e, const layout *L)
{
    pf_enc_choice(e, N_DELIMS, L->delim);
    pf_enc_choice(e, N_QUOTES, L->quote);
    pf_enc_choice(e, 2, L->always_quote);
    pf_enc_choice(e, N_EOLS, L->eol);
    pf_enc_bool(e, L->no_final_eol);
    pf_enc_bool(e, L->strict);
    pf_enc_bool(e, L->strict_fini);
    pf_enc_bool(e, L->append_null);
    pf_enc_bool(e, L->empty_is_null);
    pf_enc_bool(e, L->repall_nl);
    pf_enc_choice(e, N_SPACES, L->space);
    pf_enc_choice(e, N_TERMS, L->term);
    pf_enc_choice(e, N_BLKS, L->blk);
}

static bool layout_equal(const layout *a, const layout *b)
{
    return a->delim == b->delim && a->quote == b->quote &&
           a->always_quote == b->always_quote && a->eol == b->eol &&
           a->no_final_eol == b->no_final_eol && a->strict == b->strict &&
           a->strict_fini == b->strict_fini &&
           a->append_null == b->append_null &&
           a->empty_is_null == b->empty_is_null &&
           a->repall_nl == b->repall_nl && a->space == b->space &&
           a->term == b->term && a->blk == b->blk;
}

static void print_layout(pf_buf *b, const layout *L)
{
    pf_buf_printf(b, "delim=%s quote=%s quoting=%s eol=%s final_eol=%s "
                  "options=", delim_names[L->delim], quote_names[L->quote],
                  quoting_names[L->always_quote],
                  L->term == TERM_LF ? "LF" : eol_names[L->eol],
                  L->no_final_eol ? "no" : "yes");
    static const char *const names[5] = {"STRICT", "STRICT_FINI",
                                         "APPEND_NULL", "EMPTY_IS_NULL",
                                         "REPALL_NL"};
    const bool on[5] = {L->strict, L->strict_fini, L->append_null,
                        L->empty_is_null, L->repall_nl};
    size_t n = 0;
    for (size_t i = 0; i < 5; i++)
        if (on[i])
            pf_buf_printf(b, n++ ? "|%s" : "%s", names[i]);
    pf_buf_printf(b, "%s space=%s term=%s blk=%zu", n ? "" : "none",
                  space_names[L->space], term_names[L->term],
                  blk_sizes[L->blk]);
}

/* The space and terminator functions a layout may install. */
static int space_none(unsigned char c)
{
    (void)c;
    return 0;
}

static int space_only(unsigned char c) { return c == CSV_SPACE; }
static int term_lf_only(unsigned char c) { return c == CSV_LF; }

static bool is_space_in(const layout *L, unsigned char c)
{
    switch (L->space) {
    case SPACE_NONE: return false;
    case SPACE_ONLY: return c == CSV_SPACE;
    default: return c == CSV_SPACE || c == CSV_TAB;
    }
}

static bool is_term_in(const layout *L, unsigned char c)
{
    return L->term == TERM_LF ? c == CSV_LF : c == CSV_CR || c == CSV_LF;
}

/* ------------------------------------------------------------------ */
/* Records and the reference renderer.                                 */
/* ------------------------------------------------------------------ */

/* A field: bytes, or null — an unquoted empty field, written as nothing. */
typedef struct field {
    const uint8_t *p;
    size_t len;
    bool null;
} field;

typedef struct record {
    const field *f;
    size_t n;
} record;

typedef struct records {
    record r[MAX_ROWS];
    field f[MAX_ROWS * MAX_FIELDS];
    size_t n;
} records;

static void draw_records(pf_src *s, records *out)
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

static void enc_records(pf_buf *e, const records *rs)
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

static bool records_equal(const record *a, size_t na, const record *b,
                          size_t nb)
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

static void print_records(pf_buf *b, const record *r, size_t n)
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
    if (f->len == 0) /* unquoted it would be null, or an empty line */
        return L->empty_is_null || r->n == 1;
    if (is_space_in(L, f->p[0]) || is_space_in(L, f->p[f->len - 1]))
        return true; /* whitespace_trimmed */
    for (size_t k = 0; k < f->len; k++) {
        unsigned char c = f->p[k];
        if (c == delims[L->delim] || c == quotes[L->quote] || is_term_in(L, c))
            return true;
    }
    return false;
}

/* A field in quotes, each quote character doubled (RFC 4180 §2.7). */
static void put_quoted(pf_buf *out, const field *f, unsigned char q)
{
    pf_buf_putc(out, q);
    for (size_t k = 0; k < f->len; k++) {
        if (f->p[k] == q)
            pf_buf_putc(out, q);
        pf_buf_putc(out, f->p[k]);
    }
    pf_buf_putc(out, q);
}

/* Renders records as a document. line_start (n + 1 entries, or NULL)
 * receives where each record's line begins; the last entry is the end. */
static void render(const record *r, size_t n, const layout *L, bool final_eol,
                   pf_buf *out, size_t *line_start)
{
    const unsigned char q = quotes[L->quote];
    const char *eol = eol_of(L);
    for (size_t i = 0; i < n; i++) {
        if (line_start)
            line_start[i] = out->len;
        for (size_t j = 0; j < r[i].n; j++) {
            const field *f = &r[i].f[j];
            if (j)
                pf_buf_putc(out, delims[L->delim]);
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

/* ------------------------------------------------------------------ */
/* Tables: what libcsv reports through its callbacks (or what it must).*/
/* ------------------------------------------------------------------ */

typedef struct cell {
    size_t off, len; /* into the table's bytes */
    bool null;       /* cb1 got a NULL pointer */
} cell;

typedef struct row {
    size_t first, n; /* cells */
    int term;        /* cb2's character: CSV_CR, CSV_LF, -1 (csv_fini) */
} row;

typedef struct table {
    pf_buf bytes;
    cell *cells;
    size_t n_cells, cap_cells;
    row *rows;
    size_t n_rows, cap_rows;
    size_t open;      /* first cell of the row being collected */
    bool check_nul;   /* CSV_APPEND_NULL: every field must end in NUL */
    bool nul_missing; /* ... and one did not */
    int status;       /* csv_error() after a refusal, else 0 */
    size_t consumed;  /* bytes csv_parse took */
    int fini;         /* csv_fini's return */
} table;

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

static void table_cell(table *t, const uint8_t *p, size_t len, bool null)
{
    t->cells = grow(t->cells, &t->cap_cells, t->n_cells, sizeof *t->cells);
    t->cells[t->n_cells++] = (cell){t->bytes.len, null ? 0 : len, null};
    if (!null)
        pf_buf_put(&t->bytes, p, len);
}

static void table_row(table *t, int term)
{
    t->rows = grow(t->rows, &t->cap_rows, t->n_rows, sizeof *t->rows);
    t->rows[t->n_rows++] = (row){t->open, t->n_cells - t->open, term};
    t->open = t->n_cells;
}

static void table_free(table *t)
{
    pf_buf_free(&t->bytes);
    free(t->cells);
    free(t->rows);
    memset(t, 0, sizeof *t);
}

/* A cell's bytes (the table's buffer is NULL while every field is empty). */
static const uint8_t *cell_bytes(const table *t, const cell *c)
{
    return t->bytes.data ? t->bytes.data + c->off : (const uint8_t *)"";
}

/* Appends rows [first, first + n) of src to dst. */
static void table_copy_rows(table *dst, const table *src, size_t first,
                            size_t n)
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

static void on_field(void *data, size_t len, void *ctx)
{
    table *t = ctx;
    if (t->check_nul && data && ((const unsigned char *)data)[len] != '\0')
        t->nul_missing = true;
    table_cell(t, data, len, data == NULL);
}

static void on_row(int c, void *ctx) { table_row(ctx, c); }

/* Allocation failures injected into libcsv's buffer growth through its
 * realloc hook: calls fail_at .. fail_at + fail_n - 1 fail (fail_at 0:
 * none). libcsv halves its request after a failure and reports CSV_ENOMEM
 * when even one byte fails; csv_parse then returns what it consumed, with
 * its state kept, and the caller feeds it the rest. */
typedef struct faults {
    size_t fail_at, fail_n;
} faults;
static faults g_faults;
static size_t g_alloc_calls, g_injected;

static void *faulty_realloc(void *p, size_t n)
{
    g_alloc_calls++;
    if (g_faults.fail_at && g_alloc_calls >= g_faults.fail_at &&
        g_alloc_calls - g_faults.fail_at < g_faults.fail_n) {
        g_injected++;
        return NULL;
    }
    return realloc(p, n);
}

static void plain_free(void *p) { free(p); }

static void draw_faults(pf_src *s, faults *f)
{
    f->fail_at = (size_t)pf_u64_range(s, "alloc_fail_at", 0, 16);
    f->fail_n = (size_t)pf_u64_range(s, "alloc_fail_count", 1, 12);
}

/* Parses doc with the layout's settings in the given chunks (n_chunks 0:
 * nothing is fed), then csv_fini unless csv_parse refused a byte. With
 * faults (may be NULL), allocation failures are injected and the parse
 * resumed after each CSV_ENOMEM they cause. */
static void parse_doc(const layout *L, bool strict, const uint8_t *doc,
                      const size_t *sizes, size_t n_chunks, const faults *f,
                      table *t)
{
    memset(t, 0, sizeof *t);
    t->check_nul = L->append_null;
    struct csv_parser p;
    if (CSV_INIT(&p, options_of(L, strict)) != 0)
        abort();
    CSV_SET_DELIM(&p, delims[L->delim]);
    CSV_SET_QUOTE(&p, quotes[L->quote]);
    if (L->space == SPACE_NONE)
        CSV_SET_SPACE_FUNC(&p, space_none);
    else if (L->space == SPACE_ONLY)
        CSV_SET_SPACE_FUNC(&p, space_only);
    if (L->term == TERM_LF)
        CSV_SET_TERM_FUNC(&p, term_lf_only);
    CSV_SET_BLK_SIZE(&p, blk_sizes[L->blk]);
    if (f) {
        g_faults = *f;
        g_alloc_calls = g_injected = 0;
        CSV_SET_REALLOC_FUNC(&p, faulty_realloc);
        CSV_SET_FREE_FUNC(&p, plain_free);
    }
    size_t at = 0;
    for (size_t i = 0; i < n_chunks; i++) {
        size_t got = 0;
        for (;;) {
            size_t injected = g_injected;
            got += CSV_PARSE(&p, doc + at + got, sizes[i] - got, on_field,
                             on_row, t);
            if (got == sizes[i] || !f || g_injected == injected ||
                CSV_ERROR(&p) != CSV_ENOMEM)
                break;
        }
        t->consumed += got;
        at += sizes[i];
        if (got != sizes[i]) {
            t->status = CSV_ERROR(&p);
            break;
        }
    }
    if (t->status == 0) {
        t->fini = CSV_FINI(&p, on_field, on_row, t);
        if (t->fini != 0)
            t->status = CSV_ERROR(&p);
    }
    CSV_FREE(&p);
    if (t->n_cells > t->open)
        table_row(t, TERM_PENDING);
}

static void parse_whole(const layout *L, bool strict, const uint8_t *doc,
                        size_t len, table *t)
{
    parse_doc(L, strict, doc, &len, len ? 1 : 0, NULL, t);
}

/* How many rows libcsv reports for a record (see the header comment). */
static size_t rows_of(const record *r, const layout *L, bool has_eol)
{
    size_t eol_len = has_eol ? strlen(eol_of(L)) : 0;
    if (!L->repall_nl)
        return empty_line(r) ? 0 : 1;
    if (empty_line(r))
        return eol_len;
    return 1 + (eol_len ? eol_len - 1 : 0);
}

/* What libcsv must report for the records written in layout L. */
static void expect_records(const record *r, size_t n, const layout *L,
                           bool final_eol, size_t doc_len, table *t)
{
    memset(t, 0, sizeof *t);
    const char *eol = eol_of(L);
    for (size_t i = 0; i < n; i++) {
        bool has_eol = i + 1 < n || final_eol;
        size_t k = 0; /* eol bytes used by the row itself */
        if (!empty_line(&r[i])) {
            for (size_t j = 0; j < r[i].n; j++) {
                const field *f = &r[i].f[j];
                table_cell(t, f->p, f->len, f->null && L->empty_is_null);
            }
            table_row(t, has_eol ? (unsigned char)eol[0] : -1);
            k = 1;
        }
        if (L->repall_nl && has_eol)
            for (; eol[k]; k++)
                table_row(t, (unsigned char)eol[k]);
    }
    t->consumed = doc_len;
}

/* Records from a parse: each row one record (fields point into t). */
static record *table_records(const table *t, field **fields)
{
    *fields = malloc((t->n_cells + 1) * sizeof **fields);
    record *r = malloc((t->n_rows + 1) * sizeof *r);
    if (!*fields || !r)
        abort();
    for (size_t i = 0; i < t->n_cells; i++)
        (*fields)[i] = (field){cell_bytes(t, &t->cells[i]),
                               t->cells[i].len, t->cells[i].null};
    for (size_t i = 0; i < t->n_rows; i++)
        r[i] = (record){*fields + t->rows[i].first, t->rows[i].n};
    return r;
}

/* What two tables are compared on. */
typedef struct view {
    bool terms;     /* each row's terminator character */
    bool zero_rows; /* rows with no fields (CSV_REPALL_NL) */
    bool nulls;     /* null versus empty */
    bool meta;      /* error status, bytes consumed, csv_fini's return */
} view;
static const view v_exact = {true, true, true, true};

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

/* path may be NULL: passing inputs compare without building one. */
static bool table_equal_at(const table *a, const table *b, const view *v,
                           pf_path *path)
{
    if (v->meta && (a->status != b->status || a->consumed != b->consumed ||
                    a->fini != b->fini)) {
        if (path)
            pf_path_key(path, (const uint8_t *)"status", 6);
        return false;
    }
    size_t i = 0, j = 0, k = 0;
    for (;; i++, j++, k++) {
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
        const row *x = &a->rows[i], *y = &b->rows[j];
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
    }
}

static bool table_equal(const table *a, const table *b, const view *v,
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

/* Fails `property` with both tables printed, and the context lines. */
_Noreturn static void fail_tables(pf_src *s, const char *property,
                                  const char *summary, const char *name_a,
                                  const table *a, const char *name_b,
                                  const table *b, const pf_line *ctx,
                                  size_t n_ctx, const char *path)
{
    pf_buf ta = {0}, tb = {0};
    print_table(&ta, a);
    print_table(&tb, b);
    pf_line lines[8];
    size_t n = 0;
    for (size_t i = 0; i < n_ctx && n < 6; i++)
        lines[n++] = ctx[i];
    lines[n++] = (pf_line){name_a, pf_buf_str(&ta)};
    lines[n++] = (pf_line){name_b, pf_buf_str(&tb)};
    pf_fail(s, property, summary, lines, n, path);
}

static void check_tables(pf_src *s, const char *property, const char *summary,
                         const char *name_a, const table *a,
                         const char *name_b, const table *b, const view *v,
                         const pf_line *ctx, size_t n_ctx)
{
    pf_path path = {.len = 0};
    if (!table_equal(a, b, v, &path))
        fail_tables(s, property, summary, name_a, a, name_b, b, ctx, n_ctx,
                    path.text);
}

/* ------------------------------------------------------------------ */
/* Records mode.                                                       */
/* ------------------------------------------------------------------ */

typedef struct subject {
    const records *rs;
    const layout *L;
    pf_buf doc;
    size_t line_start[MAX_ROWS + 1];
    table whole;          /* the document parsed in one piece */
    pf_buf t_records, t_layout, t_doc; /* report text */
    pf_line ctx[3];
} subject;

static void quote_doc(pf_buf *b, const pf_buf *doc)
{
    pf_buf_quote(b, doc->data, doc->len);
    pf_buf_printf(b, "  (%zu bytes)", doc->len);
}

static void check_round_trip(pf_src *s, subject *x)
{
    table want;
    expect_records(x->rs->r, x->rs->n, x->L, !x->L->no_final_eol, x->doc.len,
                   &want);
    pf_path path = {.len = 0};
    if (!table_equal(&x->whole, &want, &v_exact, &path) ||
        x->whole.nul_missing)
        fail_tables(s, "round_trip",
                    x->whole.nul_missing
                        ? "CSV_APPEND_NULL: a field came without its NUL"
                        : "parse(render(records)) != records",
                    "parse(document)", &x->whole, "expected", &want, x->ctx, 3,
                    path.text);
    table_free(&want);
}

static void print_chunks(pf_buf *b, const size_t *sizes, size_t n,
                         const faults *f)
{
    for (size_t i = 0; i < n; i++)
        pf_buf_printf(b, i ? " %zu" : "%zu", sizes[i]);
    if (f->fail_at)
        pf_buf_printf(b, "; realloc calls %zu..%zu fail", f->fail_at,
                      f->fail_at + f->fail_n - 1);
}

static void check_batch_incremental(pf_src *s, subject *x)
{
    size_t sizes[MAX_CHUNKS];
    size_t n = pf_chunks(s, "chunks", x->doc.len, sizes, MAX_CHUNKS);
    faults f;
    draw_faults(s, &f);
    table chunked;
    parse_doc(x->L, x->L->strict, x->doc.data, sizes, n, &f, &chunked);
    pf_buf tc = {0};
    print_chunks(&tc, sizes, n, &f);
    pf_line ctx[4] = {x->ctx[0], x->ctx[1], x->ctx[2], {"chunks", pf_buf_str(&tc)}};
    check_tables(s, "batch_incremental", "fed in chunks != fed whole",
                 "fed whole", &x->whole, "fed in chunks", &chunked, &v_exact,
                 ctx, 4);
    pf_buf_free(&tc);
    table_free(&chunked);
}

static void check_format_neutral(pf_src *s, subject *x)
{
    layout L2;
    draw_layout(s, "layout2", &L2);
    pf_buf doc2 = {0};
    render(x->rs->r, x->rs->n, &L2, !L2.no_final_eol, &doc2, NULL);
    table t2;
    parse_whole(&L2, L2.strict, doc2.data, doc2.len, &t2);
    /* The layouts decide terminators and CSV_REPALL_NL's zero-field rows;
     * null versus empty only means something when both ask for it. */
    view v = {false, false, x->L->empty_is_null && L2.empty_is_null, false};
    pf_buf tl = {0}, td = {0};
    print_layout(&tl, &L2);
    quote_doc(&td, &doc2);
    pf_line ctx[5] = {x->ctx[0], x->ctx[1], x->ctx[2], {"layout2", pf_buf_str(&tl)},
                      {"document2", pf_buf_str(&td)}};
    check_tables(s, "format_neutral",
                 "the same records in two layouts parse differently",
                 "parse(document)", &x->whole, "parse(document2)", &t2, &v,
                 ctx, 5);
    pf_buf_free(&tl);
    pf_buf_free(&td);
    pf_buf_free(&doc2);
    table_free(&t2);
}

/* The rows the records' lines produce in doc, one group per record, as
 * first-row indices (n + 1 entries). False when the parse has a different
 * number of rows than the layout makes the records produce. */
static bool group_rows(const record *r, size_t n, const layout *L,
                       bool final_eol, const table *t, size_t *first)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        first[i] = k;
        k += rows_of(&r[i], L, i + 1 < n || final_eol);
    }
    first[n] = k;
    return k == t->n_rows;
}

static void check_row_deletion(pf_src *s, subject *x)
{
    const records *rs = x->rs;
    size_t del = pf_choice(s, "delete_row", rs->n);
    pf_buf doc2 = {0};
    pf_buf_put(&doc2, x->doc.data, x->line_start[del]);
    if (x->line_start[del + 1] < x->doc.len)
        pf_buf_put(&doc2, x->doc.data + x->line_start[del + 1],
                   x->doc.len - x->line_start[del + 1]);
    table got, want = {.bytes = {0}};
    parse_whole(x->L, x->L->strict, doc2.data, doc2.len, &got);
    size_t first[MAX_ROWS + 1];
    if (group_rows(rs->r, rs->n, x->L, !x->L->no_final_eol, &x->whole, first)) {
        table_copy_rows(&want, &x->whole, 0, first[del]);
        table_copy_rows(&want, &x->whole, first[del + 1],
                        x->whole.n_rows - first[del + 1]);
    } else {
        /* The whole parse already disagrees with the layout's row count:
         * the record's rows cannot be told apart, so expect the model. */
        record rest[MAX_ROWS];
        size_t m = 0;
        for (size_t i = 0; i < rs->n; i++)
            if (i != del)
                rest[m++] = rs->r[i];
        table_free(&want);
        expect_records(rest, m, x->L, !x->L->no_final_eol, doc2.len, &want);
    }
    want.consumed = doc2.len;
    pf_buf tc = {0}, td = {0};
    pf_buf_printf(&tc, "%zu", del);
    quote_doc(&td, &doc2);
    pf_line ctx[5] = {x->ctx[0], x->ctx[1], x->ctx[2], {"deleted row", pf_buf_str(&tc)},
                      {"document without it", pf_buf_str(&td)}};
    check_tables(s, "row_deletion",
                 "deleting one row's line changed other rows",
                 "parse(document without the row)", &got,
                 "parse(document) without its rows", &want, &v_exact, ctx, 5);
    pf_buf_free(&tc);
    pf_buf_free(&td);
    pf_buf_free(&doc2);
    table_free(&got);
    table_free(&want);
}

static void check_row_permutation(pf_src *s, subject *x)
{
    const records *rs = x->rs;
    size_t perm[MAX_ROWS];
    pf_permutation(s, "row_order", perm, rs->n);
    record shuffled[MAX_ROWS];
    for (size_t i = 0; i < rs->n; i++)
        shuffled[i] = rs->r[perm[i]];
    /* Both orders with a final line end: see the header comment. */
    pf_buf da = {0}, db = {0};
    render(rs->r, rs->n, x->L, true, &da, NULL);
    render(shuffled, rs->n, x->L, true, &db, NULL);
    table ta, tb, unshuffled = {.bytes = {0}};
    parse_whole(x->L, x->L->strict, da.data, da.len, &ta);
    parse_whole(x->L, x->L->strict, db.data, db.len, &tb);
    size_t fa[MAX_ROWS + 1], fb[MAX_ROWS + 1];
    bool grouped = group_rows(rs->r, rs->n, x->L, true, &ta, fa) &&
                   group_rows(shuffled, rs->n, x->L, true, &tb, fb);
    pf_buf tp = {0}, td = {0};
    for (size_t i = 0; i < rs->n; i++)
        pf_buf_printf(&tp, i ? " %zu" : "%zu", perm[i]);
    quote_doc(&td, &db);
    pf_line ctx[5] = {x->ctx[0], x->ctx[1], x->ctx[2], {"order", pf_buf_str(&tp)},
                      {"reordered document", pf_buf_str(&td)}};
    if (!grouped)
        fail_tables(s, "row_permutation",
                    "a reordered document has a different number of rows "
                    "than its records make",
                    "parse(document)", &ta, "parse(reordered)", &tb, ctx, 5,
                    NULL);
    /* Record perm[k] sits at position k of the reordered document. */
    size_t at[MAX_ROWS];
    for (size_t k = 0; k < rs->n; k++)
        at[perm[k]] = k;
    for (size_t i = 0; i < rs->n; i++)
        table_copy_rows(&unshuffled, &tb, fb[at[i]], fb[at[i] + 1] - fb[at[i]]);
    unshuffled.consumed = tb.consumed;
    check_tables(s, "row_permutation",
                 "reordering the rows changed the records",
                 "parse(document)", &ta, "parse(reordered), reordered back",
                 &unshuffled, &(view){true, true, true, false}, ctx, 5);
    pf_buf_free(&tp);
    pf_buf_free(&td);
    pf_buf_free(&da);
    pf_buf_free(&db);
    table_free(&ta);
    table_free(&tb);
    table_free(&unshuffled);
}

/* One of libcsv's writers against put_quoted, for one field: the size
 * query, a write into exactly enough room, and a write into `cap` bytes
 * (the first cap bytes of the whole, nothing past them: the buffer is
 * exactly cap bytes, so ASan sees any byte beyond). */
static void check_write_one(pf_src *s, subject *x, const field *f,
                            unsigned char q, bool two, size_t cap)
{
    static const uint8_t empty[1];
    const uint8_t *src = f->len ? f->p : empty;
    pf_buf want = {0};
    put_quoted(&want, f, q);
    const char *what = two ? "csv_write2" : "csv_write";
#define WRITE(d, n) (two ? CSV_WRITE2((d), (n), src, f->len, q) \
                         : CSV_WRITE((d), (n), src, f->len))
    size_t need = WRITE(NULL, 0);
    uint8_t *full = malloc(want.len), *part = malloc(cap ? cap : 1);
    if (!full || !part)
        abort();
    size_t got_full = WRITE(full, want.len);
    size_t got_part = WRITE(cap ? part : NULL, cap);
#undef WRITE
    size_t k = cap < want.len ? cap : want.len;
    const char *bad = need != want.len ? "size query (dest NULL)"
                    : got_full != want.len || memcmp(full, want.data, want.len)
                        ? "write into exactly enough room"
                    : got_part != want.len || (k && memcmp(part, want.data, k))
                        ? "write into a short buffer" : NULL;
    if (bad) {
        pf_buf tf = {0}, tw = {0}, tg = {0}, tp = {0};
        pf_buf_quote(&tf, src, f->len);
        pf_buf_quote(&tw, want.data, want.len);
        pf_buf_printf(&tw, "  (%zu bytes)", want.len);
        pf_buf_quote(&tg, full, got_full < want.len ? got_full : want.len);
        pf_buf_printf(&tg, "  returned %zu, size query %zu", got_full, need);
        pf_buf_quote(&tp, part, k);
        pf_buf_printf(&tp, "  (room %zu) returned %zu", cap, got_part);
        pf_buf tq = {0};
        pf_buf_printf(&tq, "%s, quote %s: %s", what,
                      quote_names[q == '"' ? 0 : 1], bad);
        pf_line l[] = {x->ctx[0], {"writer", pf_buf_str(&tq)},
                       {"field", pf_buf_str(&tf)},
                       {"reference (quoted)", pf_buf_str(&tw)},
                       {"written", pf_buf_str(&tg)},
                       {"written short", pf_buf_str(&tp)}};
        pf_fail(s, "writer_reference",
                "libcsv's writer differs from the reference quoting", l, 6,
                NULL);
    }
    free(full);
    free(part);
    pf_buf_free(&want);
}

/* csv_write, csv_write2, csv_fwrite and csv_fwrite2 against the reference
 * quoting (put_quoted, the renderer's always-quote form). */
static void check_writer_reference(pf_src *s, subject *x)
{
    size_t cap = (size_t)pf_u64_range(s, "write_room", 0, 2 * MAX_FIELD + 2);
    unsigned char q = quotes[x->L->quote];
    char *text = NULL;
    size_t text_len = 0;
    FILE *fp = open_memstream(&text, &text_len);
    PF_ASSERT(s, fp != NULL);
    pf_buf want = {0};
    int rc = 0;
    for (size_t i = 0; i < x->rs->n; i++)
        for (size_t j = 0; j < x->rs->r[i].n; j++) {
            const field *f = &x->rs->r[i].f[j];
            if (f->null)
                continue;
            check_write_one(s, x, f, q, true, cap);
            if (q == '"')
                check_write_one(s, x, f, q, false, cap);
            const void *src = f->len ? (const void *)f->p : "";
            rc |= q == '"' && (i + j) % 2 ? CSV_FWRITE(fp, src, f->len)
                                          : CSV_FWRITE2(fp, src, f->len, q);
            put_quoted(&want, f, q);
        }
    PF_ASSERT(s, fclose(fp) == 0);
    if (rc != 0 || text_len != want.len ||
        (want.len && memcmp(text, want.data, want.len) != 0)) {
        pf_buf tw = {0}, tg = {0};
        pf_buf_quote(&tw, want.data, want.len);
        pf_buf_quote(&tg, (const uint8_t *)text, text_len);
        pf_buf_printf(&tg, "  (returned %d)", rc);
        pf_line l[] = {x->ctx[0], {"reference (each field quoted)", pf_buf_str(&tw)},
                       {"csv_fwrite/csv_fwrite2", pf_buf_str(&tg)}};
        pf_fail(s, "writer_reference",
                "csv_fwrite differs from the reference quoting", l, 3, NULL);
    }
    free(text);
    pf_buf_free(&want);
}

static void check_records(pf_src *s)
{
    records rs;
    layout L;
    draw_layout(s, "layout", &L);
    draw_records(s, &rs);
    subject x = {.rs = &rs, .L = &L};
    render(rs.r, rs.n, &L, !L.no_final_eol, &x.doc, x.line_start);
    parse_whole(&L, L.strict, x.doc.data, x.doc.len, &x.whole);
    print_records(&x.t_records, rs.r, rs.n);
    print_layout(&x.t_layout, &L);
    quote_doc(&x.t_doc, &x.doc);
    x.ctx[0] = (pf_line){"records", pf_buf_str(&x.t_records)};
    x.ctx[1] = (pf_line){"layout", pf_buf_str(&x.t_layout)};
    x.ctx[2] = (pf_line){"document", pf_buf_str(&x.t_doc)};

    if (CHECKS("round_trip"))
        check_round_trip(s, &x);
    if (CHECKS("batch_incremental"))
        check_batch_incremental(s, &x);
    if (CHECKS("format_neutral"))
        check_format_neutral(s, &x);
    if (CHECKS("writer_reference"))
        check_writer_reference(s, &x);
    /* Deletion and reordering compare parses of well-formed documents;
     * a refusal is round_trip's business. */
    if (x.whole.status == 0) {
        if (CHECKS("row_deletion") && rs.n >= 1)
            check_row_deletion(s, &x);
        if (CHECKS("row_permutation") && rs.n >= 2)
            check_row_permutation(s, &x);
    }
    table_free(&x.whole);
    pf_buf_free(&x.doc);
    pf_buf_free(&x.t_records);
    pf_buf_free(&x.t_layout);
    pf_buf_free(&x.t_doc);
}

/* ------------------------------------------------------------------ */
/* Raw mode.                                                           */
/* ------------------------------------------------------------------ */

static void check_fixed_point(pf_src *s, const layout *L, const table *t1,
                              const pf_line *ctx, size_t n_ctx)
{
    layout Lc = *L; /* canonical: LF line ends and a final one */
    Lc.eol = 0;
    Lc.no_final_eol = false;
    field *f1, *f2;
    record *v1 = table_records(t1, &f1);
    pf_buf c1 = {0}, c2 = {0};
    render(v1, t1->n_rows, &Lc, true, &c1, NULL);
    table t2;
    parse_whole(&Lc, Lc.strict, c1.data, c1.len, &t2);
    record *v2 = table_records(&t2, &f2);
    render(v2, t2.n_rows, &Lc, true, &c2, NULL);
    bool same = t2.status == 0 && records_equal(v1, t1->n_rows, v2, t2.n_rows);
    if (!same || c1.len != c2.len ||
        (c1.len && memcmp(c1.data, c2.data, c1.len) != 0)) {
        pf_buf a = {0}, b = {0}, d1 = {0}, d2 = {0};
        print_records(&a, v1, t1->n_rows);
        print_records(&b, v2, t2.n_rows);
        quote_doc(&d1, &c1);
        quote_doc(&d2, &c2);
        pf_line lines[8];
        size_t n = 0;
        for (size_t i = 0; i < n_ctx && n < 3; i++)
            lines[n++] = ctx[i];
        lines[n++] = (pf_line){"v1 = parse(raw)", pf_buf_str(&a)};
        lines[n++] = (pf_line){"c1 = render(v1)", pf_buf_str(&d1)};
        lines[n++] = (pf_line){"v2 = parse(c1)", pf_buf_str(&b)};
        lines[n++] = (pf_line){"render(v2)", pf_buf_str(&d2)};
        pf_fail(s, "canonical_fixed_point",
                !same ? "parse(render(parse(raw))) != parse(raw)"
                      : "render(parse(c1)) != c1",
                lines, n, NULL);
    }
    free(v1);
    free(f1);
    free(v2);
    free(f2);
    pf_buf_free(&c1);
    pf_buf_free(&c2);
    table_free(&t2);
}

static void check_raw(pf_src *s)
{
    layout L;
    draw_layout(s, "options", &L);
    size_t drawn[MAX_RAW_CHUNKS], n_drawn = 0;
    pf_list l;
    pf_list_begin(s, &l, "chunks", 0, MAX_RAW_CHUNKS);
    while (pf_list_more(s, &l))
        drawn[n_drawn++] = (size_t)pf_u64_range(s, "size", 1, 255);
    faults f;
    draw_faults(s, &f);
    size_t len;
    const uint8_t *raw = pf_rest(s, "raw", &len);
    /* The drawn sizes cut the text while it lasts; the rest is one chunk. */
    size_t sizes[MAX_RAW_CHUNKS + 1], n = 0, left = len;
    for (size_t i = 0; i < n_drawn && left > 0; i++) {
        sizes[n] = drawn[i] < left ? drawn[i] : left;
        left -= sizes[n++];
    }
    if (left > 0)
        sizes[n++] = left;

    pf_buf tl = {0}, tr = {0}, tc = {0};
    print_layout(&tl, &L);
    quote_doc(&tr, &(pf_buf){.data = (uint8_t *)raw, .len = len});
    print_chunks(&tc, sizes, n, &f);
    pf_line ctx[3] = {{"options", pf_buf_str(&tl)}, {"raw", pf_buf_str(&tr)},
                      {"chunks", pf_buf_str(&tc)}};

    table whole[2], chunked;
    for (int strict = 0; strict < 2; strict++) {
        parse_whole(&L, strict, raw, len, &whole[strict]);
        if (CHECKS("batch_incremental")) {
            parse_doc(&L, strict, raw, sizes, n, &f, &chunked);
            check_tables(s, "batch_incremental",
                         strict ? "fed in chunks != fed whole (CSV_STRICT)"
                                : "fed in chunks != fed whole",
                         "fed whole", &whole[strict], "fed in chunks",
                         &chunked, &v_exact, ctx, 3);
            table_free(&chunked);
        }
    }
    if (CHECKS("strict_subset") && whole[1].status == 0)
        check_tables(s, "strict_subset",
                     "CSV_STRICT accepted the text but parsed it differently",
                     "parse without CSV_STRICT", &whole[0],
                     "parse with CSV_STRICT", &whole[1], &v_exact, ctx, 3);
    if (CHECKS("canonical_fixed_point") && whole[0].status == 0)
        check_fixed_point(s, &L, &whole[0], ctx, 3);
    table_free(&whole[0]);
    table_free(&whole[1]);
    pf_buf_free(&tl);
    pf_buf_free(&tr);
    pf_buf_free(&tc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("csv", data, size);
    size_t mode = choice_named(s, "mode", N_MODES, mode_names);
    if (mode == MODE_RAW)
        check_raw(s);
    else
        check_records(s);
    pf_end(s);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6): records and a layout, or raw  */
/* text with parser options, encoded with the decoder's inverse.        */
/* ------------------------------------------------------------------ */

/* A seed field: text of len bytes (NULs allowed), or null when t is NULL. */
typedef struct seed_field {
    const char *t;
    size_t len;
} seed_field;
#define F(s) {s, sizeof(s) - 1}
#define NUL_FIELD {NULL, 0}
#define END {"", (size_t)-1} /* ends a record */

static const struct seed {
    const char *name;
    layout L;
    size_t n_rows;
    seed_field f[MAX_ROWS][MAX_FIELDS + 1];
} seeds[] = {
    {"empty-document", {0}, 0, {{END}}},
    {"one-field", {0}, 1, {{F("a"), END}}},
    {"table", {0}, 3, {{F("name"), F("age"), END}, {F("bob"), F("42"), END},
                       {F("alice"), F("7"), END}}},
    {"quotes-inside", {0}, 2, {{F("say \"hi\""), F("it's"), END},
                               {F("\""), F("\"\""), F("'"), END}}},
    {"delimiters-inside", {.delim = 1}, 1,
     {{F("a,b"), F("c;d"), F("e|f"), F("g\th"), F("i j"), END}}},
    {"line-ends-inside", {.eol = 1}, 2, {{F("line1\nline2"), F("cr\rlf\r\n"), END},
                                          {F("\r"), F("\n"), END}}},
    {"spaces-trimmed", {.delim = 2}, 2, {{F("  lead"), F("trail  "), F(" both "), END},
                                         {F("\t"), F(" "), F("in side"), END}}},
    {"space-delimiter", {.delim = 4, .space = SPACE_ONLY}, 1,
     {{F("a"), F(" b"), F("c\t"), NUL_FIELD, F("d e"), END}}},
    {"nul-bytes", {.delim = 5}, 2, {{F("\0"), F("a\0b"), END}, {F("\0\0"), END}}},
    {"empty-and-null", {.empty_is_null = true}, 3,
     {{F(""), NUL_FIELD, F(""), END}, {NUL_FIELD, NUL_FIELD, END}, {F(""), END}}},
    {"empty-rows", {0}, 5, {{END}, {F("x"), END}, {NUL_FIELD, END}, {F(""), END},
                            {END}}},
    {"empty-rows-repall", {.repall_nl = true}, 4,
     {{END}, {F("x"), END}, {NUL_FIELD, END}, {F("y"), F("z"), END}}},
    {"crlf-repall", {.eol = 1, .repall_nl = true}, 3,
     {{F("a"), END}, {END}, {F("b"), F(""), END}}},
    {"ragged-no-final-eol", {.no_final_eol = true, .eol = 2}, 3,
     {{F("a"), END}, {F("b"), F("c"), F("d"), END}, {F("e"), F("f"), END}}},
    {"always-quote-single", {.quote = 1, .always_quote = true, .delim = 3}, 2,
     {{F("it's"), F(""), NUL_FIELD, F("\"q\""), END}, {F("''"), END}}},
    {"strict-fini", {.strict = true, .strict_fini = true, .no_final_eol = true}, 2,
     {{F("a"), F("b\"c"), END}, {F("x"), F("\"end\""), END}}},
    {"space-none", {.space = SPACE_NONE}, 1, {{F(" a "), F("\t"), F("b  "), END}}},
    {"lf-only-term", {.term = TERM_LF, .eol = 1}, 2,
     {{F("a\r"), F("\rb"), END}, {F("c\nd"), END}}},
    {"tiny-blocks", {.blk = 1, .append_null = true}, 2,
     {{F("longer than a block"), F("x"), END},
      {F("\"quoted\", delimited"), END}}},
    {"high-bytes", {.blk = 3}, 1, {{F("\xff\xfe"), F("\x80"), F("\xef\xbb\xbf" "bom"), END}}},
    {"wide-row", {.delim = 3}, 1, {{F("1"), F("2"), F("3"), F("4"), F("5"), F("6"), END}}},
};

/* Raw seeds: malformed and unusual text for the raw mode. */
static const struct raw_seed {
    const char *name;
    layout L;
    size_t chunks[4]; /* zero-terminated */
    size_t fail_at;   /* first failing realloc (0: none) */
    const char *text;
    size_t len;
} raw_seeds[] = {
/* RAW(name, chunk1, chunk2, fail_at, text, layout initialisers...) */
#define RAW(name, c1, c2, fail, text, ...) \
    {name, {__VA_ARGS__}, {c1, c2, 0, 0}, fail, text, sizeof(text) - 1}
    RAW("raw-malformed-quotes", 3, 0, 0, "a\"c, \"d\"f\"\n", 0),
    RAW("raw-unterminated", 0, 0, 0, "x,\"abc", .strict = true, .strict_fini = true),
    RAW("raw-spaces-after-quote", 4, 2, 0, "\"a\"  ,b\r\n", 0),
    RAW("raw-mixed-line-ends", 1, 1, 0, "a\r\n\r\nb\n\rc", .repall_nl = true),
    RAW("raw-doubled-quotes", 2, 0, 0, "\"\"\"\",\"\"\"\"\"\"\n", 0),
    RAW("raw-quote-after-spaces", 5, 0, 0, "\"a\" \" ,x\n", 0),
    RAW("raw-empty-is-null", 0, 0, 0, " ,\t, \"\" ,\n", .empty_is_null = true),
    RAW("raw-tab-delim", 1, 2, 0, "'a'\t b \t'c''d'\n", .delim = 2, .quote = 1),
    RAW("raw-alloc-failure", 7, 0, 3, "\"a long quoted field\",x\n", .blk = 1),
    RAW("raw-alloc-halved", 0, 0, 2, "0123456789abcdef,0123456789\n", .blk = 3),
#undef RAW
};

static void seed_records(const struct seed *sd, records *rs, field *store)
{
    size_t used = 0;
    rs->n = sd->n_rows;
    for (size_t i = 0; i < sd->n_rows; i++) {
        size_t n = 0;
        while (sd->f[i][n].len != (size_t)-1)
            n++;
        for (size_t j = 0; j < n; j++)
            store[used + j] = (field){(const uint8_t *)sd->f[i][j].t,
                                      sd->f[i][j].t ? sd->f[i][j].len : 0,
                                      sd->f[i][j].t == NULL};
        rs->r[i] = (record){store + used, n};
        used += n;
    }
}

/* Called by the seed writer (properties/seed_main.c). Each seed is checked
 * to decode back to the values it was written from before it is emitted. */
void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    static records want, got;
    static field store[MAX_ROWS * MAX_FIELDS];
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        seed_records(&seeds[i], &want, store);
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_RECORDS);
        enc_layout(&e, &seeds[i].L);
        enc_records(&e, &want);
        /* decode(encode(value)) == value, through the strategy itself. */
        pf_src *s = pf_begin("csv", e.data, e.len);
        layout L;
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_RECORDS);
        draw_layout(s, "layout", &L);
        draw_records(s, &got);
        PF_ASSERT(s, layout_equal(&L, &seeds[i].L));
        PF_ASSERT(s, records_equal(got.r, got.n, want.r, want.n));
        PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e.len);
        pf_end(s);
        emit(seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
    for (size_t i = 0; i < sizeof raw_seeds / sizeof raw_seeds[0]; i++) {
        const struct raw_seed *rs = &raw_seeds[i];
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_RAW);
        enc_layout(&e, &rs->L);
        size_t n = 0;
        for (; n < 4 && rs->chunks[n]; n++) {
            pf_enc_more(&e, true);
            pf_enc_u64_range(&e, 1, 255, rs->chunks[n]);
        }
        pf_enc_more(&e, false);
        pf_enc_u64_range(&e, 0, 16, rs->fail_at);
        pf_enc_u64_range(&e, 1, 12, 1);
        size_t head = e.len;
        pf_buf_put(&e, rs->text, rs->len);
        pf_src *s = pf_begin("csv", e.data, e.len);
        layout L;
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_RAW);
        draw_layout(s, "options", &L);
        PF_ASSERT(s, layout_equal(&L, &rs->L));
        pf_list l;
        pf_list_begin(s, &l, "chunks", 0, MAX_RAW_CHUNKS);
        while (pf_list_more(s, &l))
            PF_ASSERT(s, pf_u64_range(s, "size", 1, 255) == rs->chunks[l.count - 1]);
        faults f;
        draw_faults(s, &f);
        PF_ASSERT(s, f.fail_at == rs->fail_at && f.fail_n == 1);
        PF_ASSERT(s, l.count == n && pf_offset(s) == head);
        pf_end(s);
        emit(rs->name, e.data, e.len);
        pf_buf_free(&e);
    }
}
