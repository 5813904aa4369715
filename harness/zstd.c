/* zstd — Zstandard frames through libzstd, on the streaming-codec family
 * (include/propfuzz_stream.h: round_trip, deterministic, batch_stream and
 * concat in value mode; decompress_safe in raw mode).
 *
 * Value mode draws compression parameters (level -128..19; windowLog
 * default or 10..23; checksum, content-size and dictID flags; a strategy;
 * targetCBlockSize; literal compression and row match finder switches), a
 * dictionary (none; its own bytes or a slice of the data, as raw content or
 * finalized by ZDICT_finalizeDictionary with the data as samples; loaded
 * into the context or referenced as a CDict) and data (literal and
 * repeated segments, up to 16 KiB). One-shot is ZSTD_compress2 into
 * ZSTD_compressBound() and ZSTD_decompressDCtx; the streams are
 * ZSTD_compressStream2 (e_continue or e_flush, then e_end) and
 * ZSTD_decompressStream. Beyond the family's checks:
 *   round_trip      the frame states its content size when asked (unknown
 *                   when not), its compressed size and its dictID, and
 *                   ZSTD_decompressBound() >= |x|
 *   deterministic   compresses again with the same context after
 *                   ZSTD_CCtx_reset(session only)
 *   concat          with skippable frames (ZSTD_writeSkippableFrame); the
 *                   concatenation also decodes one-shot, and
 *                   ZSTD_findDecompressedSize and ZSTD_decompressBound agree
 *   decompress_safe the size functions agree with what the decoder gave
 *   small_buffer    decompressing into a buffer one or more bytes short of
 *                   the data is refused with dstSize_tooSmall (R9)
 *   reference       (comparison with a reference) the frame is, byte for
 *                   byte, the one the released libzstd of the same version
 *                   writes with the same parameters and dictionary
 *                   (zstd/release.c): a change of the compressor that still
 *                   round-trips shows here only
 *   reference_decode (raw mode) the released decoder makes the same of the
 *                   same bytes: the same output, or the same error
 * Streamed frames are compared after decompression only: zstd does not
 * promise the one-shot bytes (the size is unknown at the start).
 *
 * Restrictions (R2, R7 and R9 shown against libzstd in tests/restrict/zstd.c):
 *   R1 levels 20..22 ("ultra") and windowLog above 23 are not drawn: they
 *      only make each run slower (the decoder's default limit is 27).
 *   R2 targetCBlockSize is 0 (off) or 64..2048: ZSTD_CCtx_setParameter
 *      refuses 1..63 (below ZSTD_TARGETCBLOCKSIZE_MIN), so those draw 64.
 *   R3 ZDICT_finalizeDictionary "may fail in several edge cases including
 *      not enough samples" (zdict.h): the data is then compressed without a
 *      dictionary (counted as event R3).
 *   R4 streaming compression always tells the size: pledged
 *      (ZSTD_CCtx_setPledgedSrcSize) or as a hint (ZSTD_c_srcSizeHint; the
 *      frame says "unknown"). Without either, level 19 sizes its tables for
 *      an unknown input (tens of MiB zeroed per run).
 *   R5 concatenated frames all use the first frame's dictionary (the DDict
 *      referenced for decoding is used for every frame).
 *   R6 raw mode: output beyond RAW_OUT_CAP bytes is a refusal (the caller
 *      bounds ZSTD_decompressDCtx by dstCapacity, the documented way).
 *   R7 raw mode: the streaming decoder gets ZSTD_d_windowLogMax 23 (the
 *      documented memory limit) and refuses larger windows, which the
 *      one-shot decoder (no window buffer) accepts: that comparison is
 *      skipped.
 *   R8 reference and reference_decode need the released libzstd of the
 *      version under test (libzstd.so.1, or the file PF_ZSTD_RELEASE
 *      names): without it, or with another version (whose bytes may
 *      differ), they are skipped.
 *   R9 small_buffer decompresses into too small a buffer, but does not
 *      compress into one: libzstd 1.5.4 then writes past dstCapacity with
 *      a targetCBlockSize (FINDINGS.md), and without, computes a pointer
 *      before its bit stream's buffer when fewer than 8 bytes are left
 *      (undefined; UBSan stops there; upstream's fuzz build leaves that
 *      check out).
 *
 * The files: here the properties and the modes; zstd/codec.c libzstd
 * behind the pf_stream_codec; zstd/release.c the released library;
 * zstd/strategy.c the parameter tables and draws; zstd/seeds.c the seeds;
 * zstd/zstd.h what they share.
 */
#include "zstd/zstd.h"

