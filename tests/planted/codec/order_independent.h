/* Planted bug for order_independent: the streaming unpacker "interns"
 * strings by length, returning the first string of each length it saw in
 * this session. Whole and chunked feeding see the same order, so only a
 * change of order reveals it. */
enum { PLANTED_MAX_LEN = 301 };
static char planted_cache[PLANTED_MAX_LEN][PLANTED_MAX_LEN];
static bool planted_cached[PLANTED_MAX_LEN];

static inline bool planted_init(msgpack_unpacker *u, size_t size)
{
    memset(planted_cached, 0, sizeof planted_cached);
    return msgpack_unpacker_init(u, size);
}

static inline void planted_intern(msgpack_object *o)
{
    if (o->type == MSGPACK_OBJECT_STR && o->via.str.size < PLANTED_MAX_LEN) {
        uint32_t n = o->via.str.size;
        if (!planted_cached[n]) {
            if (n)
                memcpy(planted_cache[n], o->via.str.ptr, n);
            planted_cached[n] = true;
        }
        o->via.str.ptr = planted_cache[n];
    } else if (o->type == MSGPACK_OBJECT_ARRAY) {
        for (uint32_t i = 0; i < o->via.array.size; i++)
            planted_intern(&o->via.array.ptr[i]);
    } else if (o->type == MSGPACK_OBJECT_MAP) {
        for (uint32_t i = 0; i < o->via.map.size; i++) {
            planted_intern(&o->via.map.ptr[i].key);
            planted_intern(&o->via.map.ptr[i].val);
        }
    }
}

static inline msgpack_unpack_return planted_unpacker_next(msgpack_unpacker *u,
                                                          msgpack_unpacked *r)
{
    msgpack_unpack_return ret = msgpack_unpacker_next(u, r);
    if (ret == MSGPACK_UNPACK_SUCCESS)
        planted_intern(&r->data);
    return ret;
}
#define msgpack_unpacker_init planted_init
#define msgpack_unpacker_next planted_unpacker_next
