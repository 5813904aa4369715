/* The properties of msgpack-c's packers themselves: write_error (a
 * failing writer) and typed_packers (the typed integer and header
 * packers). */
#include "codec.h"

/* write_error: a packer whose writer fails must say so. The writer takes
 * `room` bytes (MP_ROOM, drawn up front, modulo the value's packed size + 1)
 * and refuses the write that would go past them; msgpack_pack_object must
 * then return an error, and must succeed when the whole value fits. */
typedef struct limited_writer {
    size_t room, written;
} limited_writer;

static int write_limited(void *data, const char *buf, size_t len)
{
    (void)buf;
    limited_writer *w = data;
    if (len > w->room - w->written)
        return -1;
    w->written += len;
    return 0;
}

void mp_prop_write_error(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    msgpack_zone *z = mp_new_zone(s);
    for (size_t i = 0; i < k->n; i++) {
        pf_buf *packed = mp_new_buf(s);
        msgpack_object o;
        PF_ASSERT(s, mp_object_of(z, k->values[i], &o) &&
                         mp_pack_with(packed, mp_pack_to_buf, &o) == 0);
        size_t full = packed->len;
        limited_writer w = {MP_ROOM(k) % (full + 1), 0};
        int r = mp_pack_with(&w, write_limited, &o);
        if ((r == 0) == (w.room >= full))
            continue;
        pf_buf t = {0};
        pf_buf_printf(&t, "%d with room for %zu of %zu bytes", r, w.room, full);
        pf_line l[] = {{"msgpack_pack_object", pf_buf_defer(s, &t)}};
        pf_fail(s, NULL, w.room < full ? "a failed write was not reported"
                                       : "packing failed though every write succeeded",
                l, 1, NULL);
    }
}

/* typed_packers: msgpack-c's typed integer packers (msgpack_pack_int8 ...
 * msgpack_pack_unsigned_long_long) give a value their C type holds its
 * smallest encoding, the same bytes as msgpack_pack_object; the fix_
 * packers give their fixed form (marker, then the value's low bytes). */
#define SIGNED_PACKER(fn, type) \
    static int pk_##fn(msgpack_packer *pk, uint64_t v) { return msgpack_pack_##fn(pk, (type)(int64_t)v); }
#define UNSIGNED_PACKER(fn, type) \
    static int pk_##fn(msgpack_packer *pk, uint64_t v) { return msgpack_pack_##fn(pk, (type)v); }
SIGNED_PACKER(char, char)
SIGNED_PACKER(signed_char, signed char)
SIGNED_PACKER(short, short)
SIGNED_PACKER(int, int)
SIGNED_PACKER(long, long)
SIGNED_PACKER(long_long, long long)
SIGNED_PACKER(int8, int8_t)
SIGNED_PACKER(int16, int16_t)
SIGNED_PACKER(int32, int32_t)
SIGNED_PACKER(int64, int64_t)
SIGNED_PACKER(fix_int8, int8_t)
SIGNED_PACKER(fix_int16, int16_t)
SIGNED_PACKER(fix_int32, int32_t)
SIGNED_PACKER(fix_int64, int64_t)
UNSIGNED_PACKER(unsigned_char, unsigned char)
UNSIGNED_PACKER(unsigned_short, unsigned short)
UNSIGNED_PACKER(unsigned_int, unsigned int)
UNSIGNED_PACKER(unsigned_long, unsigned long)
UNSIGNED_PACKER(unsigned_long_long, unsigned long long)
UNSIGNED_PACKER(uint8, uint8_t)
UNSIGNED_PACKER(uint16, uint16_t)
UNSIGNED_PACKER(uint32, uint32_t)
UNSIGNED_PACKER(uint64, uint64_t)
UNSIGNED_PACKER(fix_uint8, uint8_t)
UNSIGNED_PACKER(fix_uint16, uint16_t)
UNSIGNED_PACKER(fix_uint32, uint32_t)
UNSIGNED_PACKER(fix_uint64, uint64_t)

typedef struct int_packer {
    const char *name;
    int64_t min;        /* the range of its C type */
    uint64_t max;
    uint8_t marker;     /* fix_ packers: their marker and width; else 0 */
    unsigned width;
    int (*pack)(msgpack_packer *pk, uint64_t v);
} int_packer;

