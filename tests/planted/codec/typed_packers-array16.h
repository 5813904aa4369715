/* Planted bug for typed_packers' header check (a second planted bug of
 * the property: tests/planted/<target>/<property>-<bug>.h):
 * msgpack_pack_array keeps the array16 form (0xdc + 2 bytes) up to 65,536
 * elements instead of 65,535, so 65,536 gets the header of an empty array
 * (its count cut to 16 bits). Only the header check packs such a count
 * (the strategy draws at most 256 elements), and the integer packers are
 * not wrapped: only the header check can see it. */
static inline int planted_pack_array(msgpack_packer *pk, size_t n)
{
    if (n != 65536)
        return msgpack_pack_array(pk, n);
    unsigned char b[3] = {0xdc, (unsigned char)(n >> 8), (unsigned char)n};
    return pk->callback(pk->data, (const char *)b, sizeof b);
}
#define msgpack_pack_array planted_pack_array
