/* codec's strategy (see codec.h): msgpack_object values and the
 * properties' variation from the byte stream. */
#include "codec.h"

static const char *const kind_names[N_KINDS] = {
    "nil", "bool", "uint", "negint", "f32", "f64", "str", "bin", "ext",
    "long", "array", "map", "edge",
};

/* Sizes where MessagePack switches forms, with their neighbours: fixarray
 * and fixmap end at 15 (a wide container's sizes), fixstr at 31, the 8-bit
 * lengths at 255 and the 16-bit ones at 65535 (a long payload's). A
 * 65536-byte payload is drawn rarely (HUGE_P) and never inside a wide
 * container; a 65536-element container costs about a second a run under
 * the sanitizers, so it is left out (its form switch is not reached). */
const uint32_t mp_wide_sizes[N_WIDE_SIZES] = {15, 16, 17};
const uint32_t mp_long_sizes[N_LONG_SIZES] = {15, 16, 17, 31, 32, 33, 255, 256, 257};
const uint32_t mp_huge_sizes[N_HUGE_SIZES] = {65535, 65536, 65537};

static msgpack_object draw_value(pf_src *s, msgpack_zone *z, unsigned depth);

static void *zone_copy(msgpack_zone *z, const void *p, size_t n)
{
    void *q = msgpack_zone_malloc(z, n ? n : 1);
    if (q && n)
        memcpy(q, p, n);
    return q;
}

static void draw_array(pf_src *s, msgpack_zone *z, unsigned depth,
                       msgpack_object *o)
{
    msgpack_object items[MAX_ITEMS];
    pf_list l;
    pf_list_begin(s, &l, "array", 0, MAX_ITEMS);
    while (pf_list_more(s, &l))
        items[l.count - 1] = draw_value(s, z, depth + 1);
    o->type = MSGPACK_OBJECT_ARRAY;
    o->via.array.size = (uint32_t)l.count;
    o->via.array.ptr = zone_copy(z, items, l.count * sizeof items[0]);
}

static void draw_map(pf_src *s, msgpack_zone *z, unsigned depth,
                     msgpack_object *o)
{
    msgpack_object_kv kv[MAX_ITEMS];
    pf_buf key = {0};
    pf_list l;
    pf_list_begin(s, &l, "map", 0, MAX_ITEMS);
    while (pf_list_more(s, &l)) {
        msgpack_object k = draw_value(s, z, depth + 1);
        key.len = 0;
        mp_pack_object(&key, &k);
        if (!pf_list_unique(s, &l, key.data, key.len))
            continue; /* a duplicate key: R3 in harness/codec.c */
        kv[l.count - 1].key = k;
        kv[l.count - 1].val = draw_value(s, z, depth + 1);
    }
    pf_buf_free(&key);
    o->type = MSGPACK_OBJECT_MAP;
    o->via.map.size = (uint32_t)l.count;
    o->via.map.ptr = zone_copy(z, kv, l.count * sizeof kv[0]);
}

static void *zone_alloc(pf_src *s, msgpack_zone *z, size_t n)
{
    void *p = msgpack_zone_malloc(z, n ? n : 1);
    PF_ASSERT(s, p != NULL);
    return p;
}

/* A str, bin or ext of a boundary size: a drawn pattern, repeated. Inside
 * a wide container (depth > MAX_DEPTH) only the short boundaries. */
static uint32_t draw_long_size(pf_src *s, bool allow_huge)
{
    if (allow_huge && pf_bool_p(s, "huge", HUGE_P))
        return mp_huge_sizes[pf_choice(s, "size", PF_LEN(mp_huge_sizes))];
    return mp_long_sizes[pf_choice(s, "size", PF_LEN(mp_long_sizes))];
}

