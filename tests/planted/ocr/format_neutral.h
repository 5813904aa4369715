/* Planted bug for format_neutral: a layout step with an off-by-one at the
 * right edge that loses the line's last character whenever the image is
 * an odd number of pixels wide. A change of size or position changes the
 * width, so about half of the changed renderings read differently from
 * the unchanged one. */
static int planted_width;

static void planted_set_image(TessBaseAPI *api, const unsigned char *px, int w,
                              int h, int bpp, int bpl)
{
    planted_width = w;
    TessBaseAPISetImage(api, px, w, h, bpp, bpl);
}
#define TessBaseAPISetImage planted_set_image

static char *planted_get_text(TessBaseAPI *api)
{
    char *text = TessBaseAPIGetUTF8Text(api);
    if (text && planted_width % 2 == 1) {
        size_t n = strlen(text);
        while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == ' '))
            n--;
        if (n > 0)
            text[n - 1] = '\n', text[n] = 0;
    }
    return text;
}
#define TessBaseAPIGetUTF8Text planted_get_text
