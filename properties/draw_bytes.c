/* Byte-string and text draws (design §3 rule 6): a contiguous payload ended
 * by 0x00, where 0x01 makes the next byte literal. Dictionary tokens thus
 * appear verbatim, and deleting a payload byte shortens the string. */
#include "pf_internal.h"

enum { TERMINATOR = 0x00, ESCAPE = 0x01 };

/* Reads one payload byte into *out; returns false at the terminator. */
static bool payload_byte(pf_src *s, uint8_t *out)
{
    uint8_t b = pf__read_byte(s);
    if (b == TERMINATOR)
        return false;
    if (b == ESCAPE)
        b = pf__read_byte(s);
    *out = b;
    return true;
}

static size_t avail(const pf_src *s)
{
    return s->pos < s->size ? s->size - s->pos : 0;
}

static void record_payload(pf_src *s, pf_draw_kind kind, const char *label,
                           size_t at, const uint8_t *p, size_t len,
                           size_t units, size_t min, size_t max)
{
    pf_record *r = pf__record(s, kind, label, at);
    r->bytes = p;
    r->bytes_len = len;
    r->value.u = units;
    r->lo.u = min;
    r->hi.u = max;
}

const uint8_t *pf_bytes(pf_src *s, const char *label, size_t min_len,
                        size_t max_len, size_t *len)
{
    size_t at = s->pos;
    if (max_len < min_len)
        max_len = min_len;
    /* Each payload byte costs at least one input byte. */
    size_t room = avail(s) < max_len ? avail(s) : max_len;
    size_t cap = (room > min_len ? room : min_len) + 1;
    uint8_t *out = pf__arena_alloc(&s->arena, cap);
    size_t n = 0;
    while (n < max_len && payload_byte(s, &out[n]))
        n++;
    while (n < min_len)
        out[n++] = 0;
    out[n] = 0;
    if (s->recording)
        record_payload(s, PF_DRAW_BYTES, label, at, out, n, n, min_len, max_len);
    *len = n;
    return out;
}

/* Code points a fuzzer rarely types but parsers trip on. A byte that does
 * not start valid UTF-8 picks one of these. */
static const uint32_t awkward[] = {
    0x0000, 0x0009, 0x000A, 0x000D, 0x001B, 0x0022, 0x0027, 0x005C, 0x002C,
    0x003A, 0x007B, 0x007D, 0x005B, 0x005D, 0x003C, 0x0026, 0x007F, 0x0080,
    0x0085, 0x00A0, 0x00DF, 0x00FF, 0x0130, 0x0301, 0x07FF, 0x0800, 0x200B,
    0x200D, 0x2028, 0x2029, 0x202E, 0xE000, 0xFB01, 0xFEFF, 0xFFFD, 0xFFFE,
    0xFFFF, 0x10000, 0x1F4A9, 0x1F600, 0x10FFFF,
};
#define N_AWKWARD (sizeof awkward / sizeof awkward[0])

/* Peeks a complete, valid UTF-8 sequence starting with lead at the cursor
 * (the lead already consumed). On success consumes the continuation bytes
 * and returns the code point; else returns UINT32_MAX. Bytes past the end
 * read as zero, which is never a continuation: the result does not depend
 * on how much input remains. */
static uint32_t utf8_continue(pf_src *s, uint8_t lead)
{
    unsigned need;
    uint32_t cp;
    uint8_t lo = 0x80, hi = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 1; cp = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 2; cp = lead & 0x0F;
        if (lead == 0xE0) lo = 0xA0;       /* no overlongs */
        if (lead == 0xED) hi = 0x9F;       /* no surrogates */
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 3; cp = lead & 0x07;
        if (lead == 0xF0) lo = 0x90;
        if (lead == 0xF4) hi = 0x8F;       /* <= U+10FFFF */
    } else {
        return UINT32_MAX;
    }
    size_t have = avail(s);
    for (unsigned i = 0; i < need; i++) {
        uint8_t c = i < have ? s->data[s->pos + i] : 0;
        if (c < (i == 0 ? lo : 0x80) || c > (i == 0 ? hi : 0xBF))
            return UINT32_MAX;
        cp = (cp << 6) | (c & 0x3F);
    }
    s->pos += need;
    return cp;
}

