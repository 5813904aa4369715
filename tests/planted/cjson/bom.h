/* Planted bug for bom: a byte order mark before a text of fewer than 8
 * bytes is not skipped (as if skip_utf8_bom wanted a longer buffer). */
#include <string.h>

static cJSON *planted_parse_bom(const char *text, size_t len, const char **end,
                                cJSON_bool require_null_terminated)
{
    if (len < 3 + 8 && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        return NULL;
    return cJSON_ParseWithLengthOpts(text, len, end, require_null_terminated);
}
#define cJSON_ParseWithLengthOpts planted_parse_bom
