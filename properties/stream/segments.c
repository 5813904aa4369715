/* The data a compression target compresses: a drawn plan of literal and
 * repeated segments, and a preset dictionary drawn beside it (see
 * include/propfuzz_stream.h). */
#include "propfuzz_stream.h"

#include <string.h>

enum { SEG_LITERAL, SEG_RUN, N_SEG };
static const char *const seg_names[N_SEG] = {"literal", "run"};
static const char *const dict_names[PF_N_DICT] = {"none", "bytes", "slice"};

static pf_segments_opts with_defaults(const pf_segments_opts *o, size_t max)
{
    pf_segments_opts d = o ? *o : (pf_segments_opts){0};
    if (!d.max_segments)
        d.max_segments = 8;
    if (!d.literal_max)
        d.literal_max = max;
    if (!d.pattern_max)
        d.pattern_max = 64;
    if (!d.run_max)
        d.run_max = 1024;
    return d;
}

/* A pattern repeated count times, cut where the data reaches max:
 * written in one room (a guard per repeat would cost more than the copy). */
static void put_run(pf_vec *v, const uint8_t *pat, size_t n, uint64_t count,
                    size_t max)
{
    size_t left = max - v->len;
    size_t total = count < left / n + 1 ? (size_t)count * n : left;
    total = total < left ? total : left;
    uint8_t *room = pf_vec_reserve(v, total);
    for (size_t at = 0; at < total; at += n)
        memcpy(room + at, pat, n < total - at ? n : total - at);
    pf_vec_added(v, total);
}

pf_vec *pf_draw_segments(pf_src *s, const char *label,
                         const pf_segments_opts *opts, size_t max)
{
    pf_segments_opts o = with_defaults(opts, max);
    pf_vec *v = pf_vec_new(s);
    pf_vec_reserve(v, max); /* one allocation; the guard follows the data */
    pf_list l;
    pf_list_begin(s, &l, label, 0, o.max_segments);
    while (pf_list_more(s, &l)) {
        size_t kind = pf_choice(s, "segment", N_SEG);
        pf_name_values(s, seg_names, N_SEG);
        size_t n;
        if (kind == SEG_LITERAL) {
            const uint8_t *lit = pf_bytes(s, "literal", 0, o.literal_max, &n);
            pf_vec_put(v, lit, n < max - v->len ? n : max - v->len);
        } else {
            const uint8_t *pat = pf_bytes(s, "pattern", 1, o.pattern_max, &n);
            put_run(v, pat, n, pf_u64_range(s, "count", 1, o.run_max), max);
        }
    }
    return v;
}

static size_t seg_len(const pf_segment *g)
{
    return g->len ? g->len : strlen(g->bytes);
}

void pf_enc_segments(pf_buf *e, const pf_segments_opts *opts,
                     const pf_segment *segs, size_t n)
{
    /* Literal seeds are short: the cut only matters for the literal_max
     * default, which the encoder needs as the draw's bound. */
    pf_segments_opts o = with_defaults(opts, SIZE_MAX);
    for (size_t i = 0; i < n; i++) {
        const uint8_t *b = (const uint8_t *)segs[i].bytes;
        pf_enc_more(e, true);
        pf_enc_choice(e, N_SEG, segs[i].count ? SEG_RUN : SEG_LITERAL);
        if (segs[i].count) {
            pf_enc_bytes(e, 1, o.pattern_max, b, seg_len(&segs[i]));
            pf_enc_u64_range(e, 1, o.run_max, segs[i].count);
        } else {
            pf_enc_bytes(e, 0, o.literal_max, b, seg_len(&segs[i]));
        }
    }
    if (n < o.max_segments)
        pf_enc_more(e, false);
}

size_t pf_segments_expand(const pf_segment *segs, size_t n, uint8_t *out,
                          size_t max)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        size_t k = seg_len(&segs[i]);
        for (unsigned r = 0; r < (segs[i].count ? segs[i].count : 1u); r++)
            for (size_t j = 0; j < k && len < max; j++)
                out[len++] = (uint8_t)segs[i].bytes[j];
    }
    return len;
}

pf_dict pf_draw_dict(pf_src *s, size_t dict_max, size_t data_max,
                     const uint8_t *data, size_t len)
{
    pf_dict d = {(int)pf_choice(s, "dict", PF_N_DICT), NULL, 0};
    pf_name_values(s, dict_names, PF_N_DICT);
    if (d.kind == PF_DICT_BYTES) {
        d.data = pf_bytes(s, "dict_bytes", 0, dict_max, &d.len);
    } else if (d.kind == PF_DICT_SLICE) {
        size_t at = (size_t)pf_u64_range(s, "slice_at", 0, data_max);
        size_t n = (size_t)pf_u64_range(s, "slice_len", 0, dict_max);
        at = at < len ? at : len;
        d.data = data ? data + at : (const uint8_t *)"";
        d.len = n < len - at ? n : len - at;
    }
    return d;
}

void pf_enc_dict(pf_buf *e, size_t dict_max, size_t data_max, int kind,
                 const void *p, size_t n, size_t at)
{
    pf_enc_choice(e, PF_N_DICT, (size_t)kind);
    if (kind == PF_DICT_BYTES) {
        pf_enc_bytes(e, 0, dict_max, p, n);
    } else if (kind == PF_DICT_SLICE) {
        pf_enc_u64_range(e, 0, data_max, at);
        pf_enc_u64_range(e, 0, dict_max, n);
    }
}
