/* Planted bug for deletion: poppler's page text remembers the last date
 * line it saw and, on a page with none, puts it back at the top (a stale
 * cache standing in for missing text): a field left out is invented. */
static gchar *planted_date_line;

static bool planted_is_date(const char *line)
{
    return strncmp(line, "Date:", 5) == 0 || strncmp(line, "DATE:", 5) == 0 ||
           strncmp(line, "Datum:", 6) == 0;
}

static gchar *planted_get_text(PopplerPage *page)
{
    gchar *text = poppler_page_get_text(page);
    for (const char *line = text; line && *line;) {
        size_t n = strcspn(line, "\n");
        if (planted_is_date(line)) {
            g_free(planted_date_line);
            planted_date_line = g_strndup(line, n);
            return text;
        }
        line += n + (line[n] == '\n');
    }
    if (!planted_date_line || !text)
        return text;
    gchar *with = g_strdup_printf("%s\n%s", planted_date_line, text);
    g_free(text);
    return with;
}
#define poppler_page_get_text planted_get_text
