/* search's sessions (see session.h): which connection an input runs on.
 * Each input gets a fresh connection on a fresh copy of the image of its
 * schema's empty tables (made once per process by the CREATE statements:
 * a pure function of the schema), so nothing carries over from one input
 * to the next. */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include "session.h"

#include <stdio.h>
#include <stdlib.h>

/* An empty database of one schema, as bytes. */
struct image {
    char *key;             /* the DDL, then the rank setting */
    unsigned char *bytes;
    sqlite3_int64 size;
};

enum { MAX_IMAGES = 1024 /* > the number of schemas */ };
static session g_fresh;
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
    memset(ss, 0, sizeof *ss);
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

/* A new in-memory connection on a fresh copy of the image, its
 * statements prepared. */
static void session_open(ctx *x, session *ss, const image *img,
                         const char *file, bool keep)
{
    memset(ss, 0, sizeof *ss);
    ss->img = img;
    snprintf(ss->file, sizeof ss->file, "%s", file);
    if (sqlite3_open(":memory:", &ss->db) != SQLITE_OK)
        abort(); /* out of memory: nothing a fuzz target can do */
    unsigned char *copy = sqlite3_malloc64((sqlite3_uint64)img->size);
    if (!copy)
        abort();
    memcpy(copy, img->bytes, (size_t)img->size);
    int rc = sqlite3_deserialize(ss->db, "main", copy, img->size, img->size,
                                 SQLITE_DESERIALIZE_FREEONCLOSE |
                                     SQLITE_DESERIALIZE_RESIZEABLE);
    x->db = ss;
    pf_defer(x->s, session_end, ss);
    if (rc != SQLITE_OK)
        sql_failed(x, "sqlite3_deserialize", rc);
    prepare_table(x, ss, T1);
    prepare_table(x, ss, T2);
    ss->begin = prepare(x, ss->db, "BEGIN");
    ss->commit = prepare(x, ss->db, "COMMIT");
    ss->kept = keep; /* a session left half made is closed */
}

session *session_get(ctx *x)
{
    const image *img = image_of(x, key_of(x));
    session *ss = &g_fresh;
    if (ss->db) /* left by an input that did not end (cannot happen) */
        session_close(ss);
    session_open(x, ss, img, "fresh", false);
    return ss;
}
