/* search's shared parts: sizes, vocabularies, what an input draws, query
 * sets, result sets and the database session, used by harness/search.c
 * (the table of properties) and the files of harness/search/. The
 * properties and restrictions are described in harness/search.c. */
#ifndef SEARCH_H
#define SEARCH_H

#include "propfuzz.h"

#include <sqlite3.h>
#include <string.h>

enum {
    MAX_DOCS = 8,     /* documents in the corpus */
    MAX_COLS = 3,     /* columns of the table */
    MAX_WORDS = 6,    /* words in one column of one document */
    MAX_QUERIES = 4,  /* drawn queries (each adds its component terms) */
    MAX_REPEAT = 4,   /* repetitions of the exact-match document's term */
    MAX_HITS = MAX_DOCS + 2, /* + the noise and the exact-match document */
    MAX_Q = MAX_QUERIES * 12, /* query strings, components included */
    MAX_RAW = 2,      /* raw query texts */
    RAW_CHARS = 40,   /* code points in one */
    RAW_BYTES = 4 * RAW_CHARS + 1,
    QLEN = 80,
};

/* ------------------------------------------------------------------ */
/* Vocabularies and what an input draws (strategy.c).                  */
/* ------------------------------------------------------------------ */

enum { N_VOCAB = 9, N_NOISE = 6, N_CASES = 3, N_SEPS = 8 };
extern const char *const vocab[N_VOCAB];
extern const char *const noise_vocab[N_NOISE];
extern const char *const seps[N_SEPS];

typedef struct word {
    size_t w, cas, sep; /* word, case, separator before it (unused first) */
} word;

typedef struct doc {
    word words[MAX_COLS][MAX_WORDS];
    size_t n[MAX_COLS];
} doc;

/* Table settings. */
enum { N_TOKS = 4, N_DETAILS = 3, N_PREFIXES = 4, N_WEIGHTS = 3 };
enum { TOK_UNICODE61, TOK_ASCII, TOK_PORTER, TOK_TRIGRAM };
enum { DETAIL_FULL, DETAIL_COLUMN, DETAIL_NONE };
extern const char *const tok_sql[N_TOKS];
extern const char *const detail_sql[N_DETAILS];
extern const char *const prefix_sql[N_PREFIXES];
extern const char *const prefix_names[N_PREFIXES];
extern const char *const weight_sql[N_WEIGHTS];
extern const char *const weight_names[N_WEIGHTS];

typedef struct schema {
    size_t n_cols; /* 1..MAX_COLS */
    size_t tok, detail, prefix, weights;
    bool no_columnsize;
} schema;

/* The detail the table is created with (R3: trigram tables use full). */
size_t detail_of(const schema *sc);

/* How a table is loaded. Choice 0 of each setting is FTS5's default. */
enum { N_COMMITS = 4, N_PGSZ = 4, N_AUTOMERGE = 4, N_CRISIS = 3,
       N_USERMERGE = 3, N_HASHSIZE = 3, N_FINISH = 5 };
enum { FINISH_NOTHING, FINISH_OPTIMIZE, FINISH_MERGE, FINISH_MERGE_NEG,
       FINISH_REBUILD };
extern const int pgsz_vals[N_PGSZ], automerge_vals[N_AUTOMERGE],
    crisis_vals[N_CRISIS], usermerge_vals[N_USERMERGE],
    hashsize_vals[N_HASHSIZE];
extern const char *const commit_names[N_COMMITS];
extern const char *const finish_names[N_FINISH];

typedef struct plan {
    size_t commit; /* 0: one transaction, k: commit after every k docs */
    size_t pgsz, automerge, crisis, usermerge, hashsize, finish;
} plan;

/* Queries. */
enum qkind { Q_TERM, Q_AND, Q_OR, Q_NOT, Q_PREFIX, Q_PHRASE, Q_NEAR,
             Q_COLUMN, N_QKINDS };

typedef struct qspec {
    size_t kind, a, b; /* words a and b (b for two-term kinds) */
    size_t plen;       /* prefix length (Q_PREFIX) */
    size_t near;       /* NEAR distance (Q_NEAR) */
    size_t col;        /* column (Q_COLUMN) */
} qspec;

