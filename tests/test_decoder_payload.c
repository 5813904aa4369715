/* Unit tests of the byte-stream decoder (design §3), part 8: string
 * payloads against a reference. pf_bytes and pf_text copy runs and decode
 * in place while 4 bytes are left, and from a zero-padded copy near the
 * end; here a plain byte-by-byte decoder written from the header's
 * description (and its own copy of the awkward table: a golden pin) must
 * agree with them on value, offset and overrun for every UTF-8 length
 * class, invalid bytes, escapes, alphabets and every position of the end
 * of the input. */
#include "propfuzz.h"
#include "testkit.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the reference ------------------------------------------------------ */

static const uint32_t awkward[41] = {
    0x0000, 0x0009, 0x000A, 0x000D, 0x001B, 0x0022, 0x0027, 0x005C, 0x002C,
    0x003A, 0x007B, 0x007D, 0x005B, 0x005D, 0x003C, 0x0026, 0x007F, 0x0080,
    0x0085, 0x00A0, 0x00DF, 0x00FF, 0x0130, 0x0301, 0x07FF, 0x0800, 0x200B,
    0x200D, 0x2028, 0x2029, 0x202E, 0xE000, 0xFB01, 0xFEFF, 0xFFFD, 0xFFFE,
    0xFFFF, 0x10000, 0x1F4A9, 0x1F600, 0x10FFFF,
};

typedef struct ref {
    const uint8_t *in;
    size_t n, pos;
    bool over;
} ref;

static uint8_t ref_byte(ref *r)
{
    uint8_t b = r->pos < r->n ? r->in[r->pos] : 0;
    r->over |= r->pos >= r->n;
    r->pos++;
    return b;
}
static uint8_t ref_peek(const ref *r, size_t k) { return r->pos + k < r->n ? r->in[r->pos + k] : 0; }

static size_t ref_bytes(ref *r, size_t min, size_t max, uint8_t *out)
{
    size_t n = 0;
    if (max < min)
        max = min;
    while (n < max) {
        uint8_t b = ref_byte(r);
        if (b == 0)
            break;
        out[n++] = b == 1 ? ref_byte(r) : b;
    }
    while (n < min)
        out[n++] = 0;
    return n;
}

/* The code point of a valid sequence at the cursor (lead consumed), or
 * UINT32_MAX without consuming anything. */
