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
 * Streamed frames are compared after decompression only: zstd does not
 * promise the one-shot bytes (the size is unknown at the start).
 *
 * Restrictions (R2 and R7 shown against libzstd in tests/restrict/zstd.c):
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
 */
#define ZSTD_STATIC_LINKING_ONLY
#include "propfuzz_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zdict.h>
#include <zstd.h>
#include <zstd_errors.h>

/* A planted-bug build (tests/planted/zstd/<property>.h) wraps libzstd
 * calls here, after the library's headers and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

enum {
    DATA_MAX = 16384, PART_MAX = 2048, DICT_MAX = 4096, MAX_SAMPLES = 8,
    FULL_DICT_MAX = DICT_MAX + 1024, /* content plus header and tables */
    LEVEL_MIN = -128, LEVEL_MAX = 19, WLOG_MAX = 23, TCB_MAX = 2048,
    RAW_OUT_CAP = 256 * 1024, RAW_WLOG_MAX = 23,
};
enum mode { MODE_VALUES, MODE_RAW, N_MODES };
enum dict_api { API_LOAD, API_CDICT, N_API };
static const char *const api_names[N_API] = {"cctx_load", "cdict"};
static const char *const strategy_names[] = {
    "from_level", "fast", "dfast", "greedy", "lazy", "lazy2",
    "btlazy2", "btopt", "btultra", "btultra2"};
static const char *const switch_names[] = {"auto", "enable", "disable"};
static const pf_segments_opts k_seg = {.literal_max = DATA_MAX};

/* libzstd allocates through the block cache. One compression and one
 * decompression context serve an input (each use resets session and
 * parameters); a fresh pair per input keeps every failure reproducible
 * from its own input. */
static void *zs_alloc(void *opaque, size_t n) { (void)opaque; return pf_cache_alloc(n); }
static void zs_free(void *opaque, void *p) { (void)opaque; pf_cache_free(p); }
static const ZSTD_customMem g_mem = {zs_alloc, zs_free, NULL};
static ZSTD_CCtx *g_cctx;
static ZSTD_DCtx *g_dctx;

static void free_contexts(void *arg)
{
    (void)arg;
    ZSTD_freeCCtx(g_cctx);
    ZSTD_freeDCtx(g_dctx);
    g_cctx = NULL, g_dctx = NULL;
}

/* Called first in each mode's setup: freed last when the input ends. */
static void new_contexts(pf_src *s)
{
    g_cctx = ZSTD_createCCtx_advanced(g_mem);
    g_dctx = ZSTD_createDCtx_advanced(g_mem);
    pf_defer(s, free_contexts, NULL);
}

/* --- strategy ------------------------------------------------------- */

/* The parameters in drawing order (R1), with libzstd's names for them. */
enum { P_LEVEL, P_WLOG, P_CHECKSUM, P_CONTENT_SIZE, P_NO_DICT_ID, P_STRATEGY,
       P_TCB, P_LITERALS, P_ROW_MATCH, N_P };
static const pf_param k_params[N_P] = {
    {"level", PF_PARAM_INT, LEVEL_MIN, LEVEL_MAX, NULL, 0},
    {"windowLog", PF_PARAM_UINT, ZSTD_WINDOWLOG_MIN - 1, WLOG_MAX, NULL, 0},
    {"checksum", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"contentSize", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"noDictID", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"strategy", PF_PARAM_CHOICE, 0, 9, strategy_names, 0},
    {"targetCBlockSize", PF_PARAM_UINT, 0, TCB_MAX, NULL, 0},
    {"literals", PF_PARAM_CHOICE, 0, 2, switch_names, 0},
    {"rowMatchFinder", PF_PARAM_CHOICE, 0, 2, switch_names, 0},
};
static const ZSTD_cParameter k_param_ids[N_P] = {
    ZSTD_c_compressionLevel, ZSTD_c_windowLog, ZSTD_c_checksumFlag,
    ZSTD_c_contentSizeFlag, ZSTD_c_dictIDFlag, ZSTD_c_strategy,
    ZSTD_c_targetCBlockSize, ZSTD_c_literalCompressionMode,
    ZSTD_c_useRowMatchFinder};

/* What a dictionary is drawn as, after its content (pf_draw_dict). */
enum { D_FULL, D_ID, D_SAMPLES, D_API, N_D };
static const pf_param k_dict_params[N_D] = {
    {"finalize", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"dict_id", PF_PARAM_UINT, 0, UINT32_MAX, NULL, D_FULL + 1},
    {"samples", PF_PARAM_UINT, 1, MAX_SAMPLES, NULL, D_FULL + 1},
    {"dict_api", PF_PARAM_CHOICE, 0, N_API - 1, api_names, 0},
};

