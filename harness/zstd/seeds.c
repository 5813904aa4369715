/* zstd's seeds, written as values (design §6): the value, stream and raw
 * seeds of the table below, written by pf_stream_emit_seeds. */
#include "zstd.h"

#define TEXT "The quick brown fox jumps over the lazy dog. "
#define LOREM "Lorem ipsum dolor sit amet, consectetur adipiscing elit, "
/* level, windowLog (9: the default), checksum, contentSize, noDictID,
 * strategy, targetCBlockSize, literals, rowMatchFinder */
#define P(...) ((const int64_t[N_P]){__VA_ARGS__})
#define DEF P(0, 9, 0, 1, 0, 0, 0, 0, 0)
#define V PF_SEED
/* A dictionary: its bytes or a slice of the data (at, len); finalize,
 * dict_id, samples, dict_api. */
#define DICT PF_SEED_DICT
/* Past the first frame: chunk; out_room, flush, pledge; dec_room; a part. */
#define STREAM(chunk_, room, flush, pledge, dec, part_p, part_) \
    .chunk = chunk_, .plan = (const int64_t[N_PL]){room, flush, pledge}, \
    .dec_room = dec, .part_params = part_p, .part = part_, .magic = 3
/* Raw: in_step, out_step; damage (3: and a skippable frame, 4: streamed
 * without its size). */
#define RAW(in, out, d) .raw = (const int64_t[]){in, out}, .damage = d

static const pf_stream_seed k_seeds[] = {
    {V("empty", DEF, {0})},
    {V("text-default", DEF, {TEXT, 0, 0})},
    {V("checksum-no-size", P(3, 9, 1, 0, 0, 0, 0, 0, 0), {LOREM, 0, 10})},
    {V("negative-level", P(-5, 9, 0, 1, 0, 0, 0, 0, 0), {TEXT, 0, 30})},
    {V("fastest-level", P(LEVEL_MIN, 10, 1, 1, 0, 0, 0, 2, 0), {"abcd", 0, 500})},
    {V("level19-btultra2", P(19, 9, 1, 1, 0, 0, 0, 0, 0), {TEXT LOREM, 0, 0},
       {"0123456789", 0, 100})},
    {V("small-window-lazy", P(6, 10, 0, 1, 0, 4, 0, 1, 1), {LOREM, 0, 40})},
    {V("row-matchfinder-greedy", P(5, 16, 0, 1, 1, 3, 0, 0, 1), {"xyzzy", 0, 300},
       {TEXT, 0, 0})},
    {V("target-cblock", P(7, 9, 1, 1, 0, 0, 64, 0, 2), {TEXT, 0, 50})},
    {V("uncompressed-literals", P(1, 9, 0, 1, 0, 1, 0, 2, 0),
       {"\x01\x02\x03\xff\xfe", 0, 0}, {"\x00", 1, 1000})},
    {V("max-data", DEF, {"0123456789abcdef", 0, 1024})},
    {V("raw-dict-load", DEF, {TEXT, 0, 2}),
     DICT(PF_DICT_BYTES, "quick brown fox jumps lazy dog ", 0, 0, 0, 0, 0, API_LOAD)},
    {V("raw-dict-cdict", P(9, 9, 1, 1, 0, 0, 0, 0, 0), {LOREM TEXT, 0, 0}, {TEXT, 0, 3}),
     DICT(PF_DICT_SLICE, NULL, 10, 60, 0, 0, 0, API_CDICT)},
    {V("full-dict", P(3, 9, 0, 1, 0, 0, 0, 0, 0), {TEXT LOREM, 0, 0}, {LOREM TEXT, 0, 0},
       {"0123456789", 0, 30}),
     DICT(PF_DICT_BYTES, TEXT LOREM "0123456789", 0, 0, 1, 40000, 4, API_CDICT)},
    {V("full-dict-no-id", P(12, 9, 1, 1, 1, 0, 0, 0, 0), {LOREM, 0, 8}),
     DICT(PF_DICT_SLICE, NULL, 0, 200, 1, 0, 8, API_LOAD)},
    {V("stream-flush-pledged", P(3, 9, 1, 1, 0, 0, 0, 0, 0), {TEXT, 0, 20}),
     STREAM(100, 17, 1, 1, 5, P(-3, 12, 0, 0, 0, 0, 0, 0, 0),
            ((pf_segment){LOREM, 0, 3}))},
    {V("stream-hint-level19", P(19, 20, 0, 1, 0, 0, 0, 0, 0), {LOREM, 0, 30}),
     STREAM(1000, 0, 0, 0, 0, NULL, ((pf_segment){"skip me", 0, 0}))},
    {V("stream-small-steps", P(1, 9, 1, 1, 0, 0, 200, 0, 0), {"ab", 0, 700}),
     STREAM(1, 1, 0, 1, 1, P(19, 9, 1, 1, 0, 9, 0, 0, 0), ((pf_segment){"", 0, 0}))},
    {V("raw-frame", DEF, {TEXT, 0, 4}), RAW(0, 0, 0)},
    {V("raw-frame-checksum", P(19, 9, 1, 1, 0, 0, 0, 0, 0), {LOREM, 0, 6}),
     RAW(7, 100, 0)},
    {V("raw-frame-negative-level", P(-50, 9, 0, 1, 0, 0, 0, 2, 0),
       {"\x8f\x13\x7a\x55\xe1\x02\xc9\x3d", 0, 0}), RAW(1, 3, 0)},
    {V("raw-frame-truncated", P(3, 9, 1, 1, 0, 0, 0, 0, 0), {TEXT, 0, 5}), RAW(0, 0, 1)},
    {V("raw-frame-corrupt", P(3, 9, 1, 1, 0, 0, 0, 0, 0), {LOREM, 0, 5}), RAW(0, 0, 2)},
    {V("raw-frames-and-skippable", DEF, {"abba", 0, 100}), RAW(5, 0, 3)},
    {V("raw-frame-unknown-size", P(5, 14, 0, 0, 0, 0, 0, 0, 0), {TEXT LOREM, 0, 10}),
     RAW(0, 7, 4)},
    {V("raw-empty-frame", DEF, {"", 0, 0}), RAW(0, 0, 0)},
};

