/* Planted bug for layout: JSON_ESCAPE_SLASH is ignored, "/" written as it
 * is. The text reads back the same, so only the layout sees it. */
static inline char *planted_dumps(const json_t *j, size_t flags)
{
    return json_dumps(j, flags & ~(size_t)JSON_ESCAPE_SLASH);
}
#define json_dumps planted_dumps
