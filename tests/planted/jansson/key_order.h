/* Planted bug for key_order: lookup by key compares only the keys'
 * lengths, so among keys of equal length the first member wins. */

static inline json_t *planted_getn(const json_t *o, const char *key, size_t len)
{
    (void)key;
    for (void *it = json_object_iter((json_t *)o); it;
         it = json_object_iter_next((json_t *)o, it))
        if (json_object_iter_key_len(it) == len)
            return json_object_iter_value(it);
    return NULL;
}
#define json_object_getn planted_getn
