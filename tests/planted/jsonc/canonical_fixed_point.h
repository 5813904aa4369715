/* Planted bug for canonical_fixed_point: the plain printer drops every
 * \u0000 escape from strings. Drawn values go through checks that are
 * off in this build (PF_PLANT_ONLY), so only text the parser accepts
 * reveals it. */

static char planted_text[1 << 16];

static const char *planted_print(struct json_object *j, int flags, size_t *len)
{
    const char *t = json_object_to_json_string_length(j, flags, len);
    if (!t || *len >= sizeof planted_text)
        return t;
    size_t n = 0;
    for (size_t i = 0; i < *len;) {
        if (strncmp(t + i, "\\u0000", 6) == 0) {
            i += 6;
            continue;
        }
        planted_text[n++] = t[i++];
    }
    planted_text[n] = 0;
    *len = n;
    return planted_text;
}
#define json_object_to_json_string_length planted_print
