/* Planted bug for extjson_canonical: the canonical text writes true as
 * false. */
static inline char *planted_as_canonical(const bson_t *b, size_t *len)
{
    char *json = bson_as_canonical_extended_json(b, len);
    for (char *at = json; at && (at = strstr(at, ": true")) != NULL;)
        memcpy(at, ":false", 6);
    return json;
}
#define bson_as_canonical_extended_json planted_as_canonical
