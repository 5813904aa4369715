/* Planted bug for round_trip: a recogniser that is right only 3 times in
 * 5 for some inputs. On lines holding an 'e' it reads the first one as
 * 'c' (a classic confusion) for two images in five — which two depends on
 * the image's pixels, so the same image always reads the same (replay is
 * deterministic) while the renderings of one line differ. At a budget of
 * 4 of 5 such a line is found below budget. */
#include "image_hash.inc"

static char *planted_get_text(TessBaseAPI *api)
{
    char *text = TessBaseAPIGetUTF8Text(api);
    char *e = text ? strchr(text, 'e') : NULL;
    if (e && (planted_image_hash >> 7) % 5 < 2)
        *e = 'c';
    return text;
}
#define TessBaseAPIGetUTF8Text planted_get_text
