/* Planted bug for row_deletion: the parser takes the first row as a header
 * and silently drops fields of later rows beyond its width. Consistent
 * within a document; deleting the first row changes every later row. */
#define PF_PLANT_ONLY "row_deletion"

typedef struct planted_ctx {
    void (*cb1)(void *, size_t, void *);
    void (*cb2)(int, void *);
    void *data;
} planted_ctx;

static size_t planted_width, planted_in_row;
static bool planted_have_header;

static int planted_init(struct csv_parser *p, unsigned char options)
{
    planted_width = planted_in_row = 0;
    planted_have_header = false;
    return csv_init(p, options);
}

static void planted_cb1(void *f, size_t len, void *d)
{
    planted_ctx *c = d;
    if (!planted_have_header || planted_in_row < planted_width)
        c->cb1(f, len, c->data);
    planted_in_row++;
}

static void planted_cb2(int t, void *d)
{
    planted_ctx *c = d;
    if (!planted_have_header && planted_in_row > 0) {
        planted_have_header = true;
        planted_width = planted_in_row;
    }
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
