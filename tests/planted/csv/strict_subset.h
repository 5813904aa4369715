/* Planted bug for strict_subset: in strict mode every empty field is
 * passed to the callback as NULL, as if CSV_EMPTY_IS_NULL were set. Strict
 * mode accepts the text, but no longer parses it as the default mode does. */
#define PF_PLANT_ONLY "strict_subset"

typedef struct planted_ctx {
    void (*cb1)(void *, size_t, void *);
    void (*cb2)(int, void *);
    void *data;
    bool strict;
} planted_ctx;

static void planted_cb1(void *f, size_t len, void *d)
{
    planted_ctx *c = d;
    c->cb1(c->strict && len == 0 ? NULL : f, len, c->data);
}

static void planted_cb2(int t, void *d)
{
    planted_ctx *c = d;
    c->cb2(t, c->data);
}

static size_t planted_parse(struct csv_parser *p, const void *s, size_t len,
                            void (*cb1)(void *, size_t, void *),
                            void (*cb2)(int, void *), void *data)
{
    planted_ctx c = {cb1, cb2, data, (csv_get_opts(p) & CSV_STRICT) != 0};
    return csv_parse(p, s, len, planted_cb1, planted_cb2, &c);
}

static int planted_fini(struct csv_parser *p,
                        void (*cb1)(void *, size_t, void *),
                        void (*cb2)(int, void *), void *data)
{
    planted_ctx c = {cb1, cb2, data, (csv_get_opts(p) & CSV_STRICT) != 0};
    return csv_fini(p, planted_cb1, planted_cb2, &c);
}
#define CSV_PARSE planted_parse
#define CSV_FINI planted_fini
