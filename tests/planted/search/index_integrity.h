/* Planted bug for index_integrity: an 'optimize' or 'merge' writes the
 * first document's column sizes from a stale buffer (the last document's):
 * %_docsize no longer agrees with the content. The index itself is intact
 * and every statement still succeeds; ranks move, but only FTS5's
 * integrity-check (which recounts each column) says what is wrong.
 * Tables made with columnsize=0 have no %_docsize and are left alone. */

static int planted_step(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    char *sql = rc == SQLITE_DONE ? sqlite3_expanded_sql(st) : NULL;
    const char *into = sql ? strstr(sql, "INTO t") : NULL;
    if (into && (strstr(sql, "'optimize'") || strstr(sql, "'merge'"))) {
        char t = into[6], stale[200];
        snprintf(stale, sizeof stale, "UPDATE t%c_docsize SET sz = (SELECT sz "
                 "FROM t%c_docsize ORDER BY id DESC LIMIT 1) WHERE id = "
                 "(SELECT min(id) FROM t%c_docsize)", t, t, t);
        sqlite3_exec(sqlite3_db_handle(st), stale, NULL, NULL, NULL);
    }
    sqlite3_free(sql);
    return rc;
}
#define sqlite3_step planted_step
