/* ocr — Tesseract reads back text that cairo rendered.
 *
 * Setup draws what to write (1..MAX_FIELDS fields: invoice numbers,
 * amounts, dates, short words from VOCAB) and how (a DejaVu face loaded
 * from its file, size, position, a tilt of a few degrees, ink and paper
 * grey levels, a little seeded noise, the declared resolution). A trained
 * recogniser is right most of the time by design, so three properties
 * hold on a rate (pf_check_rate: k renderings, at least m must pass):
 *
 *   round_trip      the line reads back exactly (whitespace collapsed) in
 *                   at least 4 of 5 renderings, each jittered by a drawn
 *                   offset and its own noise
 *   format_neutral  a drawn change of size or position within the bounds
 *                   below reads the same as the unchanged rendering in at
 *                   least 4 of 5 changes
 *   digits_exact    the runs of digits read are exactly the ones written
 *                   (none changed, lost or invented) in 5 of 5 renderings:
 *                   a reader must never change a number silently, so its
 *                   budget is stricter than the words'
 *   deterministic   (plain) the same image read twice, with another image
 *                   read in between when drawn, gives the same text
 *
 * Out of scope for the strategy, because the point is to find where
 * recognition falls below budget inside the range a person would call
 * readable, and to shrink to that input (tests/restrict/ocr.c shows each
 * bound against the real library):
 *   R1 fonts below MIN_PX pixels (em size): tiny text fails for every
 *      recogniser, and a finding there says nothing.
 *   R2 tilts beyond MAX_TILT tenths of a degree: a single line (PSM 7) is
 *      not deskewed by Tesseract; page layout analysis would do that.
 *   R3 contrast below MAX_INK..255-MAX_PAPER_DROP, noise beyond MAX_NOISE
 *      grey levels: a scan that bad is not "readable".
 *   R4 one line of text (PSM 7), printable ASCII fields only: no layout,
 *      no languages other than the English model.
 * A case found is checked by looking at it: PF_OCR_IMAGES=<dir> writes
 * every rendering as a PNG (<property>-<what>.png) and names it in the
 * trial's notes.
 */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tesseract/capi.h>

/* A planted-bug build (tests/planted/ocr/<property>.h) wraps Tesseract
 * calls here, before the renderer and recogniser use them. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

#include "ocr/render.h"

enum {
    MAX_FIELDS = 4,
    MIN_PX = 14, MAX_PX = 40,      /* em size in pixels (R1) */
    MAX_SHIFT_X = 40, MAX_SHIFT_Y = 16,
    MAX_TILT = 30,                 /* tenths of a degree, either way (R2) */
    MAX_INK = 80, MAX_PAPER_DROP = 80, MAX_NOISE = 24, /* grey levels (R3) */
    MIN_PPI = 100, MAX_PPI = 400,
    MAX_JITTER = 3, MAX_RESIZE = 6,
    TRIALS = 5, WORDS_BUDGET = 4, DIGITS_BUDGET = 5,
};

static const char *const VOCAB[] = {
    "total", "paid", "due", "net", "tax", "invoice", "amount", "balance",
    "order", "credit", "account", "date", "item", "price", "ref", "qty",
};
enum { N_VOCAB = sizeof VOCAB / sizeof VOCAB[0] };

enum field_kind { F_WORD, F_INVOICE, F_AMOUNT, F_DATE, N_KINDS };
static const char *const KIND_NAMES[N_KINDS] = {"word", "invoice", "amount", "date"};
enum { MAX_INVOICE = 99999, MAX_CENTS = 9999999, YEARS = 40 };

typedef struct line {
    char text[160];      /* the fields, one space apart */
    style how;
} line;

/* The runs of digits of a text, one space apart ("INV-042 1,234.50" ->
 * "042 1 234 50"): what digits_exact compares. */
static const char *digit_runs(pf_src *s, const char *text)
{
    char *out = pf_alloc(s, 2 * strlen(text) + 1), *o = out;
    for (const char *p = text; *p; p++) {
        if (*p >= '0' && *p <= '9') {
            if (o > out && (p == text || p[-1] < '0' || p[-1] > '9'))
                *o++ = ' ';
            *o++ = *p;
        }
    }
    *o = 0;
    return out;
}

