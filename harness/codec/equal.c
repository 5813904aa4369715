/* object_equal: msgpack_object_equal against an equality written here from
 * the MessagePack object model msgpack-c documents (the same type, then
 * the same value: numbers by value, floats by == so NaN is unequal and
 * -0.0 equals 0.0, bytes by content, containers element by element in
 * order). Every pair of the batch's values, each with itself and with a
 * second conversion of itself, is compared both ways. */
#include "codec.h"

static bool same_bytes(const char *a, uint32_t na, const char *b, uint32_t nb)
{
    return na == nb && (na == 0 || memcmp(a, b, na) == 0);
}

static bool model_equal(const msgpack_object *x, const msgpack_object *y)
{
    if (x->type != y->type)
        return false;
    switch (x->type) {
    case MSGPACK_OBJECT_NIL: return true;
    case MSGPACK_OBJECT_BOOLEAN: return x->via.boolean == y->via.boolean;
    case MSGPACK_OBJECT_POSITIVE_INTEGER: return x->via.u64 == y->via.u64;
    case MSGPACK_OBJECT_NEGATIVE_INTEGER: return x->via.i64 == y->via.i64;
    case MSGPACK_OBJECT_FLOAT32: case MSGPACK_OBJECT_FLOAT64: return x->via.f64 == y->via.f64;
    case MSGPACK_OBJECT_STR:
        return same_bytes(x->via.str.ptr, x->via.str.size, y->via.str.ptr, y->via.str.size);
    case MSGPACK_OBJECT_BIN:
        return same_bytes(x->via.bin.ptr, x->via.bin.size, y->via.bin.ptr, y->via.bin.size);
    case MSGPACK_OBJECT_EXT:
        return x->via.ext.type == y->via.ext.type &&
               same_bytes(x->via.ext.ptr, x->via.ext.size, y->via.ext.ptr, y->via.ext.size);
    case MSGPACK_OBJECT_ARRAY:
        if (x->via.array.size != y->via.array.size)
            return false;
        for (uint32_t i = 0; i < x->via.array.size; i++)
            if (!model_equal(&x->via.array.ptr[i], &y->via.array.ptr[i]))
                return false;
        return true;
    case MSGPACK_OBJECT_MAP:
        if (x->via.map.size != y->via.map.size)
            return false;
        for (uint32_t i = 0; i < x->via.map.size; i++)
            if (!model_equal(&x->via.map.ptr[i].key, &y->via.map.ptr[i].key) ||
                !model_equal(&x->via.map.ptr[i].val, &y->via.map.ptr[i].val))
                return false;
        return true;
    }
    return false;
}

static const char *printed(pf_src *s, const pf_bin *v)
{
    pf_buf b = {0};
    pf_bin_print(&b, v, 0);
    return pf_buf_defer(s, &b);
}

static void compare(pf_src *s, const pf_bin_case *k, size_t i, size_t j,
                    const msgpack_object *x, const msgpack_object *y)
{
    bool got = msgpack_object_equal(*x, *y), want = model_equal(x, y);
    if (got == want)
        return;
    pf_buf t = {0};
    pf_buf_printf(&t, "%s, the object model says %s", got ? "true" : "false",
                  want ? "equal" : "unequal");
    pf_line l[] = {{"x", printed(s, k->values[i])},
                   {"y", printed(s, k->values[j])},
                   {"msgpack_object_equal(x, y)", pf_buf_defer(s, &t)}};
    pf_fail(s, NULL, "msgpack_object_equal disagrees with the object model", l, PF_LEN(l), NULL);
}

void mp_prop_object_equal(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    msgpack_zone *z = mp_new_zone(s);
    msgpack_object a[PF_BIN_MAX_BATCH], b[PF_BIN_MAX_BATCH];
    for (size_t i = 0; i < k->n; i++)
        if (!mp_object_of(z, k->values[i], &a[i]) || !mp_object_of(z, k->values[i], &b[i]))
            return; /* a value msgpack_object cannot hold (round_trip says why) */
    for (size_t i = 0; i < k->n; i++)
        for (size_t j = 0; j < k->n; j++) {
            compare(s, k, i, j, &a[i], &b[j]);
            compare(s, k, i, j, &a[i], &a[j]);
        }
}
