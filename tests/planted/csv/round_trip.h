/* Planted bug for round_trip: the field callback sees every field with a
 * trailing tab trimmed, quoted or not (as if quoting did not protect
 * whitespace). Every parse has the same bug, so only a comparison with the
 * records themselves can see it. */
#define PF_PLANT_ONLY "round_trip"

typedef struct planted_ctx {
    void (*cb1)(void *, size_t, void *);
    void (*cb2)(int, void *);
    void *data;
} planted_ctx;

static void planted_cb1(void *f, size_t len, void *d)
{
    planted_ctx *c = d;
    if (f && len && ((unsigned char *)f)[len - 1] == '\t')
        len--;
    c->cb1(f, len, c->data);
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
#define CSV_PARSE planted_parse
#define CSV_FINI planted_fini
