/* Planted bug for getters: json_object_get_int of an integer outside the
 * int32 range wraps instead of saturating to INT32_MIN / INT32_MAX. The
 * shared properties never call it. */

static inline int32_t planted_get_int(const struct json_object *j)
{
    if (json_object_is_type(j, json_type_int))
        return (int32_t)(uint32_t)(uint64_t)json_object_get_int64(j);
    return json_object_get_int(j);
}
#define json_object_get_int planted_get_int
