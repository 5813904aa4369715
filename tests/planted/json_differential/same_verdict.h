/* Planted bug for same_verdict: jansson refuses any text holding a tab
 * (a tab is JSON whitespace), so it disagrees with the reference on
 * accept/reject; its values stay right. json_differential's adapters all
 * include this file; it applies where jansson's header came first
 * (JANSSON_H): the jansson adapter. */
#ifdef JANSSON_H
static json_t *planted_loadb(const char *buf, size_t len, size_t flags,
                             json_error_t *err)
{
    if (memchr(buf, '\t', len))
        return NULL;
    return json_loadb(buf, len, flags, err);
}
#define json_loadb planted_loadb
#endif
