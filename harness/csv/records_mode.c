/* csv's records mode (see harness/csv.c): the draws, the document and its
 * parse, and the properties that compare parses of rendered records. */
#include "csv_target.h"

/* Every property's variation first, then the records: drawn after them,
 * it would sit where fuzzers keep the fewest bytes (see
 * include/propfuzz.h, "Variation drawn up front"). */
void *records_setup(pf_src *s)
{
    subject *x = pf_alloc(s, sizeof *x);
    layout_draw(s, "layout", &x->L);
    layout_draw(s, "layout2", &x->L2);
    chunks_draw(s, "chunk_plan", &x->chunks);
    faults_draw(s, &x->faults);
    x->write_room = (size_t)pf_u64_range(s, "write_room", 0, WRITE_ROOM_MAX);
    x->delete_at = (size_t)pf_u64_range(s, "delete_row", 0, MAX_ROWS - 1);
    pf_shuffle_draw(s, "row_order", x->row_order, MAX_ROWS);
    records_draw(s, &x->rs);
    x->doc = buf_new(s);
    render(x->rs.r, x->rs.n, &x->L, !x->L.no_final_eol, x->doc, x->line_start);
    x->whole = table_new(s);
    parse_whole(&x->L, x->L.strict, x->doc->data, x->doc->len, x->whole);
    return x;
}

void subject_lines(pf_src *s, const subject *x, pf_line *lines)
{
    pf_buf r = {0}, l = {0}, d = {0};
    records_print(&r, x->rs.r, x->rs.n);
    layout_print(&l, &x->L);
    quote_doc(&d, x->doc->data, x->doc->len);
    lines[0] = (pf_line){"records", pf_buf_defer(s, &r)};
    lines[1] = (pf_line){"layout", pf_buf_defer(s, &l)};
    lines[2] = (pf_line){"document", pf_buf_defer(s, &d)};
}

/* Fails with the subject's context and up to three more lines. */
_Noreturn static void fail_subject(pf_src *s, const subject *x,
                                   const char *summary, const char *name_a,
                                   const table *a, const char *name_b,
                                   const table *b, const pf_line *extra,
                                   size_t n_extra, const char *path)
{
    pf_line ctx[6];
    subject_lines(s, x, ctx);
    for (size_t i = 0; i < n_extra && i < 3; i++)
        ctx[3 + i] = extra[i];
    fail_tables(s, summary, name_a, a, name_b, b, ctx, 3 + n_extra, path);
}

/* One line of a report, its text from b (freed with the input). */
static pf_line line_of(pf_src *s, const char *name, pf_buf *b)
{
    return (pf_line){name, pf_buf_defer(s, b)};
}

void prop_round_trip(pf_src *s, void *in)
{
    const subject *x = in;
    table *want = table_new(s);
    expect_records(x->rs.r, x->rs.n, &x->L, !x->L.no_final_eol, x->doc->len,
                   want);
    pf_path path = {.len = 0};
    if (!table_equal(x->whole, want, &v_exact, &path) || x->whole->nul_missing)
        fail_subject(s, x,
                     x->whole->nul_missing
                         ? "CSV_APPEND_NULL: a field came without its NUL"
                         : "parse(render(records)) != records",
                     "parse(document)", x->whole, "expected", want, NULL, 0,
                     path.text);
}

void prop_batch_incremental(pf_src *s, void *in)
{
    const subject *x = in;
    size_t sizes[MAX_CHUNKS];
    size_t n = pf_plan_apply(&x->chunks, x->doc->len, sizes, MAX_CHUNKS);
    if (n <= 1)
        pf_event(s, "batch_incremental fed in one chunk");
    table *chunked = table_new(s);
    if (parse_doc(&x->L, x->L.strict, x->doc->data, sizes, n, &x->faults,
                  chunked))
        pf_event(s, "batch_incremental resumed after CSV_ENOMEM");
    pf_path path = {.len = 0};
    if (!table_equal(x->whole, chunked, &v_exact, &path)) {
        pf_buf tc = {0};
        print_chunks(&tc, sizes, n, &x->faults);
        pf_line l = line_of(s, "chunks", &tc);
        fail_subject(s, x, "fed in chunks != fed whole", "fed whole",
                     x->whole, "fed in chunks", chunked, &l, 1, path.text);
    }
}

void prop_format_neutral(pf_src *s, void *in)
{
    const subject *x = in;
    const layout *L2 = &x->L2;
    if (layout_equal(&x->L, L2))
        pf_event(s, "format_neutral with the same layout twice");
    pf_buf *doc2 = buf_new(s);
    render(x->rs.r, x->rs.n, L2, !L2->no_final_eol, doc2, NULL);
    table *t2 = table_new(s);
    parse_whole(L2, L2->strict, doc2->data, doc2->len, t2);
    /* The layouts decide terminators and CSV_REPALL_NL's zero-field rows;
     * null versus empty only means something when both ask for it. */
    view v = {false, false, x->L.empty_is_null && L2->empty_is_null, false};
    pf_path path = {.len = 0};
    if (!table_equal(x->whole, t2, &v, &path)) {
        pf_buf tl = {0}, td = {0};
        layout_print(&tl, L2);
        quote_doc(&td, doc2->data, doc2->len);
        pf_line l[2] = {line_of(s, "layout2", &tl), line_of(s, "document2", &td)};
        fail_subject(s, x, "the same records in two layouts parse differently",
                     "parse(document)", x->whole, "parse(document2)", t2, l,
                     2, path.text);
    }
}

