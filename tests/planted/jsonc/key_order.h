/* Planted bug for key_order: lookup by key compares only the keys'
 * lengths, so among keys of equal length the first member wins. */

static json_bool planted_get(const struct json_object *o, const char *key,
                             struct json_object **value)
{
    json_object_object_foreach((struct json_object *)o, k, v) {
        if (strlen(k) == strlen(key)) {
            *value = v;
            return 1;
        }
    }
    return 0;
}
#define json_object_object_get_ex planted_get
