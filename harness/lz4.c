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
 */
#define LZ4F_STATIC_LINKING_ONLY
#define LZ4_STATIC_LINKING_ONLY
#include "propfuzz_stream.h"

#include <lz4.h>
#include <lz4frame.h>
#include <lz4hc.h>
#include <string.h>

/* A planted-bug build (tests/planted/lz4/<property>.h) wraps liblz4 calls
 * here, after the library's headers and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

enum {
    DATA_MAX = 16384, PART_MAX = 2048, DICT_MAX = 4096,
    RAW_OUT_CAP = 256 * 1024, BLOCK_CAP_MAX = 65536,
};
enum mode { MODE_VALUES, MODE_RAW, N_MODES };
enum raw_kind { R_FRAME, R_BLOCK, N_RAW };
static const char *const raw_names[N_RAW] = {"frame", "block"};
static const char *const bsid_names[] = {"default", "64KB", "256KB", "1MB", "4MB"};
static const LZ4F_blockSizeID_t bsid_values[] = {
    LZ4F_default, LZ4F_max64KB, LZ4F_max256KB, LZ4F_max1MB, LZ4F_max4MB};
static const pf_segments_opts k_seg = {.literal_max = DATA_MAX};

/* lz4frame allocates through the block cache, and every compression and
 * decompression gets a fresh context: LZ4HC's output depends on what a
 * reused context compressed before (LZ4_resetStreamHC_fast keeps its
 * tables), and lz4 1.9.4's LZ4F_resetDecompressionContext keeps the
 * remaining content size of an interrupted frame (lz4 issue #1227): a
 * failure would depend on the call or the input before. */
static void *l_alloc(void *o, size_t n) { (void)o; return pf_cache_alloc(n); }
static void *l_calloc(void *o, size_t n) { (void)o; return pf_cache_calloc(n); }
static void l_free(void *o, void *p) { (void)o; pf_cache_free(p); }
static const LZ4F_CustomMem g_mem = {l_alloc, l_calloc, l_free, NULL};

/* --- strategy ------------------------------------------------------- */

enum { P_BSID, P_INDEPENDENT, P_CCHECK, P_BCHECK, P_CSIZE, P_LEVEL, P_FAVOR,
       P_AUTOFLUSH, P_DICT_ID, N_P };
static const pf_param k_params[N_P] = {
    {"blockSize", PF_PARAM_CHOICE, 0, 4, bsid_names, 0},
    {"independentBlocks", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"contentChecksum", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"blockChecksum", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"contentSize", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"level", PF_PARAM_INT, -128, LZ4HC_CLEVEL_MAX, NULL, 0}, /* R1 */
    {"favorDecSpeed", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"autoFlush", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"dictID", PF_PARAM_UINT, 0, UINT32_MAX, NULL, 0},
};
/* batch_stream's plan: LZ4F_flush after each chunk. */
static const pf_param k_plan[] = {{"flush", PF_PARAM_BOOL, 0, 1, NULL, 0}};

typedef struct lopts {
    int64_t p[N_P];
    pf_dict dict;
    LZ4F_CDict *cdict;  /* made when first used */
} lopts;

/* The decoder's options, and what LZ4F_getFrameInfo said first. */
typedef struct ldec {
    const pf_dict *dict;
    bool want_info, have_info;
    LZ4F_frameInfo_t info;
} ldec;

static void free_cdict(void *arg) { LZ4F_freeCDict(((lopts *)arg)->cdict); }

static void prefs_of(const int64_t *p, size_t len, LZ4F_preferences_t *pr)
{
    memset(pr, 0, sizeof *pr);
    pr->frameInfo.blockSizeID = bsid_values[p[P_BSID]];
    pr->frameInfo.blockMode = p[P_INDEPENDENT] ? LZ4F_blockIndependent
                                               : LZ4F_blockLinked;
    pr->frameInfo.contentChecksumFlag = (LZ4F_contentChecksum_t)p[P_CCHECK];
    pr->frameInfo.blockChecksumFlag = (LZ4F_blockChecksum_t)p[P_BCHECK];
    pr->frameInfo.contentSize = p[P_CSIZE] ? len : 0; /* R2 */
    pr->frameInfo.dictID = (unsigned)p[P_DICT_ID];
    pr->compressionLevel = (int)p[P_LEVEL];
    pr->autoFlush = (unsigned)p[P_AUTOFLUSH];
    pr->favorDecSpeed = (unsigned)p[P_FAVOR];
}

