/* Planted bug for layout: a tree printed again keeps its last text and
 * appends the new one (its print buffer is not reset), as when
 * printbuf_reset is dropped from json_object_to_json_string_length. A
 * fresh tree prints right, so only printing one tree twice shows it. */

static char planted_text[1 << 17];

static const char *planted_print(struct json_object *j, int flags, size_t *len)
{
    static const struct json_object *last;
    static size_t kept;
    const char *t = json_object_to_json_string_length(j, flags, len);
    if (!t)
        return t;
    if (j != last || kept + *len >= sizeof planted_text)
        kept = 0;
    last = j;
    memcpy(planted_text + kept, t, *len + 1);
    kept += *len;
    *len = kept;
    return planted_text;
}
#define json_object_to_json_string_length planted_print