/* --- strategy ------------------------------------------------------ */

static void amount_text(char *out, size_t cap, uint64_t cents)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)(cents / 100));
    size_t at = 0;
    for (int i = 0; i < n && at + 2 < cap; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            out[at++] = ',';
        out[at++] = digits[i];
    }
    snprintf(out + at, cap - at, ".%02u", (unsigned)(cents % 100));
}

static void draw_field(pf_src *s, char *out, size_t cap)
{
    size_t kind = pf_one_of(s, "field", N_KINDS);
    pf_name_values(s, KIND_NAMES, N_KINDS);
    switch (kind) {
    case F_WORD:
        snprintf(out, cap, "%s", VOCAB[pf_choice(s, "word", N_VOCAB)]);
        break;
    case F_INVOICE:
        snprintf(out, cap, "INV-%05u", (unsigned)pf_u64_range(s, "number", 0, MAX_INVOICE));
        break;
    case F_AMOUNT:
        amount_text(out, cap, pf_u64_range(s, "cents", 0, MAX_CENTS));
        break;
    default: {
        unsigned y = (unsigned)pf_u64_range(s, "year", 0, YEARS - 1);
        unsigned m = (unsigned)pf_u64_range(s, "month", 0, 11);
        unsigned d = (unsigned)pf_u64_range(s, "day", 0, 27);
        snprintf(out, cap, "%04u-%02u-%02u", 2000 + y, m + 1, d + 1);
    }
    }
    pf_span_end(s);
}

static style draw_style(pf_src *s)
{
    style st;
    st.font = (unsigned)pf_choice(s, "font", N_FONTS);
    pf_name_values(s, FONTS, N_FONTS);
    st.px = (unsigned)pf_u64_range(s, "px", MIN_PX, MAX_PX);
    st.shift_x = (unsigned)pf_u64_range(s, "shift_x", 0, MAX_SHIFT_X);
    st.shift_y = (unsigned)pf_u64_range(s, "shift_y", 0, MAX_SHIFT_Y);
    st.tilt = (int)pf_i64_range(s, "tilt", -MAX_TILT, MAX_TILT);
    st.ink = (unsigned)pf_u64_range(s, "ink", 0, MAX_INK);
    st.paper = 255 - (unsigned)pf_u64_range(s, "paper_drop", 0, MAX_PAPER_DROP);
    st.noise = (unsigned)pf_u64_range(s, "noise", 0, MAX_NOISE);
    st.noise_seed = pf_u32(s, "noise_seed");
    st.ppi = (unsigned)pf_u64_range(s, "ppi", MIN_PPI, MAX_PPI);
    return st;
}

static void *draw_line(pf_src *s)
{
    line *l = pf_alloc(s, sizeof *l);
    size_t at = 0;
    pf_list fields;
    pf_list_begin(s, &fields, "fields", 1, MAX_FIELDS);
    while (pf_list_more(s, &fields)) {
        char f[40];
        draw_field(s, f, sizeof f);
        at += (size_t)snprintf(l->text + at, sizeof l->text - at, "%s%s", at ? " " : "", f);
    }
    l->how = draw_style(s);
    return l;
}

/* --- properties ---------------------------------------------------- */

/* Coverage feedback on the outcome: one more loop trip per failed trial,
 * so libFuzzer's hit-count buckets keep the first input at each level
 * (one failure short of the budget, at it, ...) and mutate from there. */
static volatile unsigned g_sink;
static void feedback(unsigned failed)
{
    for (unsigned i = 0; i < failed; i++)
        g_sink += i;
}

