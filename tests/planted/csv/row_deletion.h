/* Planted bug for row_deletion: the parser takes the first row as a header
 * and silently drops fields of later rows beyond its width. Consistent
 * within a document; deleting the first row changes every later row. */
static size_t planted_width, planted_in_row;
static bool planted_have_header;

static int planted_init(struct csv_parser *p, unsigned char options)
{
    planted_width = planted_in_row = 0;
    planted_have_header = false;
    return csv_init(p, options);
}
#define csv_init planted_init

#include "callbacks.inc"

static void planted_field(planted_ctx *c, void *f, size_t len)
{
    if (!planted_have_header || planted_in_row < planted_width)
        c->cb1(f, len, c->data);
    planted_in_row++;
}

static void planted_row(planted_ctx *c, int t)
{
    if (!planted_have_header && planted_in_row > 0) {
        planted_have_header = true;
        planted_width = planted_in_row;
    }
    planted_in_row = 0;
    c->cb2(t, c->data);
}
