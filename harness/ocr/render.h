/* The rendering and recognition side of the ocr target (harness/ocr.c),
 * kept apart so that tests/restrict/ocr.c shows the strategy's bounds with
 * the very renderer the target uses. Included once per program; the
 * library is set up by ocr_init, released at exit.
 *
 * A line is drawn by cairo with a DejaVu face loaded from its file (no
 * fontconfig: the same glyphs on every machine with fonts-dejavu-core),
 * turned into 8-bit grey (ink on paper, plus noise that is a function of
 * a seed) and read by Tesseract as a single line. */
#ifndef OCR_RENDER_H
#define OCR_RENDER_H

#include "propfuzz.h"

#include <cairo/cairo-ft.h>
#include <cairo/cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tesseract/capi.h>

enum { MARGIN = 12 };

static const char *const FONTS[] = {
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf",
    "DejaVuSerif-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
};
enum { N_FONTS = sizeof FONTS / sizeof FONTS[0] };
#define FONT_DIR "/usr/share/fonts/truetype/dejavu/"

/* How a line is drawn. */
typedef struct style {
    unsigned font, px, shift_x, shift_y, ppi, ink, paper, noise;
    int tilt;            /* tenths of a degree */
    uint32_t noise_seed;
} style;

typedef struct image {
    uint8_t *px;         /* 8-bit grey, w bytes a row */
    int w, h;
} image;

/* --- the library, set up once ------------------------------------- */

static TessBaseAPI *g_api;
static FT_Library g_ft;
static FT_Face g_ft_faces[N_FONTS];
static cairo_font_face_t *g_faces[N_FONTS];
static cairo_t *g_measure;   /* a 1x1 context for text extents */

static void die(const char *what, const char *fix)
{
    fprintf(stderr, "propfuzz ocr: %s (%s)\n", what, fix);
    exit(2);
}

static void ocr_end(void)
{
    cairo_surface_t *s = cairo_get_target(g_measure);
    cairo_destroy(g_measure);
    cairo_surface_destroy(s);
    for (int i = 0; i < N_FONTS; i++) {
        cairo_font_face_destroy(g_faces[i]);
        FT_Done_Face(g_ft_faces[i]);
    }
    FT_Done_FreeType(g_ft);
    cairo_debug_reset_static_data();
    TessBaseAPIEnd(g_api);
    TessBaseAPIDelete(g_api);
}

static void ocr_init(void)
{
    if (FT_Init_FreeType(&g_ft))
        die("FreeType does not start", "reinstall libfreetype6");
    for (int i = 0; i < N_FONTS; i++) {
        char path[256];
        snprintf(path, sizeof path, FONT_DIR "%s", FONTS[i]);
        if (FT_New_Face(g_ft, path, 0, &g_ft_faces[i]))
            die(path, "install fonts-dejavu-core");
        g_faces[i] = cairo_ft_font_face_create_for_ft_face(g_ft_faces[i], 0);
    }
    g_measure = cairo_create(cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1));
    g_api = TessBaseAPICreate();
    if (TessBaseAPIInit2(g_api, NULL, "eng", OEM_LSTM_ONLY) != 0)
        die("Tesseract cannot load its English model", "install tesseract-ocr-eng");
    TessBaseAPISetPageSegMode(g_api, PSM_SINGLE_LINE);
    TessBaseAPISetVariable(g_api, "debug_file", "/dev/null");
    atexit(ocr_end);
}

/* --- rendering ----------------------------------------------------- */

