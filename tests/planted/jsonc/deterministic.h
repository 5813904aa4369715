/* Planted bug for deterministic: every other plain print is spaced. */

static const char *planted_print(struct json_object *j, int flags, size_t *len)
{
    static unsigned calls;
    if (flags == JSON_C_TO_STRING_PLAIN && (calls++ & 1))
        flags = JSON_C_TO_STRING_SPACED;
    return json_object_to_json_string_length(j, flags, len);
}
#define json_object_to_json_string_length planted_print
