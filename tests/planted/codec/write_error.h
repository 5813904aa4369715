/* Planted bug for write_error: the packer drops a failed write of a
 * string's body and reports success. Every other property packs into a
 * buffer whose writes never fail, so only write_error can see it. */
static inline int planted_pack(msgpack_packer *pk, msgpack_object o)
{
    int r = msgpack_pack_object(pk, o);
    return o.type == MSGPACK_OBJECT_STR && o.via.str.size > 0 ? 0 : r;
}
#define msgpack_pack_object planted_pack
