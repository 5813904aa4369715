/* Planted bug for layout: with JSON_C_TO_STRING_SPACED alone, a non-empty
 * array closes with "]" where json-c writes " ]". Every text still reads
 * back as the same value: only the layout shows it. */

static char planted_text[1 << 16];

static const char *planted_print(struct json_object *j, int flags, size_t *len)
{
    const char *t = json_object_to_json_string_length(j, flags, len);
    if (!t || (flags & (JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_PRETTY)) !=
                  JSON_C_TO_STRING_SPACED || *len >= sizeof planted_text)
        return t;
    size_t n = 0;
    for (size_t i = 0; i < *len; i++)
        if (!(t[i] == ' ' && t[i + 1] == ']' && i > 0 && t[i - 1] != '['))
            planted_text[n++] = t[i];
    planted_text[n] = '\0';
    *len = n;
    return planted_text;
}
#define json_object_to_json_string_length planted_print
