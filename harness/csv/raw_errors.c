/* csv's raw-mode properties about what the parser reports rather than
 * the rows (see harness/csv.c): strict_errors (when and where it refuses)
 * and parser_lifecycle (its state across csv_init, csv_fini, csv_free). */
#include "csv_target.h"

/* Fails with the raw context and one more line. */
_Noreturn static void fail_raw(pf_src *s, const raw_input *r,
                               const char *summary, pf_buf *detail)
{
    pf_line l[4];
    raw_lines(s, r, l);
    l[3] = (pf_line){"reported", pf_buf_defer(s, detail)};
    pf_fail(s, NULL, summary, l, 4, NULL);
}

/* ... the line being what the parse t reported. */
_Noreturn static void fail_meta(pf_src *s, const raw_input *r,
                                const char *summary, const table *t)
{
    pf_buf b = {0};
    pf_buf_printf(&b, "status %d, consumed %zu, csv_fini %d", t->status,
                  t->consumed, t->fini);
    fail_raw(s, r, summary, &b);
}

/* Where CSV_STRICT may refuse a byte (libcsv.c's three STRICT ERRORs): at a
 * quote (inside an unquoted field, or after spaces that follow a quoted
 * field's closing quote), or at any other byte that follows a closing
 * quote and spaces. A refusal reported one byte early or late points at a
 * byte that is neither. */
static bool refusable_at(const raw_input *r, size_t at)
{
    const layout *L = &r->L;
    unsigned char q = csv_quotes[L->quote], c = r->text[at];
    if (c == q)
        return true;
    if (c == csv_delims[L->delim] || layout_is_term(L, c) ||
        layout_is_space(L, c))
        return false;
    size_t k = at;
    while (k > 0 && layout_is_space(L, r->text[k - 1]) &&
           r->text[k - 1] != csv_delims[L->delim])
        k--;
    return k > 0 && r->text[k - 1] == q;
}

/* The default mode refuses nothing (csv(3): parse errors are CSV_STRICT's);
 * CSV_STRICT refuses with CSV_EPARSE, at a byte it may refuse, or in
 * csv_fini only when CSV_STRICT_FINI is set too (csv(3)). */
void prop_strict_errors(pf_src *s, void *in)
{
    const raw_input *r = in;
    const table *d = r->whole[0], *t = r->whole[1];
    if (d->status != 0 || d->consumed != r->len || d->fini != 0)
        fail_meta(s, r, "the default mode refused the text", d);
    if (t->status == 0)
        return;
    pf_event(s, "strict_errors with a refusal");
    if (t->status != CSV_EPARSE)
        fail_meta(s, r, "CSV_STRICT refused with a status other than CSV_EPARSE",
                  t);
    if (t->consumed < r->len && !refusable_at(r, t->consumed))
        fail_meta(s, r, "CSV_STRICT refused a byte it has no reason to refuse",
                  t);
    if (t->consumed == r->len && !r->L.strict_fini)
        fail_meta(s, r, "csv_fini refused without CSV_STRICT_FINI", t);
}

/* One parser, three rounds: each parses the text as a fresh parser with
 * the same settings does; csv_init starts from the documented defaults
 * and a zero status; every round leaves the status at zero; the buffer is
 * what its requests made it, and csv_free empties it. */
void prop_parser_lifecycle(pf_src *s, void *in)
{
    const raw_input *r = in;
    table *t[3] = {table_new(s), table_new(s), table_new(s)};
    lifecycle lc;
    parse_reused(&r->L, r->text, r->len, &r->faults, t, &lc);
    pf_buf b = {0};
    if (lc.status_init != 0 || lc.size_init != 0 ||
        lc.quote_init != CSV_QUOTE || lc.delim_init != CSV_COMMA) {
        pf_buf_printf(&b, "csv_error %d, buffer %zu, quote 0x%02x, delim 0x%02x",
                      lc.status_init, lc.size_init, lc.quote_init,
                      lc.delim_init);
        fail_raw(s, r, "csv_init did not start from the defaults", &b);
    }
    if (lc.model_broken) {
        pf_buf_printf(&b, "realloc asked for %zu bytes, the protocol says %zu",
                      lc.model_got, lc.model_want);
        fail_raw(s, r, "the buffer did not grow as libcsv's protocol says", &b);
    }
    static const char *const names[3] = {
        "fresh parser", "after csv_fini", "after csv_free"};
    for (size_t i = 0; i < 3; i++) {
        if (lc.status_after[i] != 0 || lc.size_after[i] != lc.model_after[i]) {
            pf_buf_printf(&b, "%s: csv_error %d, buffer %zu (allocated %zu)",
                          names[i], lc.status_after[i], lc.size_after[i],
                          lc.model_after[i]);
            fail_raw(s, r, "a round left a status or a wrong buffer size", &b);
        }
        pf_path path = {.len = 0};
        if (!table_equal(r->whole[0], t[i], &v_exact, &path)) {
            pf_line ctx[3];
            raw_lines(s, r, ctx);
            fail_tables(s, "a reused parser parsed the text differently",
                        "fresh parser, set explicitly", r->whole[0], names[i],
                        t[i], ctx, 3, path.text);
        }
    }
    if (lc.size_freed != 0) {
        pf_buf_printf(&b, "csv_get_buffer_size %zu after csv_free", lc.size_freed);
        fail_raw(s, r, "csv_free left a buffer size", &b);
    }
}
