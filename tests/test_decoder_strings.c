/* Unit tests of the byte-stream decoder (design §3), part 5: byte strings
 * and text -- golden values (terminator, 0x01 escape, max without a
 * terminator, min padding; verbatim UTF-8 incl. astral, invalid bytes
 * mapped to awkward code points, alphabets, allow_invalid), contiguous
 * payloads (rule 6) and decode(encode(v)) == v (rule 9). Golden values pin
 * the format. */
#include "propfuzz.h"
#include "testkit.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* --- string helpers ------------------------------------------------------ */

static size_t g_off;
static bool g_over;
static uint8_t g_got[64 * 1024];
static size_t g_len;

/* Draws bytes into g_got / g_len; returns g_len. */
static size_t bytes_of(const uint8_t *d, size_t n, size_t min, size_t max)
{
    pf_src *s = pf_begin("test", d, n);
    size_t len;
    const uint8_t *p = pf_bytes(s, NULL, min, max, &len);
    CHECK(p[len] == 0, "bytes not NUL-terminated");
    memcpy(g_got, p, len < sizeof g_got ? len : sizeof g_got);
    g_len = len;
    g_off = pf_offset(s);
    g_over = pf_overrun(s);
    pf_end(s);
    return len;
}

static size_t text_of(const uint8_t *d, size_t n, const pf_text_opts *o)
{
    pf_src *s = pf_begin("test", d, n);
    size_t len;
    const char *t = pf_text(s, NULL, o, &len);
    CHECK(t[len] == 0, "text not NUL-terminated");
    memcpy(g_got, t, len < sizeof g_got ? len : sizeof g_got);
    g_len = len;
    g_off = pf_offset(s);
    g_over = pf_overrun(s);
    pf_end(s);
    return len;
}

static void hex(char *out, size_t cap, const uint8_t *p, size_t n)
{
    size_t at = 0;
    out[0] = 0;
    for (size_t i = 0; i < n && at + 4 < cap; i++)
        at += (size_t)snprintf(out + at, cap - at, "%02x ", p[i]);
}

/* The last draw gave exactly these bytes. */
static void got_is(int line, const uint8_t *want, size_t n)
{
    if (g_len != n || memcmp(g_got, want, n) != 0) {
        char a[200], b[200];
        hex(a, sizeof a, g_got, g_len);
        hex(b, sizeof b, want, n);
        fail_at(line, "got [%s] (%zu bytes), want [%s] (%zu bytes)", a, g_len, b, n);
    }
}
#define GOT(...) got_is(__LINE__, IN(__VA_ARGS__))
#define GOT_EMPTY() got_is(__LINE__, (const uint8_t *)"", 0)

static size_t utf8_put(uint8_t *out, uint32_t cp)
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

/* Decodes valid UTF-8 (as the decoder writes it); returns the count. */
static size_t utf8_decode(const uint8_t *p, size_t n, uint32_t *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; k++) {
        uint8_t c = p[i];
        size_t len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
        uint32_t cp = len == 1 ? c : len == 2 ? c & 0x1fu : len == 3 ? c & 0x0fu : c & 0x07u;
        for (size_t j = 1; j < len && i + j < n; j++)
            cp = cp << 6 | (p[i + j] & 0x3fu);
        out[k] = cp;
        i += len;
    }
    return k;
}

/* --- golden: pf_bytes ----------------------------------------------------- */

