/* Planted bug for exact_match_found: ORDER BY rank loses its best row (an
 * off-by-one in the rank sorter). A document that is the query term
 * repeated is the only, or the best, match — and is lost. */

static int planted_step(sqlite3_stmt *st)
{
    static sqlite3_stmt *fresh;
    int rc = sqlite3_step(st);
    const char *sql = sqlite3_sql(st);
    size_t n = strlen(sql);
    bool ranked = n > 13 && strcmp(sql + n - 13, "ORDER BY rank") == 0;
    if (ranked && rc == SQLITE_ROW && fresh != st) {
        fresh = st; /* first row of this run: skip it */
        rc = sqlite3_step(st);
    }
    if (rc != SQLITE_ROW && fresh == st)
        fresh = NULL; /* the run is over; the next one starts afresh */
    return rc;
}
#define sqlite3_step planted_step
