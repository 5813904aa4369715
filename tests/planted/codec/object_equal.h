/* Planted bug for object_equal: msgpack_object_equal takes two booleans
 * as equal whatever their values (it compares their types only). */
static inline bool planted_object_equal(const msgpack_object x, const msgpack_object y)
{
    if (x.type == MSGPACK_OBJECT_BOOLEAN && y.type == MSGPACK_OBJECT_BOOLEAN)
        return true;
    return msgpack_object_equal(x, y);
}
#define msgpack_object_equal planted_object_equal