/* --- the codec ------------------------------------------------------ */

static const pf_stream_codec l_codec;

static const char *l_error(const char *call, size_t r)
{
    return LZ4F_isError(r) ? pf_stream_why(call, LZ4F_getErrorName(r)) : NULL;
}

static void l_describe(const void *opts, pf_buf *b)
{
    const lopts *o = opts;
    pf_describe_params(b, k_params, N_P, o->p);
    if (o->dict.data)
        pf_buf_printf(b, " dict=%zu bytes", o->dict.len);
}

static const LZ4F_CDict *cdict_of(pf_src *s, lopts *o)
{
    if (!o->dict.data || o->cdict)
        return o->cdict;
    o->cdict = LZ4F_createCDict_advanced(g_mem, o->dict.data, o->dict.len);
    if (!o->cdict)
        pf_stream_fail(s, &l_codec, o, "LZ4F_createCDict refused a dictionary", NULL);
    pf_defer(s, free_cdict, o);
    return o->cdict;
}

/* LZ4F_compressFrame for the fast levels (it keeps their state on its
 * stack); for HC levels or a dictionary LZ4F_compressFrame_usingCDict with
 * the context from the block cache (LZ4F_compressFrame mallocs a 256 KiB
 * HC state per call), as LZ4F_compressFrame itself would call it. */
static const char *l_compress(pf_src *s, void *opts, const uint8_t *data,
                              size_t len, pf_vec *out)
{
    lopts *o = opts;
    LZ4F_preferences_t pr;
    prefs_of(o->p, len, &pr);
    size_t bound = LZ4F_compressFrameBound(len, &pr), r;
    uint8_t *room = pf_vec_reserve(out, bound);
    if (o->dict.data || o->p[P_LEVEL] >= LZ4HC_CLEVEL_MIN) {
        const LZ4F_CDict *d = cdict_of(s, o); /* may fail: before the context */
        LZ4F_cctx *c = LZ4F_createCompressionContext_advanced(g_mem, LZ4F_VERSION);
        r = c ? LZ4F_compressFrame_usingCDict(c, room, bound, data, len, d, &pr)
              : (size_t)-LZ4F_ERROR_allocation_failed;
        LZ4F_freeCompressionContext(c);
    } else {
        r = LZ4F_compressFrame(room, bound, data, len, &pr);
    }
    if (!LZ4F_isError(r))
        pf_vec_added(out, r);
    return l_error("LZ4F_compressFrame into LZ4F_compressFrameBound()", r);
}

typedef struct lenc {
    LZ4F_cctx *c;
    LZ4F_preferences_t pr;
    const LZ4F_CDict *cdict;
    bool begun, flushed;
} lenc;

static void *l_encoder_begin(pf_src *s, void *opts, const pf_stream_plan *plan,
                             size_t len)
{
    (void)plan;
    lenc *e = pf_alloc(s, sizeof *e);
    *e = (lenc){.cdict = cdict_of(s, opts)}; /* may fail: before the context */
    e->c = LZ4F_createCompressionContext_advanced(g_mem, LZ4F_VERSION);
    if (!e->c)
        pf_stream_fail(s, &l_codec, opts, "lz4frame refused a valid call",
                       "LZ4F_createCompressionContext_advanced");
    prefs_of(((lopts *)opts)->p, len, &e->pr);
    return e;
}

/* The header first; then LZ4F_compressUpdate takes the whole chunk;
 * FLUSH adds LZ4F_flush, FINISH is LZ4F_compressEnd. */
static size_t l_encoder_min_room(void *enc, pf_stream_op op, size_t in_left)
{
    lenc *e = enc;
    (void)op;
    return !e->begun ? LZ4F_HEADER_SIZE_MAX : LZ4F_compressBound(in_left, &e->pr);
}

