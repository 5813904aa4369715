/* zlib's seeds, written as values (design §6): the value, stream and raw
 * seeds of the table below, written by pf_stream_emit_seeds. */
#include "zlib.h"

#define TEXT "The quick brown fox jumps over the lazy dog. "
/* 257 bytes without a long inner repeat: written twice, deflate matches
 * the second at distance 257, the first whose code d_code looks up in
 * the table's second half. */
#define TEXT_257 "Sphinx of black quartz, judge my vow. Pack my box with five dozen " \
    "liquor jugs. How vexingly quick daft zebras jump! Bright vixens jump; dozy fowl " \
    "quack. Waltz, nymph, for quick jigs vex Bud. Crazy Fredrick bought many very " \
    "exquisite opal jewels. Jackdaws lo"
#define LOREM "Lorem ipsum dolor sit amet, consectetur adipiscing elit, "
/* format, level, strategy, windowBits, memLevel */
#define P(...) ((const int64_t[N_P]){__VA_ARGS__})
#define Q(...) ((const int64_t[N_P - 1]){__VA_ARGS__}) /* a further stream */
#define V PF_SEED
/* A dictionary (its bytes, or a slice of the data at, len), or for gzip
 * the header k_headers[i]. */
#define DICT(kind, b, at_, len_) \
    .tail = (const int64_t[]){kind}, .bytes = b, .at = at_, .len = len_
#define HEADER(i) .tail = (const int64_t[]){i}
/* Past the first stream: chunk; out_step, flush, reparam, level2,
 * strategy2; one more stream; auto_detect. */
#define STREAM(chunk_, room, flush, reparam, l2, s2, part_p, part_, auto_) \
    .chunk = chunk_, .plan = (const int64_t[N_PL]){room, flush, reparam, l2, s2}, \
    .part_params = part_p, .part = part_, .tail = (const int64_t[]){auto_}
/* Raw: format, windowBits, in_step, out_step, with k_headers[2]. */
#define RAW(f, w, in, out, hdr, d) .raw = (const int64_t[]){f, w, in, out, hdr}, .damage = d

#define FIELD_64 "gzip header field, longer than the pending buffer: 0123456789abc"
#define LONG_FIELD FIELD_64 FIELD_64 FIELD_64 FIELD_64 FIELD_64 FIELD_64 FIELD_64 FIELD_64 "+"
#define TEXT_FIELD FIELD_64 FIELD_64 FIELD_64
/* 10 + 2 + 297 + 101 + 101 = 511 header bytes before the header CRC: at
 * memLevel 1 its two bytes are one more than the pending buffer holds. */
#define EXTRA_297 FIELD_64 FIELD_64 FIELD_64 FIELD_64 "so that the header CRC is at byte 511 ..."
#define TEXT_100 FIELD_64 "and the name and comment 100 bytes: "

static const zl_gzhdr k_headers[] = {
    {.set = true, .text = true, .time = 1700000000u, .os = 3, .hcrc = true,
     .field = {(const uint8_t *)"AP\x04\x00" "abcd", (const uint8_t *)"file.txt",
               (const uint8_t *)"a comment"}, .len = {8, 8, 9}},
    {.set = true, .os = 255, .field = {(const uint8_t *)"", (const uint8_t *)"",
                                       (const uint8_t *)""}},
    {.set = true, .time = 42, .os = 3, .hcrc = true,
     .field = {(const uint8_t *)"0123456789abcdefghij",
               (const uint8_t *)"a-name-longer-than-16-bytes", (const uint8_t *)"comment"},
     .len = {20, 27, 7}},
    /* An extra field longer than deflate's pending buffer at memLevel 1
     * (512 bytes), name and comment past it: the header is written in
     * several flushes. */
    {.set = true, .time = 7, .os = 3, .hcrc = true,
     .field = {(const uint8_t *)LONG_FIELD, (const uint8_t *)TEXT_FIELD,
               (const uint8_t *)TEXT_FIELD},
     .len = {sizeof LONG_FIELD - 1, sizeof TEXT_FIELD - 1, sizeof TEXT_FIELD - 1}},
    {.set = true, .os = 3, .hcrc = true,
     .field = {(const uint8_t *)EXTRA_297, (const uint8_t *)TEXT_100,
               (const uint8_t *)TEXT_100},
     .len = {sizeof EXTRA_297 - 1, sizeof TEXT_100 - 1, sizeof TEXT_100 - 1}},
};

