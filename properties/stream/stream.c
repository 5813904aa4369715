/* The drive loops of the streaming-codec family: a codec's step-wise
 * streams fed in drawn chunks with drawn rooms, and what a decompression
 * ended with (see include/propfuzz_stream.h). */
#include "propfuzz_stream.h"

#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Calls that take no input and give no output before the loop gives up:
 * some libraries take a call or two to move between stages. */
enum { IDLE_MAX = 8, IN_GUARD = 32 };

const char *pf_stream_status_name(pf_stream_status st)
{
    static const char *const names[] = {"end", "error", "truncated",
                                        "output too large"};
    return (unsigned)st < 4 ? names[st] : "?";
}

const char *pf_stream_why(const char *call, const char *what)
{
    static char text[256];
    snprintf(text, sizeof text, "%s: %s", call, what);
    return text;
}

_Noreturn void pf_stream_fail_at(pf_src *s, const char *file, int line,
                                 const pf_stream_codec *c, const void *opts,
                                 const char *summary, const char *detail)
{
    const char *params = NULL;
    if (opts && c->describe) {
        pf_buf p = {0};
        c->describe(opts, &p);
        params = pf_buf_defer(s, &p);
    }
    pf_line l[] = {{"parameters", params}, {"detail", detail}};
    pf_fail_at(s, file, line, NULL, summary, l, 2, NULL);
}

/* --- a stream that is ended however the input ends ------------------ */

typedef struct open_stream {
    void (*end)(void *);
    void *state;
} open_stream;

static void end_once(void *arg)
{
    open_stream *o = arg;
    if (o->state && o->end)
        o->end(o->state);
    o->state = NULL;
}

static open_stream *track(pf_src *s, void (*end)(void *), void *state)
{
    open_stream *o = pf_alloc(s, sizeof *o);
    *o = (open_stream){end, state};
    pf_defer(s, end_once, o);
    return o;
}

/* --- one call, with a guard after the input it is offered ------------ */

/* The bytes after an input chunk (up to the end of the whole input, which
 * is guarded already) are poisoned during the call: a library that reads
 * past what it was given is reported even mid-buffer. */
static void guard_chunk(const uint8_t *chunk_end, size_t to_input_end, bool on)
{
    size_t n = to_input_end < IN_GUARD ? to_input_end : IN_GUARD;
    if (!n)
        return;
    if (on)
        ASAN_POISON_MEMORY_REGION(chunk_end, n);
    else
        ASAN_UNPOISON_MEMORY_REGION(chunk_end, n);
}

/* --- compression ---------------------------------------------------- */

typedef struct encoding {
    pf_src *s;
    const pf_stream_codec *c;
    void *opts, *enc;
    const pf_stream_plan *plan;
    pf_vec *out;
    size_t limit;  /* output beyond this never finishes */
} encoding;

static void encode_fail(const encoding *e, const char *summary,
                        const char *detail)
{
    pf_buf b = {0};
    pf_buf_printf(&b, "%s %s", e->c->compress_name, summary);
    pf_stream_fail(e->s, e->c, e->opts, pf_buf_defer(e->s, &b), detail);
}

static size_t encode_room(const encoding *e, pf_stream_op op, size_t left)
{
    size_t room = e->plan->room ? e->plan->room : e->c->default_room;
    size_t need = e->c->encoder_min_room
                      ? e->c->encoder_min_room(e->enc, op, left) : 1;
    return room > need ? room : need;
}

