/* Planted bug for round_trip: the whole-text loader cuts every string at
 * its first U+0000, as if strings were C strings. */

static inline void planted_cut(json_t *j)
{
    if (json_is_string(j)) {
        const char *s = json_string_value(j);
        if (memchr(s, 0, json_string_length(j)))
            json_string_setn(j, s, strlen(s));
    } else if (json_is_array(j)) {
        for (size_t i = 0; i < json_array_size(j); i++)
            planted_cut(json_array_get(j, i));
    } else if (json_is_object(j)) {
        for (void *it = json_object_iter(j); it; it = json_object_iter_next(j, it))
            planted_cut(json_object_iter_value(it));
    }
}

static inline json_t *planted_loadb(const char *buf, size_t len, size_t flags,
                             json_error_t *err)
{
    json_t *j = json_loadb(buf, len, flags, err);
    if (j)
        planted_cut(j);
    return j;
}
#define json_loadb planted_loadb
