/* search's calls into SQLite on an input's session (see search.h):
 * settings, loading, changes, queries and FTS5's integrity-check. Every
 * call a property depends on is in this file, so a planted bug
 * (tests/planted/search/<property>.h) wraps all of them. */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>

/* A planted-bug build wraps SQLite functions here, after the library's
 * header and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

static const char *schema_text(ctx *x)
{
    const schema *sc = &x->tc->sc;
    pf_buf b = {0};
    pf_buf_printf(&b, "fts5(%zu column%s, tokenize='%s', detail=%s%s, "
                  "prefix=%s, rank=%s)", sc->n_cols, sc->n_cols > 1 ? "s" : "",
                  tok_sql[sc->tok], detail_sql[detail_of(sc)],
                  sc->no_columnsize ? ", columnsize=0" : "",
                  prefix_names[sc->prefix], weight_names[sc->weights]);
    return pf_buf_defer(x->s, &b);
}

static const char *docs_text(ctx *x)
{
    const test_case *tc = x->tc;
    pf_buf b = {0};
    for (size_t i = 0; i < tc->n_docs; i++) {
        if (i)
            pf_buf_printf(&b, "; ");
        print_doc(&b, rowid_of(tc, i), &tc->docs[i], tc->sc.n_cols, vocab);
    }
    return pf_buf_defer(x->s, &b);
}

_Noreturn void fail_with(ctx *x, const char *summary, const pf_line *more,
                         size_t n_more)
{
    pf_line l[8] = {{"schema", schema_text(x)}, {"documents", docs_text(x)}};
    size_t n = 2;
    for (size_t i = 0; i < n_more && n < 8; i++)
        l[n++] = more[i];
    pf_fail(x->s, NULL, summary, l, n, NULL);
}

const char *quoted(pf_src *s, const char *text, size_t len)
{
    pf_buf b = {0};
    pf_buf_quote(&b, (const uint8_t *)text, len);
    return pf_buf_defer(s, &b);
}

/* SQLite refused something the harness built: not a property (the
 * properties never ask for a refusal), so a harness failure. */
_Noreturn void sql_failed(ctx *x, const char *what, int rc)
{
    char msg[512];
    snprintf(msg, sizeof msg, "%s (rc %d)",
             x->db && x->db->db ? sqlite3_errmsg(x->db->db) : "no database", rc);
    pf_line l[] = {{"schema", schema_text(x)}, {"documents", docs_text(x)},
                   {"statement", what}, {"error", msg}};
    pf_fail(x->s, "harness_assert", "SQLite refused a statement", l, 4, NULL);
}

