/* The elements of a byte string or text draw, read back from the input
 * (the records keep a payload's length, not its bytes): the order compares
 * strings element by element, and the string passes rewrite elements.
 * The reading follows the decoder (draw_bytes.c, rule 6): 0x00 ends the
 * payload, 0x01 makes the next byte literal, and in text a valid UTF-8
 * sequence is one code point. */
#include "../core/pf_internal.h"
#include "shrink_internal.h"

enum { TERMINATOR = 0x00, ESCAPE = 0x01 };

bool pf__is_payload(const pf__rec *r)
{
    return r->kind == PF_DRAW_BYTES || r->kind == PF_DRAW_TEXT;
}

static uint8_t byte_at(const pf__elems *it, size_t i)
{
    return i < it->len ? it->data[i] : 0;
}

/* Continuation bytes of a valid UTF-8 sequence led by `lead` at pos (the
 * decoder's rules: no overlongs, no surrogates, nothing past U+10FFFF),
 * with the code point; 0 when not valid. */
static unsigned utf8_tail(const pf__elems *it, size_t pos, uint8_t lead,
                          uint32_t *cp)
{
    unsigned need;
    uint8_t lo = 0x80, hi = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 1; *cp = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 2; *cp = lead & 0x0F;
        if (lead == 0xE0) lo = 0xA0;
        if (lead == 0xED) hi = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 3; *cp = lead & 0x07;
        if (lead == 0xF0) lo = 0x90;
        if (lead == 0xF4) hi = 0x8F;
    } else {
        return 0;
    }
    for (unsigned i = 0; i < need; i++) {
        uint8_t c = byte_at(it, pos + i);
        if (c < (i == 0 ? lo : 0x80) || c > (i == 0 ? hi : 0xBF))
            return 0;
        *cp = (*cp << 6) | (c & 0x3F);
    }
    return need;
}

bool pf__elems_next(pf__elems *it, pf__elem *e)
{
    if (it->pos >= it->end)
        return false;
    uint8_t b = byte_at(it, it->pos);
    if (b == TERMINATOR)
        return false;
    e->at = it->pos;
    e->len = 1;
    e->value = b;
    if (b == ESCAPE) {
        e->len = 2;
        e->value = byte_at(it, it->pos + 1);
    } else if (it->utf8 && b >= 0x80) {
        uint32_t cp;
        unsigned tail = utf8_tail(it, it->pos + 1, b, &cp);
        e->len += tail;
        e->value = tail ? cp : PF__AWKWARD_BASE + b;
    }
    it->pos += e->len;
    return true;
}

/* Text drawn with allow_invalid counts bytes, not code points; the record
 * does not say which, so the count that matches its length decides. */
static bool counts_code_points(const pf__rec *r, const uint8_t *data,
                               size_t len)
{
    pf__elems it = {data, len, r->offset, pf__draw_end(r), true};
    pf__elem e;
    size_t n = 0;
    while (pf__elems_next(&it, &e))
        n++;
    return n == r->value || (n < r->value && r->value == r->lo);
}

void pf__elems_begin(pf__elems *it, const pf__rec *r, const uint8_t *data,
                     size_t len)
{
    it->data = data;
    it->len = len;
    it->pos = r->offset;
    it->end = pf__draw_end(r);
    it->utf8 = false;
    if (r->kind == PF_DRAW_TEXT)
        it->utf8 = counts_code_points(r, data, len);
}

size_t pf__elem_encode(bool utf8, uint32_t v, uint8_t out[4])
{
    if (v == TERMINATOR || v == ESCAPE) {
        out[0] = ESCAPE;
        out[1] = (uint8_t)v;
        return 2;
    }
    if (v < (utf8 ? 0x80u : 0x100u)) {
        out[0] = (uint8_t)v;
        return 1;
    }
    if (!utf8 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    if (v < 0x800) {
        out[0] = (uint8_t)(0xC0 | (v >> 6));
        out[1] = (uint8_t)(0x80 | (v & 0x3F));
        return 2;
    }
    if (v < 0x10000) {
        out[0] = (uint8_t)(0xE0 | (v >> 12));
        out[1] = (uint8_t)(0x80 | ((v >> 6) & 0x3F));
        out[2] = (uint8_t)(0x80 | (v & 0x3F));
        return 3;
    }
    out[0] = (uint8_t)(0xF0 | (v >> 18));
    out[1] = (uint8_t)(0x80 | ((v >> 12) & 0x3F));
    out[2] = (uint8_t)(0x80 | ((v >> 6) & 0x3F));
    out[3] = (uint8_t)(0x80 | (v & 0x3F));
    return 4;
}
