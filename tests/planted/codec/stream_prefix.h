/* Planted bug for stream_prefix: the stream unpacker reports a parse
 * error, not "continue", when its bytes end inside a value (only
 * msgpack_unpacker_next is wrapped: fed whole, a batch never ends inside
 * one). */
static inline msgpack_unpack_return planted_unpacker_next(msgpack_unpacker *u,
                                                          msgpack_unpacked *r)
{
    msgpack_unpack_return ret = msgpack_unpacker_next(u, r);
    if (ret == MSGPACK_UNPACK_CONTINUE && msgpack_unpacker_message_size(u) > 0)
        return MSGPACK_UNPACK_PARSE_ERROR;
    return ret;
}
#define msgpack_unpacker_next planted_unpacker_next
