/* lz4 — the LZ4 frame format (lz4frame) and LZ4 blocks (lz4, lz4hc), on
 * the streaming-codec family (include/propfuzz_stream.h: round_trip,
 * deterministic, batch_stream and concat in value mode; decompress_safe in
 * raw mode).
 *
 * Value mode draws frame preferences (block size ID: default, 64 KiB,
 * 256 KiB, 1 MiB, 4 MiB; linked or independent blocks; content and block
 * checksums; content size; level -128..12, where < 3 is the fast
 * compressor with acceleration and 3..12 is LZ4HC; favorDecSpeed;
 * autoFlush; a dictID), a dictionary (none, its own bytes or a slice of the
 * data, through LZ4F_createCDict and LZ4F_decompress_usingDict) and data
 * (literal and repeated segments, up to 16 KiB). One-shot is
 * LZ4F_compressFrame into LZ4F_compressFrameBound(); the streams are
 * LZ4F_compressBegin/Update (each into LZ4F_compressBound(); LZ4F_flush
 * after each chunk when drawn)/End and LZ4F_decompress. Beyond the family:
 *   round_trip      LZ4F_getFrameInfo, called first, reports the content
 *                   size, checksum flags and dictID that were asked for
 *   batch_stream    the streamed frame keeps the block size and mode
 *   concat          with skippable frames (magic 0x184D2A5x)
 * and on the block API (lz4/block.c) block_capacity, dest_size and
 * dict_attach: exact rooms, LZ4_compress_destSize, attached dictionaries;
 * and reference (comparison with a reference): the one-shot frame is, byte
 * for byte, the one the released liblz4 of the same version writes
 * (lz4/release.c): a change of the compressor that still round-trips
 * shows there only; and length_edges (lz4/edges.c): a block whose literal
 * run, match and last literal run have lengths where the block format's
 * length bytes turn (15 + 255k - 1, + 0, + 1) decodes back and is the
 * release's frame too (drawn data rarely has such lengths).
 * Raw mode feeds the rest of the input to LZ4F_decompress (frames one
 * after another, drawn steps) or to the block decoder (drawn capacity,
 * target and dictionary): decompress_safe, and for blocks the dictionary
 * apart and as a prefix of the output decode alike,
 * LZ4_decompress_safe_partial(_usingDict) gives a prefix of the full
 * decode, and LZ4_compress_default of the output round-trips.
 * Frames are compared after decompression only: lz4frame does not promise
 * that the streaming API writes the one-shot bytes.
 *
 * Restrictions (shown against liblz4 in tests/restrict/lz4.c):
 *   R1 levels above 12 are not drawn: lz4frame.h, "values >
 *      LZ4HC_CLEVEL_MAX count as LZ4HC_CLEVEL_MAX".
 *   R2 the content size of an empty input is not stated: 0 means
 *      "unknown" in LZ4F_frameInfo_t, so the header carries no size for it.
 *   R3 LZ4F_compressFrame lowers the block size to the smallest that fits
 *      and switches to independent blocks, so block size and mode are
 *      compared only in the streaming API's frames.
 *   R4 raw mode: frame output beyond RAW_OUT_CAP bytes is a refusal (the
 *      caller bounds LZ4F_decompress by the room it gives).
 *   R5 raw mode: blocks and frames holding a match with offset 0 (invalid
 *      per the block format) are decoded for memory safety only: the
 *      decoders accept them (lz4 issue #1631, closed: "the decompression
 *      function is not a validation function") and write different bytes.
 *   R6 the partial decoder is asked for at most as many bytes as the full
 *      decode produced: lz4.h says a larger target with a longer source
 *      "will silently corrupt" (Note 5).
 *   R7 reference needs the released liblz4 of the version under test
 *      (liblz4.so.1, or the file PF_LZ4_RELEASE names): without it, or
 *      with another version (whose bytes may differ), it is skipped.
 *
 * The files: here the properties and the modes; lz4/codec.c the frame
 * preferences and lz4frame behind the pf_stream_codec; lz4/block.c the
 * block API's properties; lz4/edges.c length_edges; lz4/release.c the
 * released library; lz4/format.c
 * skippable frames and the offset-0 scan (R5); lz4/seeds.c the seeds;
 * lz4/lz4.h what they share.
 */
