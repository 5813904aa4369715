/* Restrictions of the search target (harness/search.c), shown against the
 * real SQLite FTS5: each query form the strategy avoids is really refused
 * or changed by the library (R1-R4), each relation it weakens really does
 * not hold (R5), and the vocabularies it draws from really stay apart
 * under every tokenizer (R6). Prints PASS/FAIL per check and "N passed,
 * N failed". */
#include "testkit.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

static sqlite3 *db_with(const char *ddl, const char *const *docs, size_t n)
{
    sqlite3 *db;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK ||
        sqlite3_exec(db, ddl, NULL, NULL, NULL) != SQLITE_OK)
        abort();
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "INSERT INTO t(rowid, c0) VALUES(?1, ?2)", -1,
                           &st, NULL) != SQLITE_OK)
        abort();
    for (size_t i = 0; i < n; i++) {
        sqlite3_bind_int64(st, 1, (sqlite3_int64)i + 1);
        sqlite3_bind_text(st, 2, docs[i], -1, SQLITE_STATIC);
        if (sqlite3_step(st) != SQLITE_DONE)
            abort();
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    return db;
}

/* Runs MATCH q; returns SQLite's code, the rowids as "1 2 ..." in out, and
 * the rank of rowid `which` in *rank (when found). */
static int match(sqlite3 *db, const char *q, char *out, size_t cap,
                 sqlite3_int64 which, double *rank)
{
    sqlite3_stmt *st;
    out[0] = '\0';
    int rc = sqlite3_prepare_v2(db, "SELECT rowid, rank FROM t WHERE t MATCH ?1 "
                                "ORDER BY rowid", -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_bind_text(st, 1, q, -1, SQLITE_STATIC);
    size_t len = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        sqlite3_int64 r = sqlite3_column_int64(st, 0);
        if (r == which && rank)
            *rank = sqlite3_column_double(st, 1);
        len += (size_t)snprintf(out + len, cap - len, len ? " %lld" : "%lld",
                                (long long)r);
        if (len >= cap)
            len = cap - 1;
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static void expect_error(const char *name, const char *ddl, const char *q,
                         const char *msg_part)
{
    static const char *const docs[] = {"alder birch cedar"};
    sqlite3 *db = db_with(ddl, docs, 1);
    char got[128], why[300];
    int rc = match(db, q, got, sizeof got, 0, NULL);
    const char *msg = sqlite3_errmsg(db);
    snprintf(why, sizeof why, "MATCH '%s' gave rc %d (%s), rows [%s]", q, rc,
             msg, got);
    verdict(name, rc != SQLITE_OK && strstr(msg, msg_part) != NULL, "%s", why);
    sqlite3_close(db);
}

static void expect_rows(const char *name, const char *ddl,
                        const char *const *docs, size_t n, const char *q,
                        const char *want)
{
    sqlite3 *db = db_with(ddl, docs, n);
    char got[128], why[300];
    int rc = match(db, q, got, sizeof got, 0, NULL);
    snprintf(why, sizeof why, "MATCH '%s' gave rc %d (%s), rows [%s], "
             "expected [%s]", q, rc, sqlite3_errmsg(db), got, want);
    verdict(name, rc == SQLITE_OK && strcmp(got, want) == 0, "%s", why);
    sqlite3_close(db);
}

/* The target's vocabularies (harness/search/strategy.c). */
static const char *const vocab[] = {"alder", "almond", "birch", "bison",
                                    "cedar", "cello", "larch", "lemon", "2031"};
static const char *const noise[] = {"quux", "pyx", "wuzzy", "juju", "zyxxy",
                                    "9876"};
enum { N_VOCAB = sizeof vocab / sizeof vocab[0],
       N_NOISE = sizeof noise / sizeof noise[0] };

int main(void)
{
    /* R1 detail_limits: phrase and NEAR need detail=full, column filters
     * need detail!=none. */
    expect_error("detail_limits/phrase_column",
                 "CREATE VIRTUAL TABLE t USING fts5(c0, detail=column)",
                 "\"alder birch\"", "phrase queries are not supported");
    expect_error("detail_limits/near_none",
                 "CREATE VIRTUAL TABLE t USING fts5(c0, detail=none)",
                 "NEAR(\"alder\" \"birch\", 2)", "NEAR queries are not supported");
    expect_error("detail_limits/column_none",
                 "CREATE VIRTUAL TABLE t USING fts5(c0, detail=none)",
                 "{c0} : \"alder\"", "column queries are not supported");
    /* R3 trigram_detail: under trigram a word is a phrase of trigrams. */
    expect_error("trigram_detail",
                 "CREATE VIRTUAL TABLE t USING fts5(c0, tokenize='trigram', "
                 "detail=column)", "\"alder\"", "phrase queries are not supported");
    /* R2 trigram_short_terms: fewer than three characters match nothing. */
    static const char *const one[] = {"alder almond"};
    const char *tri = "CREATE VIRTUAL TABLE t USING fts5(c0, tokenize='trigram')";
    expect_rows("trigram_short_terms/term", tri, one, 1, "\"al\"", "");
    expect_rows("trigram_short_terms/prefix", tri, one, 1, "\"al\" *", "");
    expect_rows("trigram_short_terms/three", tri, one, 1, "\"alm\" *", "1");
    /* R7 porter_stems_prefix: porter stems a prefix query's text as it
     * stems a word: "bis" (of bison) loses its s, and "bi" * matches birch;
     * "biso" * is left alone. */
    static const char *const bb[] = {"birch", "bison"};
    const char *por = "CREATE VIRTUAL TABLE t USING fts5(c0, tokenize='porter unicode61')";
    expect_rows("porter_stems_prefix/bis", por, bb, 2, "\"bis\" *", "1 2");
    expect_rows("porter_stems_prefix/biso", por, bb, 2, "\"biso\" *", "2");
    /* R4 bare_keywords: an unquoted operator is syntax; quoted, a term. */
    const char *uni = "CREATE VIRTUAL TABLE t USING fts5(c0)";
    expect_error("bare_keywords/unquoted", uni, "AND", "syntax error");
    static const char *const kw[] = {"and or not"};
    expect_rows("bare_keywords/quoted", uni, kw, 1, "\"and\"", "1");

    /* R5 bm25_moves: an unrelated row moves a row's rank, not the set. */
    {
        static const char *const docs[] = {"alder", "birch"};
        sqlite3 *db = db_with(uni, docs, 2);
        char a[64], b[64], why[300];
        double before = 0, after = 0;
        match(db, "\"alder\"", a, sizeof a, 1, &before);
        sqlite3_exec(db, "INSERT INTO t(rowid, c0) VALUES(3, 'quux')", NULL,
                     NULL, NULL);
        match(db, "\"alder\"", b, sizeof b, 1, &after);
        snprintf(why, sizeof why, "rows [%s] -> [%s], rank %.17g -> %.17g", a,
                 b, before, after);
        verdict("bm25_moves", strcmp(a, b) == 0 && before != after, "%s", why);
        sqlite3_close(db);
    }

    /* R6 vocabulary_distinct: under each tokenizer, each word matches the row
     * holding it (in any case) and no row holding another word; noise
     * words match none of the real words. */
    static const char *const toks[] = {"unicode61", "ascii", "porter unicode61",
                                       "trigram"};
    for (size_t t = 0; t < 4; t++) {
        char ddl[160], why[400] = "", want[8], got[128];
        snprintf(ddl, sizeof ddl, "CREATE VIRTUAL TABLE t USING fts5(c0, "
                 "tokenize='%s')", toks[t]);
        const char *docs[N_VOCAB + N_NOISE];
        char upper[N_VOCAB][16];
        for (size_t i = 0; i < N_VOCAB; i++) {
            size_t j = 0;
            for (; vocab[i][j]; j++)
                upper[i][j] = (char)(vocab[i][j] >= 'a' && vocab[i][j] <= 'z'
                                         ? vocab[i][j] - 'a' + 'A' : vocab[i][j]);
            upper[i][j] = '\0';
            docs[i] = upper[i];
        }
        for (size_t i = 0; i < N_NOISE; i++)
            docs[N_VOCAB + i] = noise[i];
        sqlite3 *db = db_with(ddl, docs, N_VOCAB + N_NOISE);
        bool ok = true;
        for (size_t i = 0; i < N_VOCAB && ok; i++) {
            char q[32];
            snprintf(q, sizeof q, "\"%s\"", vocab[i]);
            snprintf(want, sizeof want, "%zu", i + 1);
            ok = match(db, q, got, sizeof got, 0, NULL) == SQLITE_OK &&
                 strcmp(got, want) == 0;
            if (!ok)
                snprintf(why, sizeof why, "tokenize='%s': %s matched [%s], "
                         "expected [%s]", toks[t], q, got, want);
        }
        char name[64];
        snprintf(name, sizeof name, "vocabulary_distinct/%s", toks[t]);
        verdict(name, ok, "%s", why);
        sqlite3_close(db);
    }
    return finish();
}
