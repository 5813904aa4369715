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
 * What the properties vary (the second load plan and order, the LIMIT,
 * the changes) is drawn right after the schema, before the documents.
 * Properties, in the order they run:
 *
 *   and_subset           a AND b is a ∩ b (so ⊆ a); a NOT b is a \ b; the
 *                        phrase "a b", NEAR(a b, k) and {col}: a are subsets
 *                        of a AND b, a AND b and a
 *   or_superset          a OR b is a ∪ b (so ⊇ a); a prefix query p* is the
 *                        union of the vocabulary words starting with p
 *   inclusion_k          results with LIMIT k (ORDER BY rank, rowid) are
 *                        the first k of the full ranking and a prefix of
 *                        LIMIT k+1; FTS5's own ORDER BY rank is in rank
 *                        order; ORDER BY rowid DESC LIMIT k gives the k
 *                        largest matching rowids
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
 *   monotone_term        appending a term to one document's column keeps
 *                        the document in every term's matches it was in,
 *                        adds it to the new term's, and changes no other
 *                        document's matches
 *   index_integrity      FTS5's 'integrity-check' command passes on the
 *                        shuffled table after its load, and on the first
 *                        table after all the changes above
 *   spelling_invariant   two words joined by a drawn ASCII character: a
 *                        bareword means what it means quoted, space
 *                        around a character that ends a bareword changes
 *                        nothing, and a character neither bareword nor
 *                        syntax is a syntax error (search/spelling.c)
 *   fold_invariant       a word of non-ASCII letters (Latin, Greek,
 *                        Cyrillic, Armenian, fullwidth, Deseret) stored in
 *                        one case matches a query in another under
 *                        unicode61, porter and trigram, and without its
 *                        Latin-1 diacritics under unicode61 and porter;
 *                        under ascii only the same bytes match
 *                        (search/fold.c)
 *
 * Restrictions (each shown against the real library in
 * tests/restrict/search.c):
 *   R1 phrase and NEAR queries need detail=full, column filters need
 *      detail!=none (FTS5 refuses them otherwise): under other details the
 *      strategy turns a phrase or NEAR query into a AND b, a column filter
 *      into the plain term (detail_limits; counted as an event).
 *   R2 the trigram tokenizer matches nothing for a term shorter than three
 *      characters (trigram_short_terms): prefix queries use at least three
 *      characters under trigram.
 *   R3 under trigram a longer term is a phrase of trigrams, which FTS5 only
 *      MATCHes with detail=full (trigram_detail): trigram tables are
 *      created with detail=full.
 *   R4 unquoted operator words are FTS5 syntax (bare_keywords): every term
 *      is quoted, so no query is a syntax error; spelling_invariant's
 *      barewords join lowercase words, so none is AND, OR or NOT.
 *   R5 adding a document moves BM25 scores of others (bm25_moves): the
 *      irrelevant-document property compares sets.
 *   R6 the vocabularies are chosen so that no tokenizer merges two words
 *      (vocabulary_distinct): case folds, porter stems none of them
 *      together, and noise words share no character (so no trigram, prefix
 *      or stem) with real ones.
 *   R7 porter stems a prefix query's text too: a final s goes, so "bis" *
 *      would match birch (porter_stems_prefix). Under porter such a prefix
 *      takes one character more ("biso" *).
 * No property skips an input: each restriction is built into what is
 * drawn. Events (make stats-search) count the inputs on which a property
 * compares little: no query of its kinds, the identity order, a LIMIT past
 * every ranking, queries that match nothing.
 *
 * The parts: harness/search/strategy.c (what an input draws), query.c
 * (text and query strings), rows.c (rankings and sets), vfs.c and
 * session.c (the database files and the connections kept between inputs:
 * why that is safe is said there), db.c (every call into SQLite),
 * relations.c, changes.c, spelling.c and fold.c (the properties), seeds.c.
 */
#include "search/search.h"

/* The input, the first table loaded, and every query's ranking on it:
 * what the properties compare against. */
void *search_setup(pf_src *s)
{
    ctx *x = pf_alloc(s, sizeof *x);
    memset(x, 0, sizeof *x);
    test_case *tc = pf_alloc(s, sizeof *tc);
    draw_case(s, tc);
    x->s = s;
    x->tc = tc;
    for (size_t i = 0; i < tc->n_q; i++) {
        compile_query(&tc->sc, &tc->qs[i], &x->qs, &x->cs[i]);
        if (x->cs[i].changed)
            pf_event(s, "R1 changed a query's kind");
    }
    db_open(x);
    size_t order[MAX_DOCS];
    for (size_t i = 0; i < tc->n_docs; i++)
        order[i] = i;
    db_load(x, T1, order, &tc->p1);
    x->out_of_order = MAX_Q;
    bool any = false;
    for (size_t i = 0; i < x->qs.n; i++) {
        hits *h = &x->R[i];
        db_run(x, T1, Q_RANKED, x->qs.text[i], -1, h);
        for (size_t j = 1; j < h->n && j <= MAX_HITS; j++)
            if (h->rank[j] < h->rank[j - 1] && x->out_of_order == MAX_Q) {
                x->out_of_order = i; /* inclusion_k's to report */
                x->as_returned = *h;
            }
        sort_ranked(h);
        any |= h->n > 0;
    }
    if (!any)
        pf_event(s, "every query matched nothing");
    for (size_t i = 0; i < tc->n_raw; i++)
        db_run_raw(x, T1, Q_RANKED, i, &x->raw[i]);
    return x;
}

static const pf_property properties[] = {
    {"and_subset", prop_and_subset},
    {"or_superset", prop_or_superset},
    {"inclusion_k", prop_inclusion_k},
    {"shuffle_invariant", prop_shuffle_invariant},
    {"irrelevant_document", prop_irrelevant_document},
    {"exact_match_found", prop_exact_match_found},
    {"monotone_term", prop_monotone_term},
    {"index_integrity", prop_index_integrity},
    {"spelling_invariant", prop_spelling_invariant},
    {"fold_invariant", prop_fold_invariant},
};
static const pf_mode modes[] = {
    {"corpus", search_setup, properties, PF_LEN(properties)},
};
static const pf_target search = {"search", modes, PF_LEN(modes), NULL};
PF_TARGET(search)
