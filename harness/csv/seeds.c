/* csv's seeds, written as values (design §6): records and a layout, or
 * raw text with parser options, encoded with the decoder's inverse. */
#include "csv_target.h"

/* A seed field: text of len bytes (NULs allowed), or null when t is NULL. */
typedef struct seed_field {
    const char *t;
    size_t len;
} seed_field;
#define F(s) {s, sizeof(s) - 1}
#define NUL_FIELD {NULL, 0}
#define END {"", (size_t)-1} /* ends a record */

static const struct seed {
    const char *name;
    layout L;
    size_t n_rows;
    seed_field f[MAX_ROWS][MAX_FIELDS + 1];
} seeds[] = {
    {"empty-document", {0}, 0, {{END}}},
    {"one-field", {0}, 1, {{F("a"), END}}},
    {"table", {0}, 3, {{F("name"), F("age"), END}, {F("bob"), F("42"), END},
                       {F("alice"), F("7"), END}}},
    {"quotes-inside", {0}, 2, {{F("say \"hi\""), F("it's"), END},
                               {F("\""), F("\"\""), F("'"), END}}},
    {"delimiters-inside", {.delim = 1}, 1,
     {{F("a,b"), F("c;d"), F("e|f"), F("g\th"), F("i j"), END}}},
    {"line-ends-inside", {.eol = 1}, 2, {{F("line1\nline2"), F("cr\rlf\r\n"), END},
                                          {F("\r"), F("\n"), END}}},
    {"spaces-trimmed", {.delim = 2}, 2, {{F("  lead"), F("trail  "), F(" both "), END},
                                         {F("\t"), F(" "), F("in side"), END}}},
    {"space-delimiter", {.delim = 4, .space = SPACE_ONLY}, 1,
     {{F("a"), F(" b"), F("c\t"), NUL_FIELD, F("d e"), END}}},
    {"nul-bytes", {.delim = 5}, 2, {{F("\0"), F("a\0b"), END}, {F("\0\0"), END}}},
    {"empty-and-null", {.empty_is_null = true}, 3,
     {{F(""), NUL_FIELD, F(""), END}, {NUL_FIELD, NUL_FIELD, END}, {F(""), END}}},
    {"empty-rows", {0}, 5, {{END}, {F("x"), END}, {NUL_FIELD, END}, {F(""), END},
                            {END}}},
    {"empty-rows-repall", {.repall_nl = true}, 4,
     {{END}, {F("x"), END}, {NUL_FIELD, END}, {F("y"), F("z"), END}}},
    {"crlf-repall", {.eol = 1, .repall_nl = true}, 3,
     {{F("a"), END}, {END}, {F("b"), F(""), END}}},
    {"ragged-no-final-eol", {.no_final_eol = true, .eol = 2}, 3,
     {{F("a"), END}, {F("b"), F("c"), F("d"), END}, {F("e"), F("f"), END}}},
    {"always-quote-single", {.quote = 1, .always_quote = true, .delim = 3}, 2,
     {{F("it's"), F(""), NUL_FIELD, F("\"q\""), END}, {F("''"), END}}},
    {"strict-fini", {.strict = true, .strict_fini = true, .no_final_eol = true}, 2,
     {{F("a"), F("b\"c"), END}, {F("x"), F("\"end\""), END}}},
    {"space-none", {.space = SPACE_NONE}, 1, {{F(" a "), F("\t"), F("b  "), END}}},
    {"lf-only-term", {.term = TERM_LF, .eol = 1}, 2,
     {{F("a\r"), F("\rb"), END}, {F("c\nd"), END}}},
    {"tiny-blocks", {.blk = 1, .append_null = true}, 2,
     {{F("longer than a block"), F("x"), END},
      {F("\"quoted\", delimited"), END}}},
    {"high-bytes", {.blk = 3}, 1, {{F("\xff\xfe"), F("\x80"), F("\xef\xbb\xbf" "bom"), END}}},
    {"wide-row", {.delim = 3}, 1, {{F("1"), F("2"), F("3"), F("4"), F("5"), F("6"), END}}},
};

/* Raw seeds: malformed and unusual text for the raw mode. */
static const struct raw_seed {
    const char *name;
    layout L;
    size_t chunks[4]; /* zero-terminated, at least one */
    size_t fail_at;   /* first failing realloc (0: none) */
    const char *text;
    size_t len;
} raw_seeds[] = {
/* RAW(name, chunk1, chunk2, fail_at, text, layout initialisers...) */
#define RAW(name, c1, c2, fail, text, ...) \
    {name, {__VA_ARGS__}, {c1, c2, 0, 0}, fail, text, sizeof(text) - 1}
    RAW("raw-malformed-quotes", 3, 0, 0, "a\"c, \"d\"f\"\n", 0),
    RAW("raw-unterminated", 4, 0, 0, "x,\"abc", .strict = true, .strict_fini = true),
    RAW("raw-spaces-after-quote", 4, 2, 0, "\"a\"  ,b\r\n", 0),
    RAW("raw-mixed-line-ends", 1, 1, 0, "a\r\n\r\nb\n\rc", .repall_nl = true),
    RAW("raw-doubled-quotes", 2, 0, 0, "\"\"\"\",\"\"\"\"\"\"\n", 0),
    RAW("raw-quote-after-spaces", 5, 0, 0, "\"a\" \" ,x\n", 0),
    RAW("raw-empty-is-null", 2, 0, 0, " ,\t, \"\" ,\n", .empty_is_null = true),
    RAW("raw-tab-delim", 1, 2, 0, "'a'\t b \t'c''d'\n", .delim = 2, .quote = 1),
    RAW("raw-alloc-failure", 7, 0, 3, "\"a long quoted field\",x\n", .blk = 1),
    RAW("raw-alloc-halved", 9, 0, 2, "0123456789abcdef,0123456789\n", .blk = 3),
#undef RAW
};