#define SMALLEST(fn, lo, hi) {"msgpack_pack_" #fn, lo, hi, 0, 0, pk_##fn}
#define FIXED(fn, lo, hi, m, w) {"msgpack_pack_" #fn, lo, hi, m, w, pk_##fn}
static const int_packer int_packers[] = {
    SMALLEST(char, CHAR_MIN, CHAR_MAX), SMALLEST(signed_char, SCHAR_MIN, SCHAR_MAX),
    SMALLEST(short, SHRT_MIN, SHRT_MAX), SMALLEST(int, INT_MIN, INT_MAX),
    SMALLEST(long, LONG_MIN, LONG_MAX), SMALLEST(long_long, LLONG_MIN, LLONG_MAX),
    SMALLEST(int8, INT8_MIN, INT8_MAX), SMALLEST(int16, INT16_MIN, INT16_MAX),
    SMALLEST(int32, INT32_MIN, INT32_MAX), SMALLEST(int64, INT64_MIN, INT64_MAX),
    SMALLEST(unsigned_char, 0, UCHAR_MAX), SMALLEST(unsigned_short, 0, USHRT_MAX),
    SMALLEST(unsigned_int, 0, UINT_MAX), SMALLEST(unsigned_long, 0, ULONG_MAX),
    SMALLEST(unsigned_long_long, 0, ULLONG_MAX), SMALLEST(uint8, 0, UINT8_MAX),
    SMALLEST(uint16, 0, UINT16_MAX), SMALLEST(uint32, 0, UINT32_MAX),
    SMALLEST(uint64, 0, UINT64_MAX),
    FIXED(fix_int8, INT8_MIN, INT8_MAX, 0xd0, 1), FIXED(fix_int16, INT16_MIN, INT16_MAX, 0xd1, 2),
    FIXED(fix_int32, INT32_MIN, INT32_MAX, 0xd2, 4), FIXED(fix_int64, INT64_MIN, INT64_MAX, 0xd3, 8),
    FIXED(fix_uint8, 0, UINT8_MAX, 0xcc, 1), FIXED(fix_uint16, 0, UINT16_MAX, 0xcd, 2),
    FIXED(fix_uint32, 0, UINT32_MAX, 0xce, 4), FIXED(fix_uint64, 0, UINT64_MAX, 0xcf, 8),
};

static void check_int_packers(pf_src *s, const pf_bin *v)
{
    bool negative = v->kind == PF_BIN_INT && v->v.i < 0;
    for (size_t k = 0; k < PF_LEN(int_packers); k++) {
        const int_packer *p = &int_packers[k];
        if (negative ? v->v.i < p->min : v->v.u > p->max)
            continue; /* its type does not hold the value */
        pf_buf *got = mp_new_buf(s), *want = mp_new_buf(s);
        msgpack_packer pk;
        msgpack_packer_init(&pk, got, mp_pack_to_buf);
        PF_ASSERT(s, p->pack(&pk, v->v.u) == 0);
        if (p->marker) {
            pf_buf_putc(want, p->marker);
            mp_put_be(want, v->v.u, p->width);
        } else {
            PF_ASSERT(s, mp_reference(&mp_codec, v, want) == 0);
        }
        pf_check_bytes_equal(s, NULL, p->name, got->data, got->len,
                             p->marker ? "its fixed form" : "smallest encoding (spec)",
                             want->data, want->len);
    }
}

/* The header packers (msgpack_pack_str, _bin, _ext, _array, _map) given a
 * claimed size n write the spec's header for n and nothing else: the
 * 16/32-bit switch at 65,535/65,536 and 2^32-1 checked without building a
 * value that large (the strategy draws at most 256, harness/codec.c). And
 * msgpack-c's unpacker, given that header and no body, asks for more
 * (MSGPACK_UNPACK_CONTINUE) -- for arrays and maps only up to 256: it
 * allocates the claimed elements before reading them (R4; 65,536 map
 * entries are 3 MB, an mmap a run under ASan); and not for an
 * ext of 2^32-1 bytes: msgpack-c adds the type byte to the 32-bit length
 * (unpack_template.h, `tmp + 1`), which wraps to 0 and is refused as
 * MSGPACK_UNPACK_PARSE_ERROR (a msgpack-c limit at 4 GiB, FINDINGS.md). */
