/* search's seeds, written as values (design §6): a corpus, queries and
 * what the properties vary, encoded with the decoder's inverse. */
#include "search.h"

#include <stdlib.h>

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

/* t2's order from a seed's Fisher-Yates distances (perm_dist[i], back
 * from i, for i = n-1 down to 1), as a permutation of MAX_DOCS whose
 * first n_docs places hold the documents; all zeros (no order given)
 * reverse the documents, so that shuffle_invariant compares two orders. */
static void seed_order(const struct seed *sd, size_t *perm)
{
    size_t n = sd->n_docs, given = 0;
    for (size_t k = 0; k < MAX_DOCS; k++) {
        perm[k] = k;
        given |= sd->perm_dist[k];
    }
    for (size_t k = n; k-- > 1;) {
        size_t j = k - sd->perm_dist[k], t = perm[k];
        perm[k] = perm[j];
        perm[j] = t;
    }
    if (!given)
        for (size_t k = 0; k < n; k++)
            perm[k] = n - 1 - k;
}

static void seed_case(const struct seed *sd, test_case *tc)
{
    memset(tc, 0, sizeof *tc);
    tc->sc = sd->sc;
    tc->p1 = sd->p1;
    tc->p2 = sd->p2;
    seed_order(sd, tc->perm);
    tc->k = sd->k;
    tc->exact = sd->exact;
    if (!tc->exact.reps) /* the table leaves it out: once */
        tc->exact.reps = 1;
    tc->mono = sd->mono;
    tc->one_txn = sd->one_txn;
    seed_doc(sd->noise, sd->sc.n_cols, noise_vocab, N_NOISE, &tc->noise);
    if (!tc->noise.n[0]) { /* the table leaves it out: a word at least */
        tc->noise.words[0][0] = (word){0, 0, 0};
        tc->noise.n[0] = 1;
    }
    tc->base = sd->base;
    tc->stride = sd->stride;
    tc->n_docs = sd->n_docs;
    for (size_t d = 0; d < sd->n_docs; d++)
        seed_doc(sd->docs[d], sd->sc.n_cols, vocab, N_VOCAB, &tc->docs[d]);
    tc->n_q = sd->n_q;
    memcpy(tc->qs, sd->qs, sizeof tc->qs);
    for (size_t r = 0; r < MAX_RAW && sd->raw[r]; r++) {
        tc->raw_len[r] = strlen(sd->raw[r]);
        memcpy(tc->raw[r], sd->raw[r], tc->raw_len[r] + 1);
        tc->n_raw = r + 1;
    }
}

/* Called by the seed writer (properties/drivers/seed_main.c). Each seed is checked
 * to decode back to the value it was written from (its encoding written
 * again from the decoded value is the same bytes) before it is emitted. */
void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    static test_case tc, got;
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        seed_case(&seeds[i], &tc);
        pf_buf e = {0}, again = {0};
        enc_case(&e, &tc);
        pf_src *s = pf_begin("search", e.data, e.len);
        draw_case(s, &got);
        PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e.len);
        PF_ASSERT(s, memcmp(got.perm, tc.perm, sizeof tc.perm) == 0);
        enc_case(&again, &got);
        PF_ASSERT(s, again.len == e.len && memcmp(again.data, e.data, e.len) == 0);
        pf_end(s);
        emit(seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
        pf_buf_free(&again);
    }
}