static void draw_long(pf_src *s, msgpack_zone *z, unsigned depth, msgpack_object *o)
{
    size_t form = pf_choice(s, "long_form", 3), plen;
    uint32_t n = draw_long_size(s, depth <= MAX_DEPTH);
    const uint8_t *pat = pf_bytes(s, "pattern", 1, 16, &plen);
    char *p = zone_alloc(s, z, n);
    /* Doubling copies: a byte loop over 65536 bytes would be traced by the
     * fuzzer's comparison hooks at every step. */
    size_t have = plen < n ? plen : n;
    memcpy(p, pat, have);
    while (have < n) {
        size_t more = have < n - have ? have : n - have;
        memcpy(p + have, p, more);
        have += more;
    }
    if (form == 0) {
        o->type = MSGPACK_OBJECT_STR;
        o->via.str.ptr = p, o->via.str.size = n;
    } else if (form == 1) {
        o->type = MSGPACK_OBJECT_BIN;
        o->via.bin.ptr = p, o->via.bin.size = n;
    } else {
        o->type = MSGPACK_OBJECT_EXT;
        o->via.ext.type = pf_i8(s, "ext_type");
        o->via.ext.ptr = p, o->via.ext.size = n;
    }
}

/* Single-element arrays around a drawn leaf, as many as make the innermost
 * one DEPTH_LIMIT (or DEPTH_LIMIT - 1) containers deep, counting the
 * `depth` containers around this value. */
static void draw_deep(pf_src *s, msgpack_zone *z, unsigned depth, msgpack_object *o)
{
    unsigned levels = DEPTH_LIMIT - depth - (unsigned)pf_choice(s, "below_limit", 2);
    msgpack_object *cells = zone_alloc(s, z, levels * sizeof *cells);
    cells[levels - 1] = draw_value(s, z, MAX_DEPTH + 1);
    for (unsigned i = levels - 1; i-- > 0;) {
        cells[i].type = MSGPACK_OBJECT_ARRAY;
        cells[i].via.array.ptr = &cells[i + 1], cells[i].via.array.size = 1;
    }
    o->type = MSGPACK_OBJECT_ARRAY;
    o->via.array.ptr = &cells[0], o->via.array.size = 1;
}

/* A container at an edge of the format: an array of a wide size holding
 * one drawn leaf n times, a map of that many entries (keys 0..n-1, so
 * distinct: R3, each with that leaf), or nesting at msgpack-c's depth
 * limit (R5). */
static void draw_edge(pf_src *s, msgpack_zone *z, unsigned depth, msgpack_object *o)
{
    size_t shape = pf_choice(s, "shape", 3);
    if (shape == 2) {
        draw_deep(s, z, depth, o);
        return;
    }
    uint32_t n = mp_wide_sizes[pf_choice(s, "size", PF_LEN(mp_wide_sizes))];
    msgpack_object leaf = draw_value(s, z, MAX_DEPTH + 1);
    if (shape == 0) {
        msgpack_object *items = zone_alloc(s, z, n * sizeof *items);
        for (uint32_t i = 0; i < n; i++)
            items[i] = leaf;
        o->type = MSGPACK_OBJECT_ARRAY;
        o->via.array.ptr = items, o->via.array.size = n;
        return;
    }
    msgpack_object_kv *kv = zone_alloc(s, z, n * sizeof *kv);
    for (uint32_t i = 0; i < n; i++) {
        kv[i].key.type = MSGPACK_OBJECT_POSITIVE_INTEGER;
        kv[i].key.via.u64 = i;
        kv[i].val = leaf;
    }
    o->type = MSGPACK_OBJECT_MAP;
    o->via.map.ptr = kv, o->via.map.size = n;
}