/* splitmix64: the noise of a rendering is a function of its seed. */
static uint64_t mix(uint64_t z)
{
    z += UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint8_t grey(const style *st, unsigned alpha, uint64_t *rng)
{
    int v = (int)st->paper - (int)((st->paper - st->ink) * alpha / 255);
    if (st->noise) {
        *rng = mix(*rng);
        v += (int)(*rng % (2 * st->noise + 1)) - (int)st->noise;
    }
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

/* Renders text as st says, moved by (dx, dy) pixels, with the noise of
 * noise_seed. The canvas grows with the shift, so a move is a change of
 * the image a layout analyser sees, not only of its content. */
static image render(pf_src *s, const char *text, const style *st, unsigned dx,
                    unsigned dy, uint64_t noise_seed)
{
    cairo_set_font_face(g_measure, g_faces[st->font]);
    cairo_set_font_size(g_measure, st->px);
    cairo_text_extents_t e;
    cairo_font_extents_t fe;
    cairo_text_extents(g_measure, text, &e);
    cairo_font_extents(g_measure, &fe);
    double a = st->tilt * 3.14159265358979323846 / 1800.0, tw = e.x_advance, th = fe.ascent + fe.descent;
    double bw = tw * cos(fabs(a)) + th * sin(fabs(a));
    double bh = tw * sin(fabs(a)) + th * cos(fabs(a));
    unsigned ox = MARGIN + st->shift_x + dx, oy = MARGIN + st->shift_y + dy;
    image im = {NULL, (int)ceil(bw) + (int)ox + MARGIN, (int)ceil(bh) + (int)oy + MARGIN};
    cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_A8, im.w, im.h);
    cairo_t *c = cairo_create(surf);
    cairo_set_font_face(c, g_faces[st->font]);
    cairo_set_font_size(c, st->px);
    cairo_translate(c, ox + bw / 2, oy + bh / 2);
    cairo_rotate(c, a);
    cairo_move_to(c, -tw / 2, -th / 2 + fe.ascent);
    cairo_show_text(c, text);
    cairo_surface_flush(surf);
    bool ok = cairo_status(c) == CAIRO_STATUS_SUCCESS;
    im.px = pf_alloc(s, (size_t)im.w * (size_t)im.h);
    const uint8_t *alpha = cairo_image_surface_get_data(surf);
    int stride = cairo_image_surface_get_stride(surf);
    uint64_t rng = noise_seed;
    for (int y = 0; ok && y < im.h; y++)
        for (int x = 0; x < im.w; x++)
            im.px[y * im.w + x] = grey(st, alpha[y * stride + x], &rng);
    cairo_destroy(c);
    cairo_surface_destroy(surf);
    PF_ASSERT(s, ok);
    return im;
}

/* PF_OCR_IMAGES=<dir>: every rendering as <dir>/<property>-<what>.png,
 * so a found case can be looked at. Returns the path, or NULL. */
static const char *save_png(pf_src *s, const image *im, const char *what)
{
    const char *dir = getenv("PF_OCR_IMAGES");
    if (!dir || !*dir)
        return NULL;
    cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, im->w, im->h);
    uint32_t *row = (uint32_t *)cairo_image_surface_get_data(surf);
    int stride = cairo_image_surface_get_stride(surf) / 4;
    for (int y = 0; y < im->h; y++)
        for (int x = 0; x < im->w; x++)
            row[y * stride + x] = im->px[y * im->w + x] * 0x010101u;
    cairo_surface_mark_dirty(surf);
    char *path = pf_alloc(s, strlen(dir) + 96);
    sprintf(path, "%s/%s-%.32s.png", dir, pf_property_name(s) ? pf_property_name(s) : "setup", what);
    bool ok = cairo_surface_write_to_png(surf, path) == CAIRO_STATUS_SUCCESS;
    cairo_surface_destroy(surf);
    return ok ? path : NULL;
}

/* --- recognition --------------------------------------------------- */

/* What Tesseract read, as it returned it (the caller normalises). */
static const char *recognise(pf_src *s, const image *im, unsigned ppi)
{
    TessBaseAPISetImage(g_api, im->px, im->w, im->h, 1, im->w);
    TessBaseAPISetSourceResolution(g_api, (int)ppi);
    char *got = TessBaseAPIGetUTF8Text(g_api);
    size_t n = got ? strlen(got) : 0;
    char *copy = pf_alloc(s, n + 1);
    memcpy(copy, got ? got : "", n + 1);
    TessDeleteText(got);
    return copy;
}

/* Whitespace runs become one space; none at either end. */
static const char *collapse(pf_src *s, const char *text)
{
    char *out = pf_alloc(s, strlen(text) + 1), *o = out;
    for (const char *p = text; *p; p++) {
        bool space = *p == ' ' || *p == '\n' || *p == '\t' || *p == '\r' || *p == '\f';
        if (!space)
            *o++ = *p;
        else if (o > out && o[-1] != ' ')
            *o++ = ' ';
    }
    if (o > out && o[-1] == ' ')
        o--;
    *o = 0;
    return out;
}

#endif
