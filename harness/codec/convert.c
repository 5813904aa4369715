/* Values as msgpack_object and back, and msgpack-c's packer and one-shot
 * unpacker as the codec's encode and decode. */
#include "codec.h"

static bool container_of(msgpack_zone *z, const pf_bin *v, msgpack_object *o)
{
    bool map = v->kind == PF_BIN_MAP;
    o->type = map ? MSGPACK_OBJECT_MAP : MSGPACK_OBJECT_ARRAY;
    if (v->n > UINT32_MAX)
        return false;
    msgpack_object *items = map ? NULL : msgpack_zone_malloc(z, v->n * sizeof *items + 1);
    msgpack_object_kv *kv = map ? msgpack_zone_malloc(z, v->n * sizeof *kv + 1) : NULL;
    if (!items && !kv)
        return false;
    for (size_t i = 0; i < v->n; i++) {
        if (map) {
            bool same = i && v->v.pairs[i].value == v->v.pairs[i - 1].value;
            if (!mp_object_of(z, v->v.pairs[i].key, &kv[i].key) ||
                !(same ? (kv[i].val = kv[i - 1].val, true)
                       : mp_object_of(z, v->v.pairs[i].value, &kv[i].val)))
                return false;
        } else if (i && v->v.items[i] == v->v.items[i - 1]) {
            items[i] = items[i - 1]; /* a repeated element, converted once */
        } else if (!mp_object_of(z, v->v.items[i], &items[i])) {
            return false;
        }
    }
    if (map)
        o->via.map.ptr = kv, o->via.map.size = (uint32_t)v->n;
    else
        o->via.array.ptr = items, o->via.array.size = (uint32_t)v->n;
    return true;
}

bool mp_object_of(msgpack_zone *z, const pf_bin *v, msgpack_object *o)
{
    memset(o, 0, sizeof *o);
    if (v->claimed || v->n > UINT32_MAX)
        return false;
    switch (v->kind) {
    case PF_BIN_NIL: o->type = MSGPACK_OBJECT_NIL; return true;
    case PF_BIN_BOOL: o->type = MSGPACK_OBJECT_BOOLEAN, o->via.boolean = v->v.b; return true;
    case PF_BIN_UINT: o->type = MSGPACK_OBJECT_POSITIVE_INTEGER, o->via.u64 = v->v.u; return true;
    case PF_BIN_INT:
        o->type = v->v.i < 0 ? MSGPACK_OBJECT_NEGATIVE_INTEGER : MSGPACK_OBJECT_POSITIVE_INTEGER;
        o->via.i64 = v->v.i;
        return true;
    case PF_BIN_FLOAT:
        if (v->width == 16)
            return false;
        o->type = v->width == 32 ? MSGPACK_OBJECT_FLOAT32 : MSGPACK_OBJECT_FLOAT64;
        o->via.f64 = pf_bin_float_value(v);
        return true;
    case PF_BIN_TEXT: case PF_BIN_BYTES: case PF_BIN_EXT: {
        const char *p = (const char *)v->v.bytes; /* the value outlives the object */
        if (v->kind == PF_BIN_EXT && (v->tag < INT8_MIN || v->tag > INT8_MAX))
            return false;
        if (v->kind == PF_BIN_TEXT)
            o->type = MSGPACK_OBJECT_STR, o->via.str.ptr = p, o->via.str.size = (uint32_t)v->n;
        else if (v->kind == PF_BIN_BYTES)
            o->type = MSGPACK_OBJECT_BIN, o->via.bin.ptr = p, o->via.bin.size = (uint32_t)v->n;
        else
            o->type = MSGPACK_OBJECT_EXT, o->via.ext.ptr = p, o->via.ext.size = (uint32_t)v->n,
            o->via.ext.type = (int8_t)v->tag;
        return true;
    }
    case PF_BIN_ARRAY: case PF_BIN_MAP: return container_of(z, v, o);
    default: return false; /* date, decimal128, tags: not MessagePack's */
    }
}

/* The i-th element of a container, sharing the previous one's node when
 * both are the same scalar: a 65,536-element container of one repeated
 * element is one node, as the strategy draws it (converting, copying and
 * comparing it then cost a pass, not 65,536 allocations). */
