/* search — full-text search through SQLite FTS5 (Debian sqlite3 3.40.1).
 *
 * Draws a small corpus and checks what FTS5 answers about it. Documents
 * (up to MAX_DOCS, explicit rowids from a drawn base and stride, extremes
 * of int64 included) have up to three columns of words from a small
 * vocabulary, each word in a drawn case and after a drawn separator, so
 * queries match often. The table's settings are drawn: tokenizer
 * (unicode61, ascii, porter, trigram), detail=full|column|none,
 * columnsize, prefix indexes and bm25 column weights; so is each load plan
 * (commit every k documents, pgsz, automerge, crisismerge, usermerge,
 * hashsize, then optimize/merge/rebuild). Queries are built from the
 * vocabulary and quoted, so they never hit FTS5 syntax errors: terms,
 * AND, OR, NOT, prefix, phrase, NEAR and column filters. Up to two raw
 * query texts (any text; the dictionary brings FTS5's syntax) reach the
 * expression parser as they are: accepted or refused, they must be so the
 * same way on both tables (shuffle_invariant) and obey inclusion_k.
 * The three changes (noise, exact-match, appended term) run in autocommit
 * or, drawn, in one transaction whose queries read FTS5's pending terms.
 * Properties:
 *
 *   shuffle_invariant    the same documents (same rowids) inserted in a
 *                        drawn order under a second drawn load plan give
 *                        every query the same matches in the same ranking
 *                        (ORDER BY rank, ties broken by rowid)
 *   irrelevant_document  a noise document (words from a vocabulary sharing
 *                        no character with the real one) changes no match
 *                        set. BM25 scores legitimately move — the number of
 *                        rows is part of every term's IDF — so sets, not
 *                        rankings, are compared
 *   exact_match_found    a document that is the query term repeated is
 *                        among the term's matches: the non-trivial property
 *                        that keeps the others from passing on empty output
 *   inclusion_k          results with LIMIT k (ORDER BY rank, rowid) are
 *                        the first k of the full ranking and a prefix of
 *                        LIMIT k+1; FTS5's own ORDER BY rank is in rank
 *                        order; ORDER BY rowid DESC LIMIT k gives the k
 *                        largest matching rowids
 *   and_subset           a AND b is a ∩ b (so ⊆ a); a NOT b is a \ b; the
 *                        phrase "a b", NEAR(a b, k) and {col}: a are subsets
 *                        of a AND b, a AND b and a
 *   or_superset          a OR b is a ∪ b (so ⊇ a); a prefix query p* is the
 *                        union of the vocabulary words starting with p
 *   monotone_term        appending a term to one document's column keeps
 *                        the document in every term's matches it was in,
 *                        adds it to the new term's, and changes no other
 *                        document's matches
 *   index_integrity      FTS5's 'integrity-check' command passes on the
 *                        shuffled table after its load, and on the first
 *                        table after all the changes above
 *
 * Restrictions (each shown against the real library in
 * tests/restrict/search.c):
 *   - phrase and NEAR queries need detail=full, column filters need
 *     detail!=none (FTS5 refuses them otherwise): under other details the
 *     strategy turns a phrase or NEAR query into a AND b, a column filter
 *     into the plain term (detail_limits).
 *   - the trigram tokenizer matches nothing for a term shorter than three
 *     characters (trigram_short_terms): prefix queries use at least three
 *     characters under trigram. A longer term is a phrase of trigrams,
 *     which FTS5 only MATCHes with detail=full (trigram_detail): trigram
 *     tables are created with detail=full.
 *   - unquoted operator words are FTS5 syntax (bare_keywords): every term is
 *     quoted, so no query is a syntax error.
 *   - adding a document moves BM25 scores of others (bm25_moves): the
 *     irrelevant-document property compares sets.
 *   - the vocabularies are chosen so that no tokenizer merges two words:
 *     case folds, porter stems none of them together, and noise words share
 *     no character (so no trigram, prefix or stem) with real ones.
 * Each input uses a fresh in-memory database (see snapshot_of for the
 * measurement behind that choice). An input builds two FTS5 tables and
 * runs some fifty statements, so this target runs at tens to a few
 * hundred inputs a second under ASan+UBSan, not thousands: the work per
 * input is what the properties need (the cheap parts — FTS5's own sorter
 * only where its order is checked, statements prepared once per input —
 * are already taken).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include "propfuzz.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
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
    TEXT_MAX = 160,
};

/* Every call into SQLite that a property depends on goes through these
 * names, so tests/planted/search/ can wrap them with planted bugs. */
#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef SEARCH_OPEN
#define SEARCH_OPEN sqlite3_open
#endif
#ifndef SEARCH_STEP
#define SEARCH_STEP sqlite3_step
#endif
#ifndef SEARCH_BIND_TEXT
#define SEARCH_BIND_TEXT sqlite3_bind_text
#endif
#ifndef SEARCH_COLUMN_INT64
#define SEARCH_COLUMN_INT64 sqlite3_column_int64
#endif
#ifndef SEARCH_COLUMN_DOUBLE
#define SEARCH_COLUMN_DOUBLE sqlite3_column_double
#endif
/* A planted-bug build checks only the property its bug is planted for. */
#ifdef PF_PLANT_ONLY
#define CHECKS(prop) (strcmp((prop), PF_PLANT_ONLY) == 0)
#else
#define CHECKS(prop) 1
#endif

/* ------------------------------------------------------------------ */
/* Vocabularies and the values drawn from them.                        */
/* ------------------------------------------------------------------ */

/* Real words: letters a-e, h, i, l-o, r, s and digits 0-3. Some share
 * prefixes (prefix queries), none is a stem of another. */
enum { N_VOCAB = 9 };
static const char *const vocab[N_VOCAB] = {
    "alder", "almond", "birch", "bison", "cedar", "cello", "larch", "lemon",
    "2031"};
/* Noise words: only j, p, q, u-z and digits 6-9 — no character in common
 * with a real word, so nothing a query asks for. */
enum { N_NOISE = 6 };
static const char *const noise_vocab[N_NOISE] = {
    "quux", "pyx", "wuzzy", "juju", "zyxxy", "9876"};
enum { N_CASES = 3 };
static const char *const case_names[N_CASES] = {"lower", "UPPER", "Capital"};
enum { N_SEPS = 8 };
static const char *const seps[N_SEPS] = {" ", ", ", "  ", "\t", "\n", "-",
                                         ". ", " (/) "};
static const char *const sep_names[N_SEPS] = {
    "space", "comma", "2 spaces", "tab", "newline", "hyphen", "period",
    "punctuation"};

typedef struct word {
    size_t w, cas, sep; /* word, case, separator before it (unused first) */
} word;

typedef struct doc {
    word words[MAX_COLS][MAX_WORDS];
    size_t n[MAX_COLS];
} doc;

/* Table settings. */
enum { N_TOKS = 4, N_DETAILS = 3, N_PREFIXES = 4, N_WEIGHTS = 3 };
static const char *const tok_sql[N_TOKS] = {
    "unicode61", "ascii", "porter unicode61", "trigram"};
enum { TOK_TRIGRAM = 3 };
static const char *const detail_sql[N_DETAILS] = {"full", "column", "none"};
enum { DETAIL_FULL, DETAIL_COLUMN, DETAIL_NONE };
static const char *const prefix_sql[N_PREFIXES] = {NULL, "1", "2", "1,3"};
static const char *const prefix_names[N_PREFIXES] = {"none", "1", "2", "1,3"};
static const char *const weight_sql[N_WEIGHTS] = {
    NULL, "bm25(10.0, 1.0, 0.5)", "bm25(0.5, 4.0, 2.0)"};
static const char *const weight_names[N_WEIGHTS] = {
    "bm25()", "bm25(10, 1, 0.5)", "bm25(0.5, 4, 2)"};

typedef struct schema {
    size_t n_cols; /* 1..MAX_COLS */
    size_t tok, detail, prefix, weights;
    bool no_columnsize;
} schema;

/* The detail the table is created with: trigram_detail — under trigram a
 * term of more than three characters is a phrase of trigrams, which FTS5
 * refuses to MATCH unless detail=full, so trigram tables use detail=full. */
static size_t detail_of(const schema *sc)
{
    return sc->tok == TOK_TRIGRAM ? DETAIL_FULL : sc->detail;
}

/* How a table is loaded. Choice 0 of each setting is FTS5's default. */
enum { N_COMMITS = 4, N_PGSZ = 4, N_AUTOMERGE = 4, N_CRISIS = 3,
       N_USERMERGE = 3, N_HASHSIZE = 3, N_FINISH = 5 };
static const int pgsz_vals[N_PGSZ] = {0, 32, 64, 1000};
static const int automerge_vals[N_AUTOMERGE] = {0, -1 /* 0 */, 2, 16};
static const int crisis_vals[N_CRISIS] = {0, 2, 3};
static const int usermerge_vals[N_USERMERGE] = {0, 2, 16};
static const int hashsize_vals[N_HASHSIZE] = {0, 64, 1024};
static const char *const commit_names[N_COMMITS] = {
    "one transaction", "every document", "every 2", "every 3"};
static const char *const finish_names[N_FINISH] = {
    "nothing", "optimize", "merge 16", "merge -16", "rebuild"};

typedef struct plan {
    size_t commit; /* 0: one transaction, k: commit after every k docs */
    size_t pgsz, automerge, crisis, usermerge, hashsize, finish;
} plan;

/* Queries. */
enum qkind { Q_TERM, Q_AND, Q_OR, Q_NOT, Q_PREFIX, Q_PHRASE, Q_NEAR,
             Q_COLUMN, N_QKINDS };
static const char *const qkind_names[N_QKINDS] = {
    "term", "AND", "OR", "NOT", "prefix", "phrase", "NEAR", "column"};

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
static const int64_t strides[N_STRIDES] = {1, 3, INT64_C(1) << 33};
static const char *const stride_names[N_STRIDES] = {"1", "3", "2^33"};
/* The largest base that leaves room for every rowid at the largest stride. */
#define ROWID_BASE_MAX (INT64_MAX - (int64_t)(MAX_DOCS + 2) * (INT64_C(1) << 33))