/* A planted-bug build (tests/planted/zstd/<property>.h) wraps libzstd
 * calls here and in zstd/codec.c, after the library's headers and before
 * any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

static void check_frame_facts(pf_src *s, const pf_stream_input *in)
{
    const zs_opts *o = in->opts;
    const uint8_t *c = in->packed->data;
    size_t n = in->packed->len, csize = ZSTD_findFrameCompressedSize(c, n);
    unsigned long long fcs = ZSTD_getFrameContentSize(c, n),
                       want = o->p[P_CONTENT_SIZE] ? in->len : ZSTD_CONTENTSIZE_UNKNOWN,
                       bound = ZSTD_decompressBound(c, n);
    unsigned id = ZSTD_getDictID_fromFrame(c, n);
    const zs_dict *d = o->dict;
    unsigned want_id = d->buf && d->d[D_FULL] && !o->p[P_NO_DICT_ID]
                           ? ZDICT_getDictID(d->buf, d->len) : 0;
    if (fcs == want && csize == n && bound != ZSTD_CONTENTSIZE_ERROR &&
        bound >= in->len && id == want_id && ZSTD_isFrame(c, n))
        return;
    pf_buf b = {0};
    pf_buf_printf(&b, "content size %llu (want %llu), compressed size %zu of %zu, "
                  "decompress bound %llu, dictID %u (want %u)", fcs, want,
                  csize, n, bound, id, want_id);
    pf_stream_fail(s, &zs_codec, o, "the frame does not say what was asked",
                   pf_buf_defer(s, &b));
}

static void prop_round_trip(pf_src *s, void *in)
{
    pf_stream_round_trip(s, in);
    check_frame_facts(s, in);
}

/* A further frame: the same dictionary (R5), its own parameters. */
static void *part_opts(pf_src *s, pf_stream_input *in, size_t *cut)
{
    (void)cut;
    zs_opts *first = in->opts, *po = pf_alloc(s, sizeof *po);
    *po = *first;
    zs_draw_params(s, po->p);
    first->sizes_known = first->sizes_known && po->p[P_CONTENT_SIZE];
    return po;
}

/* ZSTD_findDecompressedSize says want (or_unknown: or that it does not
 * know) and ZSTD_decompressBound is at least out_len. */
static void check_sizes(pf_src *s, const zs_opts *o, const uint8_t *p, size_t n,
                        size_t out_len, unsigned long long want, bool or_unknown)
{
    unsigned long long total = ZSTD_findDecompressedSize(p, n),
                       bound = ZSTD_decompressBound(p, n);
    if ((total == want || (or_unknown && total == ZSTD_CONTENTSIZE_UNKNOWN)) &&
        bound != ZSTD_CONTENTSIZE_ERROR && bound >= out_len)
        return;
    pf_buf b = {0};
    pf_buf_printf(&b, "findDecompressedSize %llu (want %llu), decompressBound "
                  "%llu, decoded %zu bytes", total, want, bound, out_len);
    pf_stream_fail(s, &zs_codec, o, "the size functions disagree with the "
                   "frames", pf_buf_defer(s, &b));
}

static void check_concat(pf_src *s, pf_stream_input *in, const pf_vec *all,
                         const pf_vec *want)
{
    const zs_opts *o = in->opts;
    pf_stream_result r;
    pf_stream_decompress_once(s, &zs_codec, in->dopts, all->data, all->len,
                              want->len + 64, &r);
    pf_stream_check_decoded(s, &zs_codec, o, "ZSTD_decompressDCtx(concatenated "
                            "frames)", &r, all->len, "concatenated data",
                            want->data, want->len);
    check_sizes(s, o, all->data, all->len, want->len,
                o->sizes_known ? want->len : ZSTD_CONTENTSIZE_UNKNOWN, false);
}

const pf_stream_target zs_target = {
    .codec = &zs_codec, .plan_params = zs_plan, .n_plan_params = N_PL,
    .plan_from = zs_plan_from,
    .part_opts = part_opts, .part_seg = &zs_seg, .part_max = PART_MAX,
    .write_skippable = zs_write_skippable, .check_concat = check_concat};

static void *draw_values(pf_src *s)
{
    zs_new_contexts(s);
    zs_opts *o = pf_alloc(s, sizeof *o);
    zs_draw_params(s, o->p);
    o->sizes_known = o->p[P_CONTENT_SIZE];
    pf_vec *data = pf_draw_segments(s, "data", &zs_seg, DATA_MAX);
    o->dict = zs_draw_dict(s, data->data, data->len);
    zs_make_dict(s, o->dict, (int)o->p[P_LEVEL], data->data, data->len);
    return pf_stream_input_new(s, &zs_target, o, o->dict, data->data, data->len);
}

/* Raw mode: the decoder's input; its output is compressed again with the
 * default parameters and the size stated. */
typedef struct zsraw {
    pf_stream_raw r;
    zs_opts again;
    zs_dict none, limited;
} zsraw;

static void *draw_raw(pf_src *s)
{
    zs_new_contexts(s);
    zsraw *z = pf_alloc(s, sizeof *z);
    *z = (zsraw){.again = {.p = {[P_CONTENT_SIZE] = 1}, .dict = &z->none},
                 .limited = {.limit_window = true}};
    z->r = (pf_stream_raw){.codec = &zs_codec, .dopts = &z->none,
                           .step_dopts = &z->limited, .recompress_opts = &z->again,
                           .recompress_dopts = &z->none, .cap = RAW_OUT_CAP,
                           .multi = true};
    pf_stream_draw_raw(s, &z->r);
    return z;
}