static void test_golden_bytes(void)
{
    bytes_of(IN('a', 'b', 0, 'z'), 0, PF_UNBOUNDED);
    GOT('a', 'b');
    CHECK(g_off == 3 && !g_over, "offset %zu", g_off);
    bytes_of(IN('a', 1, 0, 'b', 1, 1, 0), 0, PF_UNBOUNDED); /* 0x01 escapes */
    GOT('a', 0, 'b', 1);
    EQ_U(g_off, 7);
    bytes_of(IN(0xff, 0x80, 0x02, 0), 0, 10);
    GOT(0xff, 0x80, 0x02);
    bytes_of(IN('a', 'b', 'c', 'd', 'e', 'f'), 0, 3);    /* stops at max */
    GOT('a', 'b', 'c');
    CHECK(g_off == 3 && !g_over, "offset %zu overrun %d", g_off, g_over);
    bytes_of(IN('a', 1, 0, 'x'), 0, 2);                  /* escape at max */
    GOT('a', 0);
    EQ_U(g_off, 3);
    bytes_of(IN('a', 0), 4, 10);                         /* min: zero pads */
    GOT('a', 0, 0, 0);
    EQ_U(g_off, 2);
    bytes_of(IN('a', 'b', 'c', 'd', 'e'), 2, 1);         /* max < min: max = min */
    GOT('a', 'b');
    bytes_of(IN('a', 'b', 'c'), 0, PF_UNBOUNDED);        /* unterminated */
    GOT('a', 'b', 'c');
    CHECK(g_off == 4 && g_over, "offset %zu overrun %d", g_off, g_over);
    bytes_of(IN(1), 0, PF_UNBOUNDED);                    /* escape at the end */
    GOT(0);
    CHECK(g_off == 3 && g_over, "offset %zu overrun %d", g_off, g_over);
    bytes_of(NULL, 0, 0, PF_UNBOUNDED);
    GOT_EMPTY();
    CHECK(g_off == 1 && g_over, "offset %zu overrun %d", g_off, g_over);
    bytes_of(IN('a'), 0, 0);                             /* max 0 reads nothing */
    GOT_EMPTY();
    EQ_U(g_off, 0);
}

/* --- golden: pf_text ------------------------------------------------------ */

static void test_golden_text_verbatim(void)
{
    /* Valid UTF-8 is taken as is: 2-, 3- and 4-byte (astral) sequences. */
    text_of(IN('h', 0xc3, 0xa9, 0xe2, 0x80, 0xae, 0xf0, 0x9f, 0x98, 0x80,
               0xf4, 0x8f, 0xbf, 0xbf, 0), NULL);
    GOT('h', 0xc3, 0xa9, 0xe2, 0x80, 0xae, 0xf0, 0x9f, 0x98, 0x80, 0xf4, 0x8f, 0xbf, 0xbf);
    CHECK(g_off == 15 && !g_over, "offset %zu", g_off);
    text_of(IN(1, 0, 1, 1, 1, 0xe9, 0), NULL); /* escape: the byte as a code point */
    GOT(0, 1, 0xc3, 0xa9);
    EQ_U(g_off, 7);
    pf_text_opts max2 = {.max_len = 2};         /* max counts code points */
    text_of(IN('h', 0xc3, 0xa9, 'l', 'o', 0), &max2);
    GOT('h', 0xc3, 0xa9);
    EQ_U(g_off, 3);
    pf_text_opts min3 = {.min_len = 3};
    text_of(IN(0xc3, 0xa9, 0), &min3);          /* pads with '0' */
    GOT(0xc3, 0xa9, '0', '0');
    text_of(NULL, 0, NULL);
    GOT_EMPTY();
}

static void test_golden_text_awkward(void)
{
    /* A byte that does not start valid UTF-8 picks awkward[byte % 41]. */
    text_of(IN(0x80, 0x81, 0x82, 0xa4, 0xa5, 0xff, 0), NULL);
    GOT('"', '\'', '\\', 0, '\t', ':');
    text_of(IN(0x8d, 0xc0, 0x99, 0x9c, 0x9d, 0), NULL);
    GOT(0xc2, 0x85, 0xe2, 0x80, 0xa8, 0xe2, 0x80, 0xae, 0xef, 0xbb, 0xbf, 0xef, 0xbf, 0xbd);
    text_of(IN(0xf5, 0xa1, 0x92, 0), NULL);
    GOT(0xf4, 0x8f, 0xbf, 0xbf, 0xf0, 0x9f, 0x92, 0xa9, 0xcc, 0x81);
    text_of(IN(0xc3, '(', 0), NULL);            /* lead without continuation */
    GOT(0xee, 0x80, 0x80, '(');
    text_of(IN(0xed, 0xa0, 0x80, 0), NULL);     /* surrogate U+D800 */
    GOT(0xef, 0xac, 0x81, 0xf0, 0x90, 0x80, 0x80, '"');
    text_of(IN(0xc0, 0xaf, 0), NULL);           /* overlong '/' */
    GOT(0xe2, 0x80, 0xa8, '}');
    text_of(IN(0xf4, 0x90, 0x80, 0x80, 0), NULL); /* above U+10FFFF */
    GOT(0xf0, 0x9f, 0x98, 0x80, 0xc3, 0xbf, '"', '"');
    text_of(IN(0xe2, 0x82), NULL);              /* truncated sequence */
    GOT(0xc3, 0xbf, '\\');
    CHECK(g_off == 3 && g_over, "offset %zu overrun %d", g_off, g_over);
}

