/* Restrictions of the ocr target (harness/ocr.c), shown against the real
 * Tesseract with the target's own renderer: past each bound of the
 * strategy recognition really fails (so the bound excludes unreadable
 * input, not a bug), and at the bound a plain line still reads back.
 * R4 (one line, ASCII fields) is the target's choice of scope, not a
 * bound recognition crosses, so it has no check here.
 * Prints PASS/FAIL per check and "N passed, N failed". */
#include "../../harness/ocr/render.h"
#include "testkit.h"

static pf_src *g_s;

/* What Tesseract reads of text drawn as st says. */
static const char *read_back(const char *text, style st)
{
    image im = render(g_s, text, &st, 0, 0, 12345);
    save_png(g_s, &im, "restrict"); /* PF_OCR_IMAGES=<dir>: to look at */
    return collapse(g_s, recognise(g_s, &im, st.ppi));
}

static style plain(unsigned px)
{
    return (style){.font = 0, .px = px, .shift_x = 8, .shift_y = 4, .ppi = 300,
                   .ink = 0, .paper = 255, .noise = 0, .tilt = 0, .noise_seed = 1};
}

static void expect(const char *name, bool want_same, const char *text, style st)
{
    const char *got = read_back(text, st);
    bool same = strcmp(got, text) == 0;
    verdict(name, same == want_same, "%s \"%s\" read as \"%s\"",
            want_same ? "want it read back:" : "want it misread:", text, got);
}

int main(void)
{
    ocr_init();
    g_s = pf_begin("ocr", NULL, 0);
    const char *line = "INV-48213 2024-03-15 1,234.56";

    /* R1: at 14 px (MIN_PX) the line reads; far below it does not. */
    expect("R1 reads-at-14px", true, line, plain(14));
    expect("R1 misread-at-7px", false, line, plain(7));

    /* R2: a tilt of 3 degrees (MAX_TILT) reads; 12 degrees does not, since
     * a single line (PSM 7) is not deskewed. */
    style tilt = plain(24);
    tilt.tilt = 30;
    expect("R2 reads-at-3-degrees", true, line, tilt);
    tilt.tilt = 120;
    expect("R2 misread-at-12-degrees", false, line, tilt);

    /* R3: the worst contrast and noise the strategy draws still read; a
     * faint, noisy scan does not. */
    style worn = plain(24);
    worn.ink = 80;
    worn.paper = 175;
    worn.noise = 24;
    expect("R3 reads-at-worst-contrast-and-noise", true, line, worn);
    worn.ink = 120;
    worn.paper = 150;
    worn.noise = 60;
    expect("R3 misread-when-faint-and-noisy", false, line, worn);

    pf_end(g_s);
    return finish();
}
