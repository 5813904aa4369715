/* The ready-made properties of the streaming-codec family (see
 * include/propfuzz_stream.h): round_trip, deterministic, batch_stream,
 * concat over the value mode's input, decompress_safe over raw input. */
#include "propfuzz_stream.h"

#include <string.h>

/* Decoded output gets this much room beyond what is expected, so a decoder
 * that writes too much is seen writing it. */
enum { CAP_SLACK = 64 };

void pf_stream_enc_chunks(pf_buf *e, size_t total, const size_t *sizes,
                          size_t n)
{
    size_t left = total, count = 0;
    for (size_t i = 0; i < n && left > 0 && count + 1 < PF_STREAM_MAX_CHUNKS;
         i++, count++) {
        pf_enc_more(e, true);
        pf_enc_u64_range(e, 1, left, sizes[i]);
        left -= sizes[i];
    }
    if (left > 0 && count + 1 < PF_STREAM_MAX_CHUNKS)
        pf_enc_more(e, false);
}

static bool decoded_to(const pf_stream_result *r, size_t src_len,
                       const uint8_t *want, size_t want_len)
{
    return r->status == PF_STREAM_END && r->consumed == src_len &&
           r->out->len == want_len &&
           (want_len == 0 || memcmp(r->out->data, want, want_len) == 0);
}

/* "inflate(deflate(data))" and the like, made only for a failure: the
 * parts in turn, D and C standing for the codec's two names. */
static const char *named(pf_src *s, const pf_stream_codec *c,
                         const char *const *parts)
{
    pf_buf b = {0};
    for (; *parts; parts++) {
        const char *p = strcmp(*parts, "D") == 0   ? c->decompress_name
                        : strcmp(*parts, "C") == 0 ? c->compress_name
                                                   : *parts;
        pf_buf_put(&b, p, strlen(p));
    }
    return pf_buf_defer(s, &b);
}
#define NAMED(s, c, ...) named((s), (c), (const char *const[]){__VA_ARGS__, NULL})

/* Checks r against want, naming the sides only when it fails. */
static void expect(pf_src *s, const pf_stream_codec *c, const void *opts,
                   const char *const *got, const pf_stream_result *r,
                   size_t src_len, const char *want_name, const uint8_t *want,
                   size_t want_len)
{
    if (decoded_to(r, src_len, want, want_len))
        return;
    pf_stream_check_decoded(s, c, opts, named(s, c, got), r, src_len,
                            want_name, want, want_len);
}
#define GOT(...) ((const char *const[]){__VA_ARGS__, NULL})

/* --- the value mode ------------------------------------------------- */

pf_stream_input *pf_stream_input_new(pf_src *s, const pf_stream_target *t,
                                     void *opts, void *dopts,
                                     const uint8_t *data, size_t len)
{
    pf_stream_input *in = pf_alloc(s, sizeof *in);
    *in = (pf_stream_input){t, opts, dopts, data, len, pf_vec_new(s)};
    const char *why = t->codec->compress(s, opts, data, len, in->packed);
    if (why) {
        /* Setup runs outside every property: the refusal is round_trip's. */
        pf_buf p = {0};
        if (t->codec->describe)
            t->codec->describe(opts, &p);
        pf_line l[] = {{"parameters", pf_buf_defer(s, &p)}, {"detail", why}};
        pf_fail(s, "round_trip", "the one-shot compression refused a valid "
                "call", l, 2, NULL);
    }
    return in;
}

void pf_stream_round_trip(pf_src *s, void *input)
{
    pf_stream_input *in = input;
    const pf_stream_codec *c = in->t->codec;
    pf_stream_result r;
    pf_stream_decompress_once(s, c, in->dopts, in->packed->data,
                              in->packed->len, in->len + CAP_SLACK, &r);
    expect(s, c, in->opts, GOT("D", "(", "C", "(data))"), &r, in->packed->len, "data",
           in->data, in->len);
}

void pf_stream_deterministic(pf_src *s, void *input)
{
    pf_stream_input *in = input;
    const pf_stream_codec *c = in->t->codec;
    pf_vec *again = pf_vec_new(s);
    const char *why = (c->recompress ? c->recompress : c->compress)(
        s, in->opts, in->data, in->len, again);
    if (why)
        pf_stream_fail(s, c, in->opts, "compressing again refused a valid "
                       "call", why);
    const pf_vec *a = in->packed;
    if (a->len == again->len && memcmp(a->data, again->data, a->len) == 0)
        return;
    pf_check_bytes_equal(s, NULL, NAMED(s, c, "C", "(data)"), a->data, a->len,
                         NAMED(s, c, "C", "(data) again"), again->data,
                         again->len);
}

/* A FLUSH promises that the stream so far decodes to all the data so far
 * (pf_stream_op): each chunk's stream prefix, decoded with the stepping
 * decoder (a one-shot API may refuse a stream without its end), gives
 * exactly the data up to the chunk's end and waits for more. */