static void test_golden_text_alphabet(void)
{
    static const uint32_t abc[] = {'a', 'b', 'c', 0x1f600};
    pf_text_opts o = {.alphabet = abc, .alphabet_len = 4};
    /* outside the alphabet: alphabet[cp % 4] */
    text_of(IN('a', 0xf0, 0x9f, 0x98, 0x80, 'z', 0x80, 'd', 1, 0xe9, 0), &o);
    GOT('a', 0xf0, 0x9f, 0x98, 0x80, 'c', 'c', 'a', 'b');
    o.min_len = 3;                              /* pads with alphabet[0] */
    text_of(IN('b', 0), &o);
    GOT('b', 'a', 'a');
    static const uint32_t emoji[] = {0x1f600};
    pf_text_opts e = {.alphabet = emoji, .alphabet_len = 1, .min_len = 2};
    text_of(IN('x', 0), &e);
    GOT(0xf0, 0x9f, 0x98, 0x80, 0xf0, 0x9f, 0x98, 0x80);
}

static void test_golden_text_allow_invalid(void)
{
    pf_text_opts o = {.allow_invalid = true};
    text_of(IN(0x80, 0xff, 1, 0, 1, 1, 0xc3, 0, 'x'), &o);
    GOT(0x80, 0xff, 0, 1, 0xc3);
    EQ_U(g_off, 8);
    o.max_len = 2;
    text_of(IN(0xed, 0xa0, 0x80, 0), &o);
    GOT(0xed, 0xa0);
}

/* --- rule 6: contiguous payloads -------------------------------------- */

static void test_rule6_tokens_verbatim(void)
{
    /* Dictionary tokens; the last two are not UTF-8 (text keeps them only
     * with allow_invalid). */
    static const char *tokens[] = {
        "null", "true", "\"\\u0000\"", "<![CDATA[", "\xef\xbb\xbf", "\xe2\x80\xae",
        "\xf0\x9f\x92\xa9", "1e309", "-0", "\xc0\x80", "\xff\xfe",
    };
    const size_t n_utf8 = 9;
    uint8_t in[128];
    g_rng = 6;
    for (size_t t = 0; t < sizeof tokens / sizeof tokens[0]; t++) {
        const char *tok = tokens[t];
        size_t tl = strlen(tok);
        /* The encoding of a token is the token, then the terminator. */
        pf_buf e = {0};
        pf_enc_bytes(&e, 0, PF_UNBOUNDED, (const uint8_t *)tok, tl);
        CHECK(e.len == tl + 1 && memcmp(e.data, tok, tl) == 0 && e.data[tl] == 0,
              "encoding of token %zu", t);
        pf_buf_free(&e);
        /* A token planted anywhere in a payload lands in the value. */
        for (int rep = 0; rep < 50; rep++) {
            size_t pre = (size_t)below(20), post = (size_t)below(20), n = 0;
            for (size_t i = 0; i < pre; i++)
                in[n++] = (uint8_t)(' ' + below(90));
            memcpy(in + n, tok, tl);
            n += tl;
            for (size_t i = 0; i < post; i++)
                in[n++] = (uint8_t)(' ' + below(90));
            in[n++] = 0;
            bytes_of(in, n, 0, PF_UNBOUNDED);
            CHECK(g_len == n - 1 && memcmp(g_got + pre, tok, tl) == 0,
                  "token %zu not verbatim in bytes", t);
            pf_text_opts o = {.allow_invalid = t >= n_utf8};
            text_of(in, n, &o);
            CHECK(g_len == n - 1 && memcmp(g_got + pre, tok, tl) == 0,
                  "token %zu not verbatim in text", t);
        }
    }
}

