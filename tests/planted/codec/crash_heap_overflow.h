/* Planted crash (not a property): the one-shot unpacker's wrapper reads
 * one byte past a copy of a top-level str that starts with 'A'. ASan
 * reports a heap-buffer-overflow; the shrinker must survive it (each
 * attempt runs in a child) and still shrink the input. */
static inline msgpack_unpack_return planted_unpack_next(msgpack_unpacked *r,
                                                        const char *data, size_t len,
                                                        size_t *off)
{
    msgpack_unpack_return ret = msgpack_unpack_next(r, data, len, off);
    if (ret == MSGPACK_UNPACK_SUCCESS && r->data.type == MSGPACK_OBJECT_STR &&
        r->data.via.str.size > 0 && r->data.via.str.ptr[0] == 'A') {
        uint32_t n = r->data.via.str.size;
        char *copy = malloc(n);
        if (copy) {
            memcpy(copy, r->data.via.str.ptr, n);
            volatile char past = copy[n]; /* the planted overflow */
            (void)past;
            free(copy);
        }
    }
    return ret;
}
#define msgpack_unpack_next planted_unpack_next
