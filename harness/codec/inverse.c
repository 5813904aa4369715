/* codec's strategy inverted (design §3 rule 9): the bytes that make
 * strategy.c draw a given value and variation, for the seeds. The seeds
 * hold one long payload of each 16-bit boundary, which random draws reach
 * rarely; a value the inverse cannot express aborts: a seed typo. */
#include "codec.h"

/* The index of n in sizes[0..n_sizes), or abort (a seed typo). */
static size_t index_of(const uint32_t *sizes, size_t n_sizes, uint32_t n)
{
    for (size_t i = 0; i < n_sizes; i++)
        if (sizes[i] == n)
            return i;
    abort();
}

static void enc_long_size(pf_buf *e, bool allow_huge, uint32_t n)
{
    bool huge = n > mp_long_sizes[PF_LEN(mp_long_sizes) - 1];
    if (allow_huge)
        pf_enc_bool_p(e, HUGE_P, huge);
    else if (huge)
        abort();
    if (huge)
        pf_enc_choice(e, PF_LEN(mp_huge_sizes), index_of(mp_huge_sizes, PF_LEN(mp_huge_sizes), n));
    else
        pf_enc_choice(e, PF_LEN(mp_long_sizes), index_of(mp_long_sizes, PF_LEN(mp_long_sizes), n));
}

/* The smallest k <= 16 such that p repeats its first k bytes, or 0. */
static size_t period_of(const char *p, uint32_t n)
{
    for (uint32_t k = 1; k <= 16 && k <= n; k++) {
        uint32_t i = k;
        while (i < n && p[i] == p[i % k])
            i++;
        if (i == n)
            return k;
    }
    return 0;
}

static void enc_long(pf_buf *e, const msgpack_object *o, unsigned depth)
{
    const char *p = o->via.str.ptr;
    uint32_t n = o->via.str.size;
    size_t form = 0;
    if (o->type == MSGPACK_OBJECT_BIN)
        p = o->via.bin.ptr, n = o->via.bin.size, form = 1;
    else if (o->type == MSGPACK_OBJECT_EXT)
        p = o->via.ext.ptr, n = o->via.ext.size, form = 2;
    size_t period = period_of(p, n);
    if (!period)
        abort();
    pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, N_KINDS - N_LEAF, K_LONG);
    pf_enc_choice(e, 3, form);
    enc_long_size(e, depth <= MAX_DEPTH, n);
    pf_enc_bytes(e, 1, 16, (const uint8_t *)p, period);
    if (form == 2)
        pf_enc_i64_range(e, INT8_MIN, INT8_MAX, o->via.ext.type);
}

/* Too big for the list and byte draws: a long or wide value. */
static bool is_big(const msgpack_object *o)
{
    switch (o->type) {
    case MSGPACK_OBJECT_STR: return o->via.str.size > MAX_BYTES;
    case MSGPACK_OBJECT_BIN: return o->via.bin.size > MAX_BYTES;
    case MSGPACK_OBJECT_EXT: return o->via.ext.size > MAX_BYTES;
    case MSGPACK_OBJECT_ARRAY: return o->via.array.size > MAX_ITEMS;
    case MSGPACK_OBJECT_MAP: return o->via.map.size > MAX_ITEMS;
    default: return false;
    }
}

/* How many single-element arrays are nested here, and the innermost
 * element. */
static unsigned chain_of(const msgpack_object *o, const msgpack_object **inner)
{
    unsigned n = 0;
    while (o->type == MSGPACK_OBJECT_ARRAY && o->via.array.size == 1)
        o = &o->via.array.ptr[0], n++;
    *inner = o;
    return n;
}

/* Nested deeper than the list draws go: an edge value. */
static bool is_deep(const msgpack_object *o, unsigned depth)
{
    const msgpack_object *inner;
    unsigned n = chain_of(o, &inner);
    return n > 0 && depth + n > MAX_DEPTH;
}