static pf_step l_encoder_step(void *enc, pf_stream_op op, pf_stream_io *io)
{
    lenc *e = enc;
    size_t r;
    const char *call;
    if (!e->begun) {
        call = "LZ4F_compressBegin";
        r = LZ4F_compressBegin_usingCDict(e->c, io->out, io->room, e->cdict, &e->pr);
        e->begun = !LZ4F_isError(r);
    } else if (io->in_len) {
        call = "LZ4F_compressUpdate into LZ4F_compressBound()";
        r = LZ4F_compressUpdate(e->c, io->out, io->room, io->in, io->in_len, NULL);
        io->in_used = LZ4F_isError(r) ? 0 : io->in_len;
        e->flushed = false;
    } else {
        call = op == PF_OP_FINISH ? "LZ4F_compressEnd" : "LZ4F_flush";
        r = op == PF_OP_FINISH ? LZ4F_compressEnd(e->c, io->out, io->room, NULL)
                               : LZ4F_flush(e->c, io->out, io->room, NULL);
        e->flushed = true;
    }
    if ((io->error = l_error(call, r)))
        return PF_STEP_ERROR;
    io->out_used = r;
    bool done = io->in_used == io->in_len &&
                (op == PF_OP_FEED ? e->begun : e->flushed);
    return done ? PF_STEP_DONE : PF_STEP_MORE;
}

typedef struct lstream {
    LZ4F_dctx *d;
    ldec *o;
    bool info_asked;
} lstream;

static void *l_decoder_begin(pf_src *s, void *dopts)
{
    lstream *d = pf_alloc(s, sizeof *d);
    *d = (lstream){LZ4F_createDecompressionContext_advanced(g_mem, LZ4F_VERSION),
                   dopts, false};
    if (!d->d)
        pf_stream_fail(s, &l_codec, NULL, "lz4frame refused a valid call",
                       "LZ4F_createDecompressionContext_advanced");
    d->o->have_info = false;
    return d;
}

static void l_encoder_end(void *enc) { LZ4F_freeCompressionContext(((lenc *)enc)->c); }
static void l_decoder_end(void *dec) { LZ4F_freeDecompressionContext(((lstream *)dec)->d); }

static pf_step l_decoder_step(void *dec, pf_stream_io *io)
{
    lstream *d = dec;
    const pf_dict *dict = d->o->dict;
    size_t src = io->in_len, dst = io->room, r;
    if (d->o->want_info && !d->info_asked) {
        /* Decodes the header, consuming it; decoding resumes after it. */
        d->info_asked = true;
        r = LZ4F_getFrameInfo(d->d, &d->o->info, io->in, &src);
        d->o->have_info = !LZ4F_isError(r);
        io->in_used = d->o->have_info ? src : 0;
        return PF_STEP_MORE;
    }
    r = LZ4F_decompress_usingDict(d->d, io->out, &dst, io->in, &src,
                                  dict ? dict->data : NULL, dict ? dict->len : 0,
                                  NULL);
    io->in_used = src, io->out_used = dst;
    if (LZ4F_isError(r))
        io->error = LZ4F_getErrorName(r);
    return LZ4F_isError(r) ? PF_STEP_ERROR : r == 0 ? PF_STEP_DONE : PF_STEP_MORE;
}

static const pf_stream_codec l_codec = {
    .compress_name = "compressFrame", .decompress_name = "LZ4F_decompress",
    .compress = l_compress,
    .encoder_begin = l_encoder_begin, .encoder_step = l_encoder_step,
    .encoder_min_room = l_encoder_min_room, .encoder_end = l_encoder_end,
    .decoder_begin = l_decoder_begin, .decoder_step = l_decoder_step,
    .decoder_end = l_decoder_end, .describe = l_describe,
};

/* --- properties ----------------------------------------------------- */

static void check_frame_info(pf_src *s, const pf_stream_input *in)
{
    const lopts *o = in->opts;
    const ldec *d = in->dopts;
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
    pf_stream_fail(s, &l_codec, o, "the frame header does not say what was asked",
                   pf_buf_defer(s, &b));
}

