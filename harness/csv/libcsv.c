/* csv's calls into libcsv (see csv_target.h): the parser with its
 * settings, allocation failures injected through its realloc hook, and
 * the writers. Every call a property depends on is in this file, so a
 * planted bug (tests/planted/csv/<property>.h) wraps all of them. */
#include "csv_target.h"

#include <stdlib.h>

/* A planted-bug build wraps libcsv functions here, after the library's
 * header and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

void chunks_draw(pf_src *s, const char *label, pf_plan *p)
{
    pf_list l;
    p->n = 0;
    pf_list_begin(s, &l, label, 1, PF_PLAN_MAX);
    while (pf_list_more(s, &l))
        p->sizes[p->n++] = (size_t)pf_u64_range(s, "size", 1, CHUNK_MAX);
}

void chunks_enc(pf_buf *e, const pf_plan *p)
{
    for (size_t i = 0; i < p->n; i++) {
        if (i)
            pf_enc_more(e, true);
        pf_enc_u64_range(e, 1, CHUNK_MAX, p->sizes[i]);
    }
    if (p->n < PF_PLAN_MAX)
        pf_enc_more(e, false);
}

void faults_draw(pf_src *s, faults *f)
{
    f->fail_at = (size_t)pf_u64_range(s, "alloc_fail_at", 0, 16);
    f->fail_n = (size_t)pf_u64_range(s, "alloc_fail_count", 1, 12);
}

void faults_enc(pf_buf *e, const faults *f)
{
    pf_enc_u64_range(e, 0, 16, f->fail_at);
    pf_enc_u64_range(e, 1, 12, f->fail_n);
}

void print_chunks(pf_buf *b, const size_t *sizes, size_t n, const faults *f)
{
    for (size_t i = 0; i < n; i++)
        pf_buf_printf(b, i ? " %zu" : "%zu", sizes[i]);
    if (f && f->fail_at)
        pf_buf_printf(b, "; realloc calls %zu..%zu fail", f->fail_at,
                      f->fail_at + f->fail_n - 1);
}

/* The injection's state: set at the start of every parse that injects. */
static faults g_faults;
static size_t g_alloc_calls, g_injected;

static void *faulty_realloc(void *p, size_t n)
{
    g_alloc_calls++;
    if (g_faults.fail_at && g_alloc_calls >= g_faults.fail_at &&
        g_alloc_calls - g_faults.fail_at < g_faults.fail_n) {
        g_injected++;
        return NULL;
    }
    return realloc(p, n);
}

static void plain_free(void *p) { free(p); }

/* The space and terminator functions a layout may install. */
static int space_none(unsigned char c)
{
    (void)c;
    return 0;
}

static int space_only(unsigned char c) { return c == CSV_SPACE; }
static int term_lf_only(unsigned char c) { return c == CSV_LF; }

static void on_field(void *data, size_t len, void *ctx)
{
    table *t = ctx;
    if (t->check_nul && data && ((const unsigned char *)data)[len] != '\0')
        t->nul_missing = true;
    table_cell(t, data, len, data == NULL);
}

static void on_row(int c, void *ctx) { table_row(ctx, c); }

static void parser_init(struct csv_parser *p, const layout *L, bool strict,
                        const faults *f)
{
    if (csv_init(p, layout_options(L, strict)) != 0)
        abort();
    csv_set_delim(p, csv_delims[L->delim]);
    csv_set_quote(p, csv_quotes[L->quote]);
    if (L->space == SPACE_NONE)
        csv_set_space_func(p, space_none);
    else if (L->space == SPACE_ONLY)
        csv_set_space_func(p, space_only);
    if (L->term == TERM_LF)
        csv_set_term_func(p, term_lf_only);
    csv_set_blk_size(p, csv_blk_sizes[L->blk]);
    g_alloc_calls = g_injected = 0;
    if (f) {
        g_faults = *f;
        csv_set_realloc_func(p, faulty_realloc);
        csv_set_free_func(p, plain_free);
    }
}

/* Feeds one chunk, again after each CSV_ENOMEM an injected failure
 * caused; returns the bytes csv_parse took. */
static size_t feed(struct csv_parser *p, const uint8_t *chunk, size_t len,
                   bool injecting, table *t)
{
    size_t got = 0;
    for (;;) {
        size_t injected = g_injected;
        got += csv_parse(p, chunk + got, len - got, on_field, on_row, t);
        if (got == len || !injecting || g_injected == injected ||
            csv_error(p) != CSV_ENOMEM)
            return got;
    }
}

size_t parse_doc(const layout *L, bool strict, const uint8_t *doc,
                 const size_t *sizes, size_t n_chunks, const faults *f,
                 table *t)
{
    t->check_nul = L->append_null;
    struct csv_parser p;
    parser_init(&p, L, strict, f);
    size_t at = 0;
    for (size_t i = 0; i < n_chunks; i++) {
        size_t got = feed(&p, doc + at, sizes[i], f != NULL, t);
        t->consumed += got;
        at += sizes[i];
        if (got != sizes[i]) {
            t->status = csv_error(&p);
            break;
        }
    }
    if (t->status == 0) {
        t->fini = csv_fini(&p, on_field, on_row, t);
        if (t->fini != 0)
            t->status = csv_error(&p);
    }
    csv_free(&p);
    if (t->n_cells > t->open)
        table_row(t, TERM_PENDING);
    return g_injected;
}