static msgpack_object draw_value(pf_src *s, msgpack_zone *z, unsigned depth)
{
    msgpack_object o;
    memset(&o, 0, sizeof o);
    size_t n;
    size_t kind = pf_tree_kind(s, "kind", depth, MAX_DEPTH, N_LEAF, N_KINDS - N_LEAF);
    pf_name_values(s, kind_names, N_KINDS);
    switch (kind) {
    case K_NIL:
        o.type = MSGPACK_OBJECT_NIL;
        break;
    case K_BOOL:
        o.type = MSGPACK_OBJECT_BOOLEAN;
        o.via.boolean = pf_bool(s, "bool");
        break;
    case K_UINT:
        o.type = MSGPACK_OBJECT_POSITIVE_INTEGER;
        o.via.u64 = pf_u64(s, "uint");
        break;
    case K_NEGINT:
        o.type = MSGPACK_OBJECT_NEGATIVE_INTEGER;
        o.via.i64 = pf_i64_range(s, "negint", INT64_MIN, -1);
        break;
    case K_F32:
        o.type = MSGPACK_OBJECT_FLOAT32;
        o.via.f64 = (double)pf_float(s, "f32", NULL);
        break;
    case K_F64:
        o.type = MSGPACK_OBJECT_FLOAT64;
        o.via.f64 = pf_double(s, "f64", NULL);
        break;
    case K_STR:
        o.type = MSGPACK_OBJECT_STR;
        o.via.str.ptr = (const char *)pf_bytes(s, "str", 0, MAX_BYTES, &n);
        o.via.str.size = (uint32_t)n;
        break;
    case K_BIN:
        o.type = MSGPACK_OBJECT_BIN;
        o.via.bin.ptr = (const char *)pf_bytes(s, "bin", 0, MAX_BYTES, &n);
        o.via.bin.size = (uint32_t)n;
        break;
    case K_EXT:
        o.type = MSGPACK_OBJECT_EXT;
        o.via.ext.type = pf_i8(s, "ext_type");
        o.via.ext.ptr = (const char *)pf_bytes(s, "ext_data", 0, MAX_BYTES, &n);
        o.via.ext.size = (uint32_t)n;
        break;
    case K_LONG:
        draw_long(s, z, depth, &o);
        break;
    case K_ARRAY:
        draw_array(s, z, depth, &o);
        break;
    case K_MAP:
        draw_map(s, z, depth, &o);
        break;
    default:
        draw_edge(s, z, depth, &o);
        break;
    }
    return o;
}

static void zone_free(void *z) { msgpack_zone_destroy(z); }

/* The unpacker's first buffer: a small one makes it grow and move its
 * buffer while values still point into it. */
const size_t mp_first_buffers[N_FIRST_BUFFERS] = {MSGPACK_UNPACKER_INIT_BUFFER_SIZE, 1, 16, 64, 256};

static void draw_variation(pf_src *s, batch *b)
{
    pf_plan_draw(s, "chunk_plan", &b->chunks, CHUNK_MAX);
    b->first_buffer = mp_first_buffers[pf_choice(s, "first_buffer", PF_LEN(mp_first_buffers))];
    pf_shuffle_draw(s, "batch_order", b->batch_order, MAX_BATCH);
    pf_shuffle_draw(s, "map_order", b->map_order, MAX_ITEMS);
    b->room = pf_u16(s, "room");
}

void *mp_draw_batch(pf_src *s)
{
    batch *b = pf_alloc(s, sizeof *b);
    b->zone = pf_alloc(s, sizeof *b->zone);
    PF_ASSERT(s, msgpack_zone_init(b->zone, 2048));
    pf_defer(s, zone_free, b->zone);
    draw_variation(s, b);
    pf_list l;
    pf_list_begin(s, &l, "batch", 1, MAX_BATCH);
    while (pf_list_more(s, &l))
        b->vals[l.count - 1] = draw_value(s, b->zone, 0);
    b->n = l.count;
    b->whole = mp_new_buf(s);
    for (size_t i = 0; i < b->n; i++) {
        PF_ASSERT(s, mp_pack_object(b->whole, &b->vals[i]) == 0);
        b->ends[i] = b->whole->len;
    }
    return b;
}
