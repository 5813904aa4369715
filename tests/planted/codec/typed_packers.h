/* Planted bug for typed_packers: msgpack_pack_int16 writes every value in
 * the int16 form (0xd1 + 2 bytes) instead of the smallest one. Only the
 * typed packers are wrapped (msgpack_pack_object never calls this one), so
 * only typed_packers can see it. */
static inline int planted_pack_int16(msgpack_packer *pk, int16_t d)
{
    unsigned char b[3] = {0xd1, (unsigned char)((uint16_t)d >> 8), (unsigned char)d};
    return pk->callback(pk->data, (const char *)b, sizeof b);
}
#define msgpack_pack_int16 planted_pack_int16
