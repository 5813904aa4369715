/* Planted bug for strict_subset: in strict mode every empty field is
 * passed to the callback as NULL, as if CSV_EMPTY_IS_NULL were set. Strict
 * mode accepts the text, but no longer parses it as the default mode does. */
#include "callbacks.inc"

static void planted_field(planted_ctx *c, void *f, size_t len)
{
    bool strict = (csv_get_opts(c->p) & CSV_STRICT) != 0;
    c->cb1(strict && len == 0 ? NULL : f, len, c->data);
}

static void planted_row(planted_ctx *c, int t) { c->cb2(t, c->data); }
