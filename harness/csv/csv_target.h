/* csv's shared parts: sizes, layouts, records, tables and what each mode
 * draws, used by harness/csv.c (the table of properties) and the files of
 * harness/csv/. The properties and restrictions are described in
 * harness/csv.c. */
#ifndef CSV_TARGET_H
#define CSV_TARGET_H

#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include "propfuzz.h"

#include <csv.h>
#include <stdio.h>
#include <string.h>

enum {
    MAX_ROWS = 10,      /* records in one document */
    MAX_FIELDS = 6,     /* fields in one record */
    MAX_FIELD = 24,     /* bytes in one field */
    MAX_CHUNKS = PF_PLAN_MAX + 1, /* csv_parse calls for one document */
    CHUNK_MAX = 16,     /* bytes in one drawn chunk (see chunks_draw) */
    WRITE_ROOM_MAX = 2 * MAX_FIELD + 2, /* a short writer buffer, bytes */
    TERM_PENDING = -2,  /* fields collected without a row end (a refusal) */
};

/* The modes, in the order of the table in harness/csv.c (seeds encode it). */
enum mode { MODE_RECORDS, MODE_RAW, N_MODES };

/* ------------------------------------------------------------------ */
/* Layouts: how records are written and how libcsv is set up.          */
/* ------------------------------------------------------------------ */

enum { N_DELIMS = 6, N_QUOTES = 2, N_EOLS = 3, N_SPACES = 3, N_TERMS = 2,
       N_BLKS = 5 };
enum { SPACE_DEFAULT, SPACE_NONE, SPACE_ONLY };
enum { TERM_DEFAULT, TERM_LF };
extern const unsigned char csv_delims[N_DELIMS];
extern const unsigned char csv_quotes[N_QUOTES];
extern const char *const csv_quote_names[N_QUOTES];
extern const size_t csv_blk_sizes[N_BLKS];

typedef struct layout {
    size_t delim, quote;   /* indices into csv_delims, csv_quotes */
    bool always_quote;
    size_t eol;            /* LF, CRLF, CR (see layout_eol) */
    bool no_final_eol;     /* the last line has no line end */
    bool strict, strict_fini, append_null, empty_is_null, repall_nl;
    size_t space, term, blk;
} layout;

void layout_draw(pf_src *s, const char *label, layout *L);
void layout_enc(pf_buf *e, const layout *L);
bool layout_equal(const layout *a, const layout *b);
void layout_print(pf_buf *b, const layout *L);
const char *layout_eol(const layout *L);
unsigned char layout_options(const layout *L, bool strict);
bool layout_is_space(const layout *L, unsigned char c);
bool layout_is_term(const layout *L, unsigned char c);

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

void records_draw(pf_src *s, records *out);
void records_enc(pf_buf *e, const records *rs);
bool records_equal(const record *a, size_t na, const record *b, size_t nb);
void records_print(pf_buf *b, const record *r, size_t n);
/* A field in quotes, each quote character doubled (RFC 4180 §2.7). */
void put_quoted(pf_buf *out, const field *f, unsigned char q);
/* Renders records as a document. line_start (n + 1 entries, or NULL)
 * receives where each record's line begins; the last entry is the end. */
void render(const record *r, size_t n, const layout *L, bool final_eol,
            pf_buf *out, size_t *line_start);
/* A document for a report: quoted, with its length. */
void quote_doc(pf_buf *b, const uint8_t *doc, size_t len);

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

/* An empty table, freed when the input ends. */
table *table_new(pf_src *s);
void table_cell(table *t, const uint8_t *p, size_t len, bool null);
void table_row(table *t, int term);
/* Appends rows [first, first + n) of src to dst. */
void table_copy_rows(table *dst, const table *src, size_t first, size_t n);
/* Records from a parse: each row one record (fields point into t;
 * memory from pf_alloc). */
record *table_records(pf_src *s, const table *t);

/* What two tables are compared on. */
typedef struct view {
    bool terms;     /* each row's terminator character */
    bool zero_rows; /* rows with no fields (CSV_REPALL_NL) */
    bool nulls;     /* null versus empty */
    bool meta;      /* error status, bytes consumed, csv_fini's return */
} view;
extern const view v_exact;

bool table_equal(const table *a, const table *b, const view *v,
                 pf_path *path);
/* Fails the running property with both tables printed after the context
 * lines (at most 6). Callers compare first and build the context only on
 * a difference: report text costs more than the comparison. */
_Noreturn void fail_tables(pf_src *s, const char *summary,
                           const char *name_a, const table *a,
                           const char *name_b, const table *b,
                           const pf_line *ctx, size_t n_ctx, const char *path);

/* ------------------------------------------------------------------ */
/* The model: what libcsv must report for rendered records.            */
/* ------------------------------------------------------------------ */

/* The rows libcsv reports for the records written in layout L. */
void expect_records(const record *r, size_t n, const layout *L,
                    bool final_eol, size_t doc_len, table *t);
/* The rows the records' lines produce, one group per record, as first-row
 * indices (n + 1 entries). False when the parse t has a different number
 * of rows than the layout makes the records produce. */
bool group_rows(const record *r, size_t n, const layout *L, bool final_eol,
                const table *t, size_t *first);

/* ------------------------------------------------------------------ */
/* libcsv: every call a property depends on (tests/planted/csv/ wraps    */
/* them).                                                               */
/* ------------------------------------------------------------------ */