static uint32_t ref_sequence(ref *r, uint8_t lead)
{
    size_t need = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2
                : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (!need)
        return UINT32_MAX;
    uint32_t cp = lead & (need == 1 ? 0x1f : need == 2 ? 0x0f : 0x07);
    for (size_t i = 0; i < need; i++) {
        uint8_t c = ref_peek(r, i);
        if ((c & 0xc0) != 0x80)
            return UINT32_MAX;
        cp = cp << 6 | (c & 0x3f);
    }
    static const uint32_t least[] = {0, 0x80, 0x800, 0x10000};
    if (cp < least[need] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return UINT32_MAX;
    r->pos += need;
    return cp;
}

static size_t put_utf8(uint8_t *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (uint8_t)(0xc0 | cp >> 6);
        out[1] = (uint8_t)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (uint8_t)(0xe0 | cp >> 12);
        out[1] = (uint8_t)(0x80 | (cp >> 6 & 0x3f));
        out[2] = (uint8_t)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (uint8_t)(0xf0 | cp >> 18);
    out[1] = (uint8_t)(0x80 | (cp >> 12 & 0x3f));
    out[2] = (uint8_t)(0x80 | (cp >> 6 & 0x3f));
    out[3] = (uint8_t)(0x80 | (cp & 0x3f));
    return 4;
}

static size_t ref_text(ref *r, const pf_text_opts *o, uint8_t *out)
{
    size_t min = o->min_len, max = o->max_len ? o->max_len : SIZE_MAX, n = 0, k = 0;
    if (max < min)
        max = min;
    if (o->alphabet && !o->alphabet_len)
        max = 0;
    for (; k < max; k++) {
        uint8_t b = ref_byte(r);
        if (b == 0)
            break;
        uint32_t cp = b;
        if (b == 1) {
            cp = ref_byte(r);
        } else if (b >= 0x80) {
            cp = ref_sequence(r, b);
            if (cp == UINT32_MAX)
                cp = awkward[b % 41];
        }
        if (o->alphabet_len) {
            bool in = false;
            for (size_t i = 0; i < o->alphabet_len; i++)
                in |= o->alphabet[i] == cp;
            if (!in)
                cp = o->alphabet[cp % o->alphabet_len];
        }
        n += put_utf8(out + n, cp);
    }
    for (; k < min; k++)
        n += put_utf8(out + n, o->alphabet_len ? o->alphabet[0] : '0');
    return n;
}

/* --- comparison ------------------------------------------------------------ */

static uint8_t g_want[4 * 4096], g_in[4096];

/* Decodes in[0..n) with the draw and with the reference; same value,
 * offset and overrun. text: opts, else bytes [min, max]. */
static void agree(int line, const uint8_t *in, size_t n, const pf_text_opts *text,
                  size_t min, size_t max)
{
    ref r = {in, n, 0, false};
    size_t want = text ? ref_text(&r, text, g_want) : ref_bytes(&r, min, max, g_want);
    pf_src *s = pf_begin("payload", in, n);
    size_t len;
    const uint8_t *got = text ? (const uint8_t *)pf_text(s, NULL, text, &len)
                              : pf_bytes(s, NULL, min, max, &len);
    if (len != want || memcmp(got, g_want, len) != 0 || got[len] != 0 ||
        pf_offset(s) != r.pos || pf_overrun(s) != r.over) {
        char a[64] = "", b[64] = "";
        for (size_t i = 0; i < len && i < 12; i++)
            snprintf(a + strlen(a), sizeof a - strlen(a), "%02x", got[i]);
        for (size_t i = 0; i < want && i < 12; i++)
            snprintf(b + strlen(b), sizeof b - strlen(b), "%02x", g_want[i]);
        fail_at(line, "%s of %zu input bytes (first %02x): got %zu bytes [%s] at %zu "
                "overrun %d, want %zu [%s] at %zu overrun %d", text ? "text" : "bytes", n,
                n ? in[0] : 0, len, a, pf_offset(s), pf_overrun(s), want, b, r.pos, r.over);
    }
    pf_end(s);
}
#define AGREE(in, n, text, min, max) agree(__LINE__, in, n, text, min, max)

/* --- cases ---------------------------------------------------------------- */

/* Every lead byte with every class of second byte, and what follows:
 * valid 2-, 3- and 4-byte sequences at their boundaries (E0 A0, ED 9F,
 * F0 90, F4 8F) and just outside them, truncated sequences, invalid leads,
 * escapes of every byte -- each at every distance from the end. */
static void test_text_every_lead_and_end(void)
{
    static const uint8_t seconds[] = {0x00, 0x01, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f,
                                      0xa0, 0xbf, 0xc0, 0xff};
    pf_text_opts any = {0};
    for (unsigned lead = 0; lead < 256 && !g_test_failed; lead++) {
        for (size_t k = 0; k < sizeof seconds; k++) {
            uint8_t in[8] = {(uint8_t)lead, seconds[k], 0x80, 0xbf, 'x', 0, 'y', 'z'};
            for (size_t n = 0; n <= sizeof in; n++)
                AGREE(in, n, &any, 0, 0);
            in[2] = 0x7f; /* a third byte that does not continue */
            for (size_t n = 0; n <= sizeof in; n++)
                AGREE(in, n, &any, 0, 0);
        }
    }
}

/* Every byte alone: the awkward table, in order (and as a golden pin). */
static void test_text_awkward_table(void)
{
    for (unsigned b = 0x80; b < 0x100; b++) {
        uint8_t in[6] = {(uint8_t)b, 0, 0, 0, 0, 0};
        pf_src *s = pf_begin("awkward", in, sizeof in);
        size_t len;
        const uint8_t *t = (const uint8_t *)pf_text(s, NULL, NULL, &len);
        uint8_t want[4];
        size_t wl = put_utf8(want, awkward[b % 41]);
        CHECK(len == wl && memcmp(t, want, wl) == 0 && pf_offset(s) == 2,
              "byte %02x: %zu bytes, want U+%04" PRIX32, b, len, awkward[b % 41]);
        pf_end(s);
    }
}

static void rnd_text_input(uint8_t *in, size_t n)
{
    static const uint8_t valid[][4] = {
        {'a'}, {0xc3, 0xa9}, {0xdf, 0xbf}, {0xe0, 0xa0, 0x80}, {0xed, 0x9f, 0xbf},
        {0xe2, 0x82, 0xac}, {0xef, 0xbf, 0xbf}, {0xf0, 0x90, 0x80, 0x80},
        {0xf0, 0x9f, 0x98, 0x80}, {0xf4, 0x8f, 0xbf, 0xbf}, {0x01, 0x00}, {0x01, 0xff},
    };
    unsigned style = (unsigned)below(4);
    for (size_t i = 0; i < n;) {
        if (style == 0 || below(3) == 0) {
            in[i++] = style == 3 ? (uint8_t)(0x80 + below(0x80)) : (uint8_t)rnd();
            continue;
        }
        const uint8_t *v = valid[below(sizeof valid / sizeof valid[0])];
        size_t len = v[0] < 0x80 ? (v[0] == 1 ? 2 : 1) : v[0] < 0xe0 ? 2 : v[0] < 0xf0 ? 3 : 4;
        for (size_t j = 0; j < len && i < n; j++)
            in[i++] = v[j];
        if (below(12) == 0 && i < n)
            in[i++] = 0; /* a terminator now and then */
    }
}

static void test_text_random_against_reference(void)
{
    static const uint32_t ascii[] = {'a', 'b', '0'};
    static const uint32_t wide[] = {'q', 0xe9, 0x20ac, 0x1f600, 0x10ffff, 0};
    static uint32_t many[300];
    for (size_t i = 0; i < 300; i++)
        many[i] = i < 150 ? (uint32_t)(' ' + i) : (uint32_t)(0x4e00 + 7 * i);
    g_rng = 808;
    for (int iter = 0; iter < 40000 && !g_test_failed; iter++) {
        size_t n = iter % 4 ? (size_t)below(40) : (size_t)below(600);
        rnd_text_input(g_in, n);
        pf_text_opts o = {0};
        o.min_len = below(3) ? 0 : (size_t)below(8);
        o.max_len = below(3) ? 0 : (size_t)below(30);
        switch (below(5)) {
        case 0: o.alphabet = ascii; o.alphabet_len = 3; break;
        case 1: o.alphabet = wide; o.alphabet_len = 1 + (size_t)below(6); break;
        case 2: o.alphabet = many; o.alphabet_len = 1 + (size_t)below(300); break;
        default: break;
        }
        AGREE(g_in, n, &o, 0, 0);
    }
}

/* pf_bytes: the special bytes (0x00, 0x01) at every position of runs
 * longer and shorter than a word, with every max, near the end. */
static void test_bytes_runs_against_reference(void)
{
    g_rng = 909;
    for (int iter = 0; iter < 40000 && !g_test_failed; iter++) {
        size_t n = (size_t)below(iter % 4 ? 40 : 400);
        for (size_t i = 0; i < n; i++)
            g_in[i] = below(6) == 0 ? (uint8_t)below(2) : (uint8_t)(2 + below(254));
        size_t min = below(3) ? 0 : (size_t)below(20);
        size_t max = below(3) ? PF_UNBOUNDED : (size_t)below(50);
        AGREE(g_in, n, NULL, min, max);
    }
}

int main(void)
{
    run("text_every_lead_every_end", test_text_every_lead_and_end);
    run("golden_text_awkward_table", test_text_awkward_table);
    run("text_random_against_reference", test_text_random_against_reference);
    run("bytes_runs_against_reference", test_bytes_runs_against_reference);
    return finish();
}
