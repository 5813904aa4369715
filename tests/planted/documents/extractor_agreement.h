/* Planted bug for extractor_agreement: poppler's page text turns every
 * comma into a point (a locale's decimal mark applied to the text), so
 * amounts with a decimal comma or a thousands comma read differently
 * from MuPDF's. */
static gchar *planted_get_text(PopplerPage *page)
{
    gchar *text = poppler_page_get_text(page);
    for (gchar *p = text; p && *p; p++)
        if (*p == ',')
            *p = '.';
    return text;
}
#define poppler_page_get_text planted_get_text
