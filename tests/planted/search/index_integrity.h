/* Planted bug for index_integrity: after an 'optimize' or 'merge' the
 * index no longer agrees with the content table, which FTS5's
 * integrity-check reports as SQLITE_CORRUPT_VTAB. (Simulated: the
 * integrity-check statement fails once such a command has run.) */
#define PF_PLANT_ONLY "index_integrity"

static bool planted_merged;

static int planted_open(const char *name, sqlite3 **db)
{
    planted_merged = false; /* a new input */
    return sqlite3_open(name, db);
}

static int planted_step(sqlite3_stmt *st)
{
    char *sql = sqlite3_expanded_sql(st);
    bool merge = sql && (strstr(sql, "'optimize'") || strstr(sql, "'merge'"));
    bool check = sql && strstr(sql, "'integrity-check'");
    sqlite3_free(sql);
    if (check && planted_merged) {
        sqlite3_reset(st);
        return SQLITE_CORRUPT_VTAB;
    }
    int rc = sqlite3_step(st);
    if (merge && rc == SQLITE_DONE)
        planted_merged = true;
    return rc;
}
#define SEARCH_OPEN planted_open
#define SEARCH_STEP planted_step
