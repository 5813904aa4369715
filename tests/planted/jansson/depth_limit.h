/* Planted bug for depth_limit: the depth is never given back when a
 * container closes, so containers side by side count as nested (as
 * parse_value without its lex->depth-- would). Modelled here as refusing
 * a text with more than 2048 opening brackets in all. */
static inline json_t *planted_loadb(const char *text, size_t len, size_t flags, json_error_t *e)
{
    size_t opened = 0;
    for (size_t i = 0; text && i < len; i++)
        opened += text[i] == '[' || text[i] == '{';
    return opened > 2048 ? NULL : json_loadb(text, len, flags, e);
}
#define json_loadb planted_loadb
