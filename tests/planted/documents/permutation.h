/* Planted bug for permutation: poppler's page text loses the line right
 * after a line that starts with the customer label when that line is the
 * date (two short labelled lines taken for one), so the date's presence
 * depends on the order of the sections. */
static bool planted_starts(const char *line, const char *const *labels)
{
    for (size_t i = 0; i < 3; i++)
        if (strncmp(line, labels[i], strlen(labels[i])) == 0)
            return true;
    return false;
}

static gchar *planted_get_text(PopplerPage *page)
{
    static const char *const customer[3] = {"Customer:", "BILL TO:", "Kunde:"};
    static const char *const date[3] = {"Date:", "DATE:", "Datum:"};
    gchar *text = poppler_page_get_text(page);
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (!next)
            break;
        next++;
        if (planted_starts(line, customer) && planted_starts(next, date)) {
            char *end = strchr(next, '\n');
            memmove(next, end ? end + 1 : next + strlen(next),
                    strlen(end ? end + 1 : next + strlen(next)) + 1);
        }
        line = next;
    }
    return text;
}
#define poppler_page_get_text planted_get_text
