/* Planted bug for and_subset: the query parser takes AND for OR (an
 * operator-table mix-up), so a AND b matches a ∪ b. */

static int planted_bind_text(sqlite3_stmt *st, int i, const char *text, int n,
                             void (*del)(void *))
{
    char buf[256];
    /* Only query texts: they are NUL-terminated (document texts are not). */
    bool query = i == 1 && text && strncmp(sqlite3_sql(st), "SELECT", 6) == 0;
    const char *and = query ? strstr(text, " AND ") : NULL;
    if (!and || strlen(text) + 1 > sizeof buf)
        return sqlite3_bind_text(st, i, text, n, del);
    size_t at = (size_t)(and - text);
    snprintf(buf, sizeof buf, "%.*s OR %s", (int)at, text, and + 5);
    return sqlite3_bind_text(st, i, buf, -1, SQLITE_TRANSIENT);
}
#define sqlite3_bind_text planted_bind_text
