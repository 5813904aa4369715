/* Planted bug for batch_stream: the streaming unpacker drops an element
 * when a chunk boundary falls right after a header byte (a marker that
 * needs more bytes, 0xc4..0xdf). Fed whole, no boundary falls there. */
#define PF_PLANT_ONLY "batch_stream"

static bool feed_unpacker(msgpack_unpacker *u, const uint8_t *data, size_t n);
static bool planted_boundary_in_header;

static bool planted_feed(msgpack_unpacker *u, const uint8_t *data, size_t n)
{
    planted_boundary_in_header = n > 0 && data[n - 1] >= 0xc4 &&
                                 data[n - 1] <= 0xdf;
    return feed_unpacker(u, data, n);
}

static msgpack_unpack_return planted_unpacker_next(msgpack_unpacker *u,
                                                   msgpack_unpacked *r)
{
    msgpack_unpack_return ret = msgpack_unpacker_next(u, r);
    if (ret == MSGPACK_UNPACK_SUCCESS && planted_boundary_in_header) {
        planted_boundary_in_header = false;
        ret = msgpack_unpacker_next(u, r); /* the element is lost */
    }
    return ret;
}
#define CODEC_UNPACKER_FEED planted_feed
#define CODEC_UNPACKER_NEXT planted_unpacker_next