/* One input, all of it drawn up front (so every build draws the same
 * values, whichever properties it checks). */
typedef struct test_case {
    schema sc;
    plan p1, p2;
    int64_t base;
    size_t stride;
    doc docs[MAX_DOCS];
    size_t n_docs;
    qspec qs[MAX_QUERIES];
    size_t n_q;
    char raw[MAX_RAW][RAW_BYTES]; /* raw FTS5 query texts (any syntax) */
    size_t raw_len[MAX_RAW], n_raw;
    size_t k;                    /* inclusion_k's LIMIT */
    size_t perm_dist[MAX_DOCS];  /* pf_permutation's draws, for seeds */
    size_t perm[MAX_DOCS];       /* t2's insertion order */
    doc noise;                   /* irrelevant_document's document */
    addition exact;              /* exact_match_found: term, reps, col, case */
    addition mono;               /* monotone_term: doc, col, term, case */
    bool one_txn;                /* the three changes in one transaction */
} test_case;

static size_t named(pf_src *s, const char *label, size_t n,
                    const char *const *names)
{
    size_t v = pf_choice(s, label, n);
    pf_name_values(s, names, n);
    return v;
}

static void draw_schema(pf_src *s, schema *sc)
{
    static const char *const tok_names[N_TOKS] = {"unicode61", "ascii",
                                                  "porter", "trigram"};
    pf_span_begin(s, "schema");
    sc->n_cols = 1 + (size_t)pf_u64_range(s, "extra_columns", 0, MAX_COLS - 1);
    sc->tok = named(s, "tokenize", N_TOKS, tok_names);
    sc->detail = named(s, "detail", N_DETAILS, detail_sql);
    sc->prefix = named(s, "prefix", N_PREFIXES, prefix_names);
    sc->weights = named(s, "rank", N_WEIGHTS, weight_names);
    sc->no_columnsize = pf_bool(s, "columnsize=0");
    pf_span_end(s);
}

static void enc_schema(pf_buf *e, const schema *sc)
{
    pf_enc_u64_range(e, 0, MAX_COLS - 1, sc->n_cols - 1);
    pf_enc_choice(e, N_TOKS, sc->tok);
    pf_enc_choice(e, N_DETAILS, sc->detail);
    pf_enc_choice(e, N_PREFIXES, sc->prefix);
    pf_enc_choice(e, N_WEIGHTS, sc->weights);
    pf_enc_bool(e, sc->no_columnsize);
}

static void draw_plan(pf_src *s, const char *label, plan *p)
{
    static const char *const pgsz_names[N_PGSZ] = {"default", "32", "64", "1000"};
    static const char *const am_names[N_AUTOMERGE] = {"default", "0", "2", "16"};
    static const char *const cm_names[N_CRISIS] = {"default", "2", "3"};
    static const char *const um_names[N_USERMERGE] = {"default", "2", "16"};
    static const char *const hs_names[N_HASHSIZE] = {"default", "64", "1024"};
    pf_span_begin(s, label);
    p->commit = named(s, "commit", N_COMMITS, commit_names);
    p->pgsz = named(s, "pgsz", N_PGSZ, pgsz_names);
    p->automerge = named(s, "automerge", N_AUTOMERGE, am_names);
    p->crisis = named(s, "crisismerge", N_CRISIS, cm_names);
    p->usermerge = named(s, "usermerge", N_USERMERGE, um_names);
    p->hashsize = named(s, "hashsize", N_HASHSIZE, hs_names);
    p->finish = named(s, "finish", N_FINISH, finish_names);
    pf_span_end(s);
}

static void enc_plan(pf_buf *e, const plan *p)
{
    pf_enc_choice(e, N_COMMITS, p->commit);
    pf_enc_choice(e, N_PGSZ, p->pgsz);
    pf_enc_choice(e, N_AUTOMERGE, p->automerge);
    pf_enc_choice(e, N_CRISIS, p->crisis);
    pf_enc_choice(e, N_USERMERGE, p->usermerge);
    pf_enc_choice(e, N_HASHSIZE, p->hashsize);
    pf_enc_choice(e, N_FINISH, p->finish);
}

static void draw_doc(pf_src *s, const char *label, size_t n_cols, size_t nv,
                     const char *const *words, doc *d)
{
    pf_span_begin(s, label);
    memset(d, 0, sizeof *d);
    for (size_t c = 0; c < n_cols; c++) {
        pf_list l;
        pf_list_begin(s, &l, "column", 0, MAX_WORDS);
        while (pf_list_more(s, &l)) {
            word *w = &d->words[c][l.count - 1];
            w->w = named(s, "word", nv, words);
            w->cas = named(s, "case", N_CASES, case_names);
            w->sep = named(s, "sep", N_SEPS, sep_names);
        }
        d->n[c] = l.count;
    }
    pf_span_end(s);
}

static void enc_doc(pf_buf *e, size_t n_cols, size_t nv, const doc *d)
{
    for (size_t c = 0; c < n_cols; c++) {
        for (size_t i = 0; i < d->n[c]; i++) {
            pf_enc_more(e, true);
            pf_enc_choice(e, nv, d->words[c][i].w);
            pf_enc_choice(e, N_CASES, d->words[c][i].cas);
            pf_enc_choice(e, N_SEPS, d->words[c][i].sep);
        }
        if (d->n[c] < MAX_WORDS)
            pf_enc_more(e, false);
    }
}

static void draw_qspec(pf_src *s, size_t n_cols, qspec *q)
{
    memset(q, 0, sizeof *q);
    q->kind = named(s, "kind", N_QKINDS, qkind_names);
    q->a = named(s, "a", N_VOCAB, vocab);
    switch (q->kind) {
    case Q_AND: case Q_OR: case Q_NOT: case Q_PHRASE: case Q_NEAR:
        q->b = named(s, "b", N_VOCAB, vocab);
        break;
    case Q_PREFIX:
        q->plen = (size_t)pf_u64_range(s, "prefix_len", 1, strlen(vocab[q->a]));
        break;
    case Q_COLUMN:
        q->col = pf_choice(s, "column", n_cols);
        break;
    default:
        break;
    }
    if (q->kind == Q_NEAR)
        q->near = (size_t)pf_u64_range(s, "near", 0, 3);
}

static void enc_qspec(pf_buf *e, size_t n_cols, const qspec *q)
{
    pf_enc_choice(e, N_QKINDS, q->kind);
    pf_enc_choice(e, N_VOCAB, q->a);
    switch (q->kind) {
    case Q_AND: case Q_OR: case Q_NOT: case Q_PHRASE: case Q_NEAR:
        pf_enc_choice(e, N_VOCAB, q->b);
        break;
    case Q_PREFIX:
        pf_enc_u64_range(e, 1, strlen(vocab[q->a]), q->plen);
        break;
    case Q_COLUMN:
        pf_enc_choice(e, n_cols, q->col);
        break;
    default:
        break;
    }
    if (q->kind == Q_NEAR)
        pf_enc_u64_range(e, 0, 3, q->near);
}

/* Raw queries: any text (dictionary tokens land verbatim). */
static const pf_text_opts raw_opts = {.max_len = RAW_CHARS};

static void draw_case(pf_src *s, test_case *tc)
{
    memset(tc, 0, sizeof *tc);
    draw_schema(s, &tc->sc);
    draw_plan(s, "load_plan", &tc->p1);
    tc->base = pf_i64_range(s, "rowid_base", INT64_MIN, ROWID_BASE_MAX);
    tc->stride = named(s, "rowid_stride", N_STRIDES, stride_names);
    pf_list l;
    pf_list_begin(s, &l, "docs", 1, MAX_DOCS);
    while (pf_list_more(s, &l))
        draw_doc(s, "doc", tc->sc.n_cols, N_VOCAB, vocab, &tc->docs[l.count - 1]);
    tc->n_docs = l.count;
    pf_list_begin(s, &l, "queries", 1, MAX_QUERIES);
    while (pf_list_more(s, &l))
        draw_qspec(s, tc->sc.n_cols, &tc->qs[l.count - 1]);
    tc->n_q = l.count;
    pf_list_begin(s, &l, "raw_queries", 0, MAX_RAW);
    while (pf_list_more(s, &l)) {
        size_t len;
        const char *t = pf_text(s, "raw", &raw_opts, &len);
        memcpy(tc->raw[l.count - 1], t, len + 1);
        tc->raw_len[l.count - 1] = len;
    }
    tc->n_raw = l.count;
    tc->k = (size_t)pf_u64_range(s, "limit_k", 0, MAX_HITS);
    draw_plan(s, "shuffled_load_plan", &tc->p2);
    pf_permutation(s, "shuffled_order", tc->perm, tc->n_docs);
    draw_doc(s, "noise_doc", tc->sc.n_cols, N_NOISE, noise_vocab, &tc->noise);
    pf_span_begin(s, "exact_doc");
    tc->exact.term = named(s, "term", N_VOCAB, vocab);
    tc->exact.reps = (size_t)pf_u64_range(s, "repeat", 1, MAX_REPEAT);
    tc->exact.col = pf_choice(s, "column", tc->sc.n_cols);
    tc->exact.cas = named(s, "case", N_CASES, case_names);
    pf_span_end(s);
    pf_span_begin(s, "appended_term");
    tc->mono.doc = pf_choice(s, "doc", tc->n_docs);
    tc->mono.col = pf_choice(s, "column", tc->sc.n_cols);
    tc->mono.term = named(s, "term", N_VOCAB, vocab);
    tc->mono.cas = named(s, "case", N_CASES, case_names);
    pf_span_end(s);
    /* In one transaction, the queries after each change read FTS5's
     * pending (not yet flushed) terms; otherwise each change commits. */
    tc->one_txn = pf_bool(s, "changes_in_one_transaction");
}

/* The inverse of draw_case (design §3 rule 9); perm_dist holds the
 * permutation's draws (distances back from i, for i = n-1 down to 1). */