/* Steps op over in[0, n) until the codec says the op is complete. */
static void encode_op(const encoding *e, pf_stream_op op, const uint8_t *in,
                      size_t n, size_t to_input_end)
{
    size_t pos = 0;
    for (unsigned idle = 0;;) {
        pf_stream_io io = {.in = in + pos, .in_len = n - pos};
        io.room = encode_room(e, op, n - pos);
        io.out = pf_vec_reserve(e->out, io.room);
        guard_chunk(in + n, to_input_end, true);
        pf_step st = e->c->encoder_step(e->enc, op, &io);
        guard_chunk(in + n, to_input_end, false);
        pos += io.in_used;
        pf_vec_added(e->out, io.out_used);
        if (st == PF_STEP_ERROR)
            encode_fail(e, "refused a valid call", io.error);
        if (st == PF_STEP_DONE && pos == n)
            return;
        if (st == PF_STEP_DONE)
            encode_fail(e, "ended a step with input left", NULL);
        if (e->out->len > e->limit)
            encode_fail(e, "in steps never finishes (output grows)", NULL);
        idle = io.in_used == 0 && io.out_used == 0 ? idle + 1 : 0;
        if (idle > IDLE_MAX)
            encode_fail(e, "in steps made no progress", NULL);
    }
}

void pf_stream_compress(pf_src *s, const pf_stream_codec *c, void *opts,
                        const uint8_t *data, size_t len,
                        const pf_stream_plan *plan, pf_vec *out)
{
    if (!data)
        data = (const uint8_t *)"";
    size_t one = len, n = plan->chunks ? plan->n_chunks : len > 0;
    const size_t *chunks = plan->chunks ? plan->chunks : &one;
    encoding e = {s, c, opts, NULL, plan, out, 2 * len + 64 * (n + 2) + 1024};
    e.enc = c->encoder_begin(s, opts, plan, len);
    open_stream *o = track(s, c->encoder_end, e.enc);
    bool finished = false;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        bool last = i + 1 == n;
        pf_stream_op op = last && c->finish_with_last_chunk ? PF_OP_FINISH
                          : plan->flush && !last ? PF_OP_FLUSH : PF_OP_FEED;
        encode_op(&e, op, data + at, chunks[i], len - at - chunks[i]);
        at += chunks[i];
        if (op == PF_OP_FLUSH && plan->flushed)
            plan->flushed[i] = out->len;
        finished = op == PF_OP_FINISH;
    }
    if (!finished)
        encode_op(&e, PF_OP_FINISH, data + at, 0, 0);
    end_once(o);
}

void pf_stream_compress_once(pf_src *s, const pf_stream_codec *c, void *opts,
                             const uint8_t *data, size_t len, pf_vec *out)
{
    const char *why = c->compress(s, opts, data, len, out);
    if (why) {
        pf_buf b = {0};
        pf_buf_printf(&b, "%s refused a valid call", c->compress_name);
        pf_stream_fail(s, c, opts, pf_buf_defer(s, &b), why);
    }
}

/* --- decompression -------------------------------------------------- */

/* Where the input offered next ends: the next chunk, or in_step more. */
static size_t next_limit(const pf_stream_plan *pl, size_t *ci, size_t limit,
                         size_t len)
{
    size_t n = pl->chunks ? (*ci < pl->n_chunks ? pl->chunks[(*ci)++] : 0)
                          : pl->in_step;
    return n == 0 || n > len - limit ? len : limit + n;
}

static void decode_idle_fail(pf_src *s, const pf_stream_codec *c, size_t pos)
{
    pf_buf b = {0}, d = {0};
    pf_buf_printf(&b, "%s made no progress", c->decompress_name);
    pf_buf_printf(&d, "%u calls at input byte %zu took and gave nothing",
                  (unsigned)IDLE_MAX + 1, pos);
    pf_stream_fail(s, c, NULL, pf_buf_defer(s, &b), pf_buf_defer(s, &d));
}

