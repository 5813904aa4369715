/* Planted bug for extjson_relaxed: the relaxed text loses the sign of a
 * negative number. */
static inline char *planted_as_relaxed(const bson_t *b, size_t *len)
{
    char *json = bson_as_relaxed_extended_json(b, len);
    for (char *at = json; at && (at = strstr(at, ": -")) != NULL;)
        at[2] = ' ';
    return json;
}
#define bson_as_relaxed_extended_json planted_as_relaxed