/* Allocation failures injected into libcsv's buffer growth through its
 * realloc hook: calls fail_at .. fail_at + fail_n - 1 fail (fail_at 0:
 * none). libcsv halves its request after a failure and reports CSV_ENOMEM
 * when even one byte fails; csv_parse then returns what it consumed, with
 * its state kept, and the caller feeds it the rest. */
typedef struct faults {
    size_t fail_at, fail_n;
} faults;
/* How a document is fed to csv_parse: 1 to PF_PLAN_MAX chunk sizes in
 * [1, CHUNK_MAX], the rest in one piece (pf_plan_apply). At least one:
 * zeros give a first chunk of one byte, not the whole document. Small:
 * fuzzed documents are short (median 17 bytes, 90% under 80), and a
 * chunk as long as the document splits nothing. */
void chunks_draw(pf_src *s, const char *label, pf_plan *p);
void chunks_enc(pf_buf *e, const pf_plan *p);
void faults_draw(pf_src *s, faults *f);
void faults_enc(pf_buf *e, const faults *f);
/* The chunk sizes and the faults, for a report. */
void print_chunks(pf_buf *b, const size_t *sizes, size_t n, const faults *f);

/* Parses doc with the layout's settings in the given chunks (n_chunks 0:
 * nothing is fed), then csv_fini unless csv_parse refused a byte. With
 * faults (may be NULL), allocation failures are injected and the parse
 * resumed after each CSV_ENOMEM they cause. Returns how many allocations
 * failed. */
size_t parse_doc(const layout *L, bool strict, const uint8_t *doc,
                 const size_t *sizes, size_t n_chunks, const faults *f,
                 table *t);
void parse_whole(const layout *L, bool strict, const uint8_t *doc,
                 size_t len, table *t);
/* What the parser said around parse_reused's three rounds (round 1 after
 * csv_fini, round 2 after csv_free) and whether libcsv's buffer grew as
 * its source says it does (see modelled_realloc). */
typedef struct lifecycle {
    int status_init;             /* csv_error after csv_init */
    size_t size_init;            /* csv_get_buffer_size after csv_init */
    unsigned char quote_init, delim_init; /* csv_get_quote, csv_get_delim */
    int status_after[3];         /* csv_error after each round */
    size_t size_after[3];        /* csv_get_buffer_size after each round */
    size_t model_after[3];       /* ... and what the model says it is */
    size_t size_freed;           /* csv_get_buffer_size after csv_free */
    bool model_broken;           /* a request the model did not expect */
    size_t model_got, model_want;
} lifecycle;
/* Parses doc three times with one parser, in the default (not strict)
 * mode: fresh from csv_init (its memory filled with a pattern first, its
 * defaults — comma, double quote, 128-byte blocks — left alone), again
 * after csv_fini, and again after csv_free; the faults apply to the first
 * round. */
void parse_reused(const layout *L, const uint8_t *doc, size_t len,
                  const faults *f, table *const t[3], lifecycle *lc);
/* csv_write2 (two) or csv_write of src into dest (dest_size bytes). */
size_t lib_write(bool two, void *dest, size_t dest_size, const void *src,
                 size_t len, unsigned char quote);
/* csv_fwrite2 (two) or csv_fwrite of src to fp. */
int lib_fwrite(bool two, FILE *fp, const void *src, size_t len,
               unsigned char quote);

/* ------------------------------------------------------------------ */
/* The modes: what an input draws, and the properties.                 */
/* ------------------------------------------------------------------ */

/* Records mode: everything drawn before the records (see harness/csv.c),
 * the document and its parse. */
typedef struct subject {
    layout L, L2;            /* the layout; format_neutral's second one */
    pf_plan chunks;          /* batch_incremental's chunk sizes */
    faults faults;           /* batch_incremental's allocation failures */
    size_t write_room;       /* writer_reference's short buffer */
    size_t delete_at;        /* row_deletion's row, modulo the count */
    size_t row_order[MAX_ROWS]; /* row_permutation's order */
    records rs;
    pf_buf *doc;
    size_t line_start[MAX_ROWS + 1];
    table *whole;            /* the document parsed in one piece */
} subject;

void *records_setup(pf_src *s);
/* The report's context: records, layout, document (3 lines). */
void subject_lines(pf_src *s, const subject *x, pf_line *lines);
void prop_round_trip(pf_src *s, void *in);
void prop_batch_incremental(pf_src *s, void *in);
void prop_format_neutral(pf_src *s, void *in);
void prop_row_deletion(pf_src *s, void *in);
void prop_row_permutation(pf_src *s, void *in);
void prop_writer_reference(pf_src *s, void *in);

/* Raw mode: the parser's settings, the faults, the chunks and the text,
 * parsed whole in the default mode and with CSV_STRICT. */
typedef struct raw_input {
    layout L;                 /* the parser's settings */
    faults faults;
    size_t sizes[MAX_CHUNKS], n_chunks;
    const uint8_t *text;
    size_t len;
    table *whole[2];          /* parsed in one piece: default, CSV_STRICT */
} raw_input;

void *raw_setup(pf_src *s);
/* The report's context: options, text, chunks (3 lines). */
void raw_lines(pf_src *s, const raw_input *r, pf_line *lines);
void prop_raw_batch_incremental(pf_src *s, void *in);
void prop_strict_subset(pf_src *s, void *in);
void prop_canonical_fixed_point(pf_src *s, void *in);
void prop_strict_errors(pf_src *s, void *in);
void prop_parser_lifecycle(pf_src *s, void *in);

/* A byte buffer freed when the input ends. */
pf_buf *buf_new(pf_src *s);

#endif
