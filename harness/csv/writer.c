/* csv's writer_reference property (see harness/csv.c): libcsv's writers
 * against the reference quoting (put_quoted, the renderer's always-quote
 * form). */
#include "csv_target.h"

#include <stdlib.h>

/* The two destination buffers of the writer checks: heap (not arena)
 * memory of exactly the size asked for, so ASan sees a write past it;
 * the current pair is freed when the input ends. */
typedef struct dests {
    uint8_t *full, *part;
} dests;

static void dests_free(void *arg)
{
    dests *d = arg;
    free(d->full);
    free(d->part);
    d->full = d->part = NULL;
}

static void dests_resize(pf_src *s, dests *d, size_t full, size_t part)
{
    dests_free(d);
    d->full = malloc(full ? full : 1);
    d->part = malloc(part ? part : 1);
    PF_ASSERT(s, d->full && d->part);
}

/* What one writer gave for one field. */
typedef struct written {
    size_t need;       /* the size query (dest NULL) */
    uint8_t *full;     /* a write into exactly enough room */
    size_t got_full;
    uint8_t *part;     /* a write into `room` bytes */
    size_t got_part, room;
} written;

static const char *write_mismatch(const written *w, const pf_buf *want)
{
    size_t k = w->room < want->len ? w->room : want->len;
    if (w->need != want->len)
        return "size query (dest NULL)";
    if (w->got_full != want->len || memcmp(w->full, want->data, want->len))
        return "write into exactly enough room";
    if (w->got_part != want->len || (k && memcmp(w->part, want->data, k)))
        return "write into a short buffer";
    return NULL;
}

_Noreturn static void fail_write(pf_src *s, const subject *x, const field *f,
                                 const uint8_t *src, bool two, unsigned char q,
                                 const written *w, const pf_buf *want,
                                 const char *bad)
{
    size_t k = w->room < want->len ? w->room : want->len;
    pf_buf tq = {0}, tf = {0}, tw = {0}, tg = {0}, tp = {0};
    pf_buf_printf(&tq, "%s, quote %s: %s", two ? "csv_write2" : "csv_write",
                  csv_quote_names[q == '"' ? 0 : 1], bad);
    pf_buf_quote(&tf, src, f->len);
    pf_buf_quote(&tw, want->data, want->len);
    pf_buf_printf(&tw, "  (%zu bytes)", want->len);
    pf_buf_quote(&tg, w->full, w->got_full < want->len ? w->got_full : want->len);
    pf_buf_printf(&tg, "  returned %zu, size query %zu", w->got_full, w->need);
    pf_buf_quote(&tp, w->part, k);
    pf_buf_printf(&tp, "  (room %zu) returned %zu", w->room, w->got_part);
    pf_line ctx[3];
    subject_lines(s, x, ctx);
    pf_line l[] = {ctx[0], {"writer", pf_buf_defer(s, &tq)},
                   {"field", pf_buf_defer(s, &tf)},
                   {"reference (quoted)", pf_buf_defer(s, &tw)},
                   {"written", pf_buf_defer(s, &tg)},
                   {"written short", pf_buf_defer(s, &tp)}};
    pf_fail(s, NULL, "libcsv's writer differs from the reference quoting", l,
            6, NULL);
}

/* One of libcsv's writers against put_quoted, for one field: the size
 * query, a write into exactly enough room, and a write into `room` bytes
 * (the first room bytes of the whole, nothing past them: the buffer is
 * exactly room bytes, so ASan sees any byte beyond). */
static void check_write_one(pf_src *s, const subject *x, const field *f,
                            unsigned char q, bool two, pf_buf *want,
                            dests *d)
{
    static const uint8_t empty[1];
    const uint8_t *src = f->len ? f->p : empty;
    want->len = 0;
    put_quoted(want, f, q);
    written w = {.room = x->write_room};
    w.need = lib_write(two, NULL, 0, src, f->len, q);
    dests_resize(s, d, want->len, w.room);
    w.full = d->full;
    w.part = d->part;
    w.got_full = lib_write(two, w.full, want->len, src, f->len, q);
    w.got_part = lib_write(two, w.room ? w.part : NULL, w.room, src, f->len, q);
    const char *bad = write_mismatch(&w, want);
    if (bad)
        fail_write(s, x, f, src, two, q, &w, want, bad);
}

/* csv_fwrite and csv_fwrite2 of every field into one stream. */
static void check_fwrite(pf_src *s, const subject *x, unsigned char q)
{
    char *text = NULL;
    size_t text_len = 0;
    FILE *fp = open_memstream(&text, &text_len);
    PF_ASSERT(s, fp != NULL);
    pf_buf *want = buf_new(s);
    int rc = 0;
    for (size_t i = 0; i < x->rs.n; i++)
        for (size_t j = 0; j < x->rs.r[i].n; j++) {
            const field *f = &x->rs.r[i].f[j];
            if (f->null)
                continue;
            const void *src = f->len ? (const void *)f->p : "";
            rc |= lib_fwrite(!(q == '"' && (i + j) % 2), fp, src, f->len, q);
            put_quoted(want, f, q);
        }
    PF_ASSERT(s, fclose(fp) == 0);
    pf_buf got = {.data = (uint8_t *)text, .len = text_len, .cap = text_len};
    const char *got_text = pf_buf_defer(s, &got); /* frees text */
    if (rc == 0 && text_len == want->len &&
        (!want->len || memcmp(got_text, want->data, want->len) == 0))
        return;
    pf_buf tw = {0}, tg = {0};
    pf_buf_quote(&tw, want->data, want->len);
    pf_buf_quote(&tg, (const uint8_t *)got_text, text_len);
    pf_buf_printf(&tg, "  (returned %d)", rc);
    pf_line ctx[3];
    subject_lines(s, x, ctx);
    pf_line l[] = {ctx[0], {"reference (each field quoted)", pf_buf_defer(s, &tw)},
                   {"csv_fwrite/csv_fwrite2", pf_buf_defer(s, &tg)}};
    pf_fail(s, NULL, "csv_fwrite differs from the reference quoting", l, 3,
            NULL);
}

void prop_writer_reference(pf_src *s, void *in)
{
    const subject *x = in;
    unsigned char q = csv_quotes[x->L.quote];
    pf_buf *want = buf_new(s);
    dests *d = pf_alloc(s, sizeof *d);
    *d = (dests){NULL, NULL};
    pf_defer(s, dests_free, d);
    size_t written_fields = 0;
    for (size_t i = 0; i < x->rs.n; i++)
        for (size_t j = 0; j < x->rs.r[i].n; j++) {
            const field *f = &x->rs.r[i].f[j];
            if (f->null)
                continue;
            check_write_one(s, x, f, q, true, want, d);
            if (q == '"')
                check_write_one(s, x, f, q, false, want, d);
            written_fields++;
        }
    if (!written_fields)
        pf_event(s, "writer_reference with no field to write");
    check_fwrite(s, x, q);
}
