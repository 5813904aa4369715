/* Planted bug for deterministic: every other compact dump forgets
 * JSON_COMPACT (", " and ": " separators): the same value, other bytes. */
#define PF_PLANT_ONLY "deterministic"

static char *planted_dumps(const json_t *j, size_t flags)
{
    static unsigned calls;
    if ((flags & JSON_COMPACT) && (calls++ & 1))
        flags &= ~(size_t)JSON_COMPACT;
    return json_dumps(j, flags);
}
#define JANSSON_DUMPS planted_dumps