static int pack_header(msgpack_packer *pk, pf_bin_kind kind, size_t n, int64_t type)
{
    switch (kind) {
    case PF_BIN_TEXT: return msgpack_pack_str(pk, n);
    case PF_BIN_BYTES: return msgpack_pack_bin(pk, n);
    case PF_BIN_EXT: return msgpack_pack_ext(pk, n, (int8_t)type);
    case PF_BIN_ARRAY: return msgpack_pack_array(pk, n);
    default: return msgpack_pack_map(pk, n);
    }
}

static const char *const header_packers[] = {
    [PF_BIN_TEXT] = "msgpack_pack_str", [PF_BIN_BYTES] = "msgpack_pack_bin",
    [PF_BIN_EXT] = "msgpack_pack_ext", [PF_BIN_ARRAY] = "msgpack_pack_array",
    [PF_BIN_MAP] = "msgpack_pack_map",
};

static void header_failed(pf_src *s, const char *what, pf_bin_kind kind, size_t n,
                          const pf_buf *got, const pf_buf *want, int unpacked)
{
    pf_buf call = {0}, g = {0}, w = {0};
    pf_buf_printf(&call, "%s(%zu)", header_packers[kind], n);
    pf_buf_hex(&g, got->data, got->len, 16);
    pf_buf_hex(&w, want->data, want->len, 16);
    if (unpacked)
        pf_buf_printf(&w, ", then msgpack_unpack_next returned %d", unpacked);
    pf_line l[] = {{pf_buf_defer(s, &call), pf_buf_defer(s, &g)},
                   {"the spec's header", pf_buf_defer(s, &w)}};
    pf_fail(s, NULL, what, l, 2, NULL);
}

static void check_header(pf_src *s, pf_bin_kind kind, size_t n, int64_t type)
{
    pf_buf *got = mp_new_buf(s), *want = mp_new_buf(s);
    msgpack_packer pk;
    msgpack_packer_init(&pk, got, mp_pack_to_buf);
    PF_ASSERT(s, pack_header(&pk, kind, n, type) == 0);
    mp_header(want, kind, n, type);
    if (got->len != want->len || memcmp(got->data, want->data, got->len) != 0)
        header_failed(s, "a header packer wrote other bytes than the spec's header", kind, n,
                      got, want, 0);
    if (n == 0 || ((kind == PF_BIN_ARRAY || kind == PF_BIN_MAP) && n > 256) ||
        (kind == PF_BIN_EXT && n == UINT32_MAX))
        return; /* n == 0: the header is the whole value */
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    size_t off = 0;
    msgpack_unpack_return r = msgpack_unpack_next(&u, (const char *)got->data, got->len, &off);
    msgpack_unpacked_destroy(&u);
    if (r != MSGPACK_UNPACK_CONTINUE)
        header_failed(s, "a header without its body did not ask for more data", kind, n, got,
                      want, (int)r);
}

static const size_t header_sizes[] = {
    0, 1, 2, 4, 8, 15, 16, 31, 32, 255, 256, 65535, 65536, UINT32_MAX,
};
static const pf_bin_kind header_kinds[] = {
    PF_BIN_TEXT, PF_BIN_BYTES, PF_BIN_EXT, PF_BIN_ARRAY, PF_BIN_MAP,
};

void mp_prop_typed_packers(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    for (size_t i = 0; i < k->n; i++) {
        const pf_bin *v = k->values[i];
        if (v->kind == PF_BIN_UINT || v->kind == PF_BIN_INT)
            check_int_packers(s, v);
        else if (v->kind == PF_BIN_EXT || v->kind == PF_BIN_TEXT || v->kind == PF_BIN_BYTES ||
                 v->kind == PF_BIN_ARRAY || v->kind == PF_BIN_MAP)
            if (v->kind != PF_BIN_EXT || (v->tag >= INT8_MIN && v->tag <= INT8_MAX))
                check_header(s, v->kind, v->n, v->kind == PF_BIN_EXT ? v->tag : 0);
    }
    for (size_t i = 0; i < PF_LEN(header_kinds); i++)
        for (size_t j = 0; j < PF_LEN(header_sizes); j++)
            check_header(s, header_kinds[i], header_sizes[j], 7);
}