static void prop_round_trip(pf_src *s, void *input)
{
    ((ldec *)((pf_stream_input *)input)->dopts)->want_info = true;
    pf_stream_round_trip(s, input);
    check_frame_info(s, input);
}

/* The streaming API keeps the block size and mode asked for (R3). */
static void prop_batch_stream(pf_src *s, void *input)
{
    pf_stream_input *in = input;
    ldec *d = in->dopts;
    d->want_info = true;
    pf_stream_batch_compress(s, in);
    const int64_t *p = ((const lopts *)in->opts)->p;
    LZ4F_blockSizeID_t want = p[P_BSID] ? bsid_values[p[P_BSID]] : LZ4F_max64KB;
    LZ4F_blockMode_t mode = p[P_INDEPENDENT] ? LZ4F_blockIndependent : LZ4F_blockLinked;
    if (!d->have_info || d->info.blockSizeID != want || d->info.blockMode != mode) {
        pf_buf b = {0};
        pf_buf_printf(&b, "blockSizeID %d (asked %d), blockMode %d (asked %d)",
                      d->info.blockSizeID, want, d->info.blockMode, mode);
        pf_stream_fail(s, &l_codec, in->opts, "the streamed frame's header changed "
                       "the block size or mode", pf_buf_defer(s, &b));
    }
    d->want_info = false;
    pf_stream_batch_decompress(s, in);
}

static void plan_from(pf_stream_plan *plan, const int64_t *v) { plan->flush = v[0]; }

/* A skippable frame: magic 0x184D2A50 + nibble, 4-byte size, payload. */
static void write_skippable(pf_src *s, unsigned magic, const uint8_t *p,
                            size_t n, pf_vec *out)
{
    (void)s;
    uint8_t h[8];
    uint32_t m = 0x184D2A50u + (magic & 15u), size = (uint32_t)n;
    for (int i = 0; i < 4; i++)
        h[i] = (uint8_t)(m >> (8 * i)), h[4 + i] = (uint8_t)(size >> (8 * i));
    pf_vec_put(out, h, sizeof h);
    pf_vec_put(out, p, n);
}

/* A further frame: its own preferences, no dictionary. */
static void *part_opts(pf_src *s, pf_stream_input *in, size_t *cut)
{
    (void)in, (void)cut;
    lopts *po = pf_alloc(s, sizeof *po);
    *po = (lopts){.dict = {0}};
    pf_draw_params(s, "params", k_params, N_P, po->p);
    return po;
}

static void *concat_dopts(pf_src *s, pf_stream_input *in)
{
    (void)s;
    ((ldec *)in->dopts)->want_info = false;
    return in->dopts;
}

static const pf_stream_target l_target = {
    .codec = &l_codec, .plan_params = k_plan, .n_plan_params = 1,
    .plan_from = plan_from, .part_opts = part_opts, .part_seg = &k_seg,
    .part_max = PART_MAX, .write_skippable = write_skippable,
    .concat_dopts = concat_dopts};

static void *draw_values(pf_src *s)
{
    lopts *o = pf_alloc(s, sizeof *o);
    *o = (lopts){.cdict = NULL};
    pf_draw_params(s, "params", k_params, N_P, o->p);
    pf_vec *data = pf_draw_segments(s, "data", &k_seg, DATA_MAX);
    o->dict = pf_draw_dict(s, DICT_MAX, DATA_MAX, data->data, data->len);
    ldec *d = pf_alloc(s, sizeof *d);
    *d = (ldec){.dict = &o->dict};
    return pf_stream_input_new(s, &l_target, o, d, data->data, data->len);
}

/* Whether an LZ4 block holds a match with offset 0 (R5). */
static bool block_has_offset0(const uint8_t *p, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned token = p[i++];
        size_t lit = token >> 4;
        for (uint8_t b = 255; lit >= 15 && b == 255 && i < n; lit += b)
            b = p[i++];
        if (lit > n - i || n - (i += lit) < 2)
            return false; /* the last sequence: literals only */
        if (p[i] == 0 && p[i + 1] == 0)
            return true;
        i += 2;
        for (uint8_t b = (token & 15) == 15 ? 255 : 0; b == 255 && i < n;)
            b = p[i++];
    }
    return false;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* Whether any compressed block of the frames in p holds offset 0 (R5). */
