/* Planted bug for fold_invariant: Latin-1 capitals fold one letter too far
 * (as if their entry's offset in sqlite3Fts5UnicodeFold's table were
 * 0x21, not 0x20): a document's "É" is indexed as "ê". Shown as documents
 * whose Latin-1 capitals (UTF-8 C3 80..C3 9E) are stored so; every other
 * word the harness stores is ASCII. */

static int planted_bind_text(sqlite3_stmt *st, int i, const char *text, int n,
                             void (*del)(void *))
{
    char buf[256];
    if (i < 2 || !text || n <= 0 || (size_t)n > sizeof buf ||
        strncmp(sqlite3_sql(st), "INSERT", 6) != 0 || !memchr(text, 0xC3, (size_t)n))
        return sqlite3_bind_text(st, i, text, n, del);
    memcpy(buf, text, (size_t)n);
    for (int k = 0; k + 1 < n; k++)
        if ((unsigned char)buf[k] == 0xC3 && (unsigned char)buf[k + 1] >= 0x80 &&
            (unsigned char)buf[k + 1] <= 0x9E && (unsigned char)buf[k + 1] != 0x97)
            buf[k + 1] = (char)((unsigned char)buf[k + 1] + 0x21);
    return sqlite3_bind_text(st, i, buf, n, SQLITE_TRANSIENT);
}
#define sqlite3_bind_text planted_bind_text