void prop_row_deletion(pf_src *s, void *in)
{
    const subject *x = in;
    const records *rs = &x->rs;
    if (rs->n == 0) {
        pf_event(s, "row_deletion with no records");
        return;
    }
    if (x->whole->status != 0)
        pf_skip(s, "R6");
    size_t del = x->delete_at % rs->n;
    pf_buf *doc2 = buf_new(s);
    const pf_buf *doc = x->doc;
    pf_buf_put(doc2, doc->data, x->line_start[del]);
    if (x->line_start[del + 1] < doc->len)
        pf_buf_put(doc2, doc->data + x->line_start[del + 1],
                   doc->len - x->line_start[del + 1]);
    table *got = table_new(s), *want = table_new(s);
    parse_whole(&x->L, x->L.strict, doc2->data, doc2->len, got);
    size_t first[MAX_ROWS + 1];
    if (group_rows(rs->r, rs->n, &x->L, !x->L.no_final_eol, x->whole, first)) {
        table_copy_rows(want, x->whole, 0, first[del]);
        table_copy_rows(want, x->whole, first[del + 1],
                        x->whole->n_rows - first[del + 1]);
    } else {
        /* The whole parse already disagrees with the layout's row count:
         * the record's rows cannot be told apart, so expect the model. */
        record rest[MAX_ROWS];
        size_t m = 0;
        for (size_t i = 0; i < rs->n; i++)
            if (i != del)
                rest[m++] = rs->r[i];
        expect_records(rest, m, &x->L, !x->L.no_final_eol, doc2->len, want);
    }
    want->consumed = doc2->len;
    pf_path path = {.len = 0};
    if (!table_equal(got, want, &v_exact, &path)) {
        pf_buf tr = {0}, td = {0};
        pf_buf_printf(&tr, "%zu", del);
        quote_doc(&td, doc2->data, doc2->len);
        pf_line l[2] = {line_of(s, "deleted row", &tr),
                        line_of(s, "document without it", &td)};
        fail_subject(s, x, "deleting one row's line changed other rows",
                     "parse(document without the row)", got,
                     "parse(document) without its rows", want, l, 2,
                     path.text);
    }
}

static bool is_identity(const size_t *perm, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (perm[i] != i)
            return false;
    return true;
}

/* The rows of the reordered parse tb put back in the records' order:
 * record perm[k] sits at position k of the reordered document. */
static void unshuffle_rows(const size_t *perm, size_t n, const table *tb,
                           const size_t *fb, table *out)
{
    size_t at[MAX_ROWS];
    for (size_t k = 0; k < n; k++)
        at[perm[k]] = k;
    for (size_t i = 0; i < n; i++)
        table_copy_rows(out, tb, fb[at[i]], fb[at[i] + 1] - fb[at[i]]);
    out->consumed = tb->consumed;
}

void prop_row_permutation(pf_src *s, void *in)
{
    const subject *x = in;
    const records *rs = &x->rs;
    if (rs->n < 2) {
        pf_event(s, "row_permutation with fewer than two records");
        return;
    }
    if (x->whole->status != 0)
        pf_skip(s, "R6");
    size_t perm[MAX_ROWS];
    pf_permutation_restrict(x->row_order, MAX_ROWS, rs->n, perm);
    if (is_identity(perm, rs->n))
        pf_event(s, "row_permutation with the identity order");
    record shuffled[MAX_ROWS];
    for (size_t i = 0; i < rs->n; i++)
        shuffled[i] = rs->r[perm[i]];
    /* Both orders with a final line end: see the header comment. */
    pf_buf *da = buf_new(s), *db = buf_new(s);
    render(rs->r, rs->n, &x->L, true, da, NULL);
    render(shuffled, rs->n, &x->L, true, db, NULL);
    table *ta = table_new(s), *tb = table_new(s), *back = table_new(s);
    parse_whole(&x->L, x->L.strict, da->data, da->len, ta);
    parse_whole(&x->L, x->L.strict, db->data, db->len, tb);
    size_t fa[MAX_ROWS + 1], fb[MAX_ROWS + 1];
    bool grouped = group_rows(rs->r, rs->n, &x->L, true, ta, fa) &&
                   group_rows(shuffled, rs->n, &x->L, true, tb, fb);
    if (grouped)
        unshuffle_rows(perm, rs->n, tb, fb, back);
    const view v = {true, true, true, false};
    pf_path path = {.len = 0};
    if (grouped && table_equal(ta, back, &v, &path))
        return;
    pf_buf tp = {0}, td = {0};
    for (size_t i = 0; i < rs->n; i++)
        pf_buf_printf(&tp, i ? " %zu" : "%zu", perm[i]);
    quote_doc(&td, db->data, db->len);
    pf_line l[2] = {line_of(s, "order", &tp),
                    line_of(s, "reordered document", &td)};
    if (!grouped)
        fail_subject(s, x, "a reordered document has a different number of "
                     "rows than its records make", "parse(document)", ta,
                     "parse(reordered)", tb, l, 2, NULL);
    fail_subject(s, x, "reordering the rows changed the records",
                 "parse(document)", ta, "parse(reordered), reordered back",
                 back, l, 2, path.text);
}