#include "lz4/lz4.h"

/* A planted-bug build (tests/planted/lz4/<property>.h) wraps liblz4 calls
 * here and in lz4/codec.c, after the library's headers and before any
 * use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

const pf_segments_opts lz_seg = {.literal_max = DATA_MAX};

static void check_frame_info(pf_src *s, const pf_stream_input *in)
{
    const lz_opts *o = in->opts;
    const lz_dec *d = in->dopts;
    const LZ4F_frameInfo_t *fi = &d->info;
    const char *bad = !d->have_info ? "LZ4F_getFrameInfo failed"
                      : fi->contentSize != (o->p[P_CSIZE] ? in->len : 0) ? "contentSize"
                      : (fi->contentChecksumFlag != 0) != (o->p[P_CCHECK] != 0)
                          ? "contentChecksumFlag"
                      : (fi->blockChecksumFlag != 0) != (o->p[P_BCHECK] != 0)
                          ? "blockChecksumFlag"
                      : fi->dictID != o->p[P_DICT_ID] ? "dictID"
                      : fi->frameType != LZ4F_frame ? "frameType" : NULL;
    if (!bad)
        return;
    pf_buf b = {0};
    pf_buf_printf(&b, "%s: blockSizeID=%d blockMode=%d contentChecksum=%d "
                  "blockChecksum=%d contentSize=%llu dictID=%u frameType=%d",
                  bad, fi->blockSizeID, fi->blockMode, fi->contentChecksumFlag,
                  fi->blockChecksumFlag, (unsigned long long)fi->contentSize,
                  fi->dictID, fi->frameType);
    pf_stream_fail(s, &lz_codec, o, "the frame header does not say what was asked",
                   pf_buf_defer(s, &b));
}

static void prop_round_trip(pf_src *s, void *input)
{
    ((lz_dec *)((pf_stream_input *)input)->dopts)->want_info = true;
    pf_stream_round_trip(s, input);
    check_frame_info(s, input);
}

/* The streaming API keeps the block size and mode asked for (R3). */
static void prop_batch_stream(pf_src *s, void *input)
{
    pf_stream_input *in = input;
    lz_dec *d = in->dopts;
    d->want_info = true;
    pf_stream_batch_compress(s, in);
    const int64_t *p = ((const lz_opts *)in->opts)->p;
    LZ4F_blockSizeID_t want = p[P_BSID] ? lz_bsid_values[p[P_BSID]] : LZ4F_max64KB;
    LZ4F_blockMode_t mode = p[P_INDEPENDENT] ? LZ4F_blockIndependent : LZ4F_blockLinked;
    if (!d->have_info || d->info.blockSizeID != want || d->info.blockMode != mode) {
        pf_buf b = {0};
        pf_buf_printf(&b, "blockSizeID %d (asked %d), blockMode %d (asked %d)",
                      d->info.blockSizeID, want, d->info.blockMode, mode);
        pf_stream_fail(s, &lz_codec, in->opts, "the streamed frame's header changed "
                       "the block size or mode", pf_buf_defer(s, &b));
    }
    d->want_info = false;
    pf_stream_batch_decompress(s, in);
}

/* batch_stream's plan: LZ4F_flush after each chunk. */
static const pf_param k_plan[] = {{"flush", PF_PARAM_BOOL, 0, 1, NULL, 0}};

static void plan_from(pf_stream_plan *plan, const int64_t *v) { plan->flush = v[0]; }

/* A further frame: its own preferences, no dictionary. */
static void *part_opts(pf_src *s, pf_stream_input *in, size_t *cut)
{
    (void)in, (void)cut;
    lz_opts *po = pf_alloc(s, sizeof *po);
    *po = (lz_opts){.dict = {0}};
    pf_draw_params(s, "params", lz_params, N_P, po->p);
    return po;
}

static void *concat_dopts(pf_src *s, pf_stream_input *in)
{
    (void)s;
    ((lz_dec *)in->dopts)->want_info = false;
    return in->dopts;
}

