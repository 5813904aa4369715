/* Unit tests of the streaming-codec family (propfuzz_stream.h) over a
 * tiny run-length codec written here: the drive loops with chunk plans
 * and rooms of one byte, finish loops, stuck and runaway streams, how a
 * decompression ends, the guards after rooms and inputs, the vector pool,
 * the block cache, the segment plan; and a planted mistake in the tiny
 * codec for each ready-made property, which that property catches. */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz_stream.h"
#include "core/pf_internal.h"
#include "testkit.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* --- the tiny codec ---------------------------------------------------
 * A frame is 'R', then (count 1..255, byte) pairs, then 0; a skippable
 * frame is 'S', n, then n bytes. Its streams take at most STEP_IN input
 * bytes a call (the loops must call again) and write through a 3-byte
 * queue (rooms of one byte work). */
enum { STEP_IN = 3, QUEUE = 3 };

enum plant { PLANT_NONE, PLANT_ROUND_TRIP, PLANT_DETERMINISTIC, PLANT_BATCH,
             PLANT_CONCAT, PLANT_SAFE, PLANT_STUCK_ENC, PLANT_STUCK_DEC,
             PLANT_RUNAWAY, PLANT_OVERREAD, PLANT_OVERWRITE, PLANT_FLUSH };
static enum plant g_plant;
static unsigned g_compress_calls;
static size_t g_max_room, g_max_in, g_calls; /* what the steps were given */

typedef struct rle_enc {
    uint8_t q[QUEUE];
    size_t nq;
    uint8_t run_byte;
    unsigned run;
    bool ended;
} rle_enc;

static void note_call(const pf_stream_io *io)
{
    g_calls++;
    g_max_room = io->room > g_max_room ? io->room : g_max_room;
    g_max_in = io->in_len > g_max_in ? io->in_len : g_max_in;
}

static void drain(rle_enc *e, pf_stream_io *io)
{
    while (e->nq && io->out_used < io->room) {
        io->out[io->out_used++] = e->q[0];
        memmove(e->q, e->q + 1, --e->nq);
    }
}

static void queue_run(rle_enc *e)
{
    if (e->run && e->nq + 2 <= QUEUE) {
        e->q[e->nq++] = (uint8_t)e->run;
        e->q[e->nq++] = e->run_byte;
        e->run = 0;
    }
}

/* Takes input while the queue has room for a pair. */
static void take(rle_enc *e, pf_stream_op op, pf_stream_io *io)
{
    size_t n = io->in_len < STEP_IN ? io->in_len : STEP_IN;
    while (io->in_used < n && e->nq + 2 <= QUEUE) {
        uint8_t b = io->in[io->in_used++];
        if (g_plant == PLANT_BATCH && op != PF_OP_FINISH && io->in_len == 1)
            continue; /* planted: the last byte of a chunk is lost */
        if (e->run && b == e->run_byte && e->run < 255) {
            e->run++;
            continue;
        }
        queue_run(e);
        e->run_byte = b;
        e->run = 1;
    }
}

static pf_step enc_step(void *p, pf_stream_op op, pf_stream_io *io)
{
    rle_enc *e = p;
    note_call(io);
    if (g_plant == PLANT_STUCK_ENC)
        return PF_STEP_MORE;
    if (g_plant == PLANT_RUNAWAY) {
        io->out_used = io->room;
        return PF_STEP_MORE;
    }
    drain(e, io);
    take(e, op, io);
    drain(e, io);
    if (io->in_used < io->in_len)
        return PF_STEP_MORE;
    if (op == PF_OP_FEED)
        return PF_STEP_DONE;
    /* planted: a flush keeps the open run back (the end still has it) */
    bool keep = g_plant == PLANT_FLUSH && op == PF_OP_FLUSH;
    if (!keep)
        queue_run(e);
    if (op == PF_OP_FINISH && !e->run && !e->ended && e->nq < QUEUE) {
        e->q[e->nq++] = 0;
        e->ended = true;
    }
    drain(e, io);
    bool done = !e->nq && (!e->run || keep) && (op != PF_OP_FINISH || e->ended);
    return done ? PF_STEP_DONE : PF_STEP_MORE;
}

