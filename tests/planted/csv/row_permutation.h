/* Planted bug for row_permutation: "fill down" — a row whose first field
 * is empty gets the previous row's first field instead, as a spreadsheet
 * import might. Consistent for one order of rows; another order fills in
 * other values. */
static unsigned char planted_prev[64];
static size_t planted_prev_len, planted_in_row;
static bool planted_have_prev;

static int planted_init(struct csv_parser *p, unsigned char options)
{
    planted_have_prev = false;
    planted_in_row = 0;
    return csv_init(p, options);
}
#define csv_init planted_init

#include "callbacks.inc"

static void planted_field(planted_ctx *c, void *f, size_t len)
{
    if (planted_in_row++ == 0) {
        if (len == 0 && planted_have_prev) {
            c->cb1(planted_prev, planted_prev_len, c->data);
            return;
        }
        if (f && len < sizeof planted_prev) {
            memcpy(planted_prev, f, len);
            planted_prev[len] = '\0'; /* for CSV_APPEND_NULL */
            planted_prev_len = len;
            planted_have_prev = true;
        }
    }
    c->cb1(f, len, c->data);
}

static void planted_row(planted_ctx *c, int t)
{
    planted_in_row = 0;
    c->cb2(t, c->data);
}
