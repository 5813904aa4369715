/* Planted bug for parse_safe: poppler's page text loses its first
 * character when the page read before it had a longer text (state left
 * over from the previous document), so loading the same bytes twice
 * gives two texts. */
static size_t planted_last_len;

static gchar *planted_get_text(PopplerPage *page)
{
    gchar *text = poppler_page_get_text(page);
    size_t n = text ? strlen(text) : 0;
    bool cut = n > 0 && planted_last_len > n;
    planted_last_len = n;
    if (cut)
        memmove(text, text + 1, n);
    return text;
}
#define poppler_page_get_text planted_get_text