static void prop_decompress_safe(pf_src *s, void *in)
{
    zsraw *z = in;
    const pf_stream_result *once = pf_stream_raw_once(s, &z->r);
    if (once->status == PF_STREAM_TOO_LARGE)
        pf_skip(s, "R6");
    if (once->status != PF_STREAM_END)
        return;
    size_t n = once->out->len;
    check_sizes(s, NULL, z->r.raw, z->r.len, n, n, true);
    pf_stream_raw_recompress(s, &z->r, once);
    pf_stream_result st;
    pf_stream_raw_stepped(s, &z->r, &st);
    if (st.status == PF_STREAM_ERROR &&
        strcmp(st.error, ZSTD_getErrorString(ZSTD_error_frameParameter_windowTooLarge)) == 0)
        pf_skip(s, "R7");
    pf_stream_raw_same(s, &z->r, "ZSTD_decompressStream(raw) in steps", &st, once);
}

static const zs_release *release_or_skip(pf_src *s)
{
    const zs_release *r = zs_release_get();
    if (!r)
        pf_skip(s, "R8");
    return r;
}

/* The frame the build under test wrote is, byte for byte, the released
 * libzstd's for the same parameters and dictionary. */
static void prop_reference(pf_src *s, void *in_)
{
    pf_stream_input *in = in_;
    const zs_release *r = release_or_skip(s);
    pf_vec *want = pf_vec_new(s);
    const char *why = zs_release_compress(r, in->opts, in->data, in->len, want);
    if (why)
        pf_stream_fail(s, &zs_codec, in->opts, "the released libzstd refused "
                       "what the build under test took", why);
    pf_check_bytes_equal(s, NULL, "the released libzstd's frame", want->data,
                         want->len, "the frame under test", in->packed->data,
                         in->packed->len);
}

/* What the decoder under test makes of arbitrary bytes is what the
 * released one makes of them: the same output, or a refusal (the error
 * itself may differ: which check fires first is not the same in every
 * build, e.g. "Data corruption detected" here where Debian's says
 * "Destination buffer is too small", corpus/zstd/regress). */
static void prop_reference_decode(pf_src *s, void *in)
{
    zsraw *z = in;
    const zs_release *r = release_or_skip(s);
    const pf_stream_result *once = pf_stream_raw_once(s, &z->r);
    pf_stream_result want = {.out = pf_vec_new(s)};
    zs_release_decompress(r, z->r.raw, z->r.len, z->r.cap, &want);
    bool ours = once->status == PF_STREAM_END, theirs = want.status == PF_STREAM_END;
    if (ours == theirs && (!ours || (once->out->len == want.out->len &&
                                     memcmp(once->out->data, want.out->data,
                                            want.out->len) == 0)))
        return;
    pf_buf b = {0};
    pf_buf_printf(&b, "under test: %s, %zu bytes%s%s; the release: %s, %zu bytes%s%s",
                  pf_stream_status_name(once->status), once->out->len,
                  once->error ? ", " : "", once->error ? once->error : "",
                  pf_stream_status_name(want.status), want.out->len,
                  want.error ? ", " : "", want.error ? want.error : "");
    pf_stream_fail(s, &zs_codec, NULL, "ZSTD_decompressDCtx(raw) differs from the "
                   "released libzstd's", pf_buf_defer(s, &b));
}

/* Decompressing a frame into fewer bytes than its data is refused with
 * ZSTD_error_dstSize_tooSmall, as zstd's own fuzz target
 * decompress_dstSize_tooSmall checks (compressing into too few: R9). */
static void prop_small_buffer(pf_src *s, void *in_)
{
    pf_stream_input *in = in_;
    if (in->len == 0)
        return;
    size_t cap = in->len - (size_t)pf_u64_range(s, "short_by", 1, in->len);
    pf_stream_result d = {.out = pf_vec_new(s)};
    pf_stream_decompress_once(s, &zs_codec, in->dopts, in->packed->data,
                              in->packed->len, cap, &d);
    if (d.status != PF_STREAM_TOO_LARGE)
        pf_stream_fail(s, &zs_codec, in->opts, "ZSTD_decompressDCtx into fewer bytes "
                       "than the data did not say dstSize_tooSmall",
                       d.error ? d.error : pf_stream_status_name(d.status));
}

static const pf_property value_properties[] = {
    {"round_trip", prop_round_trip},
    {"deterministic", pf_stream_deterministic},
    {"batch_stream", pf_stream_batch_stream},
    {"concat", pf_stream_concat},
    {"reference", prop_reference},
    {"small_buffer", prop_small_buffer},
};
static const pf_property raw_properties[] = {
    {"decompress_safe", prop_decompress_safe},
    {"reference_decode", prop_reference_decode},
};
static const pf_mode modes[] = {
    {"values", draw_values, value_properties, PF_LEN(value_properties)},
    {"raw", draw_raw, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target zstd = {"zstd", modes, PF_LEN(modes), NULL};
PF_TARGET(zstd)