typedef struct addition {
    size_t doc, col, term, cas, reps;
} addition;

enum { N_STRIDES = 3 };
/* The largest base that leaves room for every rowid at the largest stride. */
#define ROWID_BASE_MAX (INT64_MAX - (int64_t)(MAX_DOCS + 2) * (INT64_C(1) << 33))

/* One input, all of it drawn by the setup, before any property runs. */
typedef struct test_case {
    schema sc;
    plan p1, p2;                 /* t1's and t2's load plans */
    size_t perm[MAX_DOCS];       /* t2's insertion order (of MAX_DOCS) */
    size_t k;                    /* inclusion_k's LIMIT */
    addition exact;              /* exact_match_found: term, reps, col, case */
    addition mono;               /* monotone_term: doc (mod n_docs), col,
                                    term, case */
    bool one_txn;                /* the three changes in one transaction */
    doc noise;                   /* irrelevant_document's document */
    int64_t base;
    size_t stride;
    doc docs[MAX_DOCS];
    size_t n_docs;
    qspec qs[MAX_QUERIES];
    size_t n_q;
    char raw[MAX_RAW][RAW_BYTES]; /* raw FTS5 query texts (any syntax) */
    size_t raw_len[MAX_RAW], n_raw;
} test_case;

void draw_case(pf_src *s, test_case *tc);
void enc_case(pf_buf *e, const test_case *tc);
int64_t rowid_of(const test_case *tc, size_t i);
/* The document monotone_term appends to, and t2's order of the documents. */
size_t mono_doc(const test_case *tc);
void shuffled_order(const test_case *tc, size_t *order);

/* ------------------------------------------------------------------ */
/* Text and query sets (query.c).                                      */
/* ------------------------------------------------------------------ */

void put_word(pf_buf *b, const char *w, size_t cas);
/* A column's text; empty columns are "". */
void column_text(const doc *d, size_t c, const char *const *words,
                 pf_buf *out);
void print_doc(pf_buf *b, int64_t rowid, const doc *d, size_t n_cols,
               const char *const *words);

/* A set of query strings, each once. */
typedef struct qset {
    char text[MAX_Q][QLEN];
    size_t n;
} qset;

/* A drawn query, compiled: its own string and those its relations need. */
typedef struct compiled {
    size_t kind;      /* after the restrictions R1 and R2 */
    size_t q, a, b;   /* indices into the qset */
    size_t and_ab;    /* a AND b, for phrase/NEAR */
    size_t words[N_VOCAB], n_words; /* prefix: the words it stands for */
    bool changed;     /* R1 changed the kind */
} compiled;

void compile_query(const schema *sc, const qspec *spec, qset *qs,
                   compiled *c);
/* The query of term w alone ("w", quoted). */
void term_query(char *out, size_t w);

/* ------------------------------------------------------------------ */
/* Results (rows.c).                                                   */
/* ------------------------------------------------------------------ */

typedef struct hits {
    size_t n;
    int64_t rowid[MAX_HITS + 1];
    double rank[MAX_HITS + 1];
} hits;

/* A set of rowids as a sorted array. */
typedef struct rowset {
    int64_t r[2 * MAX_HITS + 2];
    size_t n;
} rowset;

/* What a raw query gives: rows, or an error. */
typedef struct outcome {
    int rc;
    char err[200];
    hits h;
} outcome;

/* Sorts hits by (rank, rowid): FTS5's ORDER BY rank leaves ties in an
 * order of its own; the rowid makes the ranking deterministic. */
void sort_ranked(hits *h);
bool in_hits(const hits *h, int64_t rowid);
bool same_ranking(const hits *a, const hits *b);
bool same_outcome(const outcome *a, const outcome *b);
rowset set_of(const hits *h);
bool set_has(const rowset *s, int64_t r);
/* a op b for op in & | - (sorted, each rowid once). */
rowset set_op(const rowset *a, const rowset *b, char op);
bool set_equal(const rowset *a, const rowset *b);
bool set_subset(const rowset *a, const rowset *b);
void print_hits(pf_buf *b, const hits *h, bool ranks);
void print_rowset(pf_buf *b, const rowset *s);
void print_outcome(pf_buf *b, const outcome *o);

