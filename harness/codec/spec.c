/* smallest_encoding's reference: what the MessagePack spec asks a
 * serializer for -- "the format which represents the data in the smallest
 * number of bytes" -- written from the spec, independently of msgpack-c
 * (also typed_packers' reference, packers.c). A float keeps its width
 * (float32 stays float32: shortening a float changes its type). */
#include "codec.h"

/* v's low `bytes` bytes, most significant first. */
void mp_put_be(pf_buf *b, uint64_t v, unsigned bytes)
{
    for (unsigned i = bytes; i-- > 0;)
        pf_buf_putc(b, (uint8_t)(v >> (8 * i)));
}

/* A length or count: the fix form when the type has one (fix != 0) and n
 * fits, else the narrowest of its 8-bit (w8 != 0), 16- and 32-bit forms. */
static void header(pf_buf *b, uint8_t fix, size_t fix_max, uint8_t w8, uint8_t w16,
                   uint8_t w32, size_t n)
{
    if (fix && n <= fix_max)
        pf_buf_putc(b, (uint8_t)(fix | n));
    else if (w8 && n <= 0xff)
        pf_buf_putc(b, w8), mp_put_be(b, n, 1);
    else if (n <= 0xffff)
        pf_buf_putc(b, w16), mp_put_be(b, n, 2);
    else
        pf_buf_putc(b, w32), mp_put_be(b, n, 4);
}

static void integer(pf_buf *b, const pf_bin *v)
{
    uint64_t u = v->v.u;
    int64_t i = v->v.i;
    if (v->kind == PF_BIN_UINT || i >= 0) {
        if (u < 128) pf_buf_putc(b, (uint8_t)u);
        else if (u <= UINT8_MAX) pf_buf_putc(b, 0xcc), mp_put_be(b, u, 1);
        else if (u <= UINT16_MAX) pf_buf_putc(b, 0xcd), mp_put_be(b, u, 2);
        else if (u <= UINT32_MAX) pf_buf_putc(b, 0xce), mp_put_be(b, u, 4);
        else pf_buf_putc(b, 0xcf), mp_put_be(b, u, 8);
    } else {
        if (i >= -32) pf_buf_putc(b, (uint8_t)i);
        else if (i >= INT8_MIN) pf_buf_putc(b, 0xd0), mp_put_be(b, u, 1);
        else if (i >= INT16_MIN) pf_buf_putc(b, 0xd1), mp_put_be(b, u, 2);
        else if (i >= INT32_MIN) pf_buf_putc(b, 0xd2), mp_put_be(b, u, 4);
        else pf_buf_putc(b, 0xd3), mp_put_be(b, u, 8);
    }
}

/* ext: fixext 1, 2, 4, 8, 16 bytes, else ext 8/16/32; then the type. */
static void ext_header(pf_buf *b, size_t n, int64_t type)
{
    static const size_t fixed[] = {1, 2, 4, 8, 16};
    size_t i = 0;
    while (i < PF_LEN(fixed) && fixed[i] != n)
        i++;
    if (i < PF_LEN(fixed))
        pf_buf_putc(b, (uint8_t)(0xd4 + i));
    else
        header(b, 0, 0, 0xc7, 0xc8, 0xc9, n);
    pf_buf_putc(b, (uint8_t)type);
}

void mp_header(pf_buf *b, pf_bin_kind kind, size_t n, int64_t type)
{
    switch (kind) {
    case PF_BIN_TEXT: header(b, 0xa0, 31, 0xd9, 0xda, 0xdb, n); break;
    case PF_BIN_BYTES: header(b, 0, 0, 0xc4, 0xc5, 0xc6, n); break;
    case PF_BIN_EXT: ext_header(b, n, type); break;
    case PF_BIN_ARRAY: header(b, 0x90, 15, 0, 0xdc, 0xdd, n); break;
    case PF_BIN_MAP: header(b, 0x80, 15, 0, 0xde, 0xdf, n); break;
    default: abort(); /* not a sized kind */
    }
}

int mp_reference(const pf_bin_codec *c, const pf_bin *v, pf_buf *b)
{
    if (v->n > UINT32_MAX)
        return 1;
    switch (v->kind) {
    case PF_BIN_NIL: pf_buf_putc(b, 0xc0); return 0;
    case PF_BIN_BOOL: pf_buf_putc(b, v->v.b ? 0xc3 : 0xc2); return 0;
    case PF_BIN_INT: case PF_BIN_UINT: integer(b, v); return 0;
    case PF_BIN_FLOAT:
        if (v->width == 16)
            return 1;
        pf_buf_putc(b, v->width == 32 ? 0xca : 0xcb);
        mp_put_be(b, v->v.bits, v->width / 8);
        return 0;
    case PF_BIN_TEXT: case PF_BIN_BYTES: mp_header(b, v->kind, v->n, 0); break;
    case PF_BIN_EXT:
        if (v->tag < INT8_MIN || v->tag > INT8_MAX)
            return 1;
        mp_header(b, v->kind, v->n, v->tag);
        break;
    case PF_BIN_ARRAY:
        mp_header(b, v->kind, v->n, 0);
        for (size_t i = 0; i < v->n; i++)
            if (mp_reference(c, v->v.items[i], b))
                return 1;
        return 0;
    case PF_BIN_MAP:
        mp_header(b, v->kind, v->n, 0);
        for (size_t i = 0; i < v->n; i++)
            if (mp_reference(c, v->v.pairs[i].key, b) || mp_reference(c, v->v.pairs[i].value, b))
                return 1;
        return 0;
    default: return 1;
    }
    pf_buf_put(b, v->v.bytes, v->n); /* str, bin, ext: the payload */
    return 0;
}
