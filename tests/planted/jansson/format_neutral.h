/* Planted bug for format_neutral: dumps that are not compact write an
 * empty object as an empty array. Compact dumps are right, so only a
 * comparison of formats can see it. */

static inline json_t *planted_objects_to_arrays(json_t *j)
{
    if (json_is_object(j) && json_object_size(j) == 0) {
        json_decref(j);
        return json_array();
    }
    if (json_is_array(j)) {
        for (size_t i = 0; i < json_array_size(j); i++)
            json_array_set(j, i, planted_objects_to_arrays(json_incref(json_array_get(j, i))));
    } else if (json_is_object(j)) {
        for (void *it = json_object_iter(j); it; it = json_object_iter_next(j, it))
            json_object_iter_set_new(j, it, planted_objects_to_arrays(
                                                json_incref(json_object_iter_value(it))));
    }
    return j;
}

static inline char *planted_dumps(const json_t *j, size_t flags)
{
    if (flags & JSON_COMPACT)
        return json_dumps(j, flags);
    json_t *copy = planted_objects_to_arrays(json_deep_copy(j));
    char *text = json_dumps(copy, flags);
    json_decref(copy);
    return text;
}
#define json_dumps planted_dumps