const pf_stream_target lz_target = {
    .codec = &lz_codec, .plan_params = k_plan, .n_plan_params = 1,
    .plan_from = plan_from, .part_opts = part_opts, .part_seg = &lz_seg,
    .part_max = PART_MAX, .write_skippable = lz_write_skippable,
    .concat_dopts = concat_dopts};

static void *draw_values(pf_src *s)
{
    lz_opts *o = pf_alloc(s, sizeof *o);
    *o = (lz_opts){.cdict = NULL};
    pf_draw_params(s, "params", lz_params, N_P, o->p);
    pf_vec *data = pf_draw_segments(s, "data", &lz_seg, DATA_MAX);
    o->dict = pf_draw_dict(s, DICT_MAX, DATA_MAX, data->data, data->len);
    lz_dec *d = pf_alloc(s, sizeof *d);
    *d = (lz_dec){.dict = &o->dict};
    return pf_stream_input_new(s, &lz_target, o, d, data->data, data->len);
}

static const char *const raw_names[N_RAW] = {"frame", "block"};

/* Raw mode: frames for LZ4F_decompress, or a block with its decoder's
 * capacity, target and dictionary. */
typedef struct lraw {
    pf_stream_raw r;
    lz_opts again;
    lz_dec dec;
    size_t cap, target, dict_len;
    const uint8_t *dict;
    bool block;
} lraw;

static void *draw_raw(pf_src *s)
{
    lraw *z = pf_alloc(s, sizeof *z);
    *z = (lraw){.again = {.dict = {0}}, .dec = {.dict = NULL}};
    z->r = (pf_stream_raw){.codec = &lz_codec, .dopts = &z->dec,
                           .recompress_opts = &z->again, .recompress_dopts = &z->dec,
                           .cap = RAW_OUT_CAP, .multi = true};
    z->block = pf_choice(s, "kind", N_RAW) == R_BLOCK;
    pf_name_values(s, raw_names, N_RAW);
    if (!z->block) {
        pf_stream_draw_raw(s, &z->r);
        return z;
    }
    z->cap = (size_t)pf_u64_range(s, "capacity", 0, BLOCK_CAP_MAX);
    z->target = (size_t)pf_u64_range(s, "target", 0, BLOCK_CAP_MAX);
    z->dict = pf_bytes(s, "dict", 0, DICT_MAX, &z->dict_len);
    z->r.raw = pf_rest(s, "raw", &z->r.len);
    return z;
}

_Noreturn static void block_fail(pf_src *s, const char *summary, int n_a,
                                 const char *a, int n_b, const char *b)
{
    pf_buf x = {0}, y = {0};
    pf_buf_printf(&x, "%d: ", n_a);
    pf_buf_hex(&x, (const uint8_t *)a, n_a > 0 ? (size_t)n_a : 0, 128);
    pf_buf_printf(&y, "%d: ", n_b);
    pf_buf_hex(&y, (const uint8_t *)b, n_b > 0 ? (size_t)n_b : 0, 128);
    pf_line l[] = {{"first", pf_buf_defer(s, &x)}, {"second", pf_buf_defer(s, &y)}};
    pf_fail(s, NULL, summary, l, 2, NULL);
}

/* Blocks decode into rooms of exactly their capacity (guarded): with the
 * dictionary apart and as the bytes before the output, in full and in
 * part (a block the full decoder refuses, in part too: in bounds);
 * LZ4_compress_default into LZ4_compressBound() of the output
 * round-trips. */