static void *enc_begin(pf_src *s, void *opts, const pf_stream_plan *plan,
                       size_t total)
{
    (void)opts, (void)plan, (void)total;
    rle_enc *e = pf_alloc(s, sizeof *e);
    *e = (rle_enc){.q = {'R'}, .nq = 1};
    return e;
}

static int g_open_streams;
static void stream_end(void *p) { (void)p; g_open_streams--; }
static void *counted(void *p) { g_open_streams++; return p; }

static void *enc_begin_counted(pf_src *s, void *o, const pf_stream_plan *p,
                               size_t n)
{
    return counted(enc_begin(s, o, p, n));
}

enum { D_MAGIC, D_COUNT, D_BYTE, D_SKIP_LEN, D_SKIP };

typedef struct rle_dec {
    int state;
    unsigned count, left;
    uint8_t byte;
} rle_dec;

/* One input byte; PF_STEP_MORE unless a frame ended or it is refused. */
static pf_step dec_byte(rle_dec *d, uint8_t b, pf_stream_io *io)
{
    switch (d->state) {
    case D_MAGIC:
        if (b != 'R' && b != 'S') {
            io->error = "bad magic";
            return PF_STEP_ERROR;
        }
        d->state = b == 'R' ? D_COUNT : D_SKIP_LEN;
        return PF_STEP_MORE;
    case D_COUNT:
        if (b == 0)
            return PF_STEP_DONE;
        d->count = b;
        if (g_plant == PLANT_SAFE && io->in_len == 1 && b > 1)
            d->count--; /* planted: a count arriving alone loses one */
        d->state = D_BYTE;
        return PF_STEP_MORE;
    case D_BYTE:
        d->byte = b;
        d->left = d->count;
        d->state = D_COUNT;
        return PF_STEP_MORE;
    case D_SKIP_LEN:
        d->count = b;
        d->state = D_SKIP;
        return b ? PF_STEP_MORE : PF_STEP_DONE;
    default:
        return --d->count ? PF_STEP_MORE : PF_STEP_DONE;
    }
}

static pf_step dec_step(void *p, pf_stream_io *io)
{
    rle_dec *d = p;
    note_call(io);
    if (g_plant == PLANT_STUCK_DEC)
        return PF_STEP_MORE;
    if (g_plant == PLANT_OVERREAD && io->in_len)
        io->error = io->in[io->in_len] ? "" : NULL; /* one byte too far */
    if (g_plant == PLANT_OVERWRITE)
        io->out[io->room] = 0;
    size_t n = io->in_len < STEP_IN ? io->in_len : STEP_IN;
    for (;;) {
        while (d->left && io->out_used < io->room) {
            io->out[io->out_used++] = d->byte;
            d->left--;
        }
        if (d->left || io->in_used == n)
            return PF_STEP_MORE;
        pf_step st = dec_byte(d, io->in[io->in_used++], io);
        if (st != PF_STEP_MORE)
            return st;
    }
}

static void *dec_begin(pf_src *s, void *dopts)
{
    (void)dopts;
    rle_dec *d = pf_alloc(s, sizeof *d);
    *d = (rle_dec){D_MAGIC, 0, 0, 0};
    return d;
}

static void *dec_begin_counted(pf_src *s, void *dopts)
{
    return counted(dec_begin(s, dopts));
}

static void next_frame(void *p)
{
    rle_dec *d = p;
    /* planted: the next frame's magic is taken for a count */
    d->state = g_plant == PLANT_CONCAT ? D_COUNT : D_MAGIC;
}

