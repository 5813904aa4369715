/* search's sessions (see session.h): which connection an input runs on.
 *
 * Where the time went. An input used to open a fresh in-memory database
 * from an image of its empty tables and prepare its statements: under
 * ASan+UBSan and the fuzzer's instrumentation, preparing (SQLite's parser,
 * reading the schema, connecting the two FTS5 tables, FTS5 preparing its
 * own statements) was some 40% of the target's time (perf over a fuzzed
 * corpus), and its parser's branches were part of every input's coverage.
 * So a connection is kept per schema (the DDL and the rank setting), with
 * its statements, for later inputs of that schema:
 *
 *   - each input starts from the bytes a fresh database has: the database
 *     file (vfs.c) is put back to the image of the empty tables while the
 *     connection is idle (no transaction at all: checked, else the
 *     connection is closed and made again);
 *   - SQLite sees the file changed as it sees any other writer: the change
 *     counter in its header differs from the one it last wrote (every
 *     input commits its load), so the pager drops its cache and counts a
 *     new data version; FTS5 then drops its cached structure (it compares
 *     data_version when a statement opens the table) and, its
 *     configuration cookie having changed with any setting the input made,
 *     reloads its configuration (defaults first). The rank setting, which
 *     FTS5 does not reset that way, is part of the image and of the schema
 *     the connection is kept for, and no input changes it;
 *   - a prepared statement depends on the schema alone (no STAT4), which
 *     the image leaves as it was, so its plan is what a fresh prepare
 *     would give.
 *
 * An input run with recording on (replay, the report's re-run after a
 * failure, shrinking, statistics) gets a fresh connection instead: a
 * failure found on a reused connection is reported only if it happens
 * again on a fresh one, and as FLAKY otherwise. */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include "session.h"
#include "vfs.h"

#include <stdio.h>
#include <stdlib.h>

/* An empty database of one schema, as bytes. */
struct image {
    char *key;             /* the DDL, then the rank setting */
    unsigned char *bytes;
    sqlite3_int64 size;
};

enum { POOL_SIZE = 48, MAX_IMAGES = 1024 /* > the number of schemas */ };
static session g_pool[POOL_SIZE];
static session g_fresh;
static unsigned long long g_clock;
static image g_images[MAX_IMAGES];
static size_t g_n_images;

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

/* The database file the CREATE statements and the rank setting leave: a
 * pure function of the schema. */
static image make_image(ctx *x, const char *key)
{
    const schema *sc = &x->tc->sc;
    sqlite3 *db = NULL;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK)
        abort(); /* out of memory: nothing a fuzz target can do */
    pf_buf sql = {0};
    schema_ddl(sc, &sql);
    for (int t = 1; weight_sql[sc->weights] && t <= 2; t++)
        pf_buf_printf(&sql, "INSERT INTO t%d(t%d, rank) VALUES('rank', '%s');",
                      t, t, weight_sql[sc->weights]);
    int rc = sqlite3_exec(db, pf_buf_str(&sql), NULL, NULL, NULL);
    pf_buf_free(&sql);
    image img = {.key = strdup(key)};
    if (rc == SQLITE_OK)
        img.bytes = sqlite3_serialize(db, "main", &img.size, 0);
    sqlite3_close(db);
    if (rc != SQLITE_OK)
        sql_failed(x, "CREATE VIRTUAL TABLE", rc);
    if (!img.key || !img.bytes)
        abort();
    return img;
}

static const image *image_of(ctx *x, const char *key)
{
    for (size_t i = 0; i < g_n_images; i++)
        if (strcmp(g_images[i].key, key) == 0)
            return &g_images[i];
    PF_ASSERT(x->s, g_n_images < MAX_IMAGES);
    g_images[g_n_images] = make_image(x, key);
    return &g_images[g_n_images++];
}

static const char *key_of(ctx *x)
{
    pf_buf key = {0};
    schema_ddl(&x->tc->sc, &key);
    pf_buf_printf(&key, " rank=%s", weight_names[x->tc->sc.weights]);
    return pf_buf_defer(x->s, &key);
}

/* ------------------------------------------------------------------ */
/* Statements.                                                         */
/* ------------------------------------------------------------------ */

static sqlite3_stmt *prepare(ctx *x, sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        sql_failed(x, sql, rc);
    return st;
}

/* A table's statements. The second table is only loaded and queried
 * plainly. */
static void prepare_table(ctx *x, session *ss, int which)
{
    static const char *const order[N_QSTMTS] = {
        " ORDER BY rank", "", " ORDER BY rank, rowid LIMIT ?2",
        " ORDER BY rowid DESC LIMIT ?2"};
    fts_table *t = &ss->t[which];
    const char *name = which == T1 ? "t1" : "t2";
    snprintf(t->name, sizeof t->name, "%s", name);
    char q[160];
    snprintf(q, sizeof q, "INSERT INTO %s(%s, rank) VALUES(?1, ?2)", name, name);
    t->command = prepare(x, ss->db, q);
    for (int i = 0; i < N_QSTMTS; i++)
        if (which == T1 || i == Q_PLAIN) {
            snprintf(q, sizeof q, "SELECT rowid, rank FROM %s WHERE %s MATCH ?1%s",
                     name, name, order[i]);
            t->q[i] = prepare(x, ss->db, q);
        }
    pf_buf sql = {0};
    pf_buf_printf(&sql, "INSERT INTO %s(rowid", name);
    for (size_t c = 0; c < x->tc->sc.n_cols; c++)
        pf_buf_printf(&sql, ", c%zu", c);
    pf_buf_printf(&sql, ") VALUES(?1");
    for (size_t c = 0; c < x->tc->sc.n_cols; c++)
        pf_buf_printf(&sql, ", ?%zu", c + 2);
    pf_buf_printf(&sql, ")");
    t->insert = prepare(x, ss->db, pf_buf_defer(x->s, &sql));
}

