/* smallest_encoding: what the MessagePack spec asks a serializer for --
 * "the format which represents the data in the smallest number of bytes"
 * -- written from the spec, independently of msgpack-c (mp_ref_pack, also
 * typed_packers' reference in packers.c). A float keeps its width
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
static void ref_header(pf_buf *b, uint8_t fix, uint32_t fix_max, uint8_t w8,
                       uint8_t w16, uint8_t w32, uint32_t n)
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

static void ref_int(pf_buf *b, const msgpack_object *o)
{
    uint64_t u = o->via.u64;
    int64_t i = o->via.i64;
    if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER) {
        if (u < 128) pf_buf_putc(b, (uint8_t)u);
        else if (u <= UINT8_MAX) pf_buf_putc(b, 0xcc), mp_put_be(b, u, 1);
        else if (u <= UINT16_MAX) pf_buf_putc(b, 0xcd), mp_put_be(b, u, 2);
        else if (u <= UINT32_MAX) pf_buf_putc(b, 0xce), mp_put_be(b, u, 4);
        else pf_buf_putc(b, 0xcf), mp_put_be(b, u, 8);
    } else {
        if (i >= -32) pf_buf_putc(b, (uint8_t)i);
        else if (i >= INT8_MIN) pf_buf_putc(b, 0xd0), mp_put_be(b, (uint64_t)i, 1);
        else if (i >= INT16_MIN) pf_buf_putc(b, 0xd1), mp_put_be(b, (uint64_t)i, 2);
        else if (i >= INT32_MIN) pf_buf_putc(b, 0xd2), mp_put_be(b, (uint64_t)i, 4);
        else pf_buf_putc(b, 0xd3), mp_put_be(b, (uint64_t)i, 8);
    }
}

static void ref_float(pf_buf *b, const msgpack_object *o)
{
    if (o->type == MSGPACK_OBJECT_FLOAT32) {
        float f = (float)o->via.f64;
        uint32_t w;
        memcpy(&w, &f, sizeof w);
        pf_buf_putc(b, 0xca), mp_put_be(b, w, 4);
    } else {
        uint64_t w;
        memcpy(&w, &o->via.f64, sizeof w);
        pf_buf_putc(b, 0xcb), mp_put_be(b, w, 8);
    }
}

/* ext: fixext 1, 2, 4, 8, 16 bytes, else ext 8/16/32; then the type. */
static void ref_ext_header(pf_buf *b, uint32_t n, int8_t type)
{
    static const uint32_t fixed[] = {1, 2, 4, 8, 16};
    size_t i = 0;
    while (i < PF_LEN(fixed) && fixed[i] != n)
        i++;
    if (i < PF_LEN(fixed))
        pf_buf_putc(b, (uint8_t)(0xd4 + i));
    else
        ref_header(b, 0, 0, 0xc7, 0xc8, 0xc9, n);
    pf_buf_putc(b, (uint8_t)type);
}

void mp_ref_pack(pf_buf *b, const msgpack_object *o)
{
    switch (o->type) {
    case MSGPACK_OBJECT_NIL: pf_buf_putc(b, 0xc0); break;
    case MSGPACK_OBJECT_BOOLEAN: pf_buf_putc(b, o->via.boolean ? 0xc3 : 0xc2); break;
    case MSGPACK_OBJECT_POSITIVE_INTEGER:
    case MSGPACK_OBJECT_NEGATIVE_INTEGER: ref_int(b, o); break;
    case MSGPACK_OBJECT_FLOAT32:
    case MSGPACK_OBJECT_FLOAT64: ref_float(b, o); break;
    case MSGPACK_OBJECT_STR:
        ref_header(b, 0xa0, 31, 0xd9, 0xda, 0xdb, o->via.str.size);
        pf_buf_put(b, o->via.str.ptr, o->via.str.size);
        break;
    case MSGPACK_OBJECT_BIN:
        ref_header(b, 0, 0, 0xc4, 0xc5, 0xc6, o->via.bin.size);
        pf_buf_put(b, o->via.bin.ptr, o->via.bin.size);
        break;
    case MSGPACK_OBJECT_EXT:
        ref_ext_header(b, o->via.ext.size, o->via.ext.type);
        pf_buf_put(b, o->via.ext.ptr, o->via.ext.size);
        break;
    case MSGPACK_OBJECT_ARRAY:
        ref_header(b, 0x90, 15, 0, 0xdc, 0xdd, o->via.array.size);
        for (uint32_t i = 0; i < o->via.array.size; i++)
            mp_ref_pack(b, &o->via.array.ptr[i]);
        break;
    case MSGPACK_OBJECT_MAP:
        ref_header(b, 0x80, 15, 0, 0xde, 0xdf, o->via.map.size);
        for (uint32_t i = 0; i < o->via.map.size; i++) {
            mp_ref_pack(b, &o->via.map.ptr[i].key);
            mp_ref_pack(b, &o->via.map.ptr[i].val);
        }
        break;
    }
}

void mp_prop_smallest_encoding(pf_src *s, void *in)
{
    const batch *b = in;
    for (size_t i = 0; i < b->n; i++) {
        pf_buf *got = mp_new_buf(s), *want = mp_new_buf(s);
        PF_ASSERT(s, mp_pack_object(got, &b->vals[i]) == 0);
        mp_ref_pack(want, &b->vals[i]);
        pf_check_bytes_equal(s, NULL, "pack(v)", got->data, got->len,
                             "smallest encoding (spec)", want->data, want->len);
    }
}
