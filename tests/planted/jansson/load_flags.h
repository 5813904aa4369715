/* Planted bug for load_flags: with JSON_DISABLE_EOF_CHECK, a successful
 * load's position is the length of the buffer, not where the value ends
 * (as if the whole buffer had been read). */
static inline json_t *planted_loadb(const char *text, size_t len, size_t flags, json_error_t *e)
{
    json_t *j = json_loadb(text, len, flags, e);
    if (j && e && (flags & JSON_DISABLE_EOF_CHECK))
        e->position = (int)len;
    return j;
}
#define json_loadb planted_loadb
