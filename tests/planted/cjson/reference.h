/* Planted bug for reference: a text cJSON refuses for a lone \udfff escape
 * is read with U+FFFF in its place (as if the low-surrogate check stopped
 * one short of 0xDFFF). Value mode never writes a lone surrogate (R4). */
#include <string.h>

static cJSON *planted_parse(const char *text, size_t len, const char **end,
                            cJSON_bool require_null_terminated)
{
    cJSON *c = cJSON_ParseWithLengthOpts(text, len, end, require_null_terminated);
    char *copy, *at;
    if (c || !(copy = malloc(len + 1)))
        return c;
    memcpy(copy, text, len);
    copy[len] = 0;
    while ((at = strstr(copy, "\\udfff")) != NULL)
        memcpy(at, "\\uffff", 6);
    c = cJSON_ParseWithLengthOpts(copy, len, end, require_null_terminated);
    free(copy);
    return c;
}
#define cJSON_ParseWithLengthOpts planted_parse
