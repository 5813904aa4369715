/* lz4's seeds, written as values (design §6): the value, stream and raw
 * seeds of the table below (raw blocks made with the block API), written
 * by pf_stream_emit_seeds. */
#include "lz4.h"

#define TEXT "The quick brown fox jumps over the lazy dog. "
#define LOREM "Lorem ipsum dolor sit amet, consectetur adipiscing elit, "
/* blockSize, independentBlocks, contentChecksum, blockChecksum,
 * contentSize, level, favorDecSpeed, autoFlush, dictID */
#define P(...) ((const int64_t[N_P]){__VA_ARGS__})
#define DEF P(0, 0, 0, 0, 0, 0, 0, 0, 0)
#define V PF_SEED
#define DICT(kind, b, at, len) PF_SEED_DICT(kind, b, at, len, 0)
/* Past the first frame: chunk; flush; dec_room; a part. */
#define STREAM(chunk_, flush, dec, part_p, part_) \
    .chunk = chunk_, .plan = (const int64_t[]){flush}, .dec_room = dec, \
    .part_params = part_p, .part = part_, .magic = 5
/* Raw frames: in_step, out_step; blocks: capacity (0: the block's size),
 * target, and the dictionary it is compressed and decoded with. */
#define FRAME(in, out, d) .raw = (const int64_t[]){R_FRAME, in, out, 0, 0}, .damage = d
#define BLOCK(cap, target, dict, d) \
    .raw = (const int64_t[]){R_BLOCK, 0, 0, cap, target}, .bytes = dict, .damage = d

static const pf_stream_seed k_seeds[] = {
    {V("empty", DEF, {0})},
    {V("text-default", DEF, {TEXT, 0, 0})},
    {V("all-flags", P(1, 1, 1, 1, 1, 1, 0, 1, 0x12345678), {LOREM, 0, 5})},
    {V("empty-content-size", P(2, 0, 1, 0, 1, 3, 0, 0, 0), {0})},
    {V("hc-level9", P(3, 0, 0, 1, 0, 9, 0, 0, 0), {TEXT LOREM, 0, 0}, {"abc", 0, 200})},
    {V("hc-max-favor-dec", P(4, 1, 1, 0, 1, 12, 1, 0, 0), {"0123456789", 0, 300})},
    {V("fast-accel", P(0, 0, 0, 0, 1, -20, 0, 0, 0), {"\x01\x02\x03\x04\xff", 0, 0},
       {"\x00", 1, 1000})},
    {V("accel-max", P(1, 1, 0, 0, 0, -128, 0, 1, 7), {TEXT, 0, 20})},
    {V("long-runs", P(0, 0, 1, 1, 1, 2, 0, 0, 0), {"a", 0, 1024}, {"ab", 0, 1024},
       {"xyz", 0, 0})},
    {V("max-data", P(0, 0, 0, 0, 1, 0, 0, 0, 0), {"0123456789abcdef", 0, 1024})},
    {V("dict-bytes", P(0, 0, 1, 0, 1, 0, 0, 0, 42), {TEXT, 0, 0}),
     DICT(PF_DICT_BYTES, "quick brown fox lazy dog ", 0, 0)},
    {V("dict-slice-hc", P(1, 0, 0, 1, 0, 10, 0, 0, 1), {LOREM TEXT, 0, 0}, {TEXT, 0, 3}),
     DICT(PF_DICT_SLICE, NULL, 10, 60)},
    {V("dict-hc-opt", P(0, 1, 0, 0, 0, 11, 1, 1, 0), {LOREM, 0, 2}),
     DICT(PF_DICT_BYTES, LOREM, 0, 0)},
    {V("stream-linked-flush", P(0, 0, 1, 1, 1, 0, 0, 0, 0), {TEXT, 0, 10}),
     STREAM(100, 1, 7, P(1, 1, 0, 0, 0, 9, 0, 0, 0), ((pf_segment){LOREM, 0, 2}))},
    {V("stream-hc-autoflush", P(0, 0, 0, 0, 0, 9, 0, 1, 0), {LOREM, 0, 6}),
     STREAM(33, 0, 0, NULL, ((pf_segment){"skip me", 0, 0}))},
    {V("stream-independent", P(2, 1, 1, 0, 0, -3, 0, 0, 5), {"xy", 0, 900}),
     STREAM(1000, 1, 100, P(0, 0, 1, 1, 1, 12, 1, 0, 0), ((pf_segment){"", 0, 0}))},
    {V("concat-skippable", P(0, 0, 0, 0, 1, 1, 0, 0, 0), {TEXT, 0, 1}),
     STREAM(10, 0, 0, NULL, ((pf_segment){"\x00\x01\x02", 3, 0}))},
    {V("raw-frame", DEF, {TEXT, 0, 4}), FRAME(0, 0, 0)},
    {V("raw-frame-checksums", P(1, 0, 1, 1, 1, 9, 0, 0, 99), {LOREM, 0, 6}),
     FRAME(7, 100, 0)},
    {V("raw-frame-uncompressible", P(0, 1, 0, 1, 0, 0, 0, 0, 0),
       {"\x8f\x13\x7a\x55\xe1\x02\xc9\x3d", 0, 0}), FRAME(1, 3, 0)},
    {V("raw-frame-truncated", P(0, 0, 1, 0, 1, 0, 0, 0, 0), {TEXT, 0, 5}), FRAME(0, 0, 1)},
    {V("raw-frame-corrupt", P(0, 0, 1, 1, 0, 3, 0, 0, 0), {LOREM, 0, 5}), FRAME(0, 0, 2)},
    {V("raw-frames-two", P(0, 0, 0, 0, 1, 0, 0, 0, 0), {"abba", 0, 100}), FRAME(5, 0, 3)},
    {V("raw-block", DEF, {TEXT, 0, 4}), BLOCK(0, 0, NULL, 0)},
    {V("raw-block-partial", P(0, 0, 0, 0, 0, 9, 0, 0, 0), {LOREM, 0, 20}),
     BLOCK(5000, 100, NULL, 0)},
    {V("raw-block-dict", DEF, {TEXT, 0, 2}), BLOCK(0, 30, TEXT LOREM, 0)},
    {V("raw-block-small-capacity", DEF, {"aab", 0, 30}), BLOCK(16, 0, NULL, 0)},
    {V("raw-block-corrupt", DEF, {LOREM, 0, 3}), BLOCK(0, 0, NULL, 2)},
};

