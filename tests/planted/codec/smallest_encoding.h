/* Planted bug for smallest_encoding: a top-level positive fixint (0..127)
 * is packed in the uint8 form (0xcc + 1 byte) -- the same value in a
 * longer form, so every round trip, comparison and re-pack still agrees;
 * only the spec's smallest form tells it apart. */
static inline int planted_pack(msgpack_packer *pk, msgpack_object o)
{
    if (o.type == MSGPACK_OBJECT_POSITIVE_INTEGER && o.via.u64 < 128) {
        unsigned char wide[2] = {0xcc, (unsigned char)o.via.u64};
        return pk->callback(pk->data, (const char *)wide, sizeof wide);
    }
    return msgpack_pack_object(pk, o);
}
#define msgpack_pack_object planted_pack
