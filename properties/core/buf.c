/* Growable byte buffers: encoder output and report text. */
#include "pf_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void reserve(pf_buf *b, size_t extra)
{
    if (b->cap - b->len > extra)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap - b->len <= extra)
        cap *= 2;
    uint8_t *d = realloc(b->data, cap);
    if (!d) {
        fprintf(stderr, "propfuzz: out of memory (buffer of %zu bytes)\n", cap);
        abort();
    }
    b->data = d;
    b->cap = cap;
}

void pf_buf_free(pf_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void pf_buf_put(pf_buf *b, const void *data, size_t len)
{
    if (!len)
        return;
    reserve(b, len);
    memcpy(b->data + b->len, data, len);
    b->len += len;
}

void pf_buf_putc(pf_buf *b, uint8_t c)
{
    reserve(b, 1);
    b->data[b->len++] = c;
}

void pf_buf_printf(pf_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    reserve(b, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void pf_buf_hex(pf_buf *b, const uint8_t *data, size_t len, size_t limit)
{
    size_t n = len < limit ? len : limit;
    for (size_t i = 0; i < n; i++)
        pf_buf_printf(b, i ? " %02x" : "%02x", data[i]);
    if (n < len)
        pf_buf_printf(b, " ... (%zu more)", len - n);
}

/* Length of a valid UTF-8 sequence at p (<= left bytes), or 0. */
static size_t valid_utf8(const uint8_t *p, size_t left)
{
    uint8_t c = p[0];
    size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
             : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (!n || n > left)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    if ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] > 0x9F) ||
        (c == 0xF0 && p[1] < 0x90) || (c == 0xF4 && p[1] > 0x8F))
        return 0;
    return n;
}

void pf_buf_quote(pf_buf *b, const uint8_t *data, size_t len)
{
    pf_buf_putc(b, '"');
    for (size_t i = 0; i < len;) {
        uint8_t c = data[i];
        size_t n;
        if (c == '"' || c == '\\') {
            pf_buf_printf(b, "\\%c", c);
        } else if (c == '\n') {
            pf_buf_put(b, "\\n", 2);
        } else if (c == '\t') {
            pf_buf_put(b, "\\t", 2);
        } else if (c < 0x20 || c == 0x7f) {
            pf_buf_printf(b, "\\u%04x", c);
        } else if (c < 0x80) {
            pf_buf_putc(b, c);
        } else if ((n = valid_utf8(data + i, len - i)) != 0) {
            pf_buf_put(b, data + i, n);
            i += n;
            continue;
        } else {
            pf_buf_printf(b, "\\x%02x", c);
        }
        i++;
    }
    pf_buf_putc(b, '"');
}

const char *pf_buf_str(pf_buf *b)
{
    reserve(b, 1);
    b->data[b->len] = 0;
    return (const char *)b->data;
}

void pf__write_le(pf_buf *e, uint64_t w, unsigned width)
{
    for (unsigned i = 0; i < width; i++)
        pf_buf_putc(e, (uint8_t)(w >> (8 * i)));
}
