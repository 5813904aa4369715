/* search's strategy (see search.h): the vocabularies, the table settings
 * and load plans, documents and queries, and what one input draws, with
 * the inverse of every draw. */
#include "search.h"

/* Real words: letters a-e, h, i, l-o, r, s and digits 0-3. Some share
 * prefixes (prefix queries), none is a stem of another (R6). */
const char *const vocab[N_VOCAB] = {
    "alder", "almond", "birch", "bison", "cedar", "cello", "larch", "lemon",
    "2031"};
/* Noise words: only j, p, q, u-z and digits 6-9 — no character in common
 * with a real word, so nothing a query asks for (R6). */
const char *const noise_vocab[N_NOISE] = {
    "quux", "pyx", "wuzzy", "juju", "zyxxy", "9876"};
static const char *const case_names[N_CASES] = {"lower", "UPPER", "Capital"};
const char *const seps[N_SEPS] = {" ", ", ", "  ", "\t", "\n", "-", ". ",
                                  " (/) "};
static const char *const sep_names[N_SEPS] = {
    "space", "comma", "2 spaces", "tab", "newline", "hyphen", "period",
    "punctuation"};

const char *const tok_sql[N_TOKS] = {"unicode61", "ascii", "porter unicode61",
                                     "trigram"};
const char *const detail_sql[N_DETAILS] = {"full", "column", "none"};
const char *const prefix_sql[N_PREFIXES] = {NULL, "1", "2", "1,3"};
const char *const prefix_names[N_PREFIXES] = {"none", "1", "2", "1,3"};
const char *const weight_sql[N_WEIGHTS] = {NULL, "bm25(10.0, 1.0, 0.5)",
                                           "bm25(0.5, 4.0, 2.0)"};
const char *const weight_names[N_WEIGHTS] = {"bm25()", "bm25(10, 1, 0.5)",
                                             "bm25(0.5, 4, 2)"};

const int pgsz_vals[N_PGSZ] = {0, 32, 64, 1000};
const int automerge_vals[N_AUTOMERGE] = {0, -1 /* 0 */, 2, 16};
const int crisis_vals[N_CRISIS] = {0, 2, 3};
const int usermerge_vals[N_USERMERGE] = {0, 2, 16};
const int hashsize_vals[N_HASHSIZE] = {0, 64, 1024};
const char *const commit_names[N_COMMITS] = {
    "one transaction", "every document", "every 2", "every 3"};
const char *const finish_names[N_FINISH] = {
    "nothing", "optimize", "merge 16", "merge -16", "rebuild"};
static const char *const qkind_names[N_QKINDS] = {
    "term", "AND", "OR", "NOT", "prefix", "phrase", "NEAR", "column"};
static const int64_t strides[N_STRIDES] = {1, 3, INT64_C(1) << 33};
static const char *const stride_names[N_STRIDES] = {"1", "3", "2^33"};

/* R3 trigram_detail: under trigram a term of more than three characters
 * is a phrase of trigrams, which FTS5 refuses to MATCH unless
 * detail=full, so trigram tables use detail=full. */
size_t detail_of(const schema *sc)
{
    return sc->tok == TOK_TRIGRAM ? DETAIL_FULL : sc->detail;
}

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