static void seed_records(const struct seed *sd, records *rs)
{
    size_t used = 0;
    rs->n = sd->n_rows;
    for (size_t i = 0; i < sd->n_rows; i++) {
        size_t n = 0;
        while (sd->f[i][n].len != (size_t)-1)
            n++;
        for (size_t j = 0; j < n; j++)
            rs->f[used + j] = (field){(const uint8_t *)sd->f[i][j].t,
                                      sd->f[i][j].t ? sd->f[i][j].len : 0,
                                      sd->f[i][j].t == NULL};
        rs->r[i] = (record){rs->f + used, n};
        used += n;
    }
}

/* Every seed starts from its own second layout, chunk plan, faults and
 * orders, so each property has something to compare from the first run
 * on. Seed i's variation, as values. */
static void seed_variation(size_t i, const layout *L, subject *x)
{
    layout *L2 = &x->L2;
    *L2 = *L;
    L2->delim = (L->delim + 1 + i % 5) % N_DELIMS;
    L2->quote = i % 2 ? 1 - L->quote : L->quote;
    L2->always_quote = !L->always_quote;
    L2->eol = (L->eol + 1 + i) % N_EOLS;
    L2->no_final_eol = i % 3 == 0;
    L2->empty_is_null = i % 2 == 1;
    L2->space = i % N_SPACES;
    L2->blk = i % N_BLKS;
    x->chunks = (pf_plan){2, {1 + i % 3, 2 + i % 5}};
    x->faults = (faults){i % 4 == 1 ? 1 + i % 5 : 0, 1 + i % 3};
    x->write_room = (3 * i) % (WRITE_ROOM_MAX + 1);
    x->delete_at = i % MAX_ROWS;
    for (size_t k = 0; k < MAX_ROWS; k++)
        x->row_order[k] = MAX_ROWS - 1 - k; /* reversed: never the identity */
}

static void enc_subject(pf_buf *e, const subject *x)
{
    pf_enc_choice(e, N_MODES, MODE_RECORDS);
    layout_enc(e, &x->L);
    layout_enc(e, &x->L2);
    chunks_enc(e, &x->chunks);
    faults_enc(e, &x->faults);
    pf_enc_u64_range(e, 0, WRITE_ROOM_MAX, x->write_room);
    pf_enc_u64_range(e, 0, MAX_ROWS - 1, x->delete_at);
    pf_enc_shuffle(e, x->row_order, MAX_ROWS);
    records_enc(e, &x->rs);
}

/* decode(encode(value)) == value, through the strategy itself. */
static void check_subject(const pf_buf *e, const subject *want)
{
    pf_src *s = pf_begin("csv", e->data, e->len);
    PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_RECORDS);
    const subject *got = records_setup(s);
    PF_ASSERT(s, layout_equal(&got->L, &want->L) &&
                     layout_equal(&got->L2, &want->L2));
    PF_ASSERT(s, got->chunks.n == want->chunks.n);
    for (size_t k = 0; k < want->chunks.n; k++)
        PF_ASSERT(s, got->chunks.sizes[k] == want->chunks.sizes[k]);
    PF_ASSERT(s, got->faults.fail_at == want->faults.fail_at &&
                     got->faults.fail_n == want->faults.fail_n);
    PF_ASSERT(s, got->write_room == want->write_room &&
                     got->delete_at == want->delete_at);
    PF_ASSERT(s, memcmp(got->row_order, want->row_order,
                        sizeof want->row_order) == 0);
    PF_ASSERT(s, records_equal(got->rs.r, got->rs.n, want->rs.r, want->rs.n));
    PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e->len);
    pf_end(s);
}

static void check_raw(const pf_buf *e, size_t head, const struct raw_seed *rs,
                      size_t n_chunks)
{
    pf_src *s = pf_begin("csv", e->data, e->len);
    PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_RAW);
    layout L;
    layout_draw(s, "options", &L);
    PF_ASSERT(s, layout_equal(&L, &rs->L));
    pf_plan plan;
    chunks_draw(s, "chunks", &plan);
    PF_ASSERT(s, plan.n == n_chunks);
    for (size_t k = 0; k < n_chunks; k++)
        PF_ASSERT(s, plan.sizes[k] == rs->chunks[k]);
    faults f;
    faults_draw(s, &f);
    PF_ASSERT(s, f.fail_at == rs->fail_at && f.fail_n == 1);
    PF_ASSERT(s, pf_offset(s) == head);
    pf_end(s);
}

/* Called by the seed writer (properties/drivers/seed_main.c). Each seed is checked
 * to decode back to the values it was written from before it is emitted. */
void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    static subject x;
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        memset(&x, 0, sizeof x);
        x.L = seeds[i].L;
        seed_variation(i, &x.L, &x);
        seed_records(&seeds[i], &x.rs);
        pf_buf e = {0};
        enc_subject(&e, &x);
        check_subject(&e, &x);
        emit(seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
    for (size_t i = 0; i < sizeof raw_seeds / sizeof raw_seeds[0]; i++) {
        const struct raw_seed *rs = &raw_seeds[i];
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_RAW);
        layout_enc(&e, &rs->L);
        pf_plan plan = {0, {0}};
        while (plan.n < 4 && rs->chunks[plan.n])
            plan.sizes[plan.n] = rs->chunks[plan.n], plan.n++;
        chunks_enc(&e, &plan);
        faults_enc(&e, &(faults){rs->fail_at, 1});
        size_t head = e.len;
        pf_buf_put(&e, rs->text, rs->len);
        check_raw(&e, head, rs, plan.n);
        emit(rs->name, e.data, e.len);
        pf_buf_free(&e);
    }
}