static void enc_edge(pf_buf *e, const msgpack_object *o, unsigned depth)
{
    pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, N_KINDS - N_LEAF, K_EDGE);
    const msgpack_object *inner;
    unsigned levels = chain_of(o, &inner);
    if (depth + levels > MAX_DEPTH) {
        if (depth + levels != DEPTH_LIMIT && depth + levels != DEPTH_LIMIT - 1)
            abort();
        pf_enc_choice(e, 3, 2);
        pf_enc_choice(e, 2, DEPTH_LIMIT - depth - levels);
        mp_enc_value(e, inner, MAX_DEPTH + 1);
        return;
    }
    bool map = o->type == MSGPACK_OBJECT_MAP;
    uint32_t n = map ? o->via.map.size : o->via.array.size;
    pf_enc_choice(e, 3, map ? 1 : 0);
    pf_enc_choice(e, PF_LEN(mp_wide_sizes), index_of(mp_wide_sizes, PF_LEN(mp_wide_sizes), n));
    mp_enc_value(e, map ? &o->via.map.ptr[0].val : &o->via.array.ptr[0], MAX_DEPTH + 1);
}

/* The inverse of draw_value (design §3 rule 9): used to write seeds. */
void mp_enc_value(pf_buf *e, const msgpack_object *o, unsigned depth)
{
    const size_t n_branch = N_KINDS - N_LEAF;
    if (is_big(o) || is_deep(o, depth)) {
        if (o->type == MSGPACK_OBJECT_ARRAY || o->type == MSGPACK_OBJECT_MAP)
            enc_edge(e, o, depth);
        else
            enc_long(e, o, depth);
        return;
    }
    switch (o->type) {
    case MSGPACK_OBJECT_NIL:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_NIL);
        break;
    case MSGPACK_OBJECT_BOOLEAN:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_BOOL);
        pf_enc_bool(e, o->via.boolean);
        break;
    case MSGPACK_OBJECT_POSITIVE_INTEGER:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_UINT);
        pf_enc_u64_range(e, 0, UINT64_MAX, o->via.u64);
        break;
    case MSGPACK_OBJECT_NEGATIVE_INTEGER:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_NEGINT);
        pf_enc_i64_range(e, INT64_MIN, -1, o->via.i64);
        break;
    case MSGPACK_OBJECT_FLOAT32:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_F32);
        pf_enc_float(e, NULL, (float)o->via.f64);
        break;
    case MSGPACK_OBJECT_FLOAT64:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_F64);
        pf_enc_double(e, NULL, o->via.f64);
        break;
    case MSGPACK_OBJECT_STR:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_STR);
        pf_enc_bytes(e, 0, MAX_BYTES, (const uint8_t *)o->via.str.ptr,
                     o->via.str.size);
        break;
    case MSGPACK_OBJECT_BIN:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_BIN);
        pf_enc_bytes(e, 0, MAX_BYTES, (const uint8_t *)o->via.bin.ptr,
                     o->via.bin.size);
        break;
    case MSGPACK_OBJECT_EXT:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_EXT);
        pf_enc_i64_range(e, INT8_MIN, INT8_MAX, o->via.ext.type);
        pf_enc_bytes(e, 0, MAX_BYTES, (const uint8_t *)o->via.ext.ptr,
                     o->via.ext.size);
        break;
    case MSGPACK_OBJECT_ARRAY:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_ARRAY);
        for (uint32_t i = 0; i < o->via.array.size; i++) {
            pf_enc_more(e, true);
            mp_enc_value(e, &o->via.array.ptr[i], depth + 1);
        }
        if (o->via.array.size < MAX_ITEMS)
            pf_enc_more(e, false);
        break;
    case MSGPACK_OBJECT_MAP:
        pf_enc_tree_kind(e, depth, MAX_DEPTH, N_LEAF, n_branch, K_MAP);
        for (uint32_t i = 0; i < o->via.map.size; i++) {
            pf_enc_more(e, true);
            mp_enc_value(e, &o->via.map.ptr[i].key, depth + 1);
            mp_enc_value(e, &o->via.map.ptr[i].val, depth + 1);
        }
        if (o->via.map.size < MAX_ITEMS)
            pf_enc_more(e, false);
        break;
    }
}

/* The inverse of draw_variation. */
void mp_enc_variation(pf_buf *e, const pf_plan *chunks, const size_t *batch_order,
                      const size_t *map_order, size_t buffer, uint16_t room)
{
    pf_enc_plan(e, chunks, CHUNK_MAX);
    pf_enc_choice(e, PF_LEN(mp_first_buffers), buffer);
    pf_enc_shuffle(e, batch_order, MAX_BATCH);
    pf_enc_shuffle(e, map_order, MAX_ITEMS);
    pf_enc_u64_range(e, 0, UINT16_MAX, room);
}
