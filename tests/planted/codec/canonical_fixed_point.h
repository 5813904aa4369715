/* Planted bug for canonical_fixed_point: the packer silently drops
 * duplicate keys of a top-level map of up to 256 entries (keeping the
 * first; a quadratic scan). Drawn maps have
 * distinct keys, so only raw bytes the unpacker accepts can reveal it. */
static inline int planted_pack(msgpack_packer *pk, msgpack_object o)
{
    if (o.type != MSGPACK_OBJECT_MAP || o.via.map.size < 2 || o.via.map.size > 256)
        return msgpack_pack_object(pk, o);
    uint32_t n = o.via.map.size, kept = 0;
    msgpack_object_kv *kv = malloc(n * sizeof *kv);
    if (!kv)
        return -1;
    for (uint32_t i = 0; i < n; i++) {
        bool seen = false;
        for (uint32_t j = 0; j < kept && !seen; j++)
            seen = msgpack_object_equal(kv[j].key, o.via.map.ptr[i].key);
        if (!seen)
            kv[kept++] = o.via.map.ptr[i];
    }
    o.via.map.ptr = kv;
    o.via.map.size = kept;
    int ret = msgpack_pack_object(pk, o);
    free(kv);
    return ret;
}
#define msgpack_pack_object planted_pack
