/* Planted bug for round_trip: the parser loses the sign of -0.0. */

static void planted_unsign(struct json_object *j)
{
    if (json_object_is_type(j, json_type_double) && json_object_get_double(j) == 0) {
        json_object_set_double(j, 0.0);
    } else if (json_object_is_type(j, json_type_array)) {
        for (size_t i = 0; i < json_object_array_length(j); i++)
            planted_unsign(json_object_array_get_idx(j, i));
    } else if (json_object_is_type(j, json_type_object)) {
        json_object_object_foreach(j, key, val) {
            (void)key;
            planted_unsign(val);
        }
    }
}

static struct json_object *planted_parse_ex(struct json_tokener *tok,
                                            const char *str, int len)
{
    struct json_object *j = json_tokener_parse_ex(tok, str, len);
    planted_unsign(j);
    return j;
}
#define json_tokener_parse_ex planted_parse_ex
