/* csv's raw mode (see harness/csv.c): arbitrary bytes to the parser,
 * strict and not, whole and in drawn chunks. Needs no guard: libcsv grows
 * its field buffer by the block size as bytes arrive and allocates
 * nothing the input does not contain. */
#include "csv_target.h"

/* The chunk plan and the faults come before the text, which takes the
 * rest of the input. */
void *raw_setup(pf_src *s)
{
    raw_input *r = pf_alloc(s, sizeof *r);
    layout_draw(s, "options", &r->L);
    pf_plan plan;
    chunks_draw(s, "chunks", &plan);
    faults_draw(s, &r->faults);
    r->text = pf_rest(s, "raw", &r->len);
    r->n_chunks = pf_plan_apply(&plan, r->len, r->sizes, MAX_CHUNKS);
    for (int strict = 0; strict < 2; strict++) {
        r->whole[strict] = table_new(s);
        parse_whole(&r->L, strict, r->text, r->len, r->whole[strict]);
    }
    return r;
}

void raw_lines(pf_src *s, const raw_input *r, pf_line *lines)
{
    pf_buf tl = {0}, tr = {0}, tc = {0};
    layout_print(&tl, &r->L);
    quote_doc(&tr, r->text, r->len);
    print_chunks(&tc, r->sizes, r->n_chunks, &r->faults);
    lines[0] = (pf_line){"options", pf_buf_defer(s, &tl)};
    lines[1] = (pf_line){"raw", pf_buf_defer(s, &tr)};
    lines[2] = (pf_line){"chunks", pf_buf_defer(s, &tc)};
}

void prop_raw_batch_incremental(pf_src *s, void *in)
{
    const raw_input *r = in;
    if (r->n_chunks <= 1)
        pf_event(s, "raw text fed in one chunk");
    for (int strict = 0; strict < 2; strict++) {
        table *chunked = table_new(s);
        if (parse_doc(&r->L, strict, r->text, r->sizes, r->n_chunks,
                      &r->faults, chunked))
            pf_event(s, "raw text resumed after CSV_ENOMEM");
        pf_path path = {.len = 0};
        if (!table_equal(r->whole[strict], chunked, &v_exact, &path)) {
            pf_line ctx[3];
            raw_lines(s, r, ctx);
            fail_tables(s, strict ? "fed in chunks != fed whole (CSV_STRICT)"
                                  : "fed in chunks != fed whole",
                        "fed whole", r->whole[strict], "fed in chunks",
                        chunked, ctx, 3, path.text);
        }
    }
}

void prop_strict_subset(pf_src *s, void *in)
{
    const raw_input *r = in;
    if (r->whole[1]->status != 0)
        pf_skip(s, "R7");
    pf_path path = {.len = 0};
    if (!table_equal(r->whole[0], r->whole[1], &v_exact, &path)) {
        pf_line ctx[3];
        raw_lines(s, r, ctx);
        fail_tables(s, "CSV_STRICT accepted the text but parsed it differently",
                    "parse without CSV_STRICT", r->whole[0],
                    "parse with CSV_STRICT", r->whole[1], ctx, 3, path.text);
    }
}

_Noreturn static void fail_fixed_point(pf_src *s, const raw_input *r,
                                       const char *summary,
                                       const record *v1, size_t n1,
                                       const pf_buf *c1, const record *v2,
                                       size_t n2, const pf_buf *c2)
{
    pf_buf a = {0}, b = {0}, d1 = {0}, d2 = {0};
    records_print(&a, v1, n1);
    records_print(&b, v2, n2);
    quote_doc(&d1, c1->data, c1->len);
    quote_doc(&d2, c2->data, c2->len);
    pf_line l[7];
    raw_lines(s, r, l);
    l[3] = (pf_line){"v1 = parse(raw)", pf_buf_defer(s, &a)};
    l[4] = (pf_line){"c1 = render(v1)", pf_buf_defer(s, &d1)};
    l[5] = (pf_line){"v2 = parse(c1)", pf_buf_defer(s, &b)};
    l[6] = (pf_line){"render(v2)", pf_buf_defer(s, &d2)};
    pf_fail(s, NULL, summary, l, 7, NULL);
}

/* The records the default mode parses, rendered in the canonical layout
 * (LF line ends and a final one: see the header comment) and parsed
 * again, are the same records; rendering those gives the same bytes. */
void prop_canonical_fixed_point(pf_src *s, void *in)
{
    const raw_input *r = in;
    const table *t1 = r->whole[0];
    if (t1->status != 0)
        pf_skip(s, "R8");
    layout Lc = r->L;
    Lc.eol = 0;
    Lc.no_final_eol = false;
    record *v1 = table_records(s, t1);
    pf_buf *c1 = buf_new(s), *c2 = buf_new(s);
    render(v1, t1->n_rows, &Lc, true, c1, NULL);
    table *t2 = table_new(s);
    parse_whole(&Lc, Lc.strict, c1->data, c1->len, t2);
    record *v2 = table_records(s, t2);
    render(v2, t2->n_rows, &Lc, true, c2, NULL);
    bool same = t2->status == 0 && records_equal(v1, t1->n_rows, v2, t2->n_rows);
    if (!same || c1->len != c2->len ||
        (c1->len && memcmp(c1->data, c2->data, c1->len) != 0))
        fail_fixed_point(s, r, !same ? "parse(render(parse(raw))) != parse(raw)"
                                     : "render(parse(c1)) != c1",
                         v1, t1->n_rows, c1, v2, t2->n_rows, c2);
}