static void enc_case(pf_buf *e, const test_case *tc)
{
    enc_schema(e, &tc->sc);
    enc_plan(e, &tc->p1);
    pf_enc_i64_range(e, INT64_MIN, ROWID_BASE_MAX, tc->base);
    pf_enc_choice(e, N_STRIDES, tc->stride);
    for (size_t i = 0; i < tc->n_docs; i++) {
        if (i >= 1)
            pf_enc_more(e, true);
        enc_doc(e, tc->sc.n_cols, N_VOCAB, &tc->docs[i]);
    }
    if (tc->n_docs < MAX_DOCS)
        pf_enc_more(e, false);
    for (size_t i = 0; i < tc->n_q; i++) {
        if (i >= 1)
            pf_enc_more(e, true);
        enc_qspec(e, tc->sc.n_cols, &tc->qs[i]);
    }
    if (tc->n_q < MAX_QUERIES)
        pf_enc_more(e, false);
    for (size_t i = 0; i < tc->n_raw; i++) {
        pf_enc_more(e, true);
        pf_enc_text(e, &raw_opts, tc->raw[i], tc->raw_len[i]);
    }
    if (tc->n_raw < MAX_RAW)
        pf_enc_more(e, false);
    pf_enc_u64_range(e, 0, MAX_HITS, tc->k);
    enc_plan(e, &tc->p2);
    for (size_t i = tc->n_docs; i-- > 1;)
        pf_enc_u64_range(e, 0, i, tc->perm_dist[i]);
    enc_doc(e, tc->sc.n_cols, N_NOISE, &tc->noise);
    pf_enc_choice(e, N_VOCAB, tc->exact.term);
    pf_enc_u64_range(e, 1, MAX_REPEAT, tc->exact.reps);
    pf_enc_choice(e, tc->sc.n_cols, tc->exact.col);
    pf_enc_choice(e, N_CASES, tc->exact.cas);
    pf_enc_choice(e, tc->n_docs, tc->mono.doc);
    pf_enc_choice(e, tc->sc.n_cols, tc->mono.col);
    pf_enc_choice(e, N_VOCAB, tc->mono.term);
    pf_enc_choice(e, N_CASES, tc->mono.cas);
    pf_enc_bool(e, tc->one_txn);
}

static int64_t rowid_of(const test_case *tc, size_t i)
{
    return tc->base + (int64_t)i * strides[tc->stride];
}

/* ------------------------------------------------------------------ */
/* Text: documents and queries.                                        */
/* ------------------------------------------------------------------ */

static void put_word(pf_buf *b, const char *w, size_t cas)
{
    for (size_t i = 0; w[i]; i++) {
        char c = w[i];
        if (c >= 'a' && c <= 'z' && (cas == 1 || (cas == 2 && i == 0)))
            c = (char)(c - 'a' + 'A');
        pf_buf_putc(b, (uint8_t)c);
    }
}

/* A column's text; empty columns are "". */
static void column_text(const doc *d, size_t c, const char *const *words,
                        pf_buf *out)
{
    for (size_t i = 0; i < d->n[c]; i++) {
        if (i)
            pf_buf_put(out, seps[d->words[c][i].sep], strlen(seps[d->words[c][i].sep]));
        put_word(out, words[d->words[c][i].w], d->words[c][i].cas);
    }
}

static void print_doc(pf_buf *b, int64_t rowid, const doc *d, size_t n_cols,
                      const char *const *words)
{
    pf_buf_printf(b, "%lld:", (long long)rowid);
    for (size_t c = 0; c < n_cols; c++) {
        pf_buf t = {0};
        column_text(d, c, words, &t);
        pf_buf_printf(b, " c%zu=", c);
        pf_buf_quote(b, t.data, t.len);
        pf_buf_free(&t);
    }
}

/* A set of query strings, each once. */
typedef struct qset {
    char text[MAX_Q][QLEN];
    size_t n;
} qset;

static size_t qset_add(qset *qs, const char *text)
{
    for (size_t i = 0; i < qs->n; i++)
        if (strcmp(qs->text[i], text) == 0)
            return i;
    snprintf(qs->text[qs->n], QLEN, "%s", text);
    return qs->n++;
}

static size_t add_term(qset *qs, size_t w)
{
    char t[QLEN];
    snprintf(t, sizeof t, "\"%s\"", vocab[w]);
    return qset_add(qs, t);
}

/* A drawn query, compiled: its own string and those its relations need. */
typedef struct compiled {
    size_t kind;      /* after the detail restrictions */
    size_t q, a, b;   /* indices into the qset */
    size_t and_ab;    /* a AND b, for phrase/NEAR */
    size_t words[N_VOCAB], n_words; /* prefix: the words it stands for */
} compiled;

static bool is_prefix(const char *p, size_t n, const char *w)
{
    return strlen(w) >= n && memcmp(p, w, n) == 0;
}

static void compile_query(const schema *sc, const qspec *spec, qset *qs,
                          compiled *c)
{
    char t[QLEN];
    const char *a = vocab[spec->a], *b = vocab[spec->b];
    memset(c, 0, sizeof *c);
    c->kind = spec->kind;
    /* detail_limits: FTS5 refuses these under other details. */
    if ((c->kind == Q_PHRASE || c->kind == Q_NEAR) && detail_of(sc) != DETAIL_FULL)
        c->kind = Q_AND;
    if (c->kind == Q_COLUMN && detail_of(sc) == DETAIL_NONE)
        c->kind = Q_TERM;
    c->a = add_term(qs, spec->a);
    c->b = add_term(qs, spec->b);
    switch (c->kind) {
    case Q_TERM:
        c->q = c->a;
        return;
    case Q_AND: snprintf(t, sizeof t, "\"%s\" AND \"%s\"", a, b); break;
    case Q_OR: snprintf(t, sizeof t, "\"%s\" OR \"%s\"", a, b); break;
    case Q_NOT: snprintf(t, sizeof t, "\"%s\" NOT \"%s\"", a, b); break;
    case Q_PHRASE: snprintf(t, sizeof t, "\"%s %s\"", a, b); break;
    case Q_NEAR: snprintf(t, sizeof t, "NEAR(\"%s\" \"%s\", %zu)", a, b, spec->near); break;
    case Q_COLUMN: snprintf(t, sizeof t, "{c%zu} : \"%s\"", spec->col, a); break;
    case Q_PREFIX: {
        size_t n = spec->plen;
        if (sc->tok == TOK_TRIGRAM && n < 3) /* trigram_short_terms */
            n = 3;
        snprintf(t, sizeof t, "\"%.*s\" *", (int)n, a);
        for (size_t w = 0; w < N_VOCAB; w++)
            if (is_prefix(a, n, vocab[w]))
                c->words[c->n_words++] = add_term(qs, w);
        break;
    }
    }
    c->q = qset_add(qs, t);
    if (c->kind == Q_PHRASE || c->kind == Q_NEAR) {
        snprintf(t, sizeof t, "\"%s\" AND \"%s\"", a, b);
        c->and_ab = qset_add(qs, t);
    }
}

/* ------------------------------------------------------------------ */
/* The database.                                                       */
/* ------------------------------------------------------------------ */

typedef struct hits {
    size_t n;
    int64_t rowid[MAX_HITS + 1];
    double rank[MAX_HITS + 1];
} hits;

typedef struct table {
    char name[4];
    sqlite3_stmt *ranked;   /* ORDER BY rank (FTS5's sorter) */
    sqlite3_stmt *plain;    /* no ORDER BY: FTS5's rowid order */
    sqlite3_stmt *limited;  /* ORDER BY rank, rowid LIMIT ?2 */
    sqlite3_stmt *desc;     /* ORDER BY rowid DESC LIMIT ?2 */
    sqlite3_stmt *insert;   /* rowid, columns */
    sqlite3_stmt *update_col[MAX_COLS]; /* SET c<i> = ?1 WHERE rowid = ?2 */
    sqlite3_stmt *command;  /* INSERT INTO t(t, rank) VALUES(?1, ?2) */
} table;

typedef struct ctx {
    pf_src *s;
    sqlite3 *db;
    const test_case *tc;
    table t[2];
    pf_buf t_schema, t_docs; /* report text */
} ctx;

/* SQLite refused something the harness built: not a property (the
 * properties never ask for a refusal), so a harness failure with the
 * message. */
_Noreturn static void sql_failed(ctx *x, const char *what, int rc)
{
    char msg[512];
    snprintf(msg, sizeof msg, "%s (rc %d)", sqlite3_errmsg(x->db), rc);
    pf_line l[] = {{"schema", pf_buf_str(&x->t_schema)},
                   {"documents", pf_buf_str(&x->t_docs)},
                   {"statement", what},
                   {"error", msg}};
    pf_fail(x->s, "harness_assert", "SQLite refused a statement", l, 4, NULL);
}