/* The dictionary of one input: drawn, then as libzstd is given it (buf:
 * the raw content or the finalized buffer; NULL: none). Also the
 * decoder's options (raw mode: limit_window, R7). */
typedef struct zsdict {
    pf_dict content;
    int64_t d[N_D];
    const uint8_t *buf;
    size_t len;
    ZSTD_CDict *cdict;
    ZSTD_DDict *ddict;
    bool limit_window;
} zsdict;

typedef struct zsopts {
    int64_t p[N_P];
    zsdict *dict;
    bool sizes_known;   /* concat: every frame states its size */
} zsopts;

/* windowLog 9 stands for the default (0); targetCBlockSize 1..63, which
 * libzstd refuses, for 64 (R2). */
static void fold_params(int64_t *p)
{
    if (p[P_WLOG] < ZSTD_WINDOWLOG_MIN)
        p[P_WLOG] = 0;
    if (p[P_TCB] > 0 && p[P_TCB] < ZSTD_TARGETCBLOCKSIZE_MIN)
        p[P_TCB] = ZSTD_TARGETCBLOCKSIZE_MIN;
}

static void draw_params(pf_src *s, int64_t *p)
{
    pf_draw_params(s, "params", k_params, N_P, p);
    fold_params(p);
}

/* The contexts may still refer to the dictionaries: they let go first. */
static void free_dicts(void *arg)
{
    zsdict *d = arg;
    if (!d->cdict && !d->ddict)
        return;
    ZSTD_CCtx_refCDict(g_cctx, NULL);
    ZSTD_DCtx_refDDict(g_dctx, NULL);
    ZSTD_freeCDict(d->cdict);
    ZSTD_freeDDict(d->ddict);
}

static zsdict *draw_dict(pf_src *s, const uint8_t *data, size_t len)
{
    zsdict *d = pf_alloc(s, sizeof *d);
    *d = (zsdict){.content = pf_draw_dict(s, DICT_MAX, DATA_MAX, data, len)};
    pf_defer(s, free_dicts, d);
    if (d->content.kind != PF_DICT_NONE)
        pf_draw_params(s, "dictionary", k_dict_params, N_D, d->d);
    return d;
}

/* The dictionary as libzstd gets it, in a guarded vector: the raw content,
 * or finalized with the data as samples (R3 when that fails). */
static bool make_dict(pf_src *s, zsdict *d, int level, const uint8_t *data,
                      size_t len)
{
    if (d->content.kind == PF_DICT_NONE)
        return true;
    pf_vec *v = pf_vec_new(s);
    size_t r = d->content.len, sizes[MAX_SAMPLES];
    if (!d->d[D_FULL]) {
        pf_vec_put(v, d->content.data, r);
    } else {
        unsigned n = len < (size_t)d->d[D_SAMPLES] ? (unsigned)len
                                                   : (unsigned)d->d[D_SAMPLES];
        for (unsigned i = 0; i < n; i++)
            sizes[i] = len / n + (i < len % n);
        ZDICT_params_t zp = {.compressionLevel = level,
                             .dictID = (unsigned)d->d[D_ID]};
        r = ZDICT_finalizeDictionary(pf_vec_reserve(v, FULL_DICT_MAX), FULL_DICT_MAX,
                                     d->content.data, d->content.len, data,
                                     sizes, n, zp);
        if (ZDICT_isError(r)) {
            pf_event(s, "R3");
            return false;
        }
        pf_vec_added(v, r);
    }
    d->buf = v->data, d->len = r;
    return true;
}

/* batch_stream's plan: output room, e_flush after each chunk, and R4's
 * pledge (else a size hint). */
enum { PL_ROOM, PL_FLUSH, PL_PLEDGE, N_PL };
static const pf_param k_plan[N_PL] = {
    PF_STREAM_ROOM_PARAM("out_room"),
    {"flush", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"pledge", PF_PARAM_BOOL, 0, 1, NULL, 0},
};

/* --- the codec ------------------------------------------------------ */

static const pf_stream_codec zs_codec;

static const char *zs_error(const char *call, size_t r)
{
    return ZSTD_isError(r) ? pf_stream_why(call, ZSTD_getErrorName(r)) : NULL;
}

