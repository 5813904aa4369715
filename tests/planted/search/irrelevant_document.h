/* Planted bug for irrelevant_document: a "relevance cutoff" drops rows
 * whose BM25 rank is above -1e-4. FTS5 clamps a term's IDF to 1e-6 when
 * the term is in half the rows or more, so such rows vanish — until an
 * unrelated row raises the row count and the IDF, and they come back. */

static int planted_step(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    while (rc == SQLITE_ROW && strncmp(sqlite3_sql(st), "SELECT", 6) == 0 &&
           sqlite3_column_double(st, 1) > -1e-4)
        rc = sqlite3_step(st);
    return rc;
}
#define sqlite3_step planted_step
