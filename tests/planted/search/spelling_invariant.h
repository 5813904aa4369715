/* Planted bug for spelling_invariant: the query parser's bareword table
 * lacks the letters U to Z (as if their entries in sqlite3Fts5IsBareword's
 * table were 0), so an unquoted word with one of them is a syntax error;
 * quoted, it is still a string. The other properties quote every term
 * (and FTS5's keywords AND, OR, NOT and NEAR have none of those letters). */

static int planted_bind_text(sqlite3_stmt *st, int i, const char *text, int n,
                             void (*del)(void *))
{
    char buf[256];
    /* Only query texts: they are NUL-terminated (document texts are not). */
    bool query = i == 1 && text && n < 0 && strncmp(sqlite3_sql(st), "SELECT", 6) == 0;
    if (!query || strlen(text) + 1 > sizeof buf)
        return sqlite3_bind_text(st, i, text, n, del);
    bool in_string = false;
    size_t k = 0;
    for (; text[k]; k++) {
        in_string ^= text[k] == '"';
        buf[k] = text[k] >= 'U' && text[k] <= 'Z' && !in_string ? '!' : text[k];
    }
    buf[k] = '\0';
    return sqlite3_bind_text(st, i, buf, -1, SQLITE_TRANSIENT);
}
#define sqlite3_bind_text planted_bind_text
