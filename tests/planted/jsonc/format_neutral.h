/* Planted bug for format_neutral: pretty printing writes an empty object
 * as an empty array. Plain printing is right. */

static char planted_text[1 << 16];

static const char *planted_print(struct json_object *j, int flags, size_t *len)
{
    const char *t = json_object_to_json_string_length(j, flags, len);
    if (!t || !(flags & JSON_C_TO_STRING_PRETTY) || *len >= sizeof planted_text)
        return t;
    memcpy(planted_text, t, *len + 1);
    for (char *p = planted_text; (p = strchr(p, '{')) != NULL; p++) {
        char *q = p + 1;
        while (*q == ' ')
            q++;
        if (*q == '}')
            *p = '[', *q = ']';
    }
    return planted_text;
}
#define json_object_to_json_string_length planted_print
