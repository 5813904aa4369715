/* Planted bug for deterministic: a recogniser whose adaptive state flips
 * with every page it reads (what Tesseract's legacy adaptive classifier
 * could do across pages): on every second read a '0' comes back as 'O'.
 * The same image read twice in a row then reads two ways. */
static unsigned long planted_reads;

static char *planted_get_text(TessBaseAPI *api)
{
    char *text = TessBaseAPIGetUTF8Text(api);
    char *zero = text ? strchr(text, '0') : NULL;
    if (zero && planted_reads++ % 2 == 1)
        *zero = 'O';
    return text;
}
#define TessBaseAPIGetUTF8Text planted_get_text