static bool frames_have_offset0(const uint8_t *p, size_t n)
{
    size_t i = 0;
    while (n - i >= 4) {
        uint32_t magic = le32(p + i);
        i += 4;
        if ((magic & 0xFFFFFFF0u) == 0x184D2A50u) {
            if (n - i < 4 || le32(p + i) > n - i - 4)
                return false;
            i += 4 + le32(p + i);
            continue;
        }
        if (magic != 0x184D2204u || n - i < 3)
            return false;
        uint8_t flg = p[i];
        i += 2 + (flg & 0x08 ? 8 : 0) + (flg & 0x01 ? 4 : 0) + 1;
        for (uint32_t size; i <= n && n - i >= 4 && (size = le32(p + i)) != 0;) {
            size_t len = size & 0x7FFFFFFFu;
            if ((i += 4) > n || len > n - i)
                return false;
            if (!(size & 0x80000000u) && block_has_offset0(p + i, len))
                return true;
            i += len + (flg & 0x10 ? 4 : 0);
        }
        i += 4 + (flg & 0x04 ? 4 : 0);
        if (i > n)
            return false;
    }
    return false;
}

/* Raw mode: frames for LZ4F_decompress, or a block with its decoder's
 * capacity, target and dictionary. */
typedef struct lraw {
    pf_stream_raw r;
    lopts again;
    ldec dec;
    size_t cap, target, dict_len;
    const uint8_t *dict;
    bool block;
} lraw;

static void *draw_raw(pf_src *s)
{
    lraw *z = pf_alloc(s, sizeof *z);
    *z = (lraw){.again = {.dict = {0}}, .dec = {.dict = NULL}};
    z->r = (pf_stream_raw){.codec = &l_codec, .dopts = &z->dec,
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
 * part; LZ4_compress_default into LZ4_compressBound() of the output
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
    if (block_has_offset0(z->r.raw, z->r.len))
        pf_skip(s, "R5");
    if ((n < 0) != (m < 0) || (n >= 0 && (n != m || memcmp(full, pre, (size_t)n) != 0)))
        block_fail(s, "the dictionary apart and as a prefix decode differently",
                   n, full, m, pre);
    if (n < 0)
        return;
    int t = (int)(z->target < (size_t)n ? z->target : (size_t)n); /* R6 */
    char *part = (char *)pf_vec_reserve(pf_vec_new(s), z->cap);
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
    if (frames_have_offset0(z->r.raw, z->r.len))
        pf_skip(s, "R5");
    pf_stream_result st;
    pf_stream_raw_stepped(s, &z->r, &st);
    pf_stream_raw_same(s, &z->r, NULL, &st, once);
    pf_stream_raw_recompress(s, &z->r, once);
}

static const pf_property value_properties[] = {
    {"round_trip", prop_round_trip},
    {"deterministic", pf_stream_deterministic},
    {"batch_stream", prop_batch_stream},
    {"concat", pf_stream_concat},
};
static const pf_property raw_properties[] = {{"decompress_safe", prop_decompress_safe}};
static const pf_mode modes[] = {
    {"values", draw_values, value_properties, PF_LEN(value_properties)},
    {"raw", draw_raw, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target lz4 = {"lz4", modes, PF_LEN(modes), NULL};
PF_TARGET(lz4)

/* --- seeds, written as values (design §6) ---------------------------- */

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
    lopts *o = pf_alloc(s, sizeof *o);
    *o = (lopts){.dict = {0}};
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
    int len = (int)seed_data(sd, data), n, level = (int)((lopts *)opts)->p[P_LEVEL];
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
    &l_target, {N_MODES, MODE_VALUES, k_params, N_P, &k_seg, DATA_MAX},
    k_params, N_P, NULL, DICT_MAX, NULL, 0, NULL, enc_raw, opts_of, damage,
    k_seeds, PF_LEN(k_seeds)};

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    pf_stream_emit_seeds(&k_seed_spec, emit);
}