static void zs_describe(const void *opts, pf_buf *b)
{
    const zsopts *o = opts;
    pf_describe_params(b, k_params, N_P, o->p);
    if (o->dict && o->dict->buf) {
        pf_buf_printf(b, " dict=%zu bytes ", o->dict->len);
        pf_describe_params(b, k_dict_params, N_D, o->dict->d);
    }
}

static ZSTD_dictContentType_e dict_type(const zsdict *d)
{
    return d->d[D_FULL] ? ZSTD_dct_fullDict : ZSTD_dct_rawContent;
}

static const char *apply_dict(const zsopts *o, size_t len)
{
    zsdict *d = o->dict;
    if (d->d[D_API] == API_LOAD)
        return zs_error("ZSTD_CCtx_loadDictionary_advanced",
                        ZSTD_CCtx_loadDictionary_advanced(
                            g_cctx, d->buf, d->len, ZSTD_dlm_byRef, dict_type(d)));
    if (!d->cdict)
        d->cdict = ZSTD_createCDict_advanced(
            d->buf, d->len, ZSTD_dlm_byRef, dict_type(d),
            ZSTD_getCParams((int)o->p[P_LEVEL], len, d->len), g_mem);
    return d->cdict ? zs_error("ZSTD_CCtx_refCDict", ZSTD_CCtx_refCDict(g_cctx, d->cdict))
                    : "ZSTD_createCDict_advanced refused the dictionary";
}

/* The context reset to defaults, then o's parameters and dictionary. */
static const char *apply(const zsopts *o, size_t len)
{
    const char *why = zs_error("ZSTD_CCtx_reset",
                               ZSTD_CCtx_reset(g_cctx, ZSTD_reset_session_and_parameters));
    for (int i = 0; i < N_P && !why; i++) {
        int v = (int)(i == P_NO_DICT_ID ? !o->p[i] : o->p[i]);
        /* windowLog, strategy and targetCBlockSize 0: libzstd's default */
        if (v || (i != P_WLOG && i != P_STRATEGY && i != P_TCB))
            why = zs_error(k_params[i].name,
                           ZSTD_CCtx_setParameter(g_cctx, k_param_ids[i], v));
    }
    return why || !o->dict || !o->dict->buf ? why : apply_dict(o, len);
}

static const char *compress2_into(const uint8_t *data, size_t len, pf_vec *out)
{
    size_t bound = ZSTD_compressBound(len);
    size_t r = ZSTD_compress2(g_cctx, pf_vec_reserve(out, bound), bound, data, len);
    if (!ZSTD_isError(r))
        pf_vec_added(out, r);
    return zs_error("ZSTD_compress2 into ZSTD_compressBound()", r);
}

static const char *zs_compress(pf_src *s, void *opts, const uint8_t *data,
                               size_t len, pf_vec *out)
{
    (void)s;
    const char *why = apply(opts, len);
    return why ? why : compress2_into(data, len, out);
}

/* deterministic: the same context again, parameters and dictionary kept. */
static const char *zs_recompress(pf_src *s, void *opts, const uint8_t *data,
                                 size_t len, pf_vec *out)
{
    (void)s, (void)opts;
    const char *why = zs_error("ZSTD_CCtx_reset",
                               ZSTD_CCtx_reset(g_cctx, ZSTD_reset_session_only));
    return why ? why : compress2_into(data, len, out);
}

static void *zs_encoder_begin(pf_src *s, void *opts, const pf_stream_plan *plan,
                              size_t len)
{
    const int64_t *v = plan->extra;
    const char *why = apply(opts, len);
    if (!why && v && v[PL_PLEDGE]) /* R4 */
        why = zs_error("ZSTD_CCtx_setPledgedSrcSize",
                       ZSTD_CCtx_setPledgedSrcSize(g_cctx, len));
    else if (!why && len > 0)
        why = zs_error("ZSTD_c_srcSizeHint",
                       ZSTD_CCtx_setParameter(g_cctx, ZSTD_c_srcSizeHint, (int)len));
    if (why)
        pf_stream_fail(s, &zs_codec, opts, "libzstd refused a valid call", why);
    return g_cctx;
}

