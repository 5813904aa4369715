/* Planted bug for format_neutral: the parser reads `true` as null in text
 * that holds a newline. Generated compact text never does. */

static inline yajl_status planted_parse(yajl_handle h, const unsigned char *text, size_t len)
{
    if (!memchr(text, '\n', len))
        return yajl_parse(h, text, len);
    unsigned char *copy = malloc(len ? len : 1);
    if (!copy)
        return yajl_status_error;
    memcpy(copy, text, len);
    for (size_t i = 0; i + 4 <= len; i++)
        if (memcmp(copy + i, "true", 4) == 0)
            memcpy(copy + i, "null", 4);
    yajl_status st = yajl_parse(h, copy, len);
    free(copy);
    return st;
}
#define yajl_parse planted_parse