static const char *compress_once(pf_src *s, void *opts, const uint8_t *in,
                                 size_t n, pf_vec *out)
{
    (void)s, (void)opts;
    bool split = g_plant == PLANT_DETERMINISTIC && (g_compress_calls++ & 1);
    uint8_t *o = pf_vec_reserve(out, 2 * n + 2);
    size_t k = 0;
    o[k++] = 'R';
    for (size_t i = 0; i < n;) {
        unsigned run = 1;
        while (i + run < n && in[i + run] == in[i] && run < 255)
            run++;
        if (split && run >= 2) { /* planted: a run written as two */
            o[k++] = 1;
            o[k++] = in[i++];
            run--;
            split = false;
        }
        o[k++] = (uint8_t)run;
        o[k++] = in[i];
        i += run;
    }
    o[k++] = 0;
    pf_vec_added(out, k);
    return NULL;
}

/* One-shot: every frame, straight through (no steps). */
static void decompress_once(pf_src *s, void *dopts, const uint8_t *in,
                            size_t len, size_t cap, pf_stream_result *r)
{
    (void)s, (void)dopts;
    rle_dec d = {D_MAGIC, 0, 0, 0};
    pf_stream_io io = {.in = in, .in_len = 1, .room = 0};
    r->status = len ? PF_STREAM_TRUNCATED : PF_STREAM_END;
    for (size_t i = 0; i < len; i++) {
        pf_step st = dec_byte(&d, in[i], &io);
        if (st == PF_STEP_ERROR) {
            r->status = PF_STREAM_ERROR;
            r->error = io.error;
            return;
        }
        for (; d.left; d.left--)
            pf_vec_put(r->out, &d.byte, 1);
        r->consumed = i + 1;
        r->frames += st == PF_STEP_DONE;
        r->status = st == PF_STEP_DONE ? PF_STREAM_END : PF_STREAM_TRUNCATED;
        if (st == PF_STEP_DONE)
            d.state = D_MAGIC;
    }
    if (r->out->len > cap)
        r->status = PF_STREAM_TOO_LARGE;
    size_t n = r->out->len;
    if (g_plant == PLANT_ROUND_TRIP && n >= 2 &&
        r->out->data[n - 1] == r->out->data[n - 2])
        pf_vec_truncate(r->out, n - 1); /* planted: a final run loses one */
}

static void describe(const void *opts, pf_buf *b)
{
    (void)opts;
    pf_buf_printf(b, "rle");
}

static pf_stream_codec g_rle = {
    .compress_name = "rle", .decompress_name = "unrle",
    .compress = compress_once,
    .encoder_begin = enc_begin_counted, .encoder_step = enc_step,
    .encoder_end = stream_end, .default_room = 7,
    .decoder_begin = dec_begin_counted, .decoder_step = dec_step,
    .decoder_next_frame = next_frame, .decoder_end = stream_end,
    .decompress = decompress_once, .describe = describe,
};

/* --- running a scenario inside a property ----------------------------- */

static char g_failed[64];
static char g_summary[128];

static void note_failure(pf_src *s, const pf__failure *f)
{
    snprintf(g_failed, sizeof g_failed, "%s", f->property);
    snprintf(g_summary, sizeof g_summary, "%s", f->summary);
    pf__unwind_run(s, PF__UNWIND_ABANDON);
}

static void (*g_scenario)(pf_src *s);
static void scenario_property(pf_src *s, void *in)
{
    (void)in;
    g_scenario(s);
}

static const pf_property scenario_props[] = {{"scenario", scenario_property}};
static const pf_mode scenario_modes[] = {{"only", NULL, scenario_props, 1}};
static const pf_target scenario_target = {"stream", scenario_modes, 1, NULL};

/* Runs fn as a property of one input; says whether it passed. */
static bool run_scenario(void (*fn)(pf_src *s), enum plant plant)
{
    g_plant = plant;
    g_failed[0] = g_summary[0] = 0;
    g_max_room = g_max_in = g_calls = 0;
    g_scenario = fn;
    pf__set_fail_handler(note_failure);
    pf_run(&scenario_target, NULL, NULL, 0);
    g_plant = PLANT_NONE;
    return g_failed[0] == 0;
}

static const uint8_t k_data[] = "aaaabbbcddddddddeffgaaaa-xyzzzzzz";
enum { K_LEN = sizeof k_data - 1 };

