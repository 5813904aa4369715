/* Planted bug for digits_exact: a recogniser that silently reads the
 * first '1' as '7' in one image out of five (chosen by the image's
 * pixels, so replay is deterministic). round_trip's budget of 4 of 5
 * lets that through; digits_exact's 5 of 5 must not. */
static uint64_t planted_image_hash;

static void planted_set_image(TessBaseAPI *api, const unsigned char *px, int w,
                              int h, int bpp, int bpl)
{
    uint64_t x = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < (size_t)h * (size_t)bpl; i++)
        x = (x ^ px[i]) * UINT64_C(0x100000001b3);
    planted_image_hash = x;
    TessBaseAPISetImage(api, px, w, h, bpp, bpl);
}
#define TessBaseAPISetImage planted_set_image

static char *planted_get_text(TessBaseAPI *api)
{
    char *text = TessBaseAPIGetUTF8Text(api);
    char *one = text ? strchr(text, '1') : NULL;
    if (one && (planted_image_hash >> 7) % 5 == 0)
        *one = '7';
    return text;
}
#define TessBaseAPIGetUTF8Text planted_get_text
