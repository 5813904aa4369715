/* The report's rendering of pf_bin values: one line, cut where long. */
#include "bin_internal.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

enum { PRINT_ITEMS = 16, PRINT_BYTES = 64 };

static void print_float(pf_buf *b, const pf_bin *v)
{
    double d = pf_bin_float_value(v);
    if (isnan(d))
        pf_buf_printf(b, "f%u(nan 0x%" PRIx64 ")", v->width, v->v.bits);
    else if (d == 0 && signbit(d))
        pf_buf_printf(b, "f%u(-0)", v->width);
    else
        pf_buf_printf(b, "f%u(%.17g)", v->width, d);
}

static void print_bytes(pf_buf *b, const pf_bin *v)
{
    if (v->claimed) {
        pf_buf_printf(b, "claimed(%zu)", v->n);
        return;
    }
    size_t n = v->n < PRINT_BYTES ? v->n : PRINT_BYTES;
    pf_buf_quote(b, v->v.bytes, n);
    if (n < v->n)
        pf_buf_printf(b, "..(%zu bytes)", v->n);
}

static void print(pf_buf *b, const pf_bin *v, size_t limit)
{
    if (b->len > limit)
        return;
    switch (v->kind) {
    case PF_BIN_NIL: pf_buf_printf(b, "nil"); break;
    case PF_BIN_BOOL: pf_buf_printf(b, v->v.b ? "true" : "false"); break;
    case PF_BIN_INT: pf_buf_printf(b, "i%u(%" PRId64 ")", v->width * 8u, v->v.i); break;
    case PF_BIN_UINT: pf_buf_printf(b, "u%u(%" PRIu64 ")", v->width * 8u, v->v.u); break;
    case PF_BIN_FLOAT: print_float(b, v); break;
    case PF_BIN_BYTES: pf_buf_putc(b, 'b'); print_bytes(b, v); break;
    case PF_BIN_TEXT: print_bytes(b, v); break;
    case PF_BIN_EXT:
        pf_buf_printf(b, "ext(%" PRId64 ", b", v->tag);
        print_bytes(b, v);
        pf_buf_putc(b, ')');
        break;
    case PF_BIN_DATE: pf_buf_printf(b, "date(%" PRId64 ")", v->v.i); break;
    case PF_BIN_DECIMAL:
        pf_buf_printf(b, "dec128(0x");
        for (size_t i = 16; i-- > 0;)
            pf_buf_printf(b, "%02x", v->v.bytes[i]);
        pf_buf_putc(b, ')');
        break;
    case PF_BIN_TAG:
        pf_buf_printf(b, "tag(%" PRId64 ", ", v->tag);
        print(b, v->v.items[0], limit);
        pf_buf_putc(b, ')');
        break;
    case PF_BIN_ARRAY: case PF_BIN_MAP: {
        bool map = v->kind == PF_BIN_MAP;
        pf_buf_putc(b, map ? '{' : '[');
        if (v->claimed)
            pf_buf_printf(b, "claimed(%zu)", v->n);
        for (size_t i = 0; !v->claimed && i < v->n && i < PRINT_ITEMS; i++) {
            if (i)
                pf_buf_printf(b, ", ");
            if (map) {
                print(b, v->v.pairs[i].key, limit);
                pf_buf_printf(b, ": ");
                print(b, v->v.pairs[i].value, limit);
            } else {
                print(b, v->v.items[i], limit);
            }
        }
        if (!v->claimed && v->n > PRINT_ITEMS)
            pf_buf_printf(b, ", ..(%zu elements)", v->n);
        pf_buf_putc(b, map ? '}' : ']');
        break;
    }
    default: break;
    }
}

void pf_bin_print(pf_buf *b, const pf_bin *v, size_t limit)
{
    size_t start = b->len, max = limit ? limit : 4096;
    print(b, v, start + max);
    if (b->len > start + max) {
        b->len = start + max;
        pf_buf_printf(b, "...");
    }
}

const char *pf_bin_show(pf_bin_pool *p, const pf_bin *v)
{
    pf_buf b = {0};
    pf_bin_print(&b, v, 0);
    char *s = pf_bin_alloc(p, b.len + 1);
    memcpy(s, b.data ? (const char *)b.data : "", b.len);
    s[b.len] = 0;
    pf_buf_free(&b);
    return s;
}

const char *pf_bin_hex(pf_src *s, const void *data, size_t len)
{
    pf_buf b = {0};
    pf_buf_hex(&b, data, len, 512);
    return pf_buf_defer(s, &b);
}