/* ------------------------------------------------------------------ */
/* The database session of one input (db.c, on the files of vfs.c).    */
/* ------------------------------------------------------------------ */

enum { T1, T2, N_TABLES };
/* A table's statements: SELECT rowid, rank ... MATCH ?1 with FTS5's
 * ORDER BY rank, with none (FTS5's rowid order), ORDER BY rank, rowid
 * LIMIT ?2, ORDER BY rowid DESC LIMIT ?2. */
enum qstmt { Q_RANKED, Q_PLAIN, Q_LIMITED, Q_DESC, N_QSTMTS };

typedef struct session session; /* a connection, its tables' statements */

/* What the properties of one input share. */
typedef struct ctx {
    pf_src *s;
    const test_case *tc;
    session *db;
    qset qs;
    compiled cs[MAX_QUERIES];
    hits R[MAX_Q];          /* t1 after its load, sorted by (rank, rowid) */
    size_t out_of_order;    /* first query FTS5's ORDER BY rank returned
                               out of rank order, or MAX_Q */
    hits as_returned;       /* ... as it returned it */
    outcome raw[MAX_RAW];   /* the raw queries on t1 after its load */
    bool reused;            /* the connection was kept from an earlier input */
    bool t2_loaded;         /* shuffle_invariant loaded t2 */
    bool changes_open;      /* the changes' transaction is open */
} ctx;

/* The database of an input: both tables empty, as their CREATE statements
 * left them, with the load plans' settings applied. Closed or put back
 * when the input ends, however it ends. */
void db_open(ctx *x);
void db_load(ctx *x, int t, const size_t *order, const plan *p);
void db_insert(ctx *x, int t, int64_t rowid, const doc *d,
               const char *const *words);
/* UPDATE t1 SET c<col> = text WHERE rowid = rowid. */
void db_update(ctx *x, size_t col, int64_t rowid, const pf_buf *text);
void db_begin(ctx *x);
void db_commit(ctx *x);
/* Runs query q (len bytes, -1: NUL-terminated; limit < 0: none), collects
 * the rows and returns SQLite's result code. */
int db_query(ctx *x, int t, enum qstmt which, const char *q, int len,
             long limit, hits *h);
/* db_query of a query the harness built: SQLite must accept it. */
void db_run(ctx *x, int t, enum qstmt which, const char *q, long limit,
            hits *h);
/* Query q (len bytes, -1: NUL-terminated) on the table's statement,
 * accepted or not: its outcome, ranking sorted. */
void db_run_text(ctx *x, int t, enum qstmt which, const char *q, int len, outcome *o);
/* db_run_text of raw query i. */
void db_run_raw(ctx *x, int t, enum qstmt which, size_t i, outcome *o);
/* FTS5's 'integrity-check' on table t: SQLite's result code, and its
 * message in msg. */
int db_integrity(ctx *x, int t, char *msg, size_t cap);
/* SQLite refused something the harness built: a harness failure. */
_Noreturn void sql_failed(ctx *x, const char *what, int rc);

/* ------------------------------------------------------------------ */
/* Reports and properties.                                             */
/* ------------------------------------------------------------------ */

/* Fails the running property with the schema, the documents and up to
 * six more lines. */
_Noreturn void fail_with(ctx *x, const char *summary, const pf_line *more,
                         size_t n_more);
const char *quoted(pf_src *s, const char *text, size_t len);

void *search_setup(pf_src *s);
void prop_and_subset(pf_src *s, void *in);
void prop_or_superset(pf_src *s, void *in);
void prop_inclusion_k(pf_src *s, void *in);
void prop_shuffle_invariant(pf_src *s, void *in);
void prop_irrelevant_document(pf_src *s, void *in);
void prop_exact_match_found(pf_src *s, void *in);
void prop_monotone_term(pf_src *s, void *in);
void prop_index_integrity(pf_src *s, void *in);
void prop_spelling_invariant(pf_src *s, void *in);
void prop_fold_invariant(pf_src *s, void *in);

#endif