void parse_whole(const layout *L, bool strict, const uint8_t *doc,
                 size_t len, table *t)
{
    parse_doc(L, strict, doc, &len, len ? 1 : 0, NULL, t);
}

size_t lib_write(bool two, void *dest, size_t dest_size, const void *src,
                 size_t len, unsigned char quote)
{
    return two ? csv_write2(dest, dest_size, src, len, quote)
               : csv_write(dest, dest_size, src, len);
}

int lib_fwrite(bool two, FILE *fp, const void *src, size_t len,
               unsigned char quote)
{
    return two ? csv_fwrite2(fp, src, len, quote) : csv_fwrite(fp, src, len);
}

/* libcsv's growth protocol, as its source states it (csv_increase_buffer):
 * a request asks for the buffer's size plus the block size; after a
 * refusal, for half as much more, down to nothing (CSV_ENOMEM), after
 * which the next request starts from the block size again. The model
 * says what the realloc hook must be asked for next. A request it did
 * not expect breaks the model and is refused: the size may be garbage
 * (an uninitialised block size) and must not reach the allocator. */
typedef struct growth_model {
    size_t blk, size, add;
    bool broken;
    size_t got, want;
} growth_model;
static growth_model g_model;

static void *modelled_realloc(void *p, size_t n)
{
    size_t want = g_model.size + g_model.add;
    if (!g_model.broken && n != want)
        g_model = (growth_model){.broken = true, .got = n, .want = want};
    if (g_model.broken)
        return NULL;
    void *q = faulty_realloc(p, n);
    if (q)
        g_model.size = n, g_model.add = g_model.blk;
    else if ((g_model.add /= 2) == 0)
        g_model.add = g_model.blk;
    return q;
}

/* One round of parse_reused: the whole document (resumed after each
 * CSV_ENOMEM an injected failure caused), csv_fini, and what the parser
 * says afterwards. */
static void reuse_round(struct csv_parser *p, const uint8_t *doc, size_t len,
                        table *t, lifecycle *lc, size_t round)
{
    size_t got = len ? feed(p, doc, len, true, t) : 0;
    t->consumed = got;
    if (got != len)
        t->status = csv_error(p);
    else if ((t->fini = csv_fini(p, on_field, on_row, t)) != 0)
        t->status = csv_error(p);
    if (t->n_cells > t->open)
        table_row(t, TERM_PENDING);
    lc->status_after[round] = csv_error(p);
    lc->size_after[round] = csv_get_buffer_size(p);
    lc->model_after[round] = g_model.size;
}

void parse_reused(const layout *L, const uint8_t *doc, size_t len,
                  const faults *f, table *const t[3], lifecycle *lc)
{
    struct csv_parser p;
    /* A field csv_init forgets reads as this pattern, not as a lucky 0. */
    memset(&p, 0xA5, sizeof p);
    if (csv_init(&p, layout_options(L, false)) != 0)
        abort();
    lc->status_init = csv_error(&p);
    lc->size_init = csv_get_buffer_size(&p);
    lc->quote_init = csv_get_quote(&p);
    lc->delim_init = csv_get_delim(&p);
    /* The defaults are left to csv_init: only other values are set. */
    if (csv_delims[L->delim] != CSV_COMMA)
        csv_set_delim(&p, csv_delims[L->delim]);
    if (csv_quotes[L->quote] != CSV_QUOTE)
        csv_set_quote(&p, csv_quotes[L->quote]);
    if (L->space == SPACE_NONE)
        csv_set_space_func(&p, space_none);
    else if (L->space == SPACE_ONLY)
        csv_set_space_func(&p, space_only);
    if (L->term == TERM_LF)
        csv_set_term_func(&p, term_lf_only);
    if (csv_blk_sizes[L->blk] != 128) /* csv(3): the default is 128 */
        csv_set_blk_size(&p, csv_blk_sizes[L->blk]);
    csv_set_realloc_func(&p, modelled_realloc);
    csv_set_free_func(&p, plain_free);
    /* A NULL function leaves the hook as it was (libcsv ignores it). */
    csv_set_realloc_func(&p, NULL);
    csv_set_free_func(&p, NULL);
    g_model = (growth_model){.blk = csv_blk_sizes[L->blk],
                             .add = csv_blk_sizes[L->blk]};
    g_alloc_calls = g_injected = 0;
    g_faults = *f; /* the first round only */
    for (size_t round = 0; round < 3; round++) {
        t[round]->check_nul = L->append_null;
        if (round == 2) { /* csv(3): no csv_init needed after csv_free */
            csv_free(&p);
            lc->size_freed = csv_get_buffer_size(&p);
            g_model.size = 0;
        }
        reuse_round(&p, doc, len, t[round], lc, round);
        g_faults.fail_at = 0;
    }
    csv_free(&p);
    lc->model_broken = g_model.broken;
    lc->model_got = g_model.got;
    lc->model_want = g_model.want;
}
