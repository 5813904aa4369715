/* Planted bug for nest_limit: the one-shot unpacker refuses a value
 * nested 32 containers deep, one level short of msgpack-c's limit (it
 * counts the leading fixarray markers 0x90..0x9f). */
static inline msgpack_unpack_return planted_unpack_next(msgpack_unpacked *r, const char *data,
                                                        size_t len, size_t *off)
{
    size_t at = off ? *off : 0, depth = 0;
    while (at + depth < len && ((unsigned char)data[at + depth] & 0xf0) == 0x90)
        depth++;
    if (depth >= 32) {
        msgpack_unpacked_destroy(r);
        return MSGPACK_UNPACK_NOMEM_ERROR;
    }
    return msgpack_unpack_next(r, data, len, off);
}
#define msgpack_unpack_next planted_unpack_next