static void test_rule6_delete_byte(void)
{
    uint8_t in[64], cut[64], want[64];
    g_rng = 66;
    for (int iter = 0; iter < 500 && !g_test_failed; iter++) {
        size_t n = 1 + (size_t)below(40);
        bool ascii = iter % 2;
        for (size_t i = 0; i < n; i++)
            in[i] = ascii ? (uint8_t)(2 + below(126)) : (uint8_t)(2 + below(254));
        in[n] = 0;
        for (size_t del = 0; del < n; del++) {
            memcpy(cut, in, del);
            memcpy(cut + del, in + del + 1, n - del);
            memcpy(want, cut, n - 1);
            bytes_of(cut, n, 0, PF_UNBOUNDED);
            CHECK(g_len == n - 1 && memcmp(g_got, want, n - 1) == 0,
                  "deleting byte %zu of %zu: %zu bytes", del, n, g_len);
            if (ascii) {
                size_t len = text_of(cut, n, NULL);
                CHECK(len == n - 1 && memcmp(g_got, want, n - 1) == 0,
                      "deleting byte %zu of %zu: text of %zu", del, n, len);
            }
        }
        /* An escape pair (0x01 and a literal 0x00 or 0x01) is one byte. */
        size_t at = (size_t)below(n + 1), m = at;
        uint8_t lit = (uint8_t)below(2);
        memcpy(cut, in, at);
        cut[m++] = 1;
        cut[m++] = lit;
        memcpy(cut + m, in + at, n + 1 - at);
        m += n + 1 - at;
        CHECK(bytes_of(cut, m, 0, PF_UNBOUNDED) == n + 1 && g_got[at] == lit,
              "escape pair at %zu of %zu", at, n);
    }
}

static void test_rule6_awkward_reachable(void)
{
    static const uint32_t named[] = {
        0x0000, 0x0009, 0x000a, 0x000d, 0x001b, 0x007f, '"', '\'', '\\', 0x0085,
        0x2028, 0xfeff, 0x202e, 0xfffd, 0x10ffff, 0x1f4a9, ',', ':', '{', '}',
        '[', ']', '<', '&',
    };
    bool hit[sizeof named / sizeof named[0]] = {false};
    for (unsigned b = 0x80; b <= 0xff; b++) {
        if (b >= 0xc2 && b <= 0xf4)
            continue; /* leads of valid sequences: tested above */
        uint8_t in[2] = {(uint8_t)b, 0};
        uint32_t cp[4];
        text_of(in, 2, NULL);
        CHECK(utf8_decode(g_got, g_len, cp) == 1, "byte %02x: not one code point", b);
        for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
            hit[i] |= cp[0] == named[i];
    }
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        CHECK(hit[i], "U+%04" PRIX32 " not reachable by one byte", named[i]);
}

/* --- rule 9: decode(encode(v)) == v ------------------------------------ */

static void test_rule9_bytes_round_trip(void)
{
    uint8_t v[2][80];
    size_t n[2], min[2], max[2];
    g_rng = 91;
    for (int iter = 0; iter < 20000 && !g_test_failed; iter++) {
        pf_buf e = {0};
        for (int k = 0; k < 2; k++) { /* two strings back to back */
            n[k] = (size_t)below(80);
            for (size_t i = 0; i < n[k]; i++)
                v[k][i] = below(2) ? (uint8_t)below(3) : (uint8_t)rnd(); /* NULs, 0x01s */
            min[k] = below(3) ? 0 : (size_t)below(n[k] + 1);
            max[k] = below(2) ? PF_UNBOUNDED : n[k] + (size_t)below(3);
            pf_enc_bytes(&e, min[k], max[k], v[k], n[k]);
        }
        pf_src *s = pf_begin("rt", e.data, e.len);
        for (int k = 0; k < 2; k++) {
            size_t len;
            const uint8_t *p = pf_bytes(s, NULL, min[k], max[k], &len);
            CHECK(len == n[k] && memcmp(p, v[k], len) == 0,
                  "string %d: %zu bytes decoded as %zu (min %zu max %zu)", k, n[k],
                  len, min[k], max[k]);
        }
        CHECK(pf_offset(s) == e.len && !pf_overrun(s), "consumed %zu of %zu",
              pf_offset(s), e.len);
        pf_end(s);
        pf_buf_free(&e);
    }
}

static uint32_t rnd_code_point(void)
{
    static const uint32_t awkward[] = {0, 1, 0x7f, 0x80, 0x85, 0xff, 0x2028, 0xd7ff,
                                       0xe000, 0xfeff, 0xfffd, 0xffff, 0x10000, 0x10ffff};
    uint32_t cp;
    switch (below(5)) {
    case 0: return awkward[below(sizeof awkward / sizeof awkward[0])];
    case 1: return (uint32_t)below(0x80);
    case 2: return (uint32_t)below(0x800);
    case 3: cp = (uint32_t)below(0x10000); break;
    default: cp = 0x10000 + (uint32_t)below(0x100000); break;
    }
    return cp >= 0xd800 && cp <= 0xdfff ? cp - 0x800 : cp; /* no surrogates */
}