static size_t utf8_put(uint8_t *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (uint8_t)(0xC0 | (cp >> 6));
        out[1] = (uint8_t)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (uint8_t)(0xE0 | (cp >> 12));
        out[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (uint8_t)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (uint8_t)(0xF0 | (cp >> 18));
    out[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (uint8_t)(0x80 | (cp & 0x3F));
    return 4;
}

static bool in_alphabet(const pf_text_opts *o, uint32_t cp)
{
    for (size_t i = 0; i < o->alphabet_len; i++)
        if (o->alphabet[i] == cp)
            return true;
    return false;
}

/* Reads one code point; returns false at the terminator. */
static bool text_code_point(pf_src *s, const pf_text_opts *o, uint32_t *cp)
{
    uint8_t b = pf__read_byte(s);
    if (b == TERMINATOR)
        return false;
    if (b == ESCAPE) {
        *cp = pf__read_byte(s); /* the literal byte as a code point */
    } else if (b < 0x80) {
        *cp = b;
    } else {
        uint32_t c = utf8_continue(s, b);
        *cp = c != UINT32_MAX ? c : awkward[b % N_AWKWARD];
    }
    if (o->alphabet_len && !in_alphabet(o, *cp))
        *cp = o->alphabet[*cp % o->alphabet_len];
    return true;
}

static const pf_text_opts default_text;

const char *pf_text(pf_src *s, const char *label, const pf_text_opts *opts,
                    size_t *len)
{
    const pf_text_opts *o = opts ? opts : &default_text;
    size_t min = o->min_len;
    size_t max = o->max_len ? o->max_len : PF_UNBOUNDED;
    if (max < min)
        max = min;
    if (o->allow_invalid) {
        const uint8_t *p = pf_bytes(s, label, min, max, len);
        if (s->recording)
            s->records[s->n_records - 1].kind = PF_DRAW_TEXT;
        return (const char *)p;
    }
    size_t at = s->pos;
    size_t room = avail(s) < max ? avail(s) : max;
    size_t units_cap = room > min ? room : min;
    uint8_t *out = pf__arena_alloc(&s->arena, 4 * units_cap + 1);
    size_t n = 0, units = 0;
    uint32_t cp;
    while (units < max && text_code_point(s, o, &cp)) {
        n += utf8_put(out + n, cp);
        units++;
    }
    uint32_t pad = o->alphabet_len ? o->alphabet[0] : '0';
    for (; units < min; units++)
        n += utf8_put(out + n, pad);
    out[n] = 0;
    if (s->recording)
        record_payload(s, PF_DRAW_TEXT, label, at, out, n, units, min, max);
    *len = n;
    return (const char *)out;
}

/* --- inverse ----------------------------------------------------------- */

static void enc_payload_byte(pf_buf *e, uint8_t b)
{
    if (b == TERMINATOR || b == ESCAPE)
        pf_buf_putc(e, ESCAPE);
    pf_buf_putc(e, b);
}

void pf_enc_bytes(pf_buf *e, size_t min_len, size_t max_len,
                  const uint8_t *data, size_t len)
{
    (void)min_len;
    for (size_t i = 0; i < len; i++)
        enc_payload_byte(e, data[i]);
    if (len < max_len)
        pf_buf_putc(e, TERMINATOR);
}

/* Length in bytes of the UTF-8 sequence starting with lead (valid input). */
static size_t utf8_len(uint8_t lead)
{
    return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}

void pf_enc_text(pf_buf *e, const pf_text_opts *opts, const char *text,
                 size_t len)
{
    const pf_text_opts *o = opts ? opts : &default_text;
    size_t max = o->max_len ? o->max_len : PF_UNBOUNDED;
    if (o->allow_invalid) {
        pf_enc_bytes(e, o->min_len, max, (const uint8_t *)text, len);
        return;
    }
    const uint8_t *p = (const uint8_t *)text;
    size_t units = 0;
    for (size_t i = 0; i < len; units++) {
        if (p[i] == TERMINATOR || p[i] == ESCAPE) {
            /* U+0000 and U+0001 go through the escape: literal byte. */
            enc_payload_byte(e, p[i]);
            i++;
            continue;
        }
        size_t n = utf8_len(p[i]);
        pf_buf_put(e, p + i, n);
        i += n;
    }
    if (units < max)
        pf_buf_putc(e, TERMINATOR);
}
