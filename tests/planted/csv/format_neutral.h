/* Planted bug for format_neutral: with the tab delimiter, the field
 * callback sees a field's trailing spaces trimmed even when it was quoted
 * (the trimming code looks at the delimiter's class, not at the quotes).
 * Each layout parses consistently; only two layouts side by side show it. */
#define PF_PLANT_ONLY "format_neutral"

typedef struct planted_ctx {
    void (*cb1)(void *, size_t, void *);
    void (*cb2)(int, void *);
    void *data;
    bool tab;
} planted_ctx;

static void planted_cb1(void *f, size_t len, void *d)
{
    planted_ctx *c = d;
    while (c->tab && f && len && ((unsigned char *)f)[len - 1] == ' ')
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
    planted_ctx c = {cb1, cb2, data, csv_get_delim(p) == '\t'};
    return csv_parse(p, s, len, planted_cb1, planted_cb2, &c);
}

static int planted_fini(struct csv_parser *p,
                        void (*cb1)(void *, size_t, void *),
                        void (*cb2)(int, void *), void *data)
{
    planted_ctx c = {cb1, cb2, data, csv_get_delim(p) == '\t'};
    return csv_fini(p, planted_cb1, planted_cb2, &c);
}
#define CSV_PARSE planted_parse
#define CSV_FINI planted_fini