static void test_rule9_text_round_trip(void)
{
    uint32_t pool[8];
    uint8_t v[400];
    g_rng = 92;
    for (int iter = 0; iter < 20000 && !g_test_failed; iter++) {
        pf_text_opts o = {0};
        size_t units = (size_t)below(60), n = 0;
        if (iter % 3 == 1) { /* with an alphabet */
            o.alphabet_len = 1 + (size_t)below(8);
            for (size_t i = 0; i < o.alphabet_len; i++)
                pool[i] = rnd_code_point();
            o.alphabet = pool;
        }
        o.allow_invalid = iter % 3 == 2;
        for (size_t i = 0; i < units; i++) {
            if (o.allow_invalid)
                v[n++] = below(3) ? (uint8_t)rnd() : (uint8_t)below(2);
            else
                n += utf8_put(v + n, o.alphabet ? pool[below(o.alphabet_len)]
                                                : rnd_code_point());
        }
        o.min_len = below(2) ? 0 : (size_t)below(units + 1);
        o.max_len = below(2) ? 0 : units + (size_t)below(3);
        if (o.max_len == 0 && below(2))
            o.max_len = units; /* exactly full: no terminator */
        pf_buf e = {0};
        pf_enc_text(&e, &o, (const char *)v, n);
        pf_src *s = pf_begin("rt", e.data, e.len);
        size_t len;
        const char *t = pf_text(s, NULL, &o, &len);
        CHECK(len == n && memcmp(t, v, n) == 0,
              "text of %zu units/%zu bytes decoded as %zu bytes (alphabet %zu, invalid %d, "
              "min %zu max %zu)", units, n, len, o.alphabet_len, o.allow_invalid,
              o.min_len, o.max_len);
        CHECK(pf_offset(s) == e.len && !pf_overrun(s), "consumed %zu of %zu",
              pf_offset(s), e.len);
        pf_end(s);
        pf_buf_free(&e);
    }
}

/* Every Unicode scalar value has an encoding (astral too). */
static void test_rule9_every_code_point(void)
{
    static uint8_t v[4 * 4096];
    static uint32_t cps[4096];
    uint32_t cp = 0;
    while (cp <= 0x10ffff && !g_test_failed) {
        size_t n = 0, k = 0;
        for (; k < 4096 && cp <= 0x10ffff; cp++) {
            if (cp >= 0xd800 && cp <= 0xdfff)
                continue;
            cps[k++] = cp;
            n += utf8_put(v + n, cp);
        }
        pf_buf e = {0};
        pf_enc_text(&e, NULL, (const char *)v, n);
        size_t len = text_of(e.data, e.len, NULL);
        uint32_t *got = malloc(k * sizeof *got);
        CHECK(got && len == n && utf8_decode(g_got, len, got) == k &&
              memcmp(got, cps, k * sizeof *got) == 0,
              "code points from U+%04" PRIX32 " did not round-trip", cps[0]);
        free(got);
        pf_buf_free(&e);
    }
}

/* pf_buf_put_utf8 writes every scalar value as the test's own encoder
 * does, and pf_utf8_count reads it back as one code point. */
static void test_put_utf8_every_code_point(void)
{
    for (uint32_t cp = 0; cp <= 0x10ffff && !g_test_failed; cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff)
            continue;
        uint8_t want[4];
        size_t n = utf8_put(want, cp);
        pf_buf b = {0};
        pf_buf_put_utf8(&b, cp);
        CHECK(b.len == n && memcmp(b.data, want, n) == 0 && pf_utf8_count(b.data, b.len) == 1,
              "U+%04" PRIX32 " written as %zu bytes", cp, b.len);
        pf_buf_free(&b);
    }
}

int main(void)
{
    run("golden_bytes", test_golden_bytes);
    run("golden_text_verbatim_utf8", test_golden_text_verbatim);
    run("golden_text_awkward", test_golden_text_awkward);
    run("golden_text_alphabet", test_golden_text_alphabet);
    run("golden_text_allow_invalid", test_golden_text_allow_invalid);
    run("rule6_tokens_verbatim", test_rule6_tokens_verbatim);
    run("rule6_delete_byte_shortens", test_rule6_delete_byte);
    run("rule6_awkward_code_points_reachable", test_rule6_awkward_reachable);
    run("rule9_bytes_round_trip", test_rule9_bytes_round_trip);
    run("rule9_text_round_trip", test_rule9_text_round_trip);
    run("rule9_every_code_point", test_rule9_every_code_point);
    run("put_utf8_every_code_point", test_put_utf8_every_code_point);
    return finish();
}
