/* Planted bug for same_verdict: jansson refuses any text holding a tab
 * (a tab is JSON whitespace), so it disagrees with the reference on
 * accept/reject; its values stay right. */
#define PF_PLANT_ONLY "same_verdict"

static json_t *planted_loadb(const char *buf, size_t len, size_t flags,
                             json_error_t *err)
{
    if (memchr(buf, '\t', len))
        return NULL;
    return json_loadb(buf, len, flags, err);
}
#define DIFF_JANSSON_LOADB planted_loadb
