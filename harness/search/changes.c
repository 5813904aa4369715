/* search's properties that load or change the tables (see
 * harness/search.c): shuffle_invariant (the second table), the three
 * changes to the first — irrelevant_document, exact_match_found,
 * monotone_term, in one transaction when the input says so — and
 * index_integrity after all of them. They run in that order. */
#include "search.h"

#include <stdio.h>

static void buf_free(void *b) { pf_buf_free(b); }

/* A byte buffer freed when the input ends. */
static pf_buf *buf_new(pf_src *s)
{
    pf_buf *b = pf_alloc(s, sizeof *b);
    *b = (pf_buf){0};
    pf_defer(s, buf_free, b);
    return b;
}

/* The second table, loaded in the drawn order under the second plan. */
static void load_t2(ctx *x)
{
    if (x->t2_loaded)
        return;
    size_t order[MAX_DOCS];
    shuffled_order(x->tc, order);
    db_load(x, T2, order, &x->tc->p2);
    x->t2_loaded = true;
}

/* The changes' transaction, opened by the first change when the input
 * asks for one, closed before the integrity-check. */
static void begin_changes(ctx *x)
{
    if (x->tc->one_txn && !x->changes_open) {
        db_begin(x);
        x->changes_open = true;
    }
}

static void end_changes(ctx *x)
{
    if (x->changes_open) {
        db_commit(x);
        x->changes_open = false;
    }
}

static const char *order_text(ctx *x)
{
    const test_case *tc = x->tc;
    size_t order[MAX_DOCS];
    shuffled_order(tc, order);
    pf_buf o = {0};
    for (size_t j = 0; j < tc->n_docs; j++)
        pf_buf_printf(&o, j ? ", %lld" : "%lld", (long long)rowid_of(tc, order[j]));
    pf_buf_printf(&o, "  (plan: commit %s, finish %s)",
                  commit_names[tc->p2.commit], finish_names[tc->p2.finish]);
    return pf_buf_defer(x->s, &o);
}

_Noreturn static void fail_shuffle(ctx *x, const char *summary,
                                   const char *query, pf_buf *a, pf_buf *b)
{
    pf_line l[] = {{"query", query},
                   {"shuffled insertion order", order_text(x)},
                   {"inserted in order", pf_buf_defer(x->s, a)},
                   {"inserted shuffled", pf_buf_defer(x->s, b)}};
    fail_with(x, summary, l, 4);
}

void prop_shuffle_invariant(pf_src *s, void *in)
{
    ctx *x = in;
    const test_case *tc = x->tc;
    size_t order[MAX_DOCS];
    shuffled_order(tc, order);
    bool identity = true;
    for (size_t i = 0; i < tc->n_docs; i++)
        identity &= order[i] == i;
    if (identity)
        pf_event(s, "shuffle_invariant with the identity order");
    load_t2(x);
    for (size_t i = 0; i < x->qs.n; i++) {
        hits h;
        db_run(x, T2, Q_PLAIN, x->qs.text[i], -1, &h);
        sort_ranked(&h);
        if (!same_ranking(&x->R[i], &h)) {
            pf_buf a = {0}, b = {0};
            print_hits(&a, &x->R[i], true);
            print_hits(&b, &h, true);
            fail_shuffle(x, "the insertion order changed the matches or their "
                         "ranking", x->qs.text[i], &a, &b);
        }
    }
    for (size_t i = 0; i < tc->n_raw; i++) {
        outcome o2;
        db_run_raw(x, T2, Q_PLAIN, i, &o2);
        if (!same_outcome(&x->raw[i], &o2)) {
            pf_buf a = {0}, b = {0};
            print_outcome(&a, &x->raw[i]);
            print_outcome(&b, &o2);
            fail_shuffle(x, "the insertion order changed a raw query's outcome",
                         quoted(s, tc->raw[i], tc->raw_len[i]), &a, &b);
        }
    }
}

void prop_irrelevant_document(pf_src *s, void *in)
{
    ctx *x = in;
    const test_case *tc = x->tc;
    size_t words = 0;
    for (size_t c = 0; c < tc->sc.n_cols; c++)
        words += tc->noise.n[c];
    if (!words)
        pf_event(s, "irrelevant_document with an empty noise document");
    begin_changes(x);
    int64_t rowid = rowid_of(tc, tc->n_docs);
    db_insert(x, T1, rowid, &tc->noise, noise_vocab);
    for (size_t i = 0; i < x->qs.n; i++) {
        hits h;
        db_run(x, T1, Q_PLAIN, x->qs.text[i], -1, &h);
        rowset before = set_of(&x->R[i]), after = set_of(&h);
        /* Sets, not rankings: the new row changes every BM25 IDF (R5). */
        if (set_equal(&before, &after))
            continue;
        pf_buf a = {0}, b = {0}, d = {0};
        print_rowset(&a, &before);
        print_rowset(&b, &after);
        print_doc(&d, rowid, &tc->noise, tc->sc.n_cols, noise_vocab);
        pf_line l[] = {{"noise document", pf_buf_defer(s, &d)},
                       {"query", x->qs.text[i]},
                       {"matches before", pf_buf_defer(s, &a)},
                       {"matches after", pf_buf_defer(s, &b)}};
        fail_with(x, "a document sharing no word with the query changed its "
                  "matches", l, 4);
    }
}