static void enc_raw(pf_buf *e, const pf_stream_seed *sd)
{
    pf_enc_choice(e, N_MODES, MODE_RAW);
    pf_enc_u64_range(e, 0, 255, (uint64_t)sd->raw[0]);
    pf_enc_u64_range(e, 0, 255, (uint64_t)sd->raw[1]);
}

static void *opts_of(pf_src *s, const pf_stream_seed *sd)
{
    zs_new_contexts(s);
    zs_opts *o = pf_alloc(s, sizeof *o);
    o->dict = pf_alloc(s, sizeof *o->dict);
    *o->dict = (zs_dict){.content = {0}};
    memcpy(o->p, sd->params, sizeof o->p);
    zs_fold_params(o->p);
    return o;
}

static void damage(pf_src *s, const pf_stream_seed *sd, void *opts, pf_vec *v)
{
    if (sd->damage == 3)
        zs_write_skippable(s, 7, (const uint8_t *)"skip", 4, v);
    if (sd->damage != 4)
        return;
    uint8_t data[DATA_MAX];
    size_t len = pf_segments_expand(sd->data, 1, data, DATA_MAX);
    size_t k = len / 3 ? len / 3 : 1, chunks[3] = {k, k, len - 2 * k};
    pf_stream_plan plan = {.chunks = chunks, .n_chunks = len ? 3 : 0};
    pf_vec_truncate(v, 0);
    pf_stream_compress(s, &zs_codec, opts, data, len, &plan, v);
}

static const pf_stream_seeds k_seed_spec = {
    &zs_target, {N_MODES, MODE_VALUES, zs_params, N_P, &zs_seg, DATA_MAX},
    zs_params, N_P, NULL, DICT_MAX, zs_dict_params, N_D, NULL, enc_raw, opts_of,
    damage, k_seeds, PF_LEN(k_seeds)};

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    pf_stream_emit_seeds(&k_seed_spec, emit);
}