/* A document; its first column has at least min_words words. */
static void draw_doc(pf_src *s, const char *label, size_t n_cols, size_t nv,
                     const char *const *words, size_t min_words, doc *d)
{
    pf_span_begin(s, label);
    memset(d, 0, sizeof *d);
    for (size_t c = 0; c < n_cols; c++) {
        pf_list l;
        pf_list_begin(s, &l, "column", c ? 0 : min_words, MAX_WORDS);
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

static void enc_doc(pf_buf *e, size_t n_cols, size_t nv, size_t min_words,
                    const doc *d)
{
    for (size_t c = 0; c < n_cols; c++) {
        for (size_t i = 0; i < d->n[c]; i++) {
            if (i >= (c ? 0 : min_words))
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

/* What the properties vary (the second load plan and order, inclusion_k's
 * LIMIT, the three changes) comes right after the schema, before the
 * documents and queries: drawn after them, it would sit where fuzzers
 * keep the fewest bytes (see include/propfuzz.h, "Variation drawn up
 * front"). */
static void draw_variation(pf_src *s, test_case *tc)
{
    size_t n_cols = tc->sc.n_cols;
    draw_plan(s, "shuffled_load_plan", &tc->p2);
    pf_shuffle_draw(s, "shuffled_order", tc->perm, MAX_DOCS);
    tc->k = (size_t)pf_u64_range(s, "limit_k", 0, MAX_HITS);
    pf_span_begin(s, "exact_doc");
    tc->exact.term = named(s, "term", N_VOCAB, vocab);
    tc->exact.reps = (size_t)pf_u64_range(s, "repeat", 1, MAX_REPEAT);
    tc->exact.col = pf_choice(s, "column", n_cols);
    tc->exact.cas = named(s, "case", N_CASES, case_names);
    pf_span_end(s);
    pf_span_begin(s, "appended_term");
    tc->mono.doc = pf_choice(s, "doc", MAX_DOCS);
    tc->mono.col = pf_choice(s, "column", n_cols);
    tc->mono.term = named(s, "term", N_VOCAB, vocab);
    tc->mono.cas = named(s, "case", N_CASES, case_names);
    pf_span_end(s);
    /* In one transaction, the queries after each change read FTS5's
     * pending (not yet flushed) terms; otherwise each change commits. */
    tc->one_txn = pf_bool(s, "changes_in_one_transaction");
    /* A word at least: an empty row changes no match set trivially. */
    draw_doc(s, "noise_doc", n_cols, N_NOISE, noise_vocab, 1, &tc->noise);
}

static void enc_variation(pf_buf *e, const test_case *tc)
{
    size_t n_cols = tc->sc.n_cols;
    enc_plan(e, &tc->p2);
    pf_enc_shuffle(e, tc->perm, MAX_DOCS);
    pf_enc_u64_range(e, 0, MAX_HITS, tc->k);
    pf_enc_choice(e, N_VOCAB, tc->exact.term);
    pf_enc_u64_range(e, 1, MAX_REPEAT, tc->exact.reps);
    pf_enc_choice(e, n_cols, tc->exact.col);
    pf_enc_choice(e, N_CASES, tc->exact.cas);
    pf_enc_choice(e, MAX_DOCS, tc->mono.doc);
    pf_enc_choice(e, n_cols, tc->mono.col);
    pf_enc_choice(e, N_VOCAB, tc->mono.term);
    pf_enc_choice(e, N_CASES, tc->mono.cas);
    pf_enc_bool(e, tc->one_txn);
    enc_doc(e, n_cols, N_NOISE, 1, &tc->noise);
}

/* Raw queries: any text (dictionary tokens land verbatim). */
static const pf_text_opts raw_opts = {.max_len = RAW_CHARS};

void draw_case(pf_src *s, test_case *tc)
{
    memset(tc, 0, sizeof *tc);
    draw_schema(s, &tc->sc);
    draw_plan(s, "load_plan", &tc->p1);
    draw_variation(s, tc);
    tc->base = pf_i64_range(s, "rowid_base", INT64_MIN, ROWID_BASE_MAX);
    tc->stride = named(s, "rowid_stride", N_STRIDES, stride_names);
    pf_list l;
    pf_list_begin(s, &l, "docs", 1, MAX_DOCS);
    while (pf_list_more(s, &l))
        draw_doc(s, "doc", tc->sc.n_cols, N_VOCAB, vocab, 0, &tc->docs[l.count - 1]);
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
}

/* The inverse of draw_case (design §3 rule 9). */
void enc_case(pf_buf *e, const test_case *tc)
{
    enc_schema(e, &tc->sc);
    enc_plan(e, &tc->p1);
    enc_variation(e, tc);
    pf_enc_i64_range(e, INT64_MIN, ROWID_BASE_MAX, tc->base);
    pf_enc_choice(e, N_STRIDES, tc->stride);
    for (size_t i = 0; i < tc->n_docs; i++) {
        if (i >= 1)
            pf_enc_more(e, true);
        enc_doc(e, tc->sc.n_cols, N_VOCAB, 0, &tc->docs[i]);
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
}

int64_t rowid_of(const test_case *tc, size_t i)
{
    return tc->base + (int64_t)i * strides[tc->stride];
}

size_t mono_doc(const test_case *tc)
{
    return tc->mono.doc % tc->n_docs;
}

void shuffled_order(const test_case *tc, size_t *order)
{
    pf_permutation_restrict(tc->perm, MAX_DOCS, tc->n_docs, order);
}
