/* Planted bug for or_superset: the query parser takes OR for AND (an
 * operator-table mix-up), so a OR b matches only a ∩ b. */

static int planted_bind_text(sqlite3_stmt *st, int i, const char *text, int n,
                             void (*del)(void *))
{
    char buf[256];
    /* Only query texts: they are NUL-terminated (document texts are not). */
    bool query = i == 1 && text && strncmp(sqlite3_sql(st), "SELECT", 6) == 0;
    const char *or = query ? strstr(text, " OR ") : NULL;
    if (!or || strlen(text) + 2 > sizeof buf)
        return sqlite3_bind_text(st, i, text, n, del);
    size_t at = (size_t)(or - text);
    snprintf(buf, sizeof buf, "%.*s AND %s", (int)at, text, or + 4);
    return sqlite3_bind_text(st, i, buf, -1, SQLITE_TRANSIENT);
}
#define sqlite3_bind_text planted_bind_text