static void check_raw_block(pf_src *s, const lraw *z)
{
    const char *src = (const char *)z->r.raw, *dict = (const char *)z->dict;
    int len = (int)z->r.len, cap = (int)z->cap, dl = (int)z->dict_len;
    char *full = (char *)pf_vec_reserve(pf_vec_new(s), z->cap);
    int n = LZ4_decompress_safe_usingDict(src, full, len, cap, dict, dl);
    pf_vec *pv = pf_vec_new(s);
    pf_vec_put(pv, z->dict, z->dict_len);
    char *pre = (char *)pf_vec_reserve(pv, z->cap);
    int m = LZ4_decompress_safe_usingDict(src, pre, len, cap, (const char *)pv->data, dl);
    if (lz_block_has_offset0(z->r.raw, z->r.len))
        pf_skip(s, "R5");
    if ((n < 0) != (m < 0) || (n >= 0 && (n != m || memcmp(full, pre, (size_t)n) != 0)))
        block_fail(s, "the dictionary apart and as a prefix decode differently",
                   n, full, m, pre);
    char *part = (char *)pf_vec_reserve(pf_vec_new(s), z->cap);
    if (n < 0) {
        /* A block the full decoder refuses: the partial decoder, asked for
         * any target its room holds, must stay in bounds (its result is
         * not compared, R6). */
        int any = (int)(z->target < z->cap ? z->target : z->cap);
        (void)LZ4_decompress_safe_partial_usingDict(src, part, len, any, cap, dict, dl);
        return;
    }
    int t = (int)(z->target < (size_t)n ? z->target : (size_t)n); /* R6 */
    int k = LZ4_decompress_safe_partial_usingDict(src, part, len, t, cap, dict, dl);
    if (k != t || memcmp(part, full, (size_t)t) != 0)
        block_fail(s, "partial decoding is not a prefix of the full decode", n,
                   full, k, part);
    int bound = LZ4_compressBound(n);
    char *c = (char *)pf_vec_reserve(pf_vec_new(s), (size_t)bound);
    char *back = (char *)pf_vec_reserve(pf_vec_new(s), (size_t)n);
    int cn = LZ4_compress_default(full, c, n, bound);
    int b = cn > 0 ? LZ4_decompress_safe(c, back, cn, n) : -1;
    if (cn <= 0 || b != n || memcmp(back, full, (size_t)n) != 0)
        block_fail(s, "LZ4_decompress_safe(LZ4_compress_default(block)) != block",
                   n, full, b, back);
}

/* Frames: one-shot and stepped decoding agree; the output round-trips. */
static void prop_decompress_safe(pf_src *s, void *in)
{
    lraw *z = in;
    if (z->block) {
        if (z->r.len <= INT32_MAX)
            check_raw_block(s, z);
        return;
    }
    const pf_stream_result *once = pf_stream_raw_once(s, &z->r);
    if (once->status == PF_STREAM_TOO_LARGE)
        pf_skip(s, "R4");
    if (once->status != PF_STREAM_END || once->consumed != z->r.len)
        return;
    if (lz_frames_have_offset0(z->r.raw, z->r.len))
        pf_skip(s, "R5");
    pf_stream_result st;
    pf_stream_raw_stepped(s, &z->r, &st);
    pf_stream_raw_same(s, &z->r, NULL, &st, once);
    pf_stream_raw_recompress(s, &z->r, once);
}

/* The frame the build under test wrote is, byte for byte, the released
 * liblz4's for the same preferences, data and dictionary. */
static void prop_reference(pf_src *s, void *in_)
{
    pf_stream_input *in = in_;
    const lz_opts *o = in->opts;
    const lz_release *r = lz_release_get();
    if (!r)
        pf_skip(s, "R7");
    lz_check_release_frame(s, r, o, in->data, in->len, in->packed,
                           "the released liblz4's frame");
}

static const pf_property value_properties[] = {
    {"round_trip", prop_round_trip},
    {"deterministic", pf_stream_deterministic},
    {"batch_stream", prop_batch_stream},
    {"concat", pf_stream_concat},
    {"block_capacity", lz_prop_block_capacity},
    {"dest_size", lz_prop_dest_size},
    {"dict_attach", lz_prop_dict_attach},
    {"reference", prop_reference},
    {"length_edges", lz_prop_length_edges},
};
static const pf_property raw_properties[] = {{"decompress_safe", prop_decompress_safe}};
static const pf_mode modes[] = {
    {"values", draw_values, value_properties, PF_LEN(value_properties)},
    {"raw", draw_raw, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target lz4 = {"lz4", modes, PF_LEN(modes), NULL};
PF_TARGET(lz4)