static size_t g_room, g_chunk, g_largest_chunk;
static bool g_flush, g_finish_with_last, g_empty_is_end;
static pf_stream_result g_res;
static uint8_t g_out[512];
static size_t g_out_len;

/* Compresses k_data in chunks of g_chunk with room g_room, then checks
 * the result decodes back (one-shot). */
static void compress_scenario(pf_src *s)
{
    size_t chunks[PF_STREAM_MAX_CHUNKS], n = 0, left = K_LEN;
    while (left && n < PF_STREAM_MAX_CHUNKS - 1) {
        chunks[n] = g_chunk < left ? g_chunk : left;
        left -= chunks[n++];
    }
    if (left)
        chunks[n++] = left;
    g_largest_chunk = left > g_chunk ? left : g_chunk;
    pf_stream_codec c = g_rle;
    c.finish_with_last_chunk = g_finish_with_last;
    pf_stream_plan plan = {.chunks = chunks, .n_chunks = n, .room = g_room,
                           .flush = g_flush};
    pf_vec *out = pf_vec_new(s);
    pf_stream_compress(s, &c, NULL, k_data, K_LEN, &plan, out);
    g_out_len = out->len < sizeof g_out ? out->len : sizeof g_out;
    memcpy(g_out, out->data, g_out_len);
    pf_stream_decompress_once(s, &c, NULL, out->data, out->len, 1024, &g_res);
    pf_stream_check_decoded(s, &c, NULL, "unrle(rle in chunks)", &g_res,
                            out->len, "data", k_data, K_LEN);
}

static void test_compress_chunks_and_rooms(void)
{
    for (g_chunk = 1; g_chunk <= 7; g_chunk += 3)
        for (g_room = 1; g_room <= 3; g_room++)
            for (int f = 0; f < 2; f++) {
                g_flush = f;
                g_finish_with_last = g_room == 2;
                CHECK(run_scenario(compress_scenario, PLANT_NONE),
                      "chunk %zu room %zu flush %d: %s", g_chunk, g_room, f,
                      g_summary);
                EQ_U(g_max_room, g_room);
                CHECK(g_max_in <= g_largest_chunk,
                      "a step was offered %zu bytes", g_max_in);
            }
    EQ_I(g_open_streams, 0);
}

/* Without flushes the streamed frame is the one-shot frame. */
static void test_streamed_equals_one_shot_without_flush(void)
{
    g_chunk = 2, g_room = 1, g_flush = false, g_finish_with_last = false;
    CHECK(run_scenario(compress_scenario, PLANT_NONE), "%s", g_summary);
    const uint8_t want[] = {'R', 4, 'a', 3, 'b', 1, 'c', 8, 'd', 1, 'e', 2,
                            'f', 1, 'g', 4, 'a', 1, '-', 1, 'x', 1, 'y', 6,
                            'z', 0};
    EQ_U(g_out_len, sizeof want);
    CHECK(memcmp(g_out, want, sizeof want) == 0, "frame differs");
    /* A room of one byte: FINISH alone took several calls. */
    CHECK(g_calls > sizeof want, "%zu calls", g_calls);
}

static uint8_t g_frame[600];
static size_t g_frame_len, g_cap, g_in_step;
static bool g_multi;

static void decompress_scenario(pf_src *s)
{
    pf_stream_codec c = g_rle;
    c.empty_is_no_frames = g_empty_is_end;
    pf_stream_plan plan = {.in_step = g_in_step, .room = g_room,
                           .cap = g_cap, .multi = g_multi};
    pf_stream_decompress(s, &c, NULL, g_frame, g_frame_len, &plan, &g_res);
    g_out_len = g_res.out->len < sizeof g_out ? g_res.out->len : sizeof g_out;
    memcpy(g_out, g_res.out->data, g_out_len);
}

