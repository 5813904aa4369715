/* Planted bug for exact_length: cJSON_ParseWithLength drops the last byte
 * of its text when that byte ends a literal, so a text ending in "true"
 * or "false" is refused. */

static cJSON *planted_parse_with_length(const char *text, size_t len)
{
    if (len && text[len - 1] == 'e')
        len--;
    return cJSON_ParseWithLength(text, len);
}
#define cJSON_ParseWithLength planted_parse_with_length
