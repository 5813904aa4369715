/* Planted bug for digits_exact: a recogniser that silently reads the
 * first '1' as '7' in one image out of five (chosen by the image's
 * pixels, so replay is deterministic). round_trip's budget of 4 of 5
 * lets that through; digits_exact's 5 of 5 must not. */
#include "image_hash.inc"

static char *planted_get_text(TessBaseAPI *api)
{
    char *text = TessBaseAPIGetUTF8Text(api);
    char *one = text ? strchr(text, '1') : NULL;
    if (one && (planted_image_hash >> 7) % 5 == 0)
        *one = '7';
    return text;
}
#define TessBaseAPIGetUTF8Text planted_get_text
