/* Planted bug for round_trip: the one-shot unpacker loses the sign of
 * -0.0 (a float64 at the top level decodes as +0.0). Only msgpack-c's
 * one-shot path is wrapped, so only round_trip can see it. */
static inline msgpack_unpack_return planted_unpack_next(msgpack_unpacked *r,
                                                        const char *data, size_t len,
                                                        size_t *off)
{
    msgpack_unpack_return ret = msgpack_unpack_next(r, data, len, off);
    if (ret == MSGPACK_UNPACK_SUCCESS &&
        r->data.type == MSGPACK_OBJECT_FLOAT64 && r->data.via.f64 == 0)
        r->data.via.f64 = 0.0;
    return ret;
}
#define msgpack_unpack_next planted_unpack_next