/* One step; says whether the loop goes on (r->status set when not). */
static bool decode_step(pf_src *s, const pf_stream_codec *c, void *dec,
                        const pf_stream_plan *pl, const uint8_t *in,
                        size_t len, size_t *pos, size_t limit,
                        pf_stream_result *r, unsigned *idle)
{
    size_t left = pl->cap - r->out->len;
    pf_stream_io io = {.in = in + *pos, .in_len = limit - *pos};
    io.room = pl->room && pl->room < left ? pl->room : left;
    io.out = pf_vec_reserve(r->out, io.room);
    guard_chunk(in + limit, len - limit, true);
    pf_step st = c->decoder_step(dec, &io);
    guard_chunk(in + limit, len - limit, false);
    *pos += io.in_used;
    pf_vec_added(r->out, io.out_used);
    if (st == PF_STEP_ERROR) {
        r->status = PF_STREAM_ERROR;
        r->error = io.error;
        return false;
    }
    if (st == PF_STEP_DONE) {
        r->frames++;
        if (pl->multi && *pos < len) {
            if (c->decoder_next_frame)
                c->decoder_next_frame(dec);
            return true;
        }
        r->status = PF_STREAM_END;
        return false;
    }
    if (*pos == len && io.out_used < io.room) {
        r->status = PF_STREAM_TRUNCATED;
        return false;
    }
    if (io.room == 0 && io.in_used == 0) {
        r->status = PF_STREAM_TOO_LARGE;
        return false;
    }
    *idle = io.in_used == 0 && io.out_used == 0 ? *idle + 1 : 0;
    if (*idle > IDLE_MAX)
        decode_idle_fail(s, c, *pos);
    return true;
}

void pf_stream_decompress(pf_src *s, const pf_stream_codec *c, void *dopts,
                          const uint8_t *in, size_t len,
                          const pf_stream_plan *pl, pf_stream_result *r)
{
    *r = (pf_stream_result){.out = pf_vec_new(s)};
    pf_vec_reserve(r->out, 0); /* data is never NULL, even for no output */
    if (!in)
        in = (const uint8_t *)"";
    if (len == 0 && c->empty_is_no_frames) {
        r->status = PF_STREAM_END;
        return;
    }
    void *dec = c->decoder_begin(s, dopts);
    open_stream *o = track(s, c->decoder_end, dec);
    size_t pos = 0, limit = 0, ci = 0;
    unsigned idle = 0;
    do {
        if (pos == limit && limit < len)
            limit = next_limit(pl, &ci, limit, len);
    } while (decode_step(s, c, dec, pl, in, len, &pos, limit, r, &idle));
    r->consumed = pos;
    end_once(o);
}

void pf_stream_decompress_once(pf_src *s, const pf_stream_codec *c,
                               void *dopts, const uint8_t *in, size_t len,
                               size_t cap, pf_stream_result *r)
{
    if (c->decompress) {
        *r = (pf_stream_result){.out = pf_vec_new(s)};
        pf_vec_reserve(r->out, 0);
        c->decompress(s, dopts, in, len, cap, r);
        return;
    }
    pf_stream_plan whole = {.cap = cap};
    pf_stream_decompress(s, c, dopts, in, len, &whole, r);
}

/* --- the decoded-output check --------------------------------------- */

void pf_stream_check_decoded(pf_src *s, const pf_stream_codec *c,
                             const void *opts, const char *got,
                             const pf_stream_result *r, size_t src_len,
                             const char *want_name, const uint8_t *want,
                             size_t want_len)
{
    if (r->status != PF_STREAM_END || r->consumed != src_len) {
        pf_buf b = {0}, d = {0};
        pf_buf_printf(&b, "%s did not decode to the end", got);
        pf_buf_printf(&d, "%s%s%s, consumed %zu of %zu bytes, %u frame(s) "
                      "ended; %zu bytes out, %zu expected",
                      pf_stream_status_name(r->status), r->error ? ": " : "",
                      r->error ? r->error : "", r->consumed, src_len,
                      r->frames, r->out->len, want_len);
        pf_stream_fail(s, c, opts, pf_buf_defer(s, &b), pf_buf_defer(s, &d));
    }
    pf_check_bytes_equal(s, NULL, want_name, want, want_len, got,
                         r->out->data, r->out->len);
}