static void set_frame(const uint8_t *p, size_t n)
{
    memcpy(g_frame, p, n);
    g_frame_len = n;
    g_cap = 1000, g_room = 0, g_in_step = 0, g_multi = false;
    g_empty_is_end = false;
}
#define SET_FRAME(...) set_frame((const uint8_t[]){__VA_ARGS__}, \
                                 sizeof((const uint8_t[]){__VA_ARGS__}))

static void test_decompress_steps_and_rooms(void)
{
    for (size_t step = 0; step <= 3; step++)
        for (size_t room = 0; room <= 2; room++) {
            SET_FRAME('R', 3, 'a', 200, 'b', 1, 'c', 0);
            g_in_step = step, g_room = room;
            CHECK(run_scenario(decompress_scenario, PLANT_NONE), "%s", g_summary);
            EQ_U(g_res.status, PF_STREAM_END);
            EQ_U(g_res.consumed, 8);
            EQ_U(g_res.frames, 1);
            EQ_U(g_out_len, 204);
            CHECK(g_out_len == 204 && g_out[0] == 'a' && g_out[3] == 'b' &&
                      g_out[203] == 'c', "output differs");
            if (room)
                EQ_U(g_max_room, room);
            if (step)
                CHECK(g_max_in <= step, "offered %zu bytes", g_max_in);
        }
    EQ_I(g_open_streams, 0);
}

static void test_decompress_endings(void)
{
    SET_FRAME('R', 3, 'a', 1);
    run_scenario(decompress_scenario, PLANT_NONE);
    EQ_U(g_res.status, PF_STREAM_TRUNCATED);
    SET_FRAME('R', 3, 'a', 0);
    g_cap = 2;
    run_scenario(decompress_scenario, PLANT_NONE);
    EQ_U(g_res.status, PF_STREAM_TOO_LARGE);
    EQ_U(g_out_len, 2);
    SET_FRAME('Q', 1);
    run_scenario(decompress_scenario, PLANT_NONE);
    EQ_U(g_res.status, PF_STREAM_ERROR);
    CHECK(g_res.error && strcmp(g_res.error, "bad magic") == 0, "error text");
    set_frame((const uint8_t *)"", 0);
    run_scenario(decompress_scenario, PLANT_NONE);
    EQ_U(g_res.status, PF_STREAM_TRUNCATED);
    g_empty_is_end = true;
    run_scenario(decompress_scenario, PLANT_NONE);
    EQ_U(g_res.status, PF_STREAM_END);
    EQ_U(g_res.frames, 0);
}

static void test_frames_one_after_another(void)
{
    SET_FRAME('R', 2, 'a', 0, 'S', 2, 'x', 'y', 'R', 1, 'b', 0);
    g_multi = true, g_in_step = 2;
    run_scenario(decompress_scenario, PLANT_NONE);
    EQ_U(g_res.status, PF_STREAM_END);
    EQ_U(g_res.frames, 3);
    CHECK(g_out_len == 3 && memcmp(g_out, "aab", 3) == 0, "output differs");
    g_multi = false;
    run_scenario(decompress_scenario, PLANT_NONE);
    EQ_U(g_res.status, PF_STREAM_END);
    EQ_U(g_res.consumed, 4);
    EQ_U(g_res.frames, 1);
}

static void test_stuck_and_runaway_streams_fail(void)
{
    g_chunk = 4, g_room = 3, g_flush = false;
    CHECK(!run_scenario(compress_scenario, PLANT_STUCK_ENC), "passed");
    CHECK(strcmp(g_summary, "rle in steps made no progress") == 0, "%s", g_summary);
    CHECK(strcmp(g_failed, "scenario") == 0, "%s", g_failed);
    CHECK(!run_scenario(compress_scenario, PLANT_RUNAWAY), "passed");
    CHECK(strstr(g_summary, "never finishes"), "%s", g_summary);
    SET_FRAME('R', 3, 'a', 0);
    CHECK(!run_scenario(decompress_scenario, PLANT_STUCK_DEC), "passed");
    CHECK(strcmp(g_summary, "unrle made no progress") == 0, "%s", g_summary);
    EQ_I(g_open_streams, 0); /* the failures ended their streams too */
}