/* Runs a statement that returns no rows to completion. */
static int run_done(sqlite3_stmt *st)
{
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        ;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static void run_or_fail(ctx *x, sqlite3_stmt *st, const char *what)
{
    int rc = run_done(st);
    if (rc != SQLITE_OK)
        sql_failed(x, what, rc);
}

/* INSERT INTO t(t, rank) VALUES(cmd, value): a command, or a setting. */
static void command(ctx *x, int t, const char *cmd, bool has_value, int value)
{
    sqlite3_stmt *st = x->db->t[t].command;
    sqlite3_bind_text(st, 1, cmd, -1, SQLITE_STATIC);
    if (has_value)
        sqlite3_bind_int(st, 2, value);
    run_or_fail(x, st, cmd);
}

/* The plan's settings (the rank setting is part of the image). */
static void apply_settings(ctx *x, int t, const plan *p)
{
    static const char *const keys[5] = {"pgsz", "automerge", "crisismerge",
                                        "usermerge", "hashsize"};
    const int vals[5] = {pgsz_vals[p->pgsz], automerge_vals[p->automerge],
                         crisis_vals[p->crisis], usermerge_vals[p->usermerge],
                         hashsize_vals[p->hashsize]};
    for (size_t i = 0; i < 5; i++)
        if (vals[i])
            command(x, t, keys[i], true, vals[i] < 0 ? 0 : vals[i]);
}

/* ------------------------------------------------------------------ */
/* PF_SEARCH_DIGEST=1: at the end of each input, a line on stderr with  */
/* a hash of the drawn case, one of every result SQLite gave it        */
/* (queries' rows, ranks and codes, integrity-checks' codes) and        */
/* whether the connection was kept from an earlier input, so that a run */
/* on kept connections can be compared with one on fresh ones           */
/* (tests/steps/search.sh).                                             */
/* ------------------------------------------------------------------ */

static uint64_t g_digest;
static int g_digest_on = -1;

static void mix(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        g_digest = (g_digest ^ b[i]) * UINT64_C(0x100000001b3);
}

static void print_digest(void *arg)
{
    const ctx *x = arg;
    pf_buf e = {0};
    enc_case(&e, x->tc);
    uint64_t results = g_digest;
    g_digest = UINT64_C(0xcbf29ce484222325);
    mix(e.data, e.len);
    fprintf(stderr, "search-digest %016llx %016llx %s\n",
            (unsigned long long)g_digest, (unsigned long long)results,
            x->reused ? "kept" : "new");
    pf_buf_free(&e);
}

static void digest_begin(ctx *x)
{
    if (g_digest_on < 0)
        g_digest_on = getenv("PF_SEARCH_DIGEST") != NULL;
    g_digest = UINT64_C(0xcbf29ce484222325);
    if (g_digest_on)
        pf_defer(x->s, print_digest, x);
}

void db_open(ctx *x)
{
    digest_begin(x);
    x->db = session_get(x);
    apply_settings(x, T1, &x->tc->p1);
    apply_settings(x, T2, &x->tc->p2);
}

void db_begin(ctx *x) { run_or_fail(x, x->db->begin, "BEGIN"); }
void db_commit(ctx *x) { run_or_fail(x, x->db->commit, "COMMIT"); }

void db_insert(ctx *x, int t, int64_t rowid, const doc *d,
               const char *const *words)
{
    sqlite3_stmt *st = x->db->t[t].insert;
    pf_buf text[MAX_COLS] = {{0}};
    sqlite3_bind_int64(st, 1, rowid);
    for (size_t c = 0; c < x->tc->sc.n_cols; c++) {
        column_text(d, c, words, &text[c]);
        sqlite3_bind_text(st, (int)c + 2, (const char *)text[c].data,
                          (int)text[c].len, SQLITE_STATIC);
        if (!text[c].len)
            sqlite3_bind_text(st, (int)c + 2, "", 0, SQLITE_STATIC);
    }
    int rc = run_done(st);
    for (size_t c = 0; c < MAX_COLS; c++)
        pf_buf_free(&text[c]);
    if (rc != SQLITE_OK)
        sql_failed(x, "INSERT", rc);
}

void db_load(ctx *x, int t, const size_t *order, const plan *p)
{
    const test_case *tc = x->tc;
    db_begin(x);
    for (size_t i = 0; i < tc->n_docs; i++) {
        db_insert(x, t, rowid_of(tc, order[i]), &tc->docs[order[i]], vocab);
        if (p->commit && (i + 1) % p->commit == 0) {
            db_commit(x);
            db_begin(x);
        }
    }
    db_commit(x);
    switch (p->finish) {
    case FINISH_OPTIMIZE: command(x, t, "optimize", false, 0); break;
    case FINISH_MERGE: command(x, t, "merge", true, 16); break;
    case FINISH_MERGE_NEG: command(x, t, "merge", true, -16); break;
    case FINISH_REBUILD: command(x, t, "rebuild", false, 0); break;
    default: break;
    }
}

void db_update(ctx *x, size_t col, int64_t rowid, const pf_buf *text)
{
    sqlite3_stmt *up = session_update(x, col);
    sqlite3_bind_text(up, 1, (const char *)text->data, (int)text->len,
                      SQLITE_STATIC);
    sqlite3_bind_int64(up, 2, rowid);
    run_or_fail(x, up, "UPDATE");
}

int db_query(ctx *x, int t, enum qstmt which, const char *q, int len,
             long limit, hits *h)
{
    sqlite3_stmt *st = x->db->t[t].q[which];
    PF_ASSERT(x->s, st != NULL);
    h->n = 0;
    sqlite3_bind_text(st, 1, q, len, SQLITE_STATIC);
    if (limit >= 0)
        sqlite3_bind_int64(st, 2, limit);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (h->n <= MAX_HITS) {
            h->rowid[h->n] = sqlite3_column_int64(st, 0);
            h->rank[h->n] = sqlite3_column_double(st, 1);
        }
        h->n++;
    }
    sqlite3_reset(st);
    /* More rows than documents: report it as it is, the rest cut off. */
    if (h->n > MAX_HITS + 1)
        h->n = MAX_HITS + 1;
    if (g_digest_on) {
        mix(&rc, sizeof rc);
        mix(&h->n, sizeof h->n);
        mix(h->rowid, h->n * sizeof h->rowid[0]);
        mix(h->rank, h->n * sizeof h->rank[0]);
    }
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

void db_run(ctx *x, int t, enum qstmt which, const char *q, long limit,
            hits *h)
{
    int rc = db_query(x, t, which, q, -1, limit, h);
    if (rc != SQLITE_OK)
        sql_failed(x, q, rc);
}

void db_run_text(ctx *x, int t, enum qstmt which, const char *q, int len, outcome *o)
{
    o->rc = db_query(x, t, which, q, len, -1, &o->h);
    o->err[0] = '\0';
    if (o->rc != SQLITE_OK)
        snprintf(o->err, sizeof o->err, "%s", sqlite3_errmsg(x->db->db));
    else
        sort_ranked(&o->h);
}

void db_run_raw(ctx *x, int t, enum qstmt which, size_t i, outcome *o)
{
    db_run_text(x, t, which, x->tc->raw[i], (int)x->tc->raw_len[i], o);
}

int db_integrity(ctx *x, int t, char *msg, size_t cap)
{
    sqlite3_stmt *st = x->db->t[t].command;
    sqlite3_bind_text(st, 1, "integrity-check", -1, SQLITE_STATIC);
    int rc = run_done(st);
    snprintf(msg, cap, "%s (rc %d)", sqlite3_errmsg(x->db->db), rc);
    if (g_digest_on)
        mix(&rc, sizeof rc);
    return rc;
}
