/* Planted bug for monotone_term: an UPDATE re-indexes only the last word
 * of the new value (as if the delete of the old entry and the insert of
 * the new one were computed from the difference of the texts, wrongly).
 * The row loses the terms it had. */

static int planted_bind_text(sqlite3_stmt *st, int i, const char *text, int n,
                             void (*del)(void *))
{
    if (i != 1 || !text || n <= 0 || strncmp(sqlite3_sql(st), "UPDATE", 6) != 0)
        return sqlite3_bind_text(st, i, text, n, del);
    int at = n;
    while (at > 0 && text[at - 1] != ' ')
        at--;
    return sqlite3_bind_text(st, i, text + at, n - at, del);
}
#define sqlite3_bind_text planted_bind_text