static pf_bin *element(pf_bin_pool *p, const msgpack_object *o, const msgpack_object *before,
                       pf_bin *prev)
{
    if (prev && o->type <= MSGPACK_OBJECT_NEGATIVE_INTEGER && msgpack_object_equal(*o, *before))
        return prev; /* nil, bool, integers: not floats (-0.0 == 0.0) */
    return mp_value_of(p, o);
}

pf_bin *mp_value_of(pf_bin_pool *p, const msgpack_object *o)
{
    switch (o->type) {
    case MSGPACK_OBJECT_NIL: return pf_bin_nil(p);
    case MSGPACK_OBJECT_BOOLEAN: return pf_bin_bool(p, o->via.boolean);
    case MSGPACK_OBJECT_POSITIVE_INTEGER: return pf_bin_uint(p, o->via.u64, 8);
    case MSGPACK_OBJECT_NEGATIVE_INTEGER: return pf_bin_int(p, o->via.i64, 8);
    case MSGPACK_OBJECT_FLOAT32: return pf_bin_f32(p, (float)o->via.f64);
    case MSGPACK_OBJECT_FLOAT64: return pf_bin_f64(p, o->via.f64);
    case MSGPACK_OBJECT_STR: return pf_bin_bytes(p, PF_BIN_TEXT, o->via.str.ptr, o->via.str.size);
    case MSGPACK_OBJECT_BIN: return pf_bin_bytes(p, PF_BIN_BYTES, o->via.bin.ptr, o->via.bin.size);
    case MSGPACK_OBJECT_EXT: return pf_bin_ext(p, o->via.ext.type, o->via.ext.ptr, o->via.ext.size);
    case MSGPACK_OBJECT_ARRAY: {
        pf_bin *a = pf_bin_array(p, o->via.array.size), *x = NULL;
        for (uint32_t i = 0; i < o->via.array.size; i++)
            pf_bin_push(p, a, x = element(p, &o->via.array.ptr[i], &o->via.array.ptr[i - !!i], x));
        return a;
    }
    case MSGPACK_OBJECT_MAP: {
        pf_bin *m = pf_bin_map(p, o->via.map.size), *x = NULL;
        const msgpack_object_kv *kv = o->via.map.ptr;
        for (uint32_t i = 0; i < o->via.map.size; i++)
            pf_bin_put(p, m, mp_value_of(p, &kv[i].key),
                       x = element(p, &kv[i].val, &kv[i - !!i].val, x));
        return m;
    }
    }
    return NULL;
}

int mp_pack_to_buf(void *data, const char *buf, size_t len)
{
    pf_buf_put(data, buf, len);
    return 0;
}

int mp_pack_with(void *data, msgpack_packer_write write, const msgpack_object *o)
{
    msgpack_packer pk;
    msgpack_packer_init(&pk, data, write);
    return msgpack_pack_object(&pk, *o);
}

int mp_encode(const pf_bin_codec *c, const pf_bin *v, pf_buf *out)
{
    (void)c;
    msgpack_zone z;
    msgpack_object o;
    if (!msgpack_zone_init(&z, 2048))
        return -1;
    int r = mp_object_of(&z, v, &o) ? mp_pack_with(out, mp_pack_to_buf, &o) : -1;
    msgpack_zone_destroy(&z);
    return r;
}

pf_bin *mp_decode(const pf_bin_codec *c, pf_bin_pool *p, const uint8_t *data, size_t len,
                  size_t *used)
{
    (void)c;
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    size_t off = 0;
    pf_bin *v = NULL;
    if (msgpack_unpack_next(&u, (const char *)data, len, &off) == MSGPACK_UNPACK_SUCCESS) {
        v = mp_value_of(p, &u.data);
        *used = off;
    }
    msgpack_unpacked_destroy(&u);
    return v;
}

static void buf_free(void *b) { pf_buf_free(b); }

pf_buf *mp_new_buf(pf_src *s)
{
    pf_buf *b = pf_alloc(s, sizeof *b);
    *b = (pf_buf){0};
    pf_defer(s, buf_free, b);
    return b;
}

static void zone_free(void *z) { msgpack_zone_free(z); }

msgpack_zone *mp_new_zone(pf_src *s)
{
    msgpack_zone *z = msgpack_zone_new(2048);
    PF_ASSERT(s, z != NULL);
    pf_defer(s, zone_free, z);
    return z;
}
