/* Planted bug for extjson_reference: canonical Extended JSON writes an
 * int32 as a bare number (relaxed mode's text), which still reads back
 * as the same int32, so no round trip can tell. */
static inline char *planted_as_canonical(const bson_t *b, size_t *len)
{
    static const char open[] = "{ \"$numberInt\" : \"";
    char *json = bson_as_canonical_extended_json(b, len);
    char *at;
    while (json && (at = strstr(json, open)) != NULL) {
        char *digits = at + strlen(open), *end = strchr(digits, '"');
        size_t n = (size_t)(end - digits);
        memmove(at, digits, n);
        memmove(at + n, end + 3, strlen(end + 3) + 1); /* past "\" }" */
    }
    if (json && len)
        *len = strlen(json);
    return json;
}
#define bson_as_canonical_extended_json planted_as_canonical
