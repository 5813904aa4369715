/* order_independent (see harness/codec.c): a shuffled batch, decoded and
 * un-shuffled, equals the batch decoded in order, and a map with its
 * entries permuted decodes equal as a map. */
#include "codec.h"

static bool is_identity(const size_t *perm, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (perm[i] != i)
            return false;
    return true;
}

/* Maps compare "as maps": the same keys with equal values, in any order. */
static bool map_equal_unordered(const msgpack_object *a,
                                const msgpack_object *b, pf_path *path)
{
    if (a->type != MSGPACK_OBJECT_MAP || b->type != MSGPACK_OBJECT_MAP ||
        a->via.map.size != b->via.map.size)
        return false;
    for (uint32_t i = 0; i < a->via.map.size; i++) {
        const msgpack_object_kv *x = &a->via.map.ptr[i];
        uint32_t j = 0;
        while (j < b->via.map.size &&
               !mp_obj_equal(&x->key, &b->via.map.ptr[j].key, NULL))
            j++;
        if (j == b->via.map.size ||
            !mp_obj_equal(&x->val, &b->via.map.ptr[j].val, NULL)) {
            pf_path_index(path, i);
            if (j < b->via.map.size)
                mp_obj_equal(&x->val, &b->via.map.ptr[j].val, path);
            return false;
        }
    }
    return true;
}

static void check_map_order(pf_src *s, const batch *in,
                            const msgpack_object *map)
{
    uint32_t n = map->via.map.size;
    size_t perm[MAX_ITEMS];
    pf_permutation_restrict(in->map_order, MAX_ITEMS, n, perm);
    if (is_identity(perm, n))
        pf_event(s, "map_order is the identity");
    msgpack_object shuffled = *map;
    msgpack_object_kv *kv = msgpack_zone_malloc(in->zone, n * sizeof *kv + 1);
    PF_ASSERT(s, kv != NULL);
    for (uint32_t i = 0; i < n; i++)
        kv[i] = map->via.map.ptr[perm[i]];
    shuffled.via.map.ptr = kv;

    pf_buf *a = mp_new_buf(s), *b = mp_new_buf(s);
    PF_ASSERT(s, mp_pack_object(a, map) == 0 && mp_pack_object(b, &shuffled) == 0);
    value_list *da = mp_unpack_whole(s, a), *db = mp_unpack_whole(s, b);
    if (da->n != 1 || db->n != 1) {
        char *counts = pf_alloc(s, 64);
        snprintf(counts, 64, "%zu and %zu values", da->n, db->n);
        pf_line l[] = {{"unpack(map), unpack(permuted map)", counts}};
        pf_fail(s, NULL, "a packed map did not unpack to exactly one value", l, 1, NULL);
    }
    pf_path path = {.len = 0};
    if (!map_equal_unordered(&da->items[0]->obj, &db->items[0]->obj, &path)) {
        pf_buf ta = {0}, tb = {0};
        mp_print_obj(&ta, &da->items[0]->obj);
        mp_print_obj(&tb, &db->items[0]->obj);
        pf_line l[] = {{"unpack(map)", pf_buf_defer(s, &ta)},
                       {"unpack(permuted map)", pf_buf_defer(s, &tb)}};
        pf_fail(s, NULL, "permuting a map's entries changed it as a map", l,
                2, path.text);
    }
}

static void check_batch_order(pf_src *s, const batch *b)
{
    size_t perm[MAX_BATCH];
    pf_permutation_restrict(b->batch_order, MAX_BATCH, b->n, perm);
    if (is_identity(perm, b->n))
        pf_event(s, "batch_order is the identity");
    pf_buf *shuffled = mp_new_buf(s);
    for (size_t i = 0; i < b->n; i++)
        PF_ASSERT(s, mp_pack_object(shuffled, &b->vals[perm[i]]) == 0);
    value_list *in_order = mp_unpack_whole(s, b->whole);
    value_list *out_of_order = mp_unpack_whole(s, shuffled);
    const void *unshuffled[MAX_BATCH + 1];
    bool complete = in_order->n == b->n && out_of_order->n == b->n;
    for (size_t i = 0; i < out_of_order->n; i++)
        unshuffled[complete ? perm[i] : i] = out_of_order->items[i];
    /* With a value missing there is nothing to un-shuffle: the counts
     * differ and the check reports that. */
    pf_check_values_equal(s, NULL, &mp_codec, "decoded in order",
                          (const void *const *)in_order->items, in_order->n,
                          "decoded shuffled, un-shuffled", unshuffled,
                          out_of_order->n);
}

void mp_prop_order_independent(pf_src *s, void *in)
{
    const batch *b = in;
    check_batch_order(s, b);
    for (size_t i = 0; i < b->n; i++)
        if (b->vals[i].type == MSGPACK_OBJECT_MAP && b->vals[i].via.map.size > 1 &&
            b->vals[i].via.map.size <= MAX_ITEMS) { /* a wide map is not permuted */
            check_map_order(s, b, &b->vals[i]);
            break;
        }
}
