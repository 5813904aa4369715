/* Planted bug for batch_stream: the streaming unpacker drops an element
 * when a chunk boundary falls right after a header byte (a marker that
 * needs more bytes, 0xc4..0xdf). Fed whole, no boundary falls there. */

static bool planted_boundary_in_header;

/* The chunk just copied into the unpacker's buffer ends at size. */
static inline void planted_consumed(msgpack_unpacker *u, size_t n)
{
    const uint8_t *chunk = (const uint8_t *)msgpack_unpacker_buffer(u);
    planted_boundary_in_header = n > 0 && chunk[n - 1] >= 0xc4 &&
                                 chunk[n - 1] <= 0xdf;
    msgpack_unpacker_buffer_consumed(u, n);
}

static inline msgpack_unpack_return planted_unpacker_next(msgpack_unpacker *u,
                                                          msgpack_unpacked *r,
                                                          size_t *bytes)
{
    msgpack_unpack_return ret = msgpack_unpacker_next_with_size(u, r, bytes);
    if (ret == MSGPACK_UNPACK_SUCCESS && planted_boundary_in_header) {
        planted_boundary_in_header = false;
        ret = msgpack_unpacker_next_with_size(u, r, bytes); /* the element is lost */
    }
    return ret;
}
#define msgpack_unpacker_buffer_consumed planted_consumed
#define msgpack_unpacker_next_with_size planted_unpacker_next
