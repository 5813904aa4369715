/* Byte-string draws (design §3 rule 6): a contiguous payload ended by
 * 0x00, where 0x01 makes the next byte literal. Dictionary tokens thus
 * appear verbatim, and deleting a payload byte shortens the string. Text
 * (draw_text.c) uses the same payload format. */
#include "../core/pf_internal.h"

void pf__record_payload(pf_src *s, pf_draw_kind kind, const char *label,
                        size_t at, const uint8_t *p, size_t len, size_t units,
                        size_t min, size_t max)
{
    pf_record *r = pf__record(s, kind, label, at);
    r->bytes = p;
    r->bytes_len = len;
    r->value.u = units;
    r->lo.u = min;
    r->hi.u = max;
}

/* How many of the first `lim` bytes at p are plain payload (neither the
 * terminator nor the escape), eight at a time: a word has a byte below 2
 * iff (x - 0x02..02) & ~x & 0x80..80 is non-zero, and its lowest flagged
 * byte is the first such byte (borrows only run upwards). */
static size_t plain_run(const uint8_t *p, size_t lim)
{
    const uint64_t ones = UINT64_C(0x0101010101010101);
    size_t n = 0;
    for (; n + 8 <= lim; n += 8) {
        uint64_t x = pf__load_le64(p + n);
        uint64_t low = (x - 2 * ones) & ~x & (ones << 7);
        if (low)
            return n + (size_t)__builtin_ctzll(low) / 8;
    }
    while (n < lim && p[n] > PF_ESCAPE)
        n++;
    return n;
}

const uint8_t *pf_bytes(pf_src *s, const char *label, size_t min_len,
                        size_t max_len, size_t *len)
{
    size_t at = s->pos;
    if (max_len < min_len)
        max_len = min_len;
    /* Each payload byte costs at least one input byte. */
    size_t room = pf__avail(s) < max_len ? pf__avail(s) : max_len;
    size_t cap = (room > min_len ? room : min_len) + 1;
    uint8_t *out = pf__arena_alloc(&s->arena, cap);
    size_t n = 0;
    while (n < max_len) {
        /* Runs of plain bytes are copied whole; the terminator, an escape
         * and the end of the input go through pf__payload_byte. */
        size_t left = max_len - n, avail = pf__avail(s);
        if (avail) { /* (past the end, data + pos is not a pointer) */
            size_t run = plain_run(s->data + s->pos, avail < left ? avail : left);
            memcpy(out + n, s->data + s->pos, run);
            n += run;
            s->pos += run;
        }
        if (n == max_len || !pf__payload_byte(s, &out[n]))
            break;
        n++;
    }
    while (n < min_len)
        out[n++] = 0;
    out[n] = 0;
    if (s->recording)
        pf__record_payload(s, PF_DRAW_BYTES, label, at, out, n, n, min_len, max_len);
    *len = n;
    return out;
}

/* --- inverse ----------------------------------------------------------- */

void pf__enc_payload_byte(pf_buf *e, uint8_t b)
{
    if (b == PF_TERMINATOR || b == PF_ESCAPE)
        pf_buf_putc(e, PF_ESCAPE);
    pf_buf_putc(e, b);
}

void pf_enc_bytes(pf_buf *e, size_t min_len, size_t max_len,
                  const uint8_t *data, size_t len)
{
    (void)min_len;
    for (size_t i = 0; i < len; i++)
        pf__enc_payload_byte(e, data[i]);
    if (len < max_len)
        pf_buf_putc(e, PF_TERMINATOR);
}