static const pf_stream_seed k_seeds[] = {
    {V("empty-zlib", P(F_ZLIB, 6, 0, 15, 8), {0})},
    {V("text-default", P(F_ZLIB, -1, 0, 15, 8), {TEXT, 0, 0})},
    {V("stored-level0", P(F_ZLIB, 0, 0, 15, 8), {LOREM, 0, 0}, {TEXT, 0, 3})},
    {V("window8-becomes-9", P(F_ZLIB, 9, 0, 8, 9), {"abcabcabd", 0, 60})},
    {V("long-run-rle", P(F_ZLIB, 6, 3, 15, 8), {"a", 0, 1024}, {"aaaaaaaa", 0, 256},
       {"xyz", 0, 0})},
    {V("huffman-only", P(F_ZLIB, 1, 2, 12, 4), {TEXT LOREM, 0, 0})},
    {V("fixed-codes", P(F_ZLIB, 5, 4, 11, 3), {"0123456789", 0, 20})},
    {V("filtered-binary", P(F_ZLIB, 7, 1, 13, 6),
       {"\x02\x03\x05\x07\x0b\x0d\x11\x13\x17", 0, 0}, {"\x80\xff", 0, 100})},
    {V("deflate-raw-level9", P(F_RAW, 9, 0, 15, 9), {LOREM, 0, 8})},
    {V("deflate-raw-small-window", P(F_RAW, 4, 0, 9, 1), {TEXT, 0, 20})},
    {V("deflate-raw-dict", P(F_RAW, 6, 0, 15, 8), {TEXT, 0, 0}),
     DICT(PF_DICT_BYTES, "quick brown fox lazy dog", 0, 0)},
    {V("zlib-dict-slice", P(F_ZLIB, 6, 0, 15, 8), {LOREM TEXT, 0, 0}),
     DICT(PF_DICT_SLICE, NULL, 6, 40)},
    {V("gzip-plain", P(F_GZIP, 6, 0, 15, 8), {TEXT, 0, 2})},
    {V("gzip-header", P(F_GZIP, 9, 0, 15, 8), {LOREM, 0, 0}), HEADER(0)},
    {V("gzip-empty-fields", P(F_GZIP, 1, 3, 9, 2), {"zz", 0, 500}), HEADER(1)},
    {V("gzip-long-header", P(F_GZIP, 6, 0, 15, 1), {TEXT, 0, 3}), HEADER(3)},
    {V("distance-257", P(F_ZLIB, 6, 0, 15, 8), {TEXT_257, 0, 0}, {TEXT_257, 0, 0})},
    {V("gzip-header-crc-at-511", P(F_GZIP, 6, 0, 15, 1), {TEXT, 0, 0}), HEADER(4)},
    /* Text by doc/txtvsbin.txt's rule only through LF, or a space. */
    {V("huffman-newlines", P(F_ZLIB, 1, 2, 15, 8), {"\n", 0, 40})},
    {V("huffman-spaces", P(F_RAW, 1, 2, 15, 8), {" ", 0, 40})},
    {V("max-data", P(F_ZLIB, 6, 0, 15, 8), {"0123456789abcdef", 0, 256})},
    {V("mixed-segments", P(F_ZLIB, 3, 0, 14, 7), {"header:", 0, 0},
       {"\x00\x01", 2, 300}, {TEXT, 0, 0})},
    {V("stream-sync-flush", P(F_ZLIB, 6, 0, 15, 8), {TEXT, 0, 4}),
     STREAM(50, 7, FL_SYNC, 0, 0, 0, Q(1, 0, 12, 4), ((pf_segment){LOREM, 0, 0}), 0)},
    {V("stream-reparam-partial", P(F_RAW, 1, 0, 13, 5), {LOREM, 0, 3}),
     STREAM(60, 64, FL_PARTIAL, 1, 9, 1, Q(0, 0, 15, 8), ((pf_segment){"0", 0, 100}), 0)},
    {V("concat-gzip-members", P(F_GZIP, 9, 3, 15, 9), {"ab", 0, 300}),
     STREAM(99, 0, FL_NONE, 0, 0, 0, Q(2, 2, 10, 2), ((pf_segment){TEXT, 0, 0}), 0)},
    {V("concat-auto-detect", P(F_ZLIB, 6, 1, 11, 8), {TEXT, 0, 2}),
     STREAM(1, 3, FL_BLOCK, 0, 0, 0, Q(-1, 4, 9, 9), ((pf_segment){"xyz", 0, 9}), 1)},
    {V("stream-full-flush-level0", P(F_GZIP, 0, 0, 9, 1), {LOREM, 0, 2}),
     STREAM(20, 100, FL_FULL, 1, 6, 0, Q(0, 0, 15, 8), ((pf_segment){"", 0, 0}), 1)},
    {V("raw-zlib", P(F_ZLIB, 6, 0, 15, 8), {TEXT, 0, 4}), RAW(F_ZLIB, 15, 0, 0, 0, 0)},
    {V("raw-deflate-stored", P(F_RAW, 0, 0, 15, 8), {LOREM, 0, 6}),
     RAW(F_RAW, 15, 7, 100, 0, 0)},
    {V("raw-deflate-fixed", P(F_RAW, 9, 4, 12, 8), {"abba", 0, 100}),
     RAW(F_RAW, 12, 0, 3, 0, 0)},
    {V("raw-deflate-dynamic", P(F_RAW, 9, 0, 15, 8), {TEXT LOREM, 0, 3}),
     RAW(F_RAW, 15, 1, 0, 0, 0)},
    {V("raw-gzip-header", P(F_GZIP, 6, 0, 15, 8), {TEXT, 0, 1}),
     RAW(F_GZIP, 15, 5, 17, 1, 0)},
    {V("raw-auto-gzip", P(F_GZIP, 1, 0, 15, 8), {LOREM, 0, 2}), RAW(F_AUTO, 15, 0, 0, 0, 0)},
    {V("raw-auto-zlib-small-window", P(F_ZLIB, 6, 0, 9, 8), {TEXT, 0, 9}),
     RAW(F_AUTO, 9, 0, 0, 0, 0)},
    {V("raw-truncated", P(F_ZLIB, 6, 0, 15, 8), {TEXT, 0, 5}), RAW(F_ZLIB, 15, 0, 0, 0, 1)},
    {V("raw-corrupt", P(F_GZIP, 6, 0, 15, 8), {LOREM, 0, 5}), RAW(F_GZIP, 15, 0, 0, 0, 2)},
    {V("raw-gzip-members", P(F_GZIP, 6, 0, 15, 8), {TEXT, 0, 1}),
     RAW(F_GZIP, 15, 3, 0, 0, 3)},
    {V("raw-empty", P(F_ZLIB, 6, 0, 15, 8), {"", 0, 0}), RAW(F_ZLIB, 15, 0, 0, 0, 0)},
};