static void exec_sql(ctx *x, const char *sql)
{
    int rc = sqlite3_exec(x->db, sql, NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        sql_failed(x, sql, rc);
}

static sqlite3_stmt *prepare(ctx *x, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(x->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        sql_failed(x, sql, rc);
    return st;
}

/* Runs a statement that returns no rows to completion. */
static int run_done(sqlite3_stmt *st)
{
    int rc;
    while ((rc = SEARCH_STEP(st)) == SQLITE_ROW)
        ;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* INSERT INTO t(t, rank) VALUES(cmd, value): a command, or a setting. */
static void command(ctx *x, table *t, const char *cmd, bool has_value,
                    int value)
{
    sqlite3_stmt *st = t->command;
    SEARCH_BIND_TEXT(st, 1, cmd, -1, SQLITE_STATIC);
    if (has_value)
        sqlite3_bind_int(st, 2, value);
    int rc = run_done(st);
    if (rc != SQLITE_OK)
        sql_failed(x, cmd, rc);
}

static void finalize_table(table *t)
{
    sqlite3_finalize(t->ranked);
    sqlite3_finalize(t->plain);
    sqlite3_finalize(t->limited);
    sqlite3_finalize(t->desc);
    sqlite3_finalize(t->insert);
    for (size_t c = 0; c < MAX_COLS; c++)
        sqlite3_finalize(t->update_col[c]);
    sqlite3_finalize(t->command);
    memset(t, 0, sizeof *t);
}

/* Both tables' CREATE statements for the schema. */
static void schema_ddl(const schema *sc, pf_buf *sql)
{
    for (int t = 1; t <= 2; t++) {
        pf_buf_printf(sql, "CREATE VIRTUAL TABLE t%d USING fts5(", t);
        for (size_t c = 0; c < sc->n_cols; c++)
            pf_buf_printf(sql, "c%zu, ", c);
        pf_buf_printf(sql, "tokenize='%s', detail=%s", tok_sql[sc->tok],
                      detail_sql[detail_of(sc)]);
        if (sc->no_columnsize)
            pf_buf_printf(sql, ", columnsize=0");
        if (prefix_sql[sc->prefix])
            pf_buf_printf(sql, ", prefix='%s'", prefix_sql[sc->prefix]);
        pf_buf_printf(sql, ");");
    }
}

/* The database an input starts from: the two empty tables of its schema.
 *
 * Measured (ASan+UBSan+fuzzer instrumentation, two tables, two queries,
 * per input): a fresh ":memory:" database running the CREATE statements
 * 3.7 ms; one connection kept for the process, DROP and CREATE again
 * 6.1 ms; the same tables emptied with FTS5's 'delete-all' 0.1 ms; a fresh
 * ":memory:" database deserialized from an image of a database that ran
 * the same CREATE statements 1.4 ms. Correctness first: 'delete-all' would
 * carry state (pages, config, counters) from one input to the next, so a
 * finding might not replay alone. The image is a database file exactly as
 * the CREATE statements left it — a pure function of the schema — so each
 * input gets a fresh database at a third of the cost. Images are cached
 * per process by their DDL text. */
typedef struct snapshot {
    char *ddl;
    unsigned char *image;
    sqlite3_int64 size;
} snapshot;
enum { MAX_SNAPSHOTS = 512 }; /* > the number of distinct schemas */
static snapshot g_snapshots[MAX_SNAPSHOTS];
static size_t g_n_snapshots;

static const snapshot *snapshot_of(ctx *x, const char *ddl)
{
    for (size_t i = 0; i < g_n_snapshots; i++)
        if (strcmp(g_snapshots[i].ddl, ddl) == 0)
            return &g_snapshots[i];
    sqlite3 *db = NULL;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK)
        abort(); /* out of memory: nothing a fuzz target can do */
    x->db = db;
    exec_sql(x, ddl);
    snapshot snap = {.ddl = strdup(ddl)};
    snap.image = sqlite3_serialize(db, "main", &snap.size, 0);
    sqlite3_close(db);
    x->db = NULL;
    if (!snap.ddl || !snap.image)
        abort();
    if (g_n_snapshots == MAX_SNAPSHOTS) { /* cannot happen; stay correct */
        free(g_snapshots[0].ddl);
        sqlite3_free(g_snapshots[0].image);
        g_snapshots[0] = g_snapshots[--g_n_snapshots];
    }
    g_snapshots[g_n_snapshots] = snap;
    return &g_snapshots[g_n_snapshots++];
}

static void open_db(ctx *x)
{
    pf_buf ddl = {0};
    schema_ddl(&x->tc->sc, &ddl);
    const snapshot *snap = snapshot_of(x, pf_buf_str(&ddl));
    pf_buf_free(&ddl);
    if (SEARCH_OPEN(":memory:", &x->db) != SQLITE_OK)
        abort();
    unsigned char *copy = sqlite3_malloc64((sqlite3_uint64)snap->size);
    if (!copy)
        abort();
    memcpy(copy, snap->image, (size_t)snap->size);
    int rc = sqlite3_deserialize(x->db, "main", copy, snap->size, snap->size,
                                 SQLITE_DESERIALIZE_FREEONCLOSE |
                                     SQLITE_DESERIALIZE_RESIZEABLE);
    if (rc != SQLITE_OK)
        sql_failed(x, "sqlite3_deserialize", rc);
}

/* Prepares a table's statements and applies the settings of its plan.
 * The second table only needs to be loaded and queried plainly. */
static void setup_table(ctx *x, table *t, const char *name, const plan *p,
                        bool full)
{
    const schema *sc = &x->tc->sc;
    snprintf(t->name, sizeof t->name, "%s", name);
    char q[256];
    snprintf(q, sizeof q, "INSERT INTO %s(%s, rank) VALUES(?1, ?2)", name, name);
    t->command = prepare(x, q);
    if (weight_sql[sc->weights]) {
        SEARCH_BIND_TEXT(t->command, 1, "rank", -1, SQLITE_STATIC);
        SEARCH_BIND_TEXT(t->command, 2, weight_sql[sc->weights], -1, SQLITE_STATIC);
        if (run_done(t->command) != SQLITE_OK)
            sql_failed(x, "rank", sqlite3_errcode(x->db));
    }
    static const char *const keys[5] = {"pgsz", "automerge", "crisismerge",
                                        "usermerge", "hashsize"};
    const int vals[5] = {pgsz_vals[p->pgsz], automerge_vals[p->automerge],
                         crisis_vals[p->crisis], usermerge_vals[p->usermerge],
                         hashsize_vals[p->hashsize]};
    for (size_t i = 0; i < 5; i++)
        if (vals[i])
            command(x, t, keys[i], true, vals[i] < 0 ? 0 : vals[i]);

    snprintf(q, sizeof q, "SELECT rowid, rank FROM %s WHERE %s MATCH ?1",
             name, name);
    t->plain = prepare(x, q);
    if (full) {
        snprintf(q, sizeof q, "SELECT rowid, rank FROM %s WHERE %s MATCH ?1 "
                 "ORDER BY rank", name, name);
        t->ranked = prepare(x, q);
        snprintf(q, sizeof q, "SELECT rowid, rank FROM %s WHERE %s MATCH ?1 "
                 "ORDER BY rank, rowid LIMIT ?2", name, name);
        t->limited = prepare(x, q);
        snprintf(q, sizeof q, "SELECT rowid, rank FROM %s WHERE %s MATCH ?1 "
                 "ORDER BY rowid DESC LIMIT ?2", name, name);
        t->desc = prepare(x, q);
        size_t c = x->tc->mono.col; /* the column monotone_term updates */
        snprintf(q, sizeof q, "UPDATE %s SET c%zu = ?1 WHERE rowid = ?2", name, c);
        t->update_col[c] = prepare(x, q);
    }
    pf_buf sql = {0};
    pf_buf_printf(&sql, "INSERT INTO %s(rowid", name);
    for (size_t c = 0; c < sc->n_cols; c++)
        pf_buf_printf(&sql, ", c%zu", c);
    pf_buf_printf(&sql, ") VALUES(?1");
    for (size_t c = 0; c < sc->n_cols; c++)
        pf_buf_printf(&sql, ", ?%zu", c + 2);
    pf_buf_printf(&sql, ")");
    t->insert = prepare(x, pf_buf_str(&sql));
    pf_buf_free(&sql);
}

static void insert_doc(ctx *x, table *t, int64_t rowid, const doc *d,
                       const char *const *words)
{
    pf_buf text[MAX_COLS] = {{0}};
    sqlite3_bind_int64(t->insert, 1, rowid);
    for (size_t c = 0; c < x->tc->sc.n_cols; c++) {
        column_text(d, c, words, &text[c]);
        SEARCH_BIND_TEXT(t->insert, (int)c + 2, (const char *)text[c].data,
                         (int)text[c].len, SQLITE_STATIC);
        if (!text[c].len)
            SEARCH_BIND_TEXT(t->insert, (int)c + 2, "", 0, SQLITE_STATIC);
    }
    int rc = run_done(t->insert);
    for (size_t c = 0; c < MAX_COLS; c++)
        pf_buf_free(&text[c]);
    if (rc != SQLITE_OK)
        sql_failed(x, "INSERT", rc);
}

/* Loads the documents in the given order with the plan. */
static void load(ctx *x, table *t, const size_t *order, const plan *p)
{
    const test_case *tc = x->tc;
    exec_sql(x, "BEGIN");
    for (size_t i = 0; i < tc->n_docs; i++) {
        insert_doc(x, t, rowid_of(tc, order[i]), &tc->docs[order[i]], vocab);
        if (p->commit && (i + 1) % p->commit == 0)
            exec_sql(x, "COMMIT; BEGIN");
    }
    exec_sql(x, "COMMIT");
    switch (p->finish) {
    case 1: command(x, t, "optimize", false, 0); break;
    case 2: command(x, t, "merge", true, 16); break;
    case 3: command(x, t, "merge", true, -16); break;
    case 4: command(x, t, "rebuild", false, 0); break;
    default: break;
    }
}

/* Runs query q (len bytes) on a statement (limit < 0: none), collects the
 * rows and returns SQLite's result code. */
static int query_rc(sqlite3_stmt *st, const char *q, int len, long limit,
                    hits *h)
{
    h->n = 0;
    SEARCH_BIND_TEXT(st, 1, q, len, SQLITE_STATIC);
    if (limit >= 0)
        sqlite3_bind_int64(st, 2, limit);
    int rc;
    while ((rc = SEARCH_STEP(st)) == SQLITE_ROW) {
        if (h->n <= MAX_HITS) {
            h->rowid[h->n] = SEARCH_COLUMN_INT64(st, 0);
            h->rank[h->n] = SEARCH_COLUMN_DOUBLE(st, 1);
        }
        h->n++;
    }
    sqlite3_reset(st);
    /* More rows than documents: report it as it is, the rest cut off. */
    if (h->n > MAX_HITS + 1)
        h->n = MAX_HITS + 1;
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* A query the harness built: SQLite must accept it. */
static void run_query(ctx *x, sqlite3_stmt *st, const char *q, long limit,
                      hits *h)
{
    int rc = query_rc(st, q, -1, limit, h);
    if (rc != SQLITE_OK)
        sql_failed(x, q, rc);
}

/* Sorts hits by (rank, rowid): FTS5's ORDER BY rank leaves ties in an
 * order of its own; the rowid makes the ranking deterministic. */
static void sort_ranked(hits *h)
{
    for (size_t i = 1; i < h->n; i++)
        for (size_t j = i; j > 0; j--) {
            double ra = h->rank[j - 1], rb = h->rank[j];
            bool swap = rb < ra || (!(ra < rb) && h->rowid[j] < h->rowid[j - 1]);
            if (!swap)
                break;
            int64_t r = h->rowid[j];
            h->rowid[j] = h->rowid[j - 1];
            h->rowid[j - 1] = r;
            h->rank[j] = ra;
            h->rank[j - 1] = rb;
        }
}

/* The matching rowids, ascending. */
static void to_set(const hits *h, int64_t *set, size_t *n)
{
    *n = h->n;
    for (size_t i = 0; i < h->n; i++)
        set[i] = h->rowid[i];
    for (size_t i = 1; i < *n; i++)
        for (size_t j = i; j > 0 && set[j] < set[j - 1]; j--) {
            int64_t t = set[j];
            set[j] = set[j - 1];
            set[j - 1] = t;
        }
}

static bool in_hits(const hits *h, int64_t rowid)
{
    for (size_t i = 0; i < h->n; i++)
        if (h->rowid[i] == rowid)
            return true;
    return false;
}

static void print_hits(pf_buf *b, const hits *h, bool ranks)
{
    pf_buf_putc(b, '[');
    for (size_t i = 0; i < h->n && i <= MAX_HITS; i++) {
        pf_buf_printf(b, i ? ", %lld" : "%lld", (long long)h->rowid[i]);
        if (ranks)
            pf_buf_printf(b, " (%.17g)", h->rank[i]);
    }
    pf_buf_putc(b, ']');
}

static void print_set(pf_buf *b, const hits *h)
{
    int64_t set[MAX_HITS + 1];
    size_t n;
    to_set(h, set, &n);
    pf_buf_putc(b, '{');
    for (size_t i = 0; i < n; i++)
        pf_buf_printf(b, i ? ", %lld" : "%lld", (long long)set[i]);
    pf_buf_putc(b, '}');
}

static bool sets_equal(const hits *a, const hits *b)
{
    int64_t x[MAX_HITS + 1], y[MAX_HITS + 1];
    size_t nx, ny;
    to_set(a, x, &nx);
    to_set(b, y, &ny);
    return nx == ny && (nx == 0 || memcmp(x, y, nx * sizeof x[0]) == 0);
}

static bool same_ranking(const hits *a, const hits *b)
{
    if (a->n != b->n)
        return false;
    for (size_t i = 0; i < a->n; i++)
        if (a->rowid[i] != b->rowid[i])
            return false;
    return true;
}

/* What a raw query gives: rows, or an error. */
typedef struct outcome {
    int rc;
    char err[200];
    hits h;
} outcome;

static void run_raw(ctx *x, sqlite3_stmt *st, size_t i, outcome *o)
{
    const test_case *tc = x->tc;
    o->rc = query_rc(st, tc->raw[i], (int)tc->raw_len[i], -1, &o->h);
    o->err[0] = '\0';
    if (o->rc != SQLITE_OK)
        snprintf(o->err, sizeof o->err, "%s", sqlite3_errmsg(x->db));
    else
        sort_ranked(&o->h);
}

static bool same_outcome(const outcome *a, const outcome *b)
{
    if (a->rc != b->rc || strcmp(a->err, b->err) != 0)
        return false;
    return a->rc != SQLITE_OK || same_ranking(&a->h, &b->h);
}

static void print_outcome(pf_buf *b, const outcome *o)
{
    if (o->rc != SQLITE_OK)
        pf_buf_printf(b, "error %d: %s", o->rc, o->err);
    else
        print_hits(b, &o->h, true);
}

/* ------------------------------------------------------------------ */
/* Properties.                                                         */
/* ------------------------------------------------------------------ */

static void describe(ctx *x)
{
    const test_case *tc = x->tc;
    const schema *sc = &tc->sc;
    pf_buf_printf(&x->t_schema, "fts5(%zu column%s, tokenize='%s', detail=%s%s, "
                  "prefix=%s, rank=%s)", sc->n_cols, sc->n_cols > 1 ? "s" : "",
                  tok_sql[sc->tok], detail_sql[detail_of(sc)],
                  sc->no_columnsize ? ", columnsize=0" : "",
                  prefix_names[sc->prefix], weight_names[sc->weights]);
    for (size_t i = 0; i < tc->n_docs; i++) {
        if (i)
            pf_buf_printf(&x->t_docs, "; ");
        print_doc(&x->t_docs, rowid_of(tc, i), &tc->docs[i], sc->n_cols, vocab);
    }
}

/* Fails `property` with the schema, the documents and up to five lines. */
_Noreturn static void fail_with(ctx *x, const char *property,
                                const char *summary, const pf_line *more,
                                size_t n_more)
{
    pf_line l[8] = {{"schema", pf_buf_str(&x->t_schema)},
                    {"documents", pf_buf_str(&x->t_docs)}};
    size_t n = 2;
    for (size_t i = 0; i < n_more && n < 8; i++)
        l[n++] = more[i];
    pf_fail(x->s, property, summary, l, n, NULL);
}

static void check_integrity(ctx *x, table *t, const char *when)
{
    SEARCH_BIND_TEXT(t->command, 1, "integrity-check", -1, SQLITE_STATIC);
    int rc = run_done(t->command);
    if (rc != SQLITE_OK) {
        char msg[300];
        snprintf(msg, sizeof msg, "%s (rc %d) on table %s %s",
                 sqlite3_errmsg(x->db), rc, t->name, when);
        pf_line l[] = {{"integrity-check", msg}};
        fail_with(x, "index_integrity", "FTS5's integrity-check failed", l, 1);
    }
}

/* Every query of qs on statement st, each ranking sorted by (rank,
 * rowid). With check_order, st's own order (FTS5's ORDER BY rank) must
 * already be rank order (inclusion_k). */
static void run_all(ctx *x, sqlite3_stmt *st, const qset *qs, hits *out,
                    bool check_order)
{
    for (size_t i = 0; i < qs->n; i++) {
        run_query(x, st, qs->text[i], -1, &out[i]);
        for (size_t j = 1; check_order && j < out[i].n && j <= MAX_HITS; j++)
            if (out[i].rank[j] < out[i].rank[j - 1]) {
                pf_buf h = {0};
                print_hits(&h, &out[i], true);
                pf_line l[] = {{"query", qs->text[i]},
                               {"ORDER BY rank", pf_buf_str(&h)}};
                fail_with(x, "inclusion_k",
                          "ORDER BY rank returned rows out of rank order", l, 2);
            }
        sort_ranked(&out[i]);
    }
}

/* A set as a sorted array. */
typedef struct rowset {
    int64_t r[2 * MAX_HITS + 2];
    size_t n;
} rowset;

static rowset set_of(const hits *h)
{
    rowset s;
    to_set(h, s.r, &s.n);
    return s;
}

static bool set_has(const rowset *s, int64_t r)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->r[i] == r)
            return true;
    return false;
}

/* a op b for op in & | - (sorted, each rowid once). */
static rowset set_op(const rowset *a, const rowset *b, char op)
{
    rowset out = {.n = 0};
    for (size_t i = 0; i < a->n; i++)
        if ((op == '&') == set_has(b, a->r[i]) || op == '|')
            out.r[out.n++] = a->r[i];
    if (op == '|')
        for (size_t i = 0; i < b->n; i++)
            if (!set_has(a, b->r[i]))
                out.r[out.n++] = b->r[i];
    for (size_t i = 1; i < out.n; i++)
        for (size_t j = i; j > 0 && out.r[j] < out.r[j - 1]; j--) {
            int64_t t = out.r[j];
            out.r[j] = out.r[j - 1];
            out.r[j - 1] = t;
        }
    return out;
}

static bool set_equal(const rowset *a, const rowset *b)
{
    return a->n == b->n && (a->n == 0 || memcmp(a->r, b->r, a->n * sizeof a->r[0]) == 0);
}

static bool set_subset(const rowset *a, const rowset *b)
{
    for (size_t i = 0; i < a->n; i++)
        if (!set_has(b, a->r[i]))
            return false;
    return true;
}

static void print_rowset(pf_buf *b, const rowset *s)
{
    pf_buf_putc(b, '{');
    for (size_t i = 0; i < s->n; i++)
        pf_buf_printf(b, i ? ", %lld" : "%lld", (long long)s->r[i]);
    pf_buf_putc(b, '}');
}

/* Fails a set relation: query q's matches against what the relation
 * says, with the operands' matches. */
_Noreturn static void fail_relation(ctx *x, const char *property,
                                    const char *summary, const qset *qs,
                                    const hits *R, size_t q,
                                    const size_t *operands, size_t n_ops,
                                    const char *expect_name,
                                    const rowset *expect)
{
    pf_buf t[6] = {{0}};
    pf_line l[6];
    size_t n = 0;
    print_set(&t[n], &R[q]);
    l[n] = (pf_line){qs->text[q], pf_buf_str(&t[n])};
    n++;
    for (size_t i = 0; i < n_ops && n < 4; i++, n++) {
        print_set(&t[n], &R[operands[i]]);
        l[n] = (pf_line){qs->text[operands[i]], pf_buf_str(&t[n])};
    }
    print_rowset(&t[n], expect);
    l[n] = (pf_line){expect_name, pf_buf_str(&t[n])};
    n++;
    fail_with(x, property, summary, l, n);
}

static void check_and_or(ctx *x, const qset *qs, const compiled *cs,
                         size_t n_cs, const hits *R)
{
    for (size_t i = 0; i < n_cs; i++) {
        const compiled *c = &cs[i];
        rowset q = set_of(&R[c->q]), a = set_of(&R[c->a]), b = set_of(&R[c->b]);
        size_t ab[2] = {c->a, c->b};
        rowset want;
        switch (c->kind) {
        case Q_AND:
            want = set_op(&a, &b, '&');
            if (CHECKS("and_subset") && !set_equal(&q, &want))
                fail_relation(x, "and_subset", "a AND b is not a ∩ b", qs, R,
                              c->q, ab, 2, "a ∩ b", &want);
            break;
        case Q_NOT:
            want = set_op(&a, &b, '-');
            if (CHECKS("and_subset") && !set_equal(&q, &want))
                fail_relation(x, "and_subset", "a NOT b is not a \\ b", qs, R,
                              c->q, ab, 2, "a \\ b", &want);
            break;
        case Q_PHRASE:
        case Q_NEAR: {
            rowset and_ab = set_of(&R[c->and_ab]);
            want = set_op(&a, &b, '&');
            size_t op[3] = {c->and_ab, c->a, c->b};
            if (CHECKS("and_subset") &&
                (!set_subset(&q, &and_ab) || !set_equal(&and_ab, &want)))
                fail_relation(x, "and_subset",
                              c->kind == Q_PHRASE
                                  ? "the phrase \"a b\" matched outside a AND b"
                                  : "NEAR(a b) matched outside a AND b",
                              qs, R, c->q, op, 3, "a ∩ b", &want);
            break;
        }
        case Q_COLUMN:
            if (CHECKS("and_subset") && !set_subset(&q, &a))
                fail_relation(x, "and_subset",
                              "a column filter matched outside a", qs, R, c->q,
                              ab, 1, "a", &a);
            break;
        case Q_OR:
            want = set_op(&a, &b, '|');
            if (CHECKS("or_superset") && !set_equal(&q, &want))
                fail_relation(x, "or_superset", "a OR b is not a ∪ b", qs, R,
                              c->q, ab, 2, "a ∪ b", &want);
            break;
        case Q_PREFIX:
            want.n = 0;
            for (size_t w = 0; w < c->n_words; w++) {
                rowset one = set_of(&R[c->words[w]]);
                want = set_op(&want, &one, '|');
            }
            if (CHECKS("or_superset") && !set_equal(&q, &want))
                fail_relation(x, "or_superset",
                              "a prefix query is not the union of the words "
                              "with that prefix",
                              qs, R, c->q, c->words, c->n_words,
                              "∪ words with the prefix", &want);
            break;
        default:
            break;
        }
    }
}

/* LIMIT k and k+1 against the full ranking `all` of query q (len bytes). */
static void check_limits(ctx *x, const char *q, int len, const hits *all)
{
    table *t = &x->t[0];
    size_t k = x->tc->k;
    hits lk, lk1, dk;
    int rc1 = query_rc(t->limited, q, len, (long)k, &lk);
    int rc2 = query_rc(t->limited, q, len, (long)k + 1, &lk1);
    int rc3 = query_rc(t->desc, q, len, (long)k, &dk);
    hits first_k = *all, first_k1 = *all;
    first_k.n = all->n < k ? all->n : k;
    first_k1.n = all->n < k + 1 ? all->n : k + 1;
    const char *bad = NULL;
    if (rc1 != SQLITE_OK || rc2 != SQLITE_OK || rc3 != SQLITE_OK)
        bad = "a query accepted without LIMIT was refused with one";
    else if (!same_ranking(&lk, &first_k))
        bad = "LIMIT k is not the first k of the ranking";
    else if (!same_ranking(&lk1, &first_k1))
        bad = "LIMIT k+1 is not the first k+1 of the ranking";
    char kk[32];
    snprintf(kk, sizeof kk, "%zu", k);
    pf_buf tq = {0};
    pf_buf_quote(&tq, (const uint8_t *)q, len < 0 ? strlen(q) : (size_t)len);
    if (bad) {
        pf_buf a = {0}, b = {0}, c = {0};
        print_hits(&a, &lk, true);
        print_hits(&b, &lk1, true);
        print_hits(&c, all, true);
        pf_line l[] = {{"query", pf_buf_str(&tq)}, {"k", kk},
                       {"LIMIT k", pf_buf_str(&a)},
                       {"LIMIT k+1", pf_buf_str(&b)},
                       {"no LIMIT", pf_buf_str(&c)}};
        fail_with(x, "inclusion_k", bad, l, 5);
    }
    /* ORDER BY rowid DESC LIMIT k: the k largest matching rowids. */
    rowset set = set_of(all);
    size_t want_n = set.n < k ? set.n : k;
    bool ok = dk.n == want_n;
    for (size_t r = 0; ok && r < want_n; r++)
        ok = dk.rowid[r] == set.r[set.n - 1 - r];
    if (!ok) {
        pf_buf a = {0}, b = {0};
        print_hits(&a, &dk, false);
        print_rowset(&b, &set);
        pf_line l[] = {{"query", pf_buf_str(&tq)}, {"k", kk},
                       {"ORDER BY rowid DESC LIMIT k", pf_buf_str(&a)},
                       {"all matches", pf_buf_str(&b)}};
        fail_with(x, "inclusion_k",
                  "ORDER BY rowid DESC LIMIT k is not the k largest", l, 4);
    }
    pf_buf_free(&tq);
}

static void check_inclusion_k(ctx *x, const qset *qs, const compiled *cs,
                              size_t n_cs, const hits *R, const outcome *raw)
{
    for (size_t j = 0; j < n_cs; j++)
        check_limits(x, qs->text[cs[j].q], -1, &R[cs[j].q]);
    for (size_t i = 0; i < x->tc->n_raw; i++)
        if (raw[i].rc == SQLITE_OK)
            check_limits(x, x->tc->raw[i], (int)x->tc->raw_len[i], &raw[i].h);
}

static void print_order(pf_buf *o, const test_case *tc)
{
    for (size_t j = 0; j < tc->n_docs; j++)
        pf_buf_printf(o, j ? ", %lld" : "%lld",
                      (long long)rowid_of(tc, tc->perm[j]));
    pf_buf_printf(o, "  (plan: commit %s, finish %s)",
                  commit_names[tc->p2.commit], finish_names[tc->p2.finish]);
}

static void check_shuffle(ctx *x, const qset *qs, const hits *R,
                          const outcome *raw)
{
    const test_case *tc = x->tc;
    table *t2 = &x->t[1];
    load(x, t2, tc->perm, &tc->p2);
    if (CHECKS("index_integrity"))
        check_integrity(x, t2, "after the shuffled load");
    if (!CHECKS("shuffle_invariant"))
        return;
    hits R2[MAX_Q];
    run_all(x, t2->plain, qs, R2, false);
    for (size_t i = 0; i < qs->n; i++)
        if (!same_ranking(&R[i], &R2[i])) {
            pf_buf a = {0}, b = {0}, o = {0};
            print_hits(&a, &R[i], true);
            print_hits(&b, &R2[i], true);
            print_order(&o, tc);
            pf_line l[] = {{"query", qs->text[i]},
                           {"shuffled insertion order", pf_buf_str(&o)},
                           {"inserted in order", pf_buf_str(&a)},
                           {"inserted shuffled", pf_buf_str(&b)}};
            fail_with(x, "shuffle_invariant",
                      "the insertion order changed the matches or their ranking",
                      l, 4);
        }
    for (size_t i = 0; i < tc->n_raw; i++) {
        outcome o2;
        run_raw(x, t2->plain, i, &o2);
        if (!same_outcome(&raw[i], &o2)) {
            pf_buf a = {0}, b = {0}, o = {0}, q = {0};
            pf_buf_quote(&q, (const uint8_t *)tc->raw[i], tc->raw_len[i]);
            print_outcome(&a, &raw[i]);
            print_outcome(&b, &o2);
            print_order(&o, tc);
            pf_line l[] = {{"raw query", pf_buf_str(&q)},
                           {"shuffled insertion order", pf_buf_str(&o)},
                           {"inserted in order", pf_buf_str(&a)},
                           {"inserted shuffled", pf_buf_str(&b)}};
            fail_with(x, "shuffle_invariant",
                      "the insertion order changed a raw query's outcome", l, 4);
        }
    }
}

static void check_irrelevant(ctx *x, const qset *qs, const hits *R)
{
    const test_case *tc = x->tc;
    int64_t rowid = rowid_of(tc, tc->n_docs);
    insert_doc(x, &x->t[0], rowid, &tc->noise, noise_vocab);
    hits R2[MAX_Q];
    run_all(x, x->t[0].plain, qs, R2, false);
    for (size_t i = 0; i < qs->n; i++)
        /* Sets, not rankings: the new row changes every BM25 IDF. */
        if (!sets_equal(&R[i], &R2[i])) {
            pf_buf a = {0}, b = {0}, d = {0};
            print_set(&a, &R[i]);
            print_set(&b, &R2[i]);
            print_doc(&d, rowid, &tc->noise, tc->sc.n_cols, noise_vocab);
            pf_line l[] = {{"noise document", pf_buf_str(&d)},
                           {"query", qs->text[i]},
                           {"matches before", pf_buf_str(&a)},
                           {"matches after", pf_buf_str(&b)}};
            fail_with(x, "irrelevant_document",
                      "a document sharing no word with the query changed its "
                      "matches", l, 4);
        }
}

static void check_exact(ctx *x)
{
    const test_case *tc = x->tc;
    const addition *ex = &tc->exact;
    doc d;
    memset(&d, 0, sizeof d);
    for (size_t i = 0; i < ex->reps; i++)
        d.words[ex->col][i] = (word){ex->term, ex->cas, 0};
    d.n[ex->col] = ex->reps;
    int64_t rowid = rowid_of(tc, tc->n_docs + 1);
    insert_doc(x, &x->t[0], rowid, &d, vocab);
    char q[QLEN];
    snprintf(q, sizeof q, "\"%s\"", vocab[ex->term]);
    hits h;
    run_query(x, x->t[0].ranked, q, -1, &h);
    if (!in_hits(&h, rowid)) {
        pf_buf a = {0}, b = {0};
        print_doc(&a, rowid, &d, tc->sc.n_cols, vocab);
        print_hits(&b, &h, true);
        pf_line l[] = {{"exact document", pf_buf_str(&a)}, {"query", q},
                       {"matches", pf_buf_str(&b)}};
        fail_with(x, "exact_match_found",
                  "a document that is the query term repeated was not found",
                  l, 3);
    }
}

static void check_monotone(ctx *x)
{
    const test_case *tc = x->tc;
    const addition *m = &tc->mono;
    const doc *d = &tc->docs[m->doc];
    table *t = &x->t[0];
    int64_t rowid = rowid_of(tc, m->doc);
    /* The terms the document matches before, and the appended one: the
     * only terms whose matches can involve it (the vocabulary has no word
     * inside another, for any tokenizer). */
    bool used[N_VOCAB] = {false};
    used[m->term] = true;
    for (size_t c = 0; c < tc->sc.n_cols; c++)
        for (size_t i = 0; i < d->n[c]; i++)
            used[d->words[c][i].w] = true;
    hits before[N_VOCAB], after[N_VOCAB];
    char q[N_VOCAB][QLEN];
    for (size_t w = 0; w < N_VOCAB; w++)
        if (used[w]) {
            snprintf(q[w], QLEN, "\"%s\"", vocab[w]);
            run_query(x, t->plain, q[w], -1, &before[w]);
        }
    pf_buf text = {0};
    column_text(d, m->col, vocab, &text);
    if (text.len)
        pf_buf_putc(&text, ' ');
    put_word(&text, vocab[m->term], m->cas);
    sqlite3_stmt *up = t->update_col[m->col];
    SEARCH_BIND_TEXT(up, 1, (const char *)text.data, (int)text.len, SQLITE_STATIC);
    sqlite3_bind_int64(up, 2, rowid);
    int rc = run_done(up);
    if (rc != SQLITE_OK)
        sql_failed(x, "UPDATE", rc);
    for (size_t w = 0; w < N_VOCAB; w++)
        if (used[w])
            run_query(x, t->plain, q[w], -1, &after[w]);
    for (size_t w = 0; w < N_VOCAB; w++) {
        if (!used[w])
            continue;
        rowset b = set_of(&before[w]), a = set_of(&after[w]);
        rowset want = b;
        if (w == m->term && !set_has(&want, rowid)) {
            rowset one = {.r = {rowid}, .n = 1};
            want = set_op(&b, &one, '|');
        }
        if (!set_equal(&a, &want)) {
            pf_buf tb = {0}, ta = {0}, tw = {0}, tu = {0};
            print_rowset(&tb, &b);
            print_rowset(&ta, &a);
            print_rowset(&tw, &want);
            pf_buf_printf(&tu, "rowid %lld, c%zu = ", (long long)rowid, m->col);
            pf_buf_quote(&tu, text.data, text.len);
            pf_line l[] = {{"update", pf_buf_str(&tu)}, {"query", q[w]},
                           {"matches before", pf_buf_str(&tb)},
                           {"matches after", pf_buf_str(&ta)},
                           {"expected after", pf_buf_str(&tw)}};
            fail_with(x, "monotone_term",
                      set_subset(&b, &a)
                          ? "appending a term changed other matches"
                          : "appending a term removed a document from matches",
                      l, 5);
        }
    }
    pf_buf_free(&text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Locals, not statics: pf_fail re-runs the input through this
     * function while the first run's values are still in use. */
    test_case tc;
    qset qs;
    compiled cs[MAX_QUERIES];
    hits R[MAX_Q];
    pf_src *s = pf_begin("search", data, size);
    draw_case(s, &tc);
    ctx x = {.s = s, .tc = &tc};
    describe(&x);
    qs.n = 0;
    for (size_t i = 0; i < tc.n_q; i++)
        compile_query(&tc.sc, &tc.qs[i], &qs, &cs[i]);

    size_t order[MAX_DOCS];
    for (size_t i = 0; i < tc.n_docs; i++)
        order[i] = i;
    open_db(&x);
    setup_table(&x, &x.t[0], "t1", &tc.p1, true);
    /* Both tables' statements before any change: no re-prepares later. */
    bool shuffle = CHECKS("shuffle_invariant") || CHECKS("index_integrity");
    if (shuffle)
        setup_table(&x, &x.t[1], "t2", &tc.p2, false);
    load(&x, &x.t[0], order, &tc.p1);
    run_all(&x, x.t[0].ranked, &qs, R, CHECKS("inclusion_k"));
    outcome raw[MAX_RAW];
    for (size_t i = 0; i < tc.n_raw; i++)
        run_raw(&x, x.t[0].ranked, i, &raw[i]);
    check_and_or(&x, &qs, cs, tc.n_q, R);
    if (CHECKS("inclusion_k"))
        check_inclusion_k(&x, &qs, cs, tc.n_q, R, raw);
    if (shuffle)
        check_shuffle(&x, &qs, R, raw);
    if (tc.one_txn)
        exec_sql(&x, "BEGIN");
    if (CHECKS("irrelevant_document"))
        check_irrelevant(&x, &qs, R);
    if (CHECKS("exact_match_found"))
        check_exact(&x);
    if (CHECKS("monotone_term"))
        check_monotone(&x);
    if (tc.one_txn)
        exec_sql(&x, "COMMIT");
    if (CHECKS("index_integrity"))
        check_integrity(&x, &x.t[0], "after the noise, exact-match and "
                        "appended-term changes");

    finalize_table(&x.t[0]);
    finalize_table(&x.t[1]);
    sqlite3_close(x.db);
    pf_buf_free(&x.t_schema);
    pf_buf_free(&x.t_docs);
    pf_end(s);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6): a corpus, queries and what the */
/* properties add, encoded with the decoder's inverse.                  */
/* ------------------------------------------------------------------ */

/* A seed writes documents as text: words of the vocabulary (case as
 * written: lower, UPPER or Capital) separated by one of seps[]. */
#define QT(x) {.kind = Q_TERM, .a = (x)}
#define Q2(k, x, y) {.kind = (k), .a = (x), .b = (y)}
#define QNEAR(x, y, n) {.kind = Q_NEAR, .a = (x), .b = (y), .near = (n)}
#define QPRE(x, n) {.kind = Q_PREFIX, .a = (x), .plen = (n)}
#define QCOL(x, c) {.kind = Q_COLUMN, .a = (x), .col = (c)}
static const struct seed {
    const char *name;
    schema sc;
    plan p1, p2;
    int64_t base;
    size_t stride;
    size_t n_docs;
    const char *docs[MAX_DOCS][MAX_COLS];
    size_t n_q;
    qspec qs[MAX_QUERIES];
    size_t k;
    size_t perm_dist[MAX_DOCS];
    const char *noise[MAX_COLS];
    addition exact, mono;
    bool one_txn;
    const char *raw[MAX_RAW];
} seeds[] = {
    {.name = "single-doc", .sc = {.n_cols = 1}, .n_docs = 1,
     .docs = {{"alder"}}, .n_q = 1, .qs = {QT(0)}, .k = 1,
     .exact = {.term = 0, .reps = 1}},
    {.name = "and-or-not", .sc = {.n_cols = 1}, .base = 1, .n_docs = 3,
     .docs = {{"alder birch"}, {"birch cedar"}, {"cedar"}}, .n_q = 3,
     .qs = {Q2(Q_AND, 0, 2), Q2(Q_OR, 0, 4), Q2(Q_NOT, 2, 4)}, .k = 2,
     .noise = {"quux pyx"}, .exact = {.term = 2, .reps = 2},
     .mono = {.doc = 2, .term = 0},
     .raw = {"alder OR (birch NOT cedar)", "NEAR(alder cedar) OR rank"}},
    {.name = "prefix-unicode61", .sc = {.n_cols = 1, .prefix = 3}, .base = 1,
     .n_docs = 3, .docs = {{"alder almond"}, {"Almond"}, {"larch, lemon"}},
     .n_q = 3, .qs = {QPRE(1, 2), QPRE(6, 1),
                      QPRE(4, 4)},
     .k = 1, .exact = {.term = 1, .reps = 3}},
    {.name = "porter-case", .sc = {.n_cols = 2, .tok = 2}, .base = 10,
     .n_docs = 3, .docs = {{"ALDER, Birch", "cedar-CELLO"}, {"cello", "Cedar"},
                           {"", "birch. BIRCH"}},
     .n_q = 2, .qs = {QT(2), Q2(Q_OR, 5, 0)}, .k = 3,
     .noise = {"WUZZY", "Juju"}, .exact = {.term = 5, .reps = 2, .cas = 1},
     .mono = {.doc = 1, .col = 1, .term = 2, .cas = 2}},
    {.name = "ascii-digits", .sc = {.n_cols = 1, .tok = 1}, .base = 1,
     .n_docs = 2, .docs = {{"2031 bison"}, {"BISON\t2031"}},
     .n_q = 2, .qs = {QT(8), Q2(Q_AND, 8, 3)}, .k = 1,
     .noise = {"9876"}, .exact = {.term = 8, .reps = 4}},
    {.name = "trigram", .sc = {.n_cols = 1, .tok = 3}, .base = 1, .n_docs = 3,
     .docs = {{"almond cedar"}, {"lemon"}, {"alder-almond"}},
     .n_q = 3, .qs = {QPRE(1, 3), QT(7), Q2(Q_AND, 0, 1)},
     .k = 2, .noise = {"zyxxy"}, .exact = {.term = 7, .reps = 2},
     .raw = {"alm*", "al"}},
    {.name = "phrase-near", .sc = {.n_cols = 1}, .base = 1, .n_docs = 3,
     .docs = {{"alder birch cedar"}, {"birch alder"}, {"alder larch larch cedar"}},
     .n_q = 3, .qs = {Q2(Q_PHRASE, 0, 2), QNEAR(0, 4, 1),
                      QNEAR(0, 4, 2)},
     .k = 1, .exact = {.term = 0, .reps = 2},
     .raw = {"^alder + birch", "{c0}: alder* AND NOT cedar"}},
    {.name = "detail-column", .sc = {.n_cols = 2, .detail = DETAIL_COLUMN},
     .base = 1, .n_docs = 3, .docs = {{"alder", "birch"}, {"birch", "alder"},
                                      {"alder birch", ""}},
     .n_q = 2, .qs = {QCOL(0, 0), Q2(Q_PHRASE, 0, 2)}, .k = 2,
     .mono = {.doc = 2, .col = 1, .term = 0},
     .raw = {"c1 : alder", "- {c0} : birch"}},
    {.name = "detail-none", .sc = {.n_cols = 3, .detail = DETAIL_NONE,
                                   .no_columnsize = true},
     .base = 1, .n_docs = 3, .docs = {{"alder", "birch", "cedar"},
                                      {"", "", "alder alder"}, {"lemon"}},
     .n_q = 2, .qs = {QCOL(0, 2), Q2(Q_OR, 0, 7)}, .k = 1,
     .noise = {"pyx", "", "quux"}, .exact = {.term = 7, .col = 2, .reps = 1}},
    {.name = "rank-weights", .sc = {.n_cols = 3, .weights = 1}, .base = 1,
     .n_docs = 4, .docs = {{"alder"}, {"", "alder"}, {"", "", "alder"},
                           {"alder", "alder", "alder"}},
     .n_q = 1, .qs = {QT(0)}, .k = 2, .perm_dist = {0, 1, 1, 3},
     .exact = {.term = 0, .col = 1, .reps = 4}},
    {.name = "small-pages-merges", .sc = {.n_cols = 1, .prefix = 1},
     .p1 = {.commit = 1, .pgsz = 1, .automerge = 2, .crisis = 1,
            .usermerge = 1, .hashsize = 1, .finish = 3},
     .p2 = {.commit = 2, .pgsz = 2, .automerge = 1, .finish = 1},
     .base = 1, .n_docs = 8,
     .docs = {{"alder birch cedar lemon"}, {"almond bison cello larch"},
              {"alder almond"}, {"birch bison"}, {"cedar cello"},
              {"larch lemon"}, {"2031 alder"}, {"lemon, lemon, lemon"}},
     .n_q = 3, .qs = {QPRE(0, 1), Q2(Q_OR, 3, 7), QT(8)},
     .k = 5, .perm_dist = {0, 1, 2, 3, 4, 5, 6, 7},
     .exact = {.term = 3, .reps = 2}, .mono = {.doc = 5, .term = 3},
     .one_txn = true},
    {.name = "rowid-min", .sc = {.n_cols = 1}, .base = INT64_MIN, .stride = 2,
     .n_docs = 3, .docs = {{"alder"}, {"alder birch"}, {"birch"}},
     .n_q = 2, .qs = {QT(0), Q2(Q_AND, 0, 2)}, .k = 1,
     .perm_dist = {0, 1, 2}, .exact = {.term = 2, .reps = 1}},
    {.name = "rowid-max", .sc = {.n_cols = 1}, .base = ROWID_BASE_MAX,
     .stride = 2, .n_docs = 3, .docs = {{"cedar"}, {"cedar lemon"}, {"lemon"}},
     .n_q = 2, .qs = {QT(4), Q2(Q_OR, 4, 7)}, .k = 2,
     .perm_dist = {0, 0, 2}, .exact = {.term = 4, .reps = 3}},
    {.name = "rowids-across-zero", .sc = {.n_cols = 1}, .base = -5,
     .stride = 1, .n_docs = 5,
     .docs = {{"birch"}, {"bison"}, {"birch bison"}, {"bison birch"}, {"bison bison"}},
     .n_q = 2, .qs = {QPRE(2, 2), Q2(Q_NOT, 3, 2)}, .k = 3,
     .perm_dist = {0, 1, 0, 3, 1}, .exact = {.term = 3, .reps = 2}},
    {.name = "reversed-rebuild", .sc = {.n_cols = 2},
     .p2 = {.commit = 2, .finish = 4}, .base = 100, .n_docs = 4,
     .docs = {{"alder", "cello"}, {"cello", ""}, {"", "alder"}, {"larch", "larch"}},
     .n_q = 2, .qs = {QT(5), Q2(Q_OR, 0, 6)}, .k = 0,
     .perm_dist = {0, 1, 2, 3}, .noise = {"juju juju", "pyx"},
     .exact = {.term = 6, .col = 1, .reps = 1, .cas = 2},
     .mono = {.doc = 1, .col = 1, .term = 5}},
    {.name = "empty-columns", .sc = {.n_cols = 3}, .base = 1, .n_docs = 3,
     .docs = {{"", "", ""}, {"alder"}, {"", "", "ALDER"}},
     .n_q = 1, .qs = {QT(0)}, .k = 1,
     .exact = {.term = 0, .col = 2, .reps = 4, .cas = 1},
     .mono = {.doc = 0, .col = 1, .term = 0}, .one_txn = true},
    {.name = "separators", .sc = {.n_cols = 1, .tok = 1}, .base = 1,
     .n_docs = 2, .docs = {{"alder (/) birch-cedar. lemon\nlarch"},
                           {"bison  cello\talmond, 2031"}},
     .n_q = 4, .qs = {QT(2), QT(8), Q2(Q_AND, 5, 1), Q2(Q_OR, 6, 3)},
     .k = 1, .noise = {"quux (/) pyx-wuzzy"}, .exact = {.term = 1, .reps = 2},
     .raw = {"\"unterminated", "AND"}},
};

/* Whether w is t[0..len) up to ASCII case. */
static bool same_letters(const char *w, const char *t, size_t len)
{
    if (strlen(w) != len)
        return false;
    for (size_t i = 0; i < len; i++) {
        char c = t[i] >= 'A' && t[i] <= 'Z' ? (char)(t[i] - 'A' + 'a') : t[i];
        if (c != w[i])
            return false;
    }
    return true;
}

/* Parses a seed's column text into words (abort: a typo in the table). */
static size_t seed_words(const char *t, const char *const *words, size_t nw,
                         word *out)
{
    size_t n = 0;
    const char *p = t;
    while (*p) {
        size_t sep = 0;
        if (n) { /* the separator before this word */
            const char *q = p;
            while (*q && !((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
                           (*q >= '0' && *q <= '9')))
                q++;
            while (sep < N_SEPS && (strlen(seps[sep]) != (size_t)(q - p) ||
                                    memcmp(seps[sep], p, (size_t)(q - p)) != 0))
                sep++;
            if (sep == N_SEPS)
                abort();
            p = q;
        }
        const char *q = p;
        while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
               (*q >= '0' && *q <= '9'))
            q++;
        size_t len = (size_t)(q - p), w = 0, cas = 0;
        while (w < nw && !same_letters(words[w], p, len))
            w++;
        if (w == nw || n == MAX_WORDS)
            abort();
        if (*p >= 'A' && *p <= 'Z')
            cas = len > 1 && p[1] >= 'A' && p[1] <= 'Z' ? 1 : 2;
        out[n++] = (word){w, cas, sep};
        p = q;
    }
    return n;
}

static void seed_doc(const char *const *cols, size_t n_cols,
                     const char *const *words, size_t nw, doc *d)
{
    memset(d, 0, sizeof *d);
    for (size_t c = 0; c < n_cols; c++)
        if (cols[c])
            d->n[c] = seed_words(cols[c], words, nw, d->words[c]);
}

/* Called by the seed writer (properties/seed_main.c). Each seed is checked
 * to decode back to the value it was written from (its encoding written
 * again from the decoded value is the same bytes) before it is emitted. */
void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        const struct seed *sd = &seeds[i];
        test_case tc, got;
        memset(&tc, 0, sizeof tc);
        tc.sc = sd->sc;
        tc.p1 = sd->p1;
        tc.p2 = sd->p2;
        tc.base = sd->base;
        tc.stride = sd->stride;
        tc.n_docs = sd->n_docs;
        for (size_t d = 0; d < sd->n_docs; d++)
            seed_doc(sd->docs[d], sd->sc.n_cols, vocab, N_VOCAB, &tc.docs[d]);
        tc.n_q = sd->n_q;
        memcpy(tc.qs, sd->qs, sizeof tc.qs);
        tc.k = sd->k;
        memcpy(tc.perm_dist, sd->perm_dist, sizeof tc.perm_dist);
        seed_doc(sd->noise, sd->sc.n_cols, noise_vocab, N_NOISE, &tc.noise);
        tc.exact = sd->exact;
        if (!tc.exact.reps) /* the table leaves it out: once */
            tc.exact.reps = 1;
        tc.mono = sd->mono;
        tc.one_txn = sd->one_txn;
        for (size_t r = 0; r < MAX_RAW && sd->raw[r]; r++) {
            tc.raw_len[r] = strlen(sd->raw[r]);
            memcpy(tc.raw[r], sd->raw[r], tc.raw_len[r] + 1);
            tc.n_raw = r + 1;
        }
        pf_buf e = {0}, again = {0};
        enc_case(&e, &tc);
        pf_src *s = pf_begin("search", e.data, e.len);
        draw_case(s, &got);
        PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e.len);
        /* pf_permutation's draws, recovered from the permutation. */
        size_t perm[MAX_DOCS];
        for (size_t k = 0; k < got.n_docs; k++)
            perm[k] = k;
        for (size_t k = got.n_docs; k-- > 1;) {
            got.perm_dist[k] = tc.perm_dist[k];
            size_t j = k - tc.perm_dist[k], t = perm[k];
            perm[k] = perm[j];
            perm[j] = t;
        }
        PF_ASSERT(s, memcmp(perm, got.perm, got.n_docs * sizeof perm[0]) == 0);
        enc_case(&again, &got);
        PF_ASSERT(s, again.len == e.len && memcmp(again.data, e.data, e.len) == 0);
        pf_end(s);
        emit(sd->name, e.data, e.len);
        pf_buf_free(&e);
        pf_buf_free(&again);
    }
}
