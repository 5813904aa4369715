/* Planted bug for canonical_fixed_point: a field that begins with a NUL
 * byte loses that byte (NUL taken for padding). Not idempotent: "\0\0a"
 * parses as "\0a", which written back parses as "a" — so the records
 * parsed from raw text do not survive being written and read again. */
#define PF_PLANT_ONLY "canonical_fixed_point"

typedef struct planted_ctx {
    void (*cb1)(void *, size_t, void *);
    void (*cb2)(int, void *);
    void *data;
} planted_ctx;

static void planted_cb1(void *f, size_t len, void *d)
{
    planted_ctx *c = d;
    if (f && len && ((unsigned char *)f)[0] == '\0')
        c->cb1((unsigned char *)f + 1, len - 1, c->data);
    else
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
