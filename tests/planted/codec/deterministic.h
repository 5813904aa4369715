/* Planted bug for deterministic: the packer pads nondeterministically.
 * Every other call writes a top-level unsigned integer in the widest form
 * (0xcf + 8 bytes): still the same value, so a round trip passes. */
static inline int planted_pack(msgpack_packer *pk, msgpack_object o)
{
    static unsigned calls;
    if (o.type == MSGPACK_OBJECT_POSITIVE_INTEGER && (calls++ & 1)) {
        unsigned char wide[9] = {0xcf};
        for (int i = 0; i < 8; i++)
            wide[1 + i] = (unsigned char)(o.via.u64 >> (56 - 8 * i));
        return pk->callback(pk->data, (const char *)wide, sizeof wide);
    }
    return msgpack_pack_object(pk, o);
}
#define msgpack_pack_object planted_pack