static void check_flushes(pf_src *s, const pf_stream_input *in, const pf_stream_plan *plan,
                          const pf_vec *streamed)
{
    const pf_stream_codec *c = in->t->codec;
    size_t at = 0;
    for (size_t i = 0; i + 1 < plan->n_chunks; i++) {
        at += plan->chunks[i];
        pf_stream_plan whole = {.cap = at + CAP_SLACK};
        pf_stream_result r;
        pf_stream_decompress(s, c, in->dopts, streamed->data, plan->flushed[i], &whole, &r);
        if (r.status == PF_STREAM_TRUNCATED && r.out->len == at &&
            memcmp(r.out->data, in->data, at) == 0)
            continue;
        size_t same = 0;
        while (same < at && same < r.out->len && r.out->data[same] == in->data[same])
            same++;
        pf_buf d = {0};
        pf_buf_printf(&d, "after chunk %zu of %zu, the stream's first %zu bytes decode to "
                      "%zu bytes (%s%s%s), the data so far is %zu; they agree on %zu",
                      i + 1, plan->n_chunks, plan->flushed[i], r.out->len,
                      pf_stream_status_name(r.status), r.error ? ": " : "",
                      r.error ? r.error : "", at, same);
        pf_stream_fail(s, c, in->opts, "the stream so far after a flush does not "
                       "decode to the data so far", pf_buf_defer(s, &d));
    }
}

void pf_stream_batch_compress(pf_src *s, pf_stream_input *in)
{
    const pf_stream_codec *c = in->t->codec;
    size_t chunks[PF_STREAM_MAX_CHUNKS], flushed[PF_STREAM_MAX_CHUNKS];
    pf_stream_plan plan = {.chunks = chunks, .flushed = flushed};
    plan.n_chunks = pf_chunks(s, "in_chunks", in->len, chunks,
                              PF_STREAM_MAX_CHUNKS);
    if (in->t->n_plan_params) {
        int64_t *v = pf_alloc(s, in->t->n_plan_params * sizeof *v);
        pf_draw_params(s, "plan", in->t->plan_params, in->t->n_plan_params, v);
        plan.extra = v;
        in->t->plan_from(&plan, v);
    }
    pf_vec *streamed = pf_vec_new(s);
    pf_stream_compress(s, c, in->opts, in->data, in->len, &plan, streamed);
    if (plan.flush && !plan.flush_keeps_bits)
        check_flushes(s, in, &plan, streamed);
    pf_stream_result r;
    pf_stream_decompress_once(s, c, in->dopts, streamed->data, streamed->len,
                              in->len + CAP_SLACK, &r);
    expect(s, c, in->opts, GOT("D", "(", "C", " fed in chunks)"), &r, streamed->len, "data",
           in->data, in->len);
}

void pf_stream_batch_decompress(pf_src *s, pf_stream_input *in)
{
    const pf_stream_codec *c = in->t->codec;
    size_t chunks[PF_STREAM_MAX_CHUNKS];
    pf_stream_plan plan = {.chunks = chunks, .cap = in->len + CAP_SLACK};
    plan.n_chunks = pf_chunks(s, "decompress_chunks", in->packed->len, chunks,
                              PF_STREAM_MAX_CHUNKS);
    plan.room = (size_t)pf_u64_range(s, "decompress_room", 0, PF_STREAM_ROOM_MAX);
    pf_stream_result r;
    pf_stream_decompress(s, c, in->dopts, in->packed->data, in->packed->len,
                         &plan, &r);
    expect(s, c, in->opts, GOT("D", " fed in chunks"), &r, in->packed->len, "data",
           in->data, in->len);
}

void pf_stream_batch_stream(pf_src *s, void *input)
{
    pf_stream_batch_compress(s, input);
    pf_stream_batch_decompress(s, input);
}

static const char *const part_names[] = {"frame", "skippable"};

/* One part: a skippable frame, or a frame compressed from drawn data. */
static void draw_part(pf_src *s, pf_stream_input *in, pf_vec *all, pf_vec *want)
{
    const pf_stream_target *t = in->t;
    if (t->write_skippable) {
        size_t kind = pf_choice(s, "part", 2);
        pf_name_values(s, part_names, 2);
        if (kind == 1) {
            unsigned magic = (unsigned)pf_u64_range(s, "magic", 0, 15);
            size_t n;
            const uint8_t *p = pf_bytes(s, "skipped", 0, t->part_max, &n);
            t->write_skippable(s, magic, p, n, all);
            return;
        }
    }
    size_t cut = t->part_max;
    void *opts = t->part_opts ? t->part_opts(s, in, &cut) : in->opts;
    pf_vec *data = pf_draw_segments(s, "part_data", t->part_seg, cut);
    pf_stream_compress_once(s, t->codec, opts, data->data, data->len, all);
    pf_vec_put(want, data->data, data->len);
}

