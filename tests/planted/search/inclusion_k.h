/* Planted bug for inclusion_k: the top-N sorter behind ORDER BY ... LIMIT
 * drops a row whose rank ties with the row before it. Without LIMIT every
 * row comes back, so LIMIT k is no longer the first k of the ranking. */

static int planted_step(sqlite3_stmt *st)
{
    static sqlite3_stmt *last_st;
    static double last_rank;
    int rc = sqlite3_step(st);
    if (!strstr(sqlite3_sql(st), "rank, rowid LIMIT"))
        return rc;
    if (last_st != st) /* a new run of this statement */
        last_rank = 1.0; /* ranks are never positive */
    last_st = st;
    while (rc == SQLITE_ROW && sqlite3_column_double(st, 1) == last_rank)
        rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        last_rank = sqlite3_column_double(st, 1);
    else
        last_st = NULL;
    return rc;
}
#define sqlite3_step planted_step