static pf_step zs_encoder_step(void *enc, pf_stream_op op, pf_stream_io *io)
{
    ZSTD_EndDirective d = op == PF_OP_FEED ? ZSTD_e_continue
                          : op == PF_OP_FLUSH ? ZSTD_e_flush : ZSTD_e_end;
    ZSTD_outBuffer ob = {io->out, io->room, 0};
    ZSTD_inBuffer ib = {io->in, io->in_len, 0};
    size_t r = ZSTD_compressStream2(enc, &ob, &ib, d);
    io->in_used = ib.pos, io->out_used = ob.pos;
    if ((io->error = zs_error("ZSTD_compressStream2", r)))
        return PF_STEP_ERROR;
    return (d == ZSTD_e_continue ? ib.pos == ib.size : r == 0) ? PF_STEP_DONE
                                                              : PF_STEP_MORE;
}

static void *zs_decoder_begin(pf_src *s, void *dopts)
{
    zsdict *d = dopts;
    const char *why = zs_error("ZSTD_DCtx_reset",
                               ZSTD_DCtx_reset(g_dctx, ZSTD_reset_session_and_parameters));
    if (!why && d->buf && !d->ddict)
        d->ddict = ZSTD_createDDict_advanced(d->buf, d->len, ZSTD_dlm_byRef,
                                             dict_type(d), g_mem);
    if (!why && d->buf)
        why = d->ddict ? zs_error("ZSTD_DCtx_refDDict",
                                  ZSTD_DCtx_refDDict(g_dctx, d->ddict))
                       : "ZSTD_createDDict_advanced refused the dictionary";
    if (!why && d->limit_window)
        why = zs_error("ZSTD_d_windowLogMax",
                       ZSTD_DCtx_setParameter(g_dctx, ZSTD_d_windowLogMax, RAW_WLOG_MAX));
    if (why)
        pf_stream_fail(s, &zs_codec, NULL, "libzstd refused a valid call", why);
    return g_dctx;
}

static pf_step zs_decoder_step(void *dec, pf_stream_io *io)
{
    ZSTD_outBuffer ob = {io->out, io->room, 0};
    ZSTD_inBuffer ib = {io->in, io->in_len, 0};
    size_t r = ZSTD_decompressStream(dec, &ob, &ib);
    io->in_used = ib.pos, io->out_used = ob.pos;
    if (ZSTD_isError(r))
        io->error = ZSTD_getErrorName(r);
    return ZSTD_isError(r) ? PF_STEP_ERROR
           : r == 0 ? PF_STEP_DONE : PF_STEP_MORE; /* 0: a frame decoded */
}

/* ZSTD_decompressDCtx: every frame in `in`. */
static void zs_decompress(pf_src *s, void *dopts, const uint8_t *in, size_t len,
                          size_t cap, pf_stream_result *r)
{
    ZSTD_DCtx *d = zs_decoder_begin(s, dopts);
    size_t n = ZSTD_decompressDCtx(d, pf_vec_reserve(r->out, cap), cap, in, len);
    if (ZSTD_isError(n)) {
        r->status = ZSTD_getErrorCode(n) == ZSTD_error_dstSize_tooSmall
                        ? PF_STREAM_TOO_LARGE : PF_STREAM_ERROR;
        r->error = ZSTD_getErrorName(n);
        return;
    }
    pf_vec_added(r->out, n);
    r->consumed = len;
    r->status = PF_STREAM_END;
}

static const pf_stream_codec zs_codec = {
    .compress_name = "compress", .decompress_name = "decompress",
    .compress = zs_compress, .recompress = zs_recompress,
    .encoder_begin = zs_encoder_begin, .encoder_step = zs_encoder_step,
    .default_room = ZSTD_COMPRESSBOUND(ZSTD_BLOCKSIZE_MAX),
    .decoder_begin = zs_decoder_begin, .decoder_step = zs_decoder_step,
    .empty_is_no_frames = true, .decompress = zs_decompress,
    .describe = zs_describe,
};

/* --- properties ----------------------------------------------------- */