/* A rendering of trial `index`: a drawn offset, its own noise. */
static image trial_image(pf_src *s, const line *l, unsigned index, pf_trial *t)
{
    unsigned dx = (unsigned)pf_u64_range(s, "jitter_x", 0, MAX_JITTER);
    unsigned dy = (unsigned)pf_u64_range(s, "jitter_y", 0, MAX_JITTER);
    uint64_t seed = mix(l->how.noise_seed + index);
    image im = render(s, l->text, &l->how, dx, dy, seed);
    pf_trial_notef(t, "rendering", "jitter (%u, %u), %dx%d px", dx, dy, im.w, im.h);
    char what[16];
    snprintf(what, sizeof what, "trial%u", index);
    const char *png = save_png(s, &im, what);
    if (png)
        pf_trial_note(t, "image", png);
    return im;
}

/* Whether a equals b; when not, both sides become the trial's notes. */
static bool compared(pf_trial *t, const char *name_a, const char *a,
                     const char *name_b, const char *b)
{
    bool same = strcmp(a, b) == 0;
    if (!same) {
        pf_trial_note(t, name_a, a);
        pf_trial_note(t, name_b, b);
    }
    return same;
}

static bool round_trip_trial(pf_src *s, void *in, unsigned index, pf_trial *t)
{
    const line *l = in;
    image im = trial_image(s, l, index, t);
    return compared(t, "written", l->text, "read", collapse(s, recognise(s, &im, l->how.ppi)));
}

static bool digits_trial(pf_src *s, void *in, unsigned index, pf_trial *t)
{
    const line *l = in;
    image im = trial_image(s, l, index, t);
    const char *read = collapse(s, recognise(s, &im, l->how.ppi));
    bool same = compared(t, "digits written", digit_runs(s, l->text), "digits read",
                         digit_runs(s, read));
    if (!same)
        pf_trial_note(t, "line read", read);
    return same;
}

static void prop_round_trip(pf_src *s, void *in)
{
    feedback(TRIALS - pf_check_rate(s, NULL, TRIALS, WORDS_BUDGET, round_trip_trial, in));
}

static void prop_digits_exact(pf_src *s, void *in)
{
    feedback(TRIALS - pf_check_rate(s, NULL, TRIALS, DIGITS_BUDGET, digits_trial, in));
}

/* format_neutral: the unchanged rendering's reading, and the line. */
typedef struct neutral {
    const line *l;
    const char *base;
} neutral;

/* A position moved by delta, kept within the strategy's bounds. */
static unsigned moved(unsigned at, int64_t delta, int64_t max)
{
    int64_t v = (int64_t)at + delta;
    return (unsigned)(v < 0 ? 0 : v > max ? max : v);
}

static bool neutral_trial(pf_src *s, void *in, unsigned index, pf_trial *t)
{
    const neutral *n = in;
    style st = n->l->how;
    int px = (int)st.px + (int)pf_i64_range(s, "resize", -MAX_RESIZE, MAX_RESIZE);
    st.px = (unsigned)(px < MIN_PX ? MIN_PX : px > MAX_PX ? MAX_PX : px);
    st.shift_x = moved(st.shift_x, pf_i64_range(s, "move_x", -MAX_SHIFT_X, MAX_SHIFT_X), MAX_SHIFT_X);
    st.shift_y = moved(st.shift_y, pf_i64_range(s, "move_y", -MAX_SHIFT_Y, MAX_SHIFT_Y), MAX_SHIFT_Y);
    image im = render(s, n->l->text, &st, 0, 0, mix(st.noise_seed));
    pf_trial_notef(t, "change", "%u px at (%u, %u), was %u px at (%u, %u)", st.px,
                   st.shift_x, st.shift_y, n->l->how.px, n->l->how.shift_x,
                   n->l->how.shift_y);
    char what[16];
    snprintf(what, sizeof what, "change%u", index);
    const char *png = save_png(s, &im, what);
    if (png)
        pf_trial_note(t, "image", png);
    return compared(t, "unchanged read", n->base, "changed read",
                    collapse(s, recognise(s, &im, st.ppi)));
}

static void prop_format_neutral(pf_src *s, void *in)
{
    const line *l = in;
    image im = render(s, l->text, &l->how, 0, 0, mix(l->how.noise_seed));
    save_png(s, &im, "base");
    neutral n = {l, collapse(s, recognise(s, &im, l->how.ppi))};
    feedback(TRIALS - pf_check_rate(s, NULL, TRIALS, WORDS_BUDGET, neutral_trial, &n));
}

