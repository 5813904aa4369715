/* Planted bug for canonical_fixed_point: a field that begins with a NUL
 * byte loses that byte (NUL taken for padding). Not idempotent: "\0\0a"
 * parses as "\0a", which written back parses as "a" — so the records
 * parsed from raw text do not survive being written and read again. */
#include "callbacks.inc"

static void planted_field(planted_ctx *c, void *f, size_t len)
{
    if (f && len && ((unsigned char *)f)[0] == '\0')
        c->cb1((unsigned char *)f + 1, len - 1, c->data);
    else
        c->cb1(f, len, c->data);
}

static void planted_row(planted_ctx *c, int t) { c->cb2(t, c->data); }
