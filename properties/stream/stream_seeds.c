/* Seeds of the streaming-codec targets, written as values (see
 * include/propfuzz_stream.h): the family's own draws are written here,
 * the target's through its hooks. */
#include "propfuzz_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void emit_fn(const char *name, const uint8_t *data, size_t len);

static size_t n_segments(const pf_segment *segs, size_t max)
{
    size_t n = 0;
    while (n < max && segs[n].bytes &&
           (segs[n].count || segs[n].len || segs[n].bytes[0]))
        n++;
    return n;
}

/* The seed decodes back to its parameters and data. */
static void check_head(const pf_stream_head *h, const pf_stream_seed *sd,
                       const pf_buf *e)
{
    enum { MAX_PARAMS = 64 };
    int64_t got[MAX_PARAMS];
    uint8_t *want = malloc(h->data_max ? h->data_max : 1);
    pf_src *s = pf_begin("seed", e->data, e->len);
    bool ok = want && h->n_params <= MAX_PARAMS &&
              (h->n_modes <= 1 || pf_choice(s, "mode", h->n_modes) == h->mode);
    if (ok) {
        pf_draw_params(s, "params", h->params, h->n_params, got);
        pf_vec *d = pf_draw_segments(s, "data", h->seg, h->data_max);
        size_t len = pf_segments_expand(sd->data, n_segments(sd->data, 3), want,
                                        h->data_max);
        ok = memcmp(got, sd->params, h->n_params * sizeof *got) == 0 &&
             d->len == len && (len == 0 || memcmp(d->data, want, len) == 0);
    }
    pf_end(s);
    free(want);
    if (!ok) {
        fprintf(stderr, "propfuzz: seed %s does not decode to its values\n",
                sd->name);
        abort();
    }
}

/* The seed's data (malloc), *len its length. */
static uint8_t *seed_data(const pf_stream_seeds *sp, const pf_stream_seed *sd,
                          size_t *len)
{
    size_t cap = sp->head.data_max;
    uint8_t *data = malloc(cap ? cap : 1);
    if (!data) {
        fprintf(stderr, "propfuzz: out of memory (seed %s)\n", sd->name);
        abort();
    }
    *len = pf_segments_expand(sd->data, n_segments(sd->data, 3), data, cap);
    return data;
}

/* batch_stream: chunk, then the rest; the plan; decoded whole. */
static void enc_batch(pf_buf *e, const pf_stream_seeds *sp,
                      const pf_stream_seed *sd)
{
    size_t len;
    free(seed_data(sp, sd, &len));
    pf_stream_enc_chunks(e, len, &sd->chunk, 1);
    const pf_stream_target *t = sp->target;
    pf_enc_params(e, t->plan_params, t->n_plan_params, sd->plan);
    pf_enc_more(e, false); /* decompress_chunks: one */
    pf_enc_u64_range(e, 0, PF_STREAM_ROOM_MAX, sd->dec_room);
}

/* concat: one more part, then the concatenation decoded whole. */
static void enc_concat(pf_buf *e, const pf_stream_seeds *sp,
                       const pf_stream_seed *sd)
{
    const pf_stream_target *t = sp->target;
    pf_enc_more(e, true);
    if (t->write_skippable)
        pf_enc_choice(e, 2, sd->part_params ? 0 : 1);
    if (sd->part_params) {
        pf_enc_params(e, sp->part_table, sp->n_part_table, sd->part_params);
        pf_enc_segments(e, t->part_seg, &sd->part, n_segments(&sd->part, 1));
    } else {
        pf_enc_u64_range(e, 0, 15, sd->magic);
        pf_enc_bytes(e, 0, t->part_max, (const uint8_t *)sd->part.bytes,
                     sd->part.len ? sd->part.len : strlen(sd->part.bytes));
    }
    pf_enc_more(e, false);
    if (sp->enc_concat)
        sp->enc_concat(e, sd);
    pf_enc_more(e, false); /* concat_chunks: one */
}

/* The standard tail: a dictionary, and its own parameters. */
static void enc_dict_tail(pf_buf *e, const pf_stream_seeds *sp,
                          const pf_stream_seed *sd)
{
    int kind = sd->tail && !sd->chunk ? (int)sd->tail[0] : PF_DICT_NONE;
    pf_enc_dict(e, sp->dict_max, sp->head.data_max, kind, sd->bytes,
                sd->bytes ? strlen(sd->bytes) : sd->len, sd->at);
    if (kind != PF_DICT_NONE && sp->n_dict_params)
        pf_enc_params(e, sp->dict_params, sp->n_dict_params, sd->tail + 1);
}

static void enc_value(pf_buf *e, const pf_stream_seeds *sp,
                      const pf_stream_seed *sd)
{
    const pf_stream_head *h = &sp->head;
    if (h->n_modes > 1)
        pf_enc_choice(e, h->n_modes, h->mode);
    pf_enc_params(e, h->params, h->n_params, sd->params);
    pf_enc_segments(e, h->seg, sd->data, n_segments(sd->data, 3));
    if (sp->enc_tail)
        sp->enc_tail(e, sd);
    else
        enc_dict_tail(e, sp, sd);
    if (sd->chunk) {
        enc_batch(e, sp, sd);
        enc_concat(e, sp, sd);
    }
    check_head(h, sd, e);
}

/* The raw mode's head, then what the library writes, damaged. */
static void enc_raw(pf_buf *e, const pf_stream_seeds *sp,
                    const pf_stream_seed *sd)
{
    size_t len;
    uint8_t *data = seed_data(sp, sd, &len);
    pf_src *s = pf_begin("seed", NULL, 0);
    void *opts = sp->opts_of(s, sd);
    pf_vec *v = pf_vec_new(s);
    const pf_stream_codec *c = sp->target->codec;
    pf_stream_compress_once(s, c, opts, data, len, v);
    if (sd->damage == 1 && v->len >= 3)
        pf_vec_truncate(v, v->len - 3);
    else if (sd->damage == 2 && v->len)
        v->data[v->len / 2] ^= 0x10;
    else if (sd->damage == 3)
        pf_stream_compress_once(s, c, opts, data, len / 2, v);
    if (sp->damage)
        sp->damage(s, sd, opts, v);
    sp->enc_raw(e, sd);
    pf_buf_put(e, v->data, v->len);
    pf_end(s);
    free(data);
}

void pf_stream_emit_seeds(const pf_stream_seeds *sp, emit_fn *emit)
{
    for (size_t i = 0; i < sp->n_seeds; i++) {
        const pf_stream_seed *sd = &sp->seeds[i];
        pf_buf e = {0};
        if (sd->raw)
            enc_raw(&e, sp, sd);
        else
            enc_value(&e, sp, sd);
        emit(sd->name, e.data, e.len);
        pf_buf_free(&e);
    }
    pf_vec_pool_drain();
}
