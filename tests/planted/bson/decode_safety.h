/* Planted bug for decode_safety: bson_iter_int32 keeps state, so reading
 * the same bytes twice gives different values. */
static inline int32_t planted_iter_int32(const bson_iter_t *it)
{
    static unsigned calls;
    return bson_iter_int32(it) ^ (int32_t)(calls++ & 1);
}
#define bson_iter_int32 planted_iter_int32