static void prop_deterministic(pf_src *s, void *in)
{
    const line *l = in;
    image im = render(s, l->text, &l->how, 0, 0, mix(l->how.noise_seed));
    const char *first = recognise(s, &im, l->how.ppi);
    if (pf_bool(s, "read_another_between")) {
        /* The recogniser's state after another image must not matter. */
        style other = l->how;
        other.font = (other.font + 1) % N_FONTS;
        image im2 = render(s, "balance 0.00", &other, 0, 0, 1);
        recognise(s, &im2, other.ppi);
    }
    const char *second = recognise(s, &im, l->how.ppi);
    pf_check_bytes_equal(s, NULL, "first read", (const uint8_t *)first,
                         strlen(first), "second read", (const uint8_t *)second,
                         strlen(second));
}

static const pf_property properties[] = {
    {"round_trip", prop_round_trip},
    {"format_neutral", prop_format_neutral},
    {"digits_exact", prop_digits_exact},
    {"deterministic", prop_deterministic},
};
static const pf_mode modes[] = {{"values", draw_line, properties, PF_LEN(properties)}};
static const pf_target ocr = {"ocr", modes, PF_LEN(modes), ocr_init};
PF_TARGET(ocr)

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6): a line as text, parsed back   */
/* into its fields, and a style.                                       */
/* ------------------------------------------------------------------ */

#define HOW(font_, px_, tilt_, ink_, paper_, noise_)                        \
    {.font = font_, .px = px_, .shift_x = 8, .shift_y = 4, .ppi = 300,     \
     .ink = ink_, .paper = paper_, .noise = noise_, .tilt = tilt_,         \
     .noise_seed = 7}

static const struct seed {
    const char *name, *text;
    style how;
} SEEDS[] = {
    {"word", "total", HOW(0, 24, 0, 0, 255, 0)},
    {"invoice-number", "INV-48213", HOW(0, 24, 0, 0, 255, 0)},
    {"amount", "1,234.56", HOW(0, 24, 0, 0, 255, 0)},
    {"date", "2024-03-15", HOW(0, 24, 0, 0, 255, 0)},
    {"invoice-line", "INV-48213 2024-03-15 1,234.56 paid", HOW(0, 24, 0, 0, 255, 0)},
    {"bold", "due 2031-12-28", HOW(1, 22, 0, 0, 255, 0)},
    {"serif-bold", "balance 12,000.00", HOW(3, 26, 0, 0, 255, 0)},
    {"mono", "ref INV-00017 due", HOW(4, 24, 0, 0, 255, 0)},
    {"tilted", "total 99.95", HOW(0, 28, 25, 0, 255, 0)},
    {"tilted-other-way", "order 2031-12-28", HOW(2, 28, -20, 0, 255, 0)},
    {"low-contrast", "tax 0.70", HOW(0, 26, 0, 70, 185, 0)},
    {"noisy", "credit 5,500.25", HOW(0, 26, 0, 0, 255, 20)},
    {"small", "account INV-10101", HOW(0, 16, 0, 0, 255, 0)},
    {"large", "net 99,999.99", HOW(1, 40, 0, 0, 255, 0)},
};

/* Encodes one field of a seed's text (the inverse of draw_field). */
static void enc_field(pf_buf *e, const char *f)
{
    unsigned a, b, c;
    if (sscanf(f, "INV-%5u", &a) == 1) {
        pf_enc_choice(e, N_KINDS, F_INVOICE);
        pf_enc_u64_range(e, 0, MAX_INVOICE, a);
    } else if (sscanf(f, "%4u-%2u-%2u", &a, &b, &c) == 3) {
        pf_enc_choice(e, N_KINDS, F_DATE);
        pf_enc_u64_range(e, 0, YEARS - 1, a - 2000);
        pf_enc_u64_range(e, 0, 11, b - 1);
        pf_enc_u64_range(e, 0, 27, c - 1);
    } else if (f[0] >= '0' && f[0] <= '9') {
        uint64_t cents = 0;
        for (const char *p = f; *p; p++)
            if (*p >= '0' && *p <= '9')
                cents = cents * 10 + (uint64_t)(*p - '0');
        pf_enc_choice(e, N_KINDS, F_AMOUNT);
        pf_enc_u64_range(e, 0, MAX_CENTS, cents);
    } else {
        size_t w = 0;
        while (w < N_VOCAB && strcmp(VOCAB[w], f) != 0)
            w++;
        if (w == N_VOCAB)
            abort(); /* a typo in SEEDS */
        pf_enc_choice(e, N_KINDS, F_WORD);
        pf_enc_choice(e, N_VOCAB, w);
    }
}