static void check_frame_facts(pf_src *s, const pf_stream_input *in)
{
    const zsopts *o = in->opts;
    const uint8_t *c = in->packed->data;
    size_t n = in->packed->len, csize = ZSTD_findFrameCompressedSize(c, n);
    unsigned long long fcs = ZSTD_getFrameContentSize(c, n),
                       want = o->p[P_CONTENT_SIZE] ? in->len : ZSTD_CONTENTSIZE_UNKNOWN,
                       bound = ZSTD_decompressBound(c, n);
    unsigned id = ZSTD_getDictID_fromFrame(c, n);
    const zsdict *d = o->dict;
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

static void plan_from(pf_stream_plan *plan, const int64_t *v)
{
    plan->room = (size_t)v[PL_ROOM];
    plan->flush = v[PL_FLUSH] != 0;
}

static void write_skippable(pf_src *s, unsigned magic, const uint8_t *p,
                            size_t n, pf_vec *out)
{
    size_t w = ZSTD_writeSkippableFrame(pf_vec_reserve(out, n + 8), n + 8, p, n,
                                        magic);
    if (ZSTD_isError(w))
        pf_stream_fail(s, &zs_codec, NULL, "libzstd refused a valid call",
                       zs_error("ZSTD_writeSkippableFrame", w));
    pf_vec_added(out, w);
}

/* A further frame: the same dictionary (R5), its own parameters. */
static void *part_opts(pf_src *s, pf_stream_input *in, size_t *cut)
{
    (void)cut;
    zsopts *first = in->opts, *po = pf_alloc(s, sizeof *po);
    *po = *first;
    draw_params(s, po->p);
    first->sizes_known = first->sizes_known && po->p[P_CONTENT_SIZE];
    return po;
}

/* ZSTD_findDecompressedSize says want (or_unknown: or that it does not
 * know) and ZSTD_decompressBound is at least out_len. */
static void check_sizes(pf_src *s, const zsopts *o, const uint8_t *p, size_t n,
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
    const zsopts *o = in->opts;
    pf_stream_result r;
    pf_stream_decompress_once(s, &zs_codec, in->dopts, all->data, all->len,
                              want->len + 64, &r);
    pf_stream_check_decoded(s, &zs_codec, o, "ZSTD_decompressDCtx(concatenated "
                            "frames)", &r, all->len, "concatenated data",
                            want->data, want->len);
    check_sizes(s, o, all->data, all->len, want->len,
                o->sizes_known ? want->len : ZSTD_CONTENTSIZE_UNKNOWN, false);
}

static const pf_stream_target zs_target = {
    .codec = &zs_codec, .plan_params = k_plan, .n_plan_params = N_PL,
    .plan_from = plan_from,
    .part_opts = part_opts, .part_seg = &k_seg, .part_max = PART_MAX,
    .write_skippable = write_skippable, .check_concat = check_concat};

static void *draw_values(pf_src *s)
{
    new_contexts(s);
    zsopts *o = pf_alloc(s, sizeof *o);
    draw_params(s, o->p);
    o->sizes_known = o->p[P_CONTENT_SIZE];
    pf_vec *data = pf_draw_segments(s, "data", &k_seg, DATA_MAX);
    o->dict = draw_dict(s, data->data, data->len);
    make_dict(s, o->dict, (int)o->p[P_LEVEL], data->data, data->len);
    return pf_stream_input_new(s, &zs_target, o, o->dict, data->data, data->len);
}

/* Raw mode: the decoder's input; its output is compressed again with the
 * default parameters and the size stated. */
typedef struct zsraw {
    pf_stream_raw r;
    zsopts again;
    zsdict none, limited;
} zsraw;

static void *draw_raw(pf_src *s)
{
    new_contexts(s);
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

static const pf_property value_properties[] = {
    {"round_trip", prop_round_trip},
    {"deterministic", pf_stream_deterministic},
    {"batch_stream", pf_stream_batch_stream},
    {"concat", pf_stream_concat},
};
static const pf_property raw_properties[] = {{"decompress_safe", prop_decompress_safe}};
static const pf_mode modes[] = {
    {"values", draw_values, value_properties, PF_LEN(value_properties)},
    {"raw", draw_raw, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target zstd = {"zstd", modes, PF_LEN(modes), NULL};
PF_TARGET(zstd)

/* --- seeds, written as values (design §6) ---------------------------- */

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
    new_contexts(s);
    zsopts *o = pf_alloc(s, sizeof *o);
    o->dict = pf_alloc(s, sizeof *o->dict);
    *o->dict = (zsdict){.content = {0}};
    memcpy(o->p, sd->params, sizeof o->p);
    fold_params(o->p);
    return o;
}

static void damage(pf_src *s, const pf_stream_seed *sd, void *opts, pf_vec *v)
{
    if (sd->damage == 3)
        write_skippable(s, 7, (const uint8_t *)"skip", 4, v);
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
    &zs_target, {N_MODES, MODE_VALUES, k_params, N_P, &k_seg, DATA_MAX},
    k_params, N_P, NULL, DICT_MAX, k_dict_params, N_D, NULL, enc_raw, opts_of,
    damage, k_seeds, PF_LEN(k_seeds)};

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    pf_stream_emit_seeds(&k_seed_spec, emit);
}