sqlite3_stmt *session_update(ctx *x, size_t col)
{
    fts_table *t = &x->db->t[T1];
    if (!t->update[col]) {
        char q[96];
        snprintf(q, sizeof q, "UPDATE t1 SET c%zu = ?1 WHERE rowid = ?2", col);
        t->update[col] = prepare(x, x->db->db, q);
    }
    return t->update[col];
}

/* Calls fn on every statement slot of the session (NULL when not
 * prepared). */
static void each_statement(session *ss, void (*fn)(sqlite3_stmt **))
{
    for (int t = 0; t < N_TABLES; t++) {
        for (int i = 0; i < N_QSTMTS; i++)
            fn(&ss->t[t].q[i]);
        fn(&ss->t[t].insert);
        fn(&ss->t[t].command);
        for (size_t c = 0; c < MAX_COLS; c++)
            fn(&ss->t[t].update[c]);
    }
    fn(&ss->begin);
    fn(&ss->commit);
}

static void finalize(sqlite3_stmt **st)
{
    sqlite3_finalize(*st);
    *st = NULL;
}

static void reset(sqlite3_stmt **st)
{
    if (*st) {
        sqlite3_reset(*st);
        sqlite3_clear_bindings(*st);
    }
}

/* ------------------------------------------------------------------ */
/* Connections.                                                        */
/* ------------------------------------------------------------------ */

static void session_close(session *ss)
{
    each_statement(ss, finalize);
    sqlite3_close(ss->db);
    memfile_drop(ss->file);
    memset(ss, 0, sizeof *ss);
}

/* The database file back to the image: only while no transaction holds
 * it. */
static void restore(ctx *x, session *ss)
{
    PF_ASSERT(x->s, memfile_put(ss->file, ss->img->bytes, (size_t)ss->img->size));
}

/* When the input ends, however it ends: every statement reset and its
 * bindings (pointers into the input's memory) cleared, a transaction left
 * open rolled back; a connection not kept, or not idle, is closed. */
static void session_end(void *arg)
{
    session *ss = arg;
    each_statement(ss, reset);
    if (!sqlite3_get_autocommit(ss->db))
        sqlite3_exec(ss->db, "ROLLBACK", NULL, NULL, NULL);
    if (!ss->kept || sqlite3_txn_state(ss->db, NULL) != SQLITE_TXN_NONE)
        session_close(ss);
}

/* A new connection on a fresh copy of the image, its statements
 * prepared. */
static void session_open(ctx *x, session *ss, const image *img,
                         const char *file, bool keep)
{
    memset(ss, 0, sizeof *ss);
    ss->img = img;
    snprintf(ss->file, sizeof ss->file, "%s", file);
    restore(x, ss);
    if (sqlite3_open_v2(ss->file, &ss->db, SQLITE_OPEN_READWRITE,
                        memvfs_name()) != SQLITE_OK)
        abort(); /* out of memory: nothing a fuzz target can do */
    x->db = ss;
    pf_defer(x->s, session_end, ss);
    /* As SQLite's own in-memory databases: the rollback journal in memory. */
    int rc = sqlite3_exec(ss->db, "PRAGMA journal_mode=MEMORY", NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        sql_failed(x, "PRAGMA journal_mode=MEMORY", rc);
    prepare_table(x, ss, T1);
    prepare_table(x, ss, T2);
    ss->begin = prepare(x, ss->db, "BEGIN");
    ss->commit = prepare(x, ss->db, "COMMIT");
    ss->kept = keep; /* a session left half made is closed */
}

/* The pooled session for the image: kept, or the least recently used
 * slot made anew. */
static session *pooled(ctx *x, const image *img)
{
    session *lru = &g_pool[0];
    for (size_t i = 0; i < POOL_SIZE; i++) {
        session *ss = &g_pool[i];
        if (ss->db && ss->img == img) {
            restore(x, ss);
            x->db = ss;
            x->reused = true;
            pf_defer(x->s, session_end, ss);
            return ss;
        }
        if (!ss->db || (lru->db && ss->last_used < lru->last_used))
            lru = ss;
    }
    if (lru->db)
        session_close(lru);
    char file[16];
    snprintf(file, sizeof file, "pool-%zu", (size_t)(lru - g_pool));
    session_open(x, lru, img, file, true);
    return lru;
}

session *session_get(ctx *x)
{
    const image *img = image_of(x, key_of(x));
    session *ss;
    if (pf_recording()) {
        if (g_fresh.db) /* left by an input that did not end (cannot happen) */
            session_close(&g_fresh);
        ss = &g_fresh;
        session_open(x, ss, img, "fresh", false);
    } else {
        ss = pooled(x, img);
    }
    ss->last_used = ++g_clock;
    return ss;
}