/* Runs a decompression in a child: ASan must stop it. */
static bool dies_under_asan(enum plant plant)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr))
            _exit(3);
        /* Long enough that the guard after the first chunk spans whole
         * 8-byte granules (what ASan can poison). */
        SET_FRAME('R', 3, 'a', 1, 'b', 2, 'c', 3, 'd', 4, 'e', 5, 'f', 6, 'g',
                  7, 'h', 8, 'i', 9, 'j', 0);
        g_in_step = 2, g_room = 2;
        run_scenario(decompress_scenario, plant);
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void test_guards_catch_overreads_and_overwrites(void)
{
    CHECK(dies_under_asan(PLANT_OVERREAD), "a read past the chunk went unseen");
    CHECK(dies_under_asan(PLANT_OVERWRITE), "a write past the room went unseen");
    CHECK(!dies_under_asan(PLANT_NONE), "a correct decoder died");
}

/* --- the ready-made properties on the tiny codec --------------------- */

static const pf_param k_plan[] = {PF_STREAM_ROOM_PARAM("out_room"),
                                  {"flush", PF_PARAM_BOOL, 0, 1, NULL, 0}};

static void plan_from(pf_stream_plan *plan, const int64_t *v)
{
    plan->room = (size_t)v[0];
    plan->flush = v[1] != 0;
}

static void write_skippable(pf_src *s, unsigned magic, const uint8_t *p,
                            size_t n, pf_vec *out)
{
    (void)s, (void)magic;
    pf_vec_put(out, (const uint8_t[]){'S', (uint8_t)n}, 2);
    pf_vec_put(out, p, n);
}

static const pf_stream_target g_rle_target = {
    .codec = &g_rle, .plan_params = k_plan, .n_plan_params = 2,
    .plan_from = plan_from,
    .part_max = 32, .write_skippable = write_skippable};
static const pf_segments_opts k_seg = {.literal_max = 256};

static void *values_setup(pf_src *s)
{
    pf_vec *d = pf_draw_segments(s, "data", &k_seg, 256);
    return pf_stream_input_new(s, &g_rle_target, NULL, NULL, d->data, d->len);
}

static void *raw_setup(pf_src *s)
{
    pf_stream_raw *r = pf_alloc(s, sizeof *r);
    *r = (pf_stream_raw){.codec = &g_rle, .cap = 4096, .multi = true};
    r->in_step = pf_u8(s, "in_step");
    r->out_step = pf_u8(s, "out_step");
    r->raw = pf_rest(s, "raw", &r->len);
    return r;
}

static const pf_property value_props[] = {
    {"round_trip", pf_stream_round_trip},
    {"deterministic", pf_stream_deterministic},
    {"batch_stream", pf_stream_batch_stream},
    {"concat", pf_stream_concat},
};
static const pf_property raw_props[] = {
    {"decompress_safe", pf_stream_decompress_safe}};
static const pf_mode rle_modes[] = {
    {"values", values_setup, value_props, PF_LEN(value_props)},
    {"raw", raw_setup, raw_props, 1}};
/* The runner sets its checks up once per target object: one object for
 * every check on, one for a planted build's single property. */
static const pf_target rle_all = {"rle", rle_modes, 2, NULL};
static const pf_target rle_only = {"rle", rle_modes, 2, NULL};

/* Value mode: the data as one literal, then the property draws (a flush
 * after each chunk when g_values_flush). */
static bool g_values_flush;
static pf_buf values_input(const char *data, const size_t *in_chunks,
                           size_t n_chunks, bool part)
{
    pf_buf e = {0};
    pf_enc_choice(&e, 2, 0);
    pf_enc_segments(&e, &k_seg, (const pf_segment[]){{data, 0, 0}}, 1);
    pf_stream_enc_chunks(&e, strlen(data), in_chunks, n_chunks);
    pf_enc_u64_range(&e, 0, PF_STREAM_ROOM_MAX, 1); /* out_room */
    pf_enc_bool(&e, g_values_flush);                /* flush */
    pf_enc_more(&e, false);                         /* decompress_chunks */
    pf_enc_u64_range(&e, 0, PF_STREAM_ROOM_MAX, 1); /* decompress_room */
    pf_enc_more(&e, part);                          /* parts */
    if (part) {
        pf_enc_choice(&e, 2, 0); /* a frame */
        pf_enc_segments(&e, NULL, (const pf_segment[]){{"cd", 0, 0}}, 1);
        pf_enc_more(&e, false);
    }
    return e;
}

