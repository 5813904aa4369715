/* search's sessions (session.c), as db.c uses them: a connection and its
 * two FTS5 tables' statements. */
#ifndef SEARCH_SESSION_H
#define SEARCH_SESSION_H

#include "search.h"

typedef struct fts_table {
    char name[4];
    sqlite3_stmt *q[N_QSTMTS]; /* t2: Q_PLAIN only */
    sqlite3_stmt *insert;      /* rowid, columns */
    sqlite3_stmt *command;     /* INSERT INTO t(t, rank) VALUES(?1, ?2) */
    sqlite3_stmt *update[MAX_COLS]; /* t1, prepared when first needed */
} fts_table;

typedef struct image image;

struct session {
    const image *img;
    char file[16];         /* its database file (vfs.c) */
    sqlite3 *db;
    fts_table t[N_TABLES];
    sqlite3_stmt *begin, *commit;
    unsigned long long last_used;
    bool kept;             /* pooled for later inputs */
};

/* The session of the input: its database as a fresh one of the schema
 * (both tables empty), released when the input ends, however it ends. */
session *session_get(ctx *x);
/* t1's UPDATE of column col, prepared when first asked for. */
sqlite3_stmt *session_update(ctx *x, size_t col);

#endif
