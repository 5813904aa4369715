/* Planted bug for date_text: a date's zone offset ("+hhmm", "-hhmm") is
 * ignored, the time read as UTC. libbson writes "Z" only, so no round
 * trip of its own text sees it. */
static inline bson_t *planted_new_from_json(const uint8_t *data, ssize_t len, bson_error_t *err)
{
    size_t n = len < 0 ? strlen((const char *)data) : (size_t)len;
    char *copy = bson_malloc(n + 1);
    memcpy(copy, data, n);
    copy[n] = '\0';
    for (char *at = copy; (at = strstr(at, "\" } }")) != NULL; at++) {
        char *zone = at - 5;
        if (zone > copy && (zone[0] == '+' || zone[0] == '-') && zone[-1] >= '0' && zone[-1] <= '9')
            zone[0] = 'Z', memmove(zone + 1, at, strlen(at) + 1), at = zone;
    }
    bson_t *b = bson_new_from_json((const uint8_t *)copy, -1, err);
    bson_free(copy);
    return b;
}
#define bson_new_from_json planted_new_from_json