static size_t seed_data(const pf_stream_seed *sd, uint8_t *out)
{
    return pf_segments_expand(sd->data, 1, out, DATA_MAX);
}

static void enc_raw(pf_buf *e, const pf_stream_seed *sd)
{
    static uint8_t data[DATA_MAX];
    const int64_t *r = sd->raw;
    const char *d = sd->bytes ? sd->bytes : "";
    pf_enc_choice(e, N_MODES, MODE_RAW);
    pf_enc_choice(e, N_RAW, (size_t)r[0]);
    if (r[0] == R_FRAME) {
        pf_enc_u64_range(e, 0, 255, (uint64_t)r[1]);
        pf_enc_u64_range(e, 0, 255, (uint64_t)r[2]);
        return;
    }
    pf_enc_u64_range(e, 0, BLOCK_CAP_MAX, r[3] ? (uint64_t)r[3] : seed_data(sd, data));
    pf_enc_u64_range(e, 0, BLOCK_CAP_MAX, (uint64_t)r[4]);
    pf_enc_bytes(e, 0, DICT_MAX, (const uint8_t *)d, strlen(d));
}

static void *opts_of(pf_src *s, const pf_stream_seed *sd)
{
    lz_opts *o = pf_alloc(s, sizeof *o);
    *o = (lz_opts){.dict = {0}};
    memcpy(o->p, sd->params, sizeof o->p);
    return o;
}

/* A block seed: the block API's output (with the dictionary, HC, or
 * LZ4_compress_default), damaged like the frames. */
static void damage(pf_src *s, const pf_stream_seed *sd, void *opts, pf_vec *v)
{
    (void)s;
    static uint8_t data[DATA_MAX];
    static char block[LZ4_COMPRESSBOUND(DATA_MAX)];
    int len = (int)seed_data(sd, data), n, level = (int)((lz_opts *)opts)->p[P_LEVEL];
    if (sd->raw[0] != R_BLOCK)
        return;
    if (sd->bytes) {
        LZ4_stream_t st;
        LZ4_initStream(&st, sizeof st);
        LZ4_loadDict(&st, sd->bytes, (int)strlen(sd->bytes));
        n = LZ4_compress_fast_continue(&st, (const char *)data, block, len,
                                       (int)sizeof block, 1);
    } else if (level >= LZ4HC_CLEVEL_MIN) {
        n = LZ4_compress_HC((const char *)data, block, len, (int)sizeof block, level);
    } else {
        n = LZ4_compress_default((const char *)data, block, len, (int)sizeof block);
    }
    pf_vec_truncate(v, 0);
    pf_vec_put(v, block, n > 0 ? (size_t)n : 0);
    if (sd->damage == 2)
        v->data[v->len / 2] ^= 0x10;
}

static const pf_stream_seeds k_seed_spec = {
    &lz_target, {N_MODES, MODE_VALUES, lz_params, N_P, &lz_seg, DATA_MAX},
    lz_params, N_P, NULL, DICT_MAX, NULL, 0, NULL, enc_raw, opts_of, damage,
    k_seeds, PF_LEN(k_seeds)};

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    pf_stream_emit_seeds(&k_seed_spec, emit);
}