static void enc_gzhdr(pf_buf *e, const zl_gzhdr *h)
{
    pf_enc_bool(e, h->set);
    if (!h->set)
        return;
    pf_enc_bool(e, h->text);
    pf_enc_u64_range(e, 0, UINT32_MAX, h->time);
    pf_enc_u64_range(e, 0, UINT8_MAX, h->os);
    for (int i = 0; i < 3; i++) {
        pf_enc_bool(e, h->field[i] != NULL);
        if (h->field[i])
            pf_enc_bytes(e, 0, i == H_EXTRA ? HDR_EXTRA_MAX : HDR_TEXT_MAX, h->field[i],
                         h->len[i]);
    }
    pf_enc_bool(e, h->hcrc);
}

/* A stream seed has neither a dictionary nor a header; its tail is for
 * concat (auto_detect). */
static void enc_tail(pf_buf *e, const pf_stream_seed *sd)
{
    bool value = sd->tail && !sd->chunk;
    if (sd->params[P_FORMAT] == F_GZIP)
        enc_gzhdr(e, value ? &k_headers[sd->tail[0]] : &(zl_gzhdr){.set = false});
    else
        pf_enc_dict(e, DICT_MAX, DATA_MAX, value ? (int)sd->tail[0] : PF_DICT_NONE,
                    sd->bytes, sd->bytes ? strlen(sd->bytes) : sd->len, sd->at);
}

static void enc_concat(pf_buf *e, const pf_stream_seed *sd)
{
    if (sd->params[P_FORMAT] != F_RAW)
        pf_enc_bool(e, sd->tail[0] != 0);
}

static void enc_raw(pf_buf *e, const pf_stream_seed *sd)
{
    pf_enc_choice(e, N_MODES, MODE_RAW);
    pf_enc_choice(e, N_FORMATS, (size_t)sd->raw[0]);
    for (int i = 1; i < 4; i++)
        pf_enc_u64_range(e, i == 1 ? 8 : 0, i == 1 ? 15 : 255, (uint64_t)sd->raw[i]);
}

static void *opts_of(pf_src *s, const pf_stream_seed *sd)
{
    zl_opts *o = pf_alloc(s, sizeof *o);
    *o = (zl_opts){.hdr = sd->raw[4] ? k_headers[2] : (zl_gzhdr){.set = false}};
    memcpy(o->p, sd->params, sizeof o->p);
    return o;
}

static const pf_stream_seeds k_seed_spec = {
    &zl_target, {N_MODES, MODE_VALUES, zl_params, N_P, &zl_seg, DATA_MAX},
    zl_params + 1, N_P - 1, enc_tail, DICT_MAX, NULL, 0, enc_concat, enc_raw,
    opts_of, NULL, k_seeds, PF_LEN(k_seeds)};

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    pf_stream_emit_seeds(&k_seed_spec, emit);
}