static void enc_line(pf_buf *e, const struct seed *sd)
{
    char text[160];
    snprintf(text, sizeof text, "%s", sd->text);
    size_t n = 0;
    for (char *f = strtok(text, " "); f; f = strtok(NULL, " "), n++) {
        if (n)
            pf_enc_more(e, true);
        enc_field(e, f);
    }
    if (n < MAX_FIELDS)
        pf_enc_more(e, false);
    const style *h = &sd->how;
    pf_enc_choice(e, N_FONTS, h->font);
    pf_enc_u64_range(e, MIN_PX, MAX_PX, h->px);
    pf_enc_u64_range(e, 0, MAX_SHIFT_X, h->shift_x);
    pf_enc_u64_range(e, 0, MAX_SHIFT_Y, h->shift_y);
    pf_enc_i64_range(e, -MAX_TILT, MAX_TILT, h->tilt);
    pf_enc_u64_range(e, 0, MAX_INK, h->ink);
    pf_enc_u64_range(e, 0, MAX_PAPER_DROP, 255 - h->paper);
    pf_enc_u64_range(e, 0, MAX_NOISE, h->noise);
    pf_enc_u64_range(e, 0, UINT32_MAX, h->noise_seed);
    pf_enc_u64_range(e, MIN_PPI, MAX_PPI, h->ppi);
}

/* What the properties draw after the line, so that seeds exercise real
 * variation: small jitters, resizes and moves that differ per seed and
 * per trial (in the order the properties draw them). */
static void enc_variations(pf_buf *e, unsigned i)
{
    for (unsigned t = 0; t < TRIALS; t++) { /* round_trip */
        pf_enc_u64_range(e, 0, MAX_JITTER, (i + t) % 4);
        pf_enc_u64_range(e, 0, MAX_JITTER, (3 * i + t) % 4);
    }
    for (unsigned t = 0; t < TRIALS; t++) { /* format_neutral */
        pf_enc_i64_range(e, -MAX_RESIZE, MAX_RESIZE, (int)((i + 2 * t) % 5) - 2);
        pf_enc_i64_range(e, -MAX_SHIFT_X, MAX_SHIFT_X, (int)((i + t) % 7) - 3);
        pf_enc_i64_range(e, -MAX_SHIFT_Y, MAX_SHIFT_Y, (int)((2 * i + t) % 5) - 2);
    }
    for (unsigned t = 0; t < TRIALS; t++) { /* digits_exact */
        pf_enc_u64_range(e, 0, MAX_JITTER, (2 * i + t) % 4);
        pf_enc_u64_range(e, 0, MAX_JITTER, (i + 3 * t) % 4);
    }
    pf_enc_bool(e, i % 2); /* deterministic: read another image between */
}

/* Called by the seed writer (properties/drivers/seed_main.c); each seed is checked
 * to decode back to the line it was written from. */
void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    for (size_t i = 0; i < PF_LEN(SEEDS); i++) {
        pf_buf e = {0};
        enc_line(&e, &SEEDS[i]);
        pf_src *s = pf_begin("ocr", e.data, e.len);
        const line *l = draw_line(s);
        PF_ASSERT(s, strcmp(l->text, SEEDS[i].text) == 0 &&
                         memcmp(&l->how, &SEEDS[i].how, sizeof l->how) == 0 &&
                         !pf_overrun(s));
        pf_end(s);
        enc_variations(&e, (unsigned)i);
        emit(SEEDS[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
}