/* Runs the input with only `prop` checked; returns the failed property. */
static const char *fails_as(const pf_buf *e, const char *prop, enum plant p)
{
    g_plant = p;
    g_compress_calls = 0;
    g_failed[0] = 0;
    pf__set_fail_handler(note_failure);
    pf_run(prop ? &rle_only : &rle_all, prop, e->data, e->len);
    g_plant = PLANT_NONE;
    return g_failed;
}

static void expect_caught(const pf_buf *e, const char *prop, enum plant p)
{
    CHECK(strcmp(fails_as(e, NULL, PLANT_NONE), "") == 0,
          "%s: fails without the plant (%s: %s)", prop, g_failed, g_summary);
    CHECK(strcmp(fails_as(e, prop, p), prop) == 0, "%s not caught (got '%s')",
          prop, g_failed);
}

static void test_planted_mistakes_caught(void)
{
    pf_buf e = values_input("abcc", NULL, 0, false);
    expect_caught(&e, "round_trip", PLANT_ROUND_TRIP);
    pf_buf_free(&e);
    e = values_input("xaay", NULL, 0, false);
    expect_caught(&e, "deterministic", PLANT_DETERMINISTIC);
    pf_buf_free(&e);
    e = values_input("abcdefgh", (const size_t[]){1}, 1, false);
    expect_caught(&e, "batch_stream", PLANT_BATCH);
    pf_buf_free(&e);
    /* "aab" then "b": the stream so far after the flush lacks "b" */
    g_values_flush = true;
    e = values_input("aabb", (const size_t[]){3}, 1, false);
    g_values_flush = false;
    expect_caught(&e, "batch_stream", PLANT_FLUSH);
    CHECK(strstr(g_summary, "after a flush") != NULL, "flush: caught as '%s'", g_summary);
    pf_buf_free(&e);
    e = values_input("ab", NULL, 0, true);
    expect_caught(&e, "concat", PLANT_CONCAT);
    pf_buf_free(&e);
    pf_buf r = {0};
    pf_enc_choice(&r, 2, 1);
    pf_buf_put(&r, (const uint8_t[]){1, 0, 'R', 3, 'a', 1, 'b', 0}, 8);
    expect_caught(&r, "decompress_safe", PLANT_SAFE);
    pf_buf_free(&r);
}

/* --- the pieces ------------------------------------------------------ */

static uint8_t *g_first_data;

static void vec_scenario(pf_src *s)
{
    pf_vec *v = pf_vec_new(s);
    pf_vec_reserve(v, 3000);
    for (unsigned i = 0; i < 3000; i++)
        pf_vec_put(v, &(uint8_t){(uint8_t)i}, 1);
    bool same = v->len == 3000;
    for (unsigned i = 0; i < 3000 && same; i++)
        same = v->data[i] == (uint8_t)i;
    PF_ASSERT(s, same && v->cap >= v->len + PF_VEC_GUARD);
    if (!g_first_data)
        g_first_data = v->data;
    else
        PF_ASSERT(s, v->data == g_first_data); /* from the pool */
    pf_vec_truncate(v, 10);
    PF_ASSERT(s, v->len == 10 && v->data[9] == 9);
}

static void test_vec_grows_and_is_pooled(void)
{
    CHECK(run_scenario(vec_scenario, PLANT_NONE), "%s", g_summary);
    CHECK(run_scenario(vec_scenario, PLANT_NONE), "%s", g_summary);
}

