/* Planted bug for json_layout: the JSON reader skips letters among a
 * $numberLong's digits ("12a3" read as 123). */
static inline bson_t *planted_new_from_json(const uint8_t *data, ssize_t len, bson_error_t *error)
{
    static const char wrapper[] = "\"$numberLong\" : \"";
    const char *text = (const char *)data, *at = len == -1 ? strstr(text, wrapper) : NULL;
    if (!at)
        return bson_new_from_json(data, len, error);
    const char *digits = at + sizeof wrapper - 1, *end = strchr(digits, '"');
    char copy[256];
    size_t n = 0;
    for (const char *c = text; *c && n + 1 < sizeof copy; c++) {
        bool in_digits = end && c >= digits && c < end;
        if (!(in_digits && ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z'))))
            copy[n++] = *c;
    }
    copy[n] = '\0';
    return bson_new_from_json((const uint8_t *)copy, -1, error);
}
#define bson_new_from_json planted_new_from_json
