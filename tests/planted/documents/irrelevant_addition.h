/* Planted bug for irrelevant_addition: poppler's page text runs the last
 * word of a line of plain words (no colon, no digit) into the table's
 * header line below it, as if the two were one line. A paragraph of
 * stray text placed right above the table then breaks the table. */
static bool planted_plain(const char *line, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (line[i] == ':' || (line[i] >= '0' && line[i] <= '9'))
            return false;
    return n > 0;
}

static bool planted_is_head(const char *line)
{
    return strncmp(line, "No. ", 4) == 0 || strncmp(line, "# ", 2) == 0 ||
           strncmp(line, "Nr. ", 4) == 0;
}

static gchar *planted_get_text(PopplerPage *page)
{
    gchar *text = poppler_page_get_text(page);
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (!next)
            break;
        size_t n = (size_t)(next - line);
        if (planted_plain(line, n) && planted_is_head(next + 1)) {
            const char *word = line + n;
            while (word > line && word[-1] != ' ')
                word--;
            char *end = strchr(next + 1, '\n');
            if (!end)
                end = next + 1 + strlen(next + 1);
            gchar *merged = g_strdup_printf("%.*s %.*s%s", (int)(end - text), text,
                                            (int)(line + n - word), word, end);
            g_free(text);
            return merged;
        }
        line = next + 1;
    }
    return text;
}
#define poppler_page_get_text planted_get_text
