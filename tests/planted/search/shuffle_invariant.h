/* Planted bug for shuffle_invariant: the row inserted last into a table is
 * missing from its MATCH results (as if the last pending entry of FTS5's
 * in-memory hash were never flushed). Each table is consistent with
 * itself; loaded in another order, another row goes missing. */

/* The last rowid inserted into t1 and t2: every input loads a table
 * before it queries it, so no value outlives the input that set it. */
static sqlite3_int64 planted_last[2] = {INT64_MIN, INT64_MIN};

/* 0 for t1, 1 for t2, -1 for neither ("... t1 ..." in the statement). */
static int planted_table(sqlite3_stmt *st)
{
    const char *sql = sqlite3_sql(st), *t = strstr(sql, " t");
    return t && (t[2] == '1' || t[2] == '2') ? t[2] - '1' : -1;
}

static int planted_step(sqlite3_stmt *st)
{
    int tab = planted_table(st);
    int rc = sqlite3_step(st);
    if (tab >= 0 && strstr(sqlite3_sql(st), "(rowid") && rc == SQLITE_DONE)
        planted_last[tab] = sqlite3_last_insert_rowid(sqlite3_db_handle(st));
    while (tab >= 0 && rc == SQLITE_ROW &&
           strncmp(sqlite3_sql(st), "SELECT", 6) == 0 &&
           sqlite3_column_int64(st, 0) == planted_last[tab])
        rc = sqlite3_step(st);
    return rc;
}
#define sqlite3_step planted_step