/* Appends the drawn parts to all (and their data to want); their count. */
static size_t draw_parts(pf_src *s, pf_stream_input *in, pf_vec *all,
                         pf_vec *want)
{
    pf_list l;
    pf_list_begin(s, &l, "parts", 0, PF_STREAM_MAX_PARTS - 1);
    while (pf_list_more(s, &l))
        draw_part(s, in, all, want);
    return l.count;
}

void pf_stream_concat(pf_src *s, void *input)
{
    pf_stream_input *in = input;
    const pf_stream_codec *c = in->t->codec;
    pf_vec *all = pf_vec_new(s), *want = pf_vec_new(s);
    pf_vec_put(all, in->packed->data, in->packed->len);
    pf_vec_put(want, in->data, in->len);
    size_t n = draw_parts(s, in, all, want) + 1;
    void *dopts = in->t->concat_dopts ? in->t->concat_dopts(s, in) : in->dopts;
    if (in->t->check_concat)
        in->t->check_concat(s, in, all, want);

    size_t chunks[PF_STREAM_MAX_CHUNKS];
    pf_stream_plan plan = {.chunks = chunks, .cap = want->len + CAP_SLACK,
                           .multi = true};
    plan.n_chunks = pf_chunks(s, "concat_chunks", all->len, chunks,
                              PF_STREAM_MAX_CHUNKS);
    pf_stream_result r;
    pf_stream_decompress(s, c, dopts, all->data, all->len, &plan, &r);
    if (r.status == PF_STREAM_END && r.frames != n) {
        pf_buf d = {0};
        pf_buf_printf(&d, "%u of %zu frames ended", r.frames, n);
        pf_stream_fail(s, c, in->opts, "a frame was lost",
                       pf_buf_defer(s, &d));
    }
    expect(s, c, in->opts, GOT("D", "(concatenated frames)"), &r, all->len,
           "concatenated data", want->data, want->len);
}

/* --- raw input ------------------------------------------------------ */

const pf_stream_result *pf_stream_raw_once(pf_src *s, pf_stream_raw *r)
{
    pf_stream_result *once = pf_alloc(s, sizeof *once);
    if (r->codec->decompress) {
        pf_stream_decompress_once(s, r->codec, r->dopts, r->raw, r->len,
                                  r->cap, once);
    } else {
        pf_stream_plan whole = {.cap = r->cap, .multi = r->multi};
        pf_stream_decompress(s, r->codec, r->dopts, r->raw, r->len, &whole,
                             once);
    }
    return once;
}

void pf_stream_raw_stepped(pf_src *s, pf_stream_raw *r, pf_stream_result *st)
{
    pf_stream_plan plan = {.in_step = r->in_step, .room = r->out_step,
                           .cap = r->cap, .multi = r->multi};
    pf_stream_decompress(s, r->codec, r->step_dopts ? r->step_dopts : r->dopts,
                         r->raw, r->len, &plan, st);
}

void pf_stream_raw_same(pf_src *s, pf_stream_raw *r, const char *what,
                        const pf_stream_result *st,
                        const pf_stream_result *once)
{
    if (decoded_to(st, once->consumed, once->out->data, once->out->len))
        return;
    if (!what)
        what = NAMED(s, r->codec, "D", "(raw) in steps");
    pf_stream_check_decoded(s, r->codec, NULL, what, st, once->consumed,
                            NAMED(s, r->codec, "D", "(raw)"), once->out->data,
                            once->out->len);
}

void pf_stream_raw_recompress(pf_src *s, pf_stream_raw *r,
                              const pf_stream_result *once)
{
    const pf_stream_codec *c = r->codec;
    pf_vec *again = pf_vec_new(s);
    pf_stream_compress_once(s, c, r->recompress_opts, once->out->data,
                            once->out->len, again);
    pf_stream_result back;
    pf_stream_decompress_once(s, c, r->recompress_dopts, again->data,
                              again->len, once->out->len + CAP_SLACK, &back);
    expect(s, c, r->recompress_opts, GOT("D", "(", "C", "(raw decoded))"), &back,
           again->len, "raw decoded", once->out->data, once->out->len);
}

void pf_stream_draw_raw(pf_src *s, pf_stream_raw *r)
{
    r->in_step = (size_t)pf_u64_range(s, "in_step", 0, 255);
    r->out_step = (size_t)pf_u64_range(s, "out_step", 0, 255);
    r->raw = pf_rest(s, "raw", &r->len);
}

void pf_stream_decompress_safe(pf_src *s, void *raw)
{
    pf_stream_raw *r = raw;
    const pf_stream_result *once = pf_stream_raw_once(s, r);
    if (once->status != PF_STREAM_END)
        return;
    pf_stream_result st;
    pf_stream_raw_stepped(s, r, &st);
    pf_stream_raw_same(s, r, NULL, &st, once);
    pf_stream_raw_recompress(s, r, once);
}
