/* Planted bug for deterministic: every other compact dump forgets
 * JSON_COMPACT (", " and ": " separators): the same value, other bytes. */

static inline char *planted_dumps(const json_t *j, size_t flags)
{
    static unsigned calls;
    if ((flags & JSON_COMPACT) && (calls++ & 1))
        flags &= ~(size_t)JSON_COMPACT;
    return json_dumps(j, flags);
}
#define json_dumps planted_dumps