void prop_exact_match_found(pf_src *s, void *in)
{
    ctx *x = in;
    const test_case *tc = x->tc;
    const addition *ex = &tc->exact;
    begin_changes(x);
    doc d;
    memset(&d, 0, sizeof d);
    for (size_t i = 0; i < ex->reps; i++)
        d.words[ex->col][i] = (word){ex->term, ex->cas, 0};
    d.n[ex->col] = ex->reps;
    int64_t rowid = rowid_of(tc, tc->n_docs + 1);
    db_insert(x, T1, rowid, &d, vocab);
    char q[QLEN];
    term_query(q, ex->term);
    hits h;
    db_run(x, T1, Q_RANKED, q, -1, &h);
    if (in_hits(&h, rowid))
        return;
    pf_buf a = {0}, b = {0};
    print_doc(&a, rowid, &d, tc->sc.n_cols, vocab);
    print_hits(&b, &h, true);
    pf_line l[] = {{"exact document", pf_buf_defer(s, &a)}, {"query", q},
                   {"matches", pf_buf_defer(s, &b)}};
    fail_with(x, "a document that is the query term repeated was not found",
              l, 3);
}

/* The matches of each term marked in `used`, as sets. */
static void term_matches(ctx *x, const bool *used, rowset *out)
{
    for (size_t w = 0; w < N_VOCAB; w++)
        if (used[w]) {
            char q[QLEN];
            hits h;
            term_query(q, w);
            db_run(x, T1, Q_PLAIN, q, -1, &h);
            out[w] = set_of(&h);
        }
}

_Noreturn static void fail_monotone(ctx *x, size_t w, int64_t rowid,
                                    const pf_buf *text, const rowset *before,
                                    const rowset *after, const rowset *want)
{
    pf_src *s = x->s;
    pf_buf tb = {0}, ta = {0}, tw = {0}, tu = {0};
    print_rowset(&tb, before);
    print_rowset(&ta, after);
    print_rowset(&tw, want);
    pf_buf_printf(&tu, "rowid %lld, c%zu = ", (long long)rowid, x->tc->mono.col);
    pf_buf_quote(&tu, text->data, text->len);
    char q[QLEN];
    term_query(q, w);
    pf_line l[] = {{"update", pf_buf_defer(s, &tu)}, {"query", q},
                   {"matches before", pf_buf_defer(s, &tb)},
                   {"matches after", pf_buf_defer(s, &ta)},
                   {"expected after", pf_buf_defer(s, &tw)}};
    fail_with(x, set_subset(before, after)
                     ? "appending a term changed other matches"
                     : "appending a term removed a document from matches",
              l, 5);
}

void prop_monotone_term(pf_src *s, void *in)
{
    ctx *x = in;
    const test_case *tc = x->tc;
    const addition *m = &tc->mono;
    const doc *d = &tc->docs[mono_doc(tc)];
    int64_t rowid = rowid_of(tc, mono_doc(tc));
    begin_changes(x);
    /* The terms the document matches before, and the appended one: the
     * only terms whose matches can involve it (no word of the vocabulary
     * is inside another, for any tokenizer: R6). */
    bool used[N_VOCAB] = {false};
    used[m->term] = true;
    for (size_t c = 0; c < tc->sc.n_cols; c++)
        for (size_t i = 0; i < d->n[c]; i++)
            used[d->words[c][i].w] = true;
    rowset before[N_VOCAB], after[N_VOCAB];
    term_matches(x, used, before);
    pf_buf *text = buf_new(s);
    column_text(d, m->col, vocab, text);
    if (text->len)
        pf_buf_putc(text, ' ');
    put_word(text, vocab[m->term], m->cas);
    db_update(x, m->col, rowid, text);
    term_matches(x, used, after);
    for (size_t w = 0; w < N_VOCAB; w++) {
        if (!used[w])
            continue;
        rowset want = before[w];
        if (w == m->term && !set_has(&want, rowid)) {
            rowset one = {.r = {rowid}, .n = 1};
            want = set_op(&before[w], &one, '|');
        }
        if (!set_equal(&after[w], &want))
            fail_monotone(x, w, rowid, text, &before[w], &after[w], &want);
    }
}

void prop_index_integrity(pf_src *s, void *in)
{
    ctx *x = in;
    (void)s;
    end_changes(x);
    load_t2(x);
    static const char *const when[N_TABLES] = {
        "after the noise, exact-match and appended-term changes",
        "after the shuffled load"};
    for (int t = T2; t >= T1; t--) {
        char msg[300];
        if (db_integrity(x, t, msg, sizeof msg) == SQLITE_OK)
            continue;
        char where[400];
        snprintf(where, sizeof where, "%s on table t%d %s", msg, t + 1, when[t]);
        pf_line l[] = {{"integrity-check", where}};
        fail_with(x, "FTS5's integrity-check failed", l, 1);
    }
}