static void test_block_cache_reuses_same_size(void)
{
    void *a = pf_cache_alloc(1000);
    pf_cache_free(a);
    void *b = pf_cache_alloc(1000);
    CHECK(a == b, "a freed block was not handed out again");
    void *c = pf_cache_calloc(999);
    CHECK(c != b && ((uint8_t *)c)[998] == 0, "calloc");
    pf_cache_free(b);
    pf_cache_free(c);
    pf_cache_free(NULL);
}

static const pf_segment k_segs[] = {{"hello", 0, 0}, {"ab", 0, 3}, {"", 0, 0}};

static void segments_scenario(pf_src *s)
{
    (void)s;
    pf_buf e = {0};
    pf_enc_segments(&e, &k_seg, k_segs, 3);
    pf_enc_dict(&e, 16, 256, PF_DICT_SLICE, NULL, 4, 2);
    pf_src *t = pf_begin("seg", e.data, e.len);
    pf_vec *v = pf_draw_segments(t, "data", &k_seg, 9);
    pf_dict d = pf_draw_dict(t, 16, 256, v->data, v->len);
    uint8_t want[16];
    size_t n = pf_segments_expand(k_segs, 3, want, 9);
    bool ok = n == 9 && v->len == 9 && memcmp(v->data, "helloabab", 9) == 0 &&
              memcmp(want, v->data, 9) == 0 && d.kind == PF_DICT_SLICE &&
              d.data == v->data + 2 && d.len == 4 && !pf_overrun(t);
    pf_end(t);
    pf_buf_free(&e);
    PF_ASSERT(s, ok);
}

static void test_segments_and_dict_invert(void)
{
    CHECK(run_scenario(segments_scenario, PLANT_NONE), "%s", g_summary);
}

static const char *const k_colours[] = {"red", "green"};
static const pf_param k_table[] = {
    {"on", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"level", PF_PARAM_INT, -5, 300, NULL, 1}, /* only when on */
    {"colour", PF_PARAM_CHOICE, 0, 1, k_colours, 0},
};

static void params_scenario(pf_src *s)
{
    const int64_t in[2][3] = {{1, -5, 1}, {0, 0, 1}};
    for (int k = 0; k < 2; k++) {
        pf_buf e = {0}, d = {0};
        pf_enc_params(&e, k_table, 3, in[k]);
        int64_t out[3] = {7, 7, 7};
        pf_src *t = pf_begin("params", e.data, e.len);
        pf_draw_params(t, "params", k_table, 3, out);
        bool ok = memcmp(in[k], out, sizeof out) == 0 && !pf_overrun(t) &&
                  e.len == (k ? 2u : 4u);
        pf_end(t);
        pf_describe_params(&d, k_table, 3, out);
        ok = ok && strcmp(pf_buf_str(&d), k ? "on=0 colour=green"
                                            : "on=1 level=-5 colour=green") == 0;
        pf_buf_free(&e);
        pf_buf_free(&d);
        PF_ASSERT(s, ok);
    }
}

static void test_params_table_inverts(void)
{
    CHECK(run_scenario(params_scenario, PLANT_NONE), "%s", g_summary);
}

int main(void)
{
    run("compress_chunks_and_rooms", test_compress_chunks_and_rooms);
    run("streamed_equals_one_shot_without_flush",
        test_streamed_equals_one_shot_without_flush);
    run("decompress_steps_and_rooms", test_decompress_steps_and_rooms);
    run("decompress_endings", test_decompress_endings);
    run("frames_one_after_another", test_frames_one_after_another);
    run("stuck_and_runaway_streams_fail", test_stuck_and_runaway_streams_fail);
    run("guards_catch_overreads_and_overwrites",
        test_guards_catch_overreads_and_overwrites);
    run("planted_mistakes_caught", test_planted_mistakes_caught);
    run("vec_grows_and_is_pooled", test_vec_grows_and_is_pooled);
    run("block_cache_reuses_same_size", test_block_cache_reuses_same_size);
    run("segments_and_dict_invert", test_segments_and_dict_invert);
    run("params_table_inverts", test_params_table_inverts);
    pf_vec_pool_drain();
    return finish();
}
