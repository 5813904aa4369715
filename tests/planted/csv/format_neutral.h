/* Planted bug for format_neutral: with the tab delimiter, the field
 * callback sees a field's trailing spaces trimmed even when it was quoted
 * (the trimming code looks at the delimiter's class, not at the quotes).
 * Each layout parses consistently; only two layouts side by side show it. */
#include "callbacks.inc"

static void planted_field(planted_ctx *c, void *f, size_t len)
{
    bool tab = csv_get_delim(c->p) == '\t';
    while (tab && f && len && ((unsigned char *)f)[len - 1] == ' ')
        len--;
    c->cb1(f, len, c->data);
}

static void planted_row(planted_ctx *c, int t) { c->cb2(t, c->data); }
