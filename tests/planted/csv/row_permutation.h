/* Planted bug for row_permutation: "fill down" — a row whose first field
 * is empty gets the previous row's first field instead, as a spreadsheet
 * import might. Consistent for one order of rows; another order fills in
 * other values. */
#define PF_PLANT_ONLY "row_permutation"

typedef struct planted_ctx {
    void (*cb1)(void *, size_t, void *);
    void (*cb2)(int, void *);
    void *data;
} planted_ctx;

static unsigned char planted_prev[64];
static size_t planted_prev_len, planted_in_row;
static bool planted_have_prev;

static int planted_init(struct csv_parser *p, unsigned char options)
{
    planted_have_prev = false;
    planted_in_row = 0;
    return csv_init(p, options);
}

static void planted_cb1(void *f, size_t len, void *d)
{
    planted_ctx *c = d;
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

static void planted_cb2(int t, void *d)
{
    planted_ctx *c = d;
    planted_in_row = 0;
    c->cb2(t, c->data);
}

static size_t planted_parse(struct csv_parser *p, const void *s, size_t len,
                            void (*cb1)(void *, size_t, void *),
                            void (*cb2)(int, void *), void *data)
{
    planted_ctx c = {cb1, cb2, data};
    return csv_parse(p, s, len, planted_cb1, planted_cb2, &c);
}

static int planted_fini(struct csv_parser *p,
                        void (*cb1)(void *, size_t, void *),
                        void (*cb2)(int, void *), void *data)
{
    planted_ctx c = {cb1, cb2, data};
    return csv_fini(p, planted_cb1, planted_cb2, &c);
}
#define CSV_INIT planted_init
#define CSV_PARSE planted_parse
#define CSV_FINI planted_fini
