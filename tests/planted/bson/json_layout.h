/* Planted bug for json_layout: a tab between tokens is not whitespace
 * (the text is refused), as if jsonsl's whitespace table lost '\t'. */
static inline bson_t *planted_new_from_json(const uint8_t *data, ssize_t len, bson_error_t *err)
{
    size_t n = len < 0 ? strlen((const char *)data) : (size_t)len;
    bool in_string = false;
    for (size_t i = 0; i < n; i++) {
        if (in_string && data[i] == '\\')
            i++;
        else if (data[i] == '"')
            in_string = !in_string;
        else if (!in_string && data[i] == '\t') {
            bson_set_error(err, BSON_ERROR_JSON, 1, "planted: a tab is no whitespace");
            return NULL;
        }
    }
    return bson_new_from_json(data, len, err);
}
#define bson_new_from_json planted_new_from_json
