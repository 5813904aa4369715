/* lz4frame behind the pf_stream_codec (see lz4.h): the drawn frame
 * preferences as lz4frame takes them, one-shot LZ4F_compressFrame, the
 * LZ4F_compressBegin/Update/flush/End stream and LZ4F_decompress. */
#include "lz4.h"

/* A planted-bug build (tests/planted/lz4/<property>.h) wraps liblz4 calls
 * here, after the library's headers and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

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

/* The frame preferences, in drawing order, and what lz4frame gets. */
static const char *const bsid_names[] = {"default", "64KB", "256KB", "1MB", "4MB"};
const LZ4F_blockSizeID_t lz_bsid_values[] = {
    LZ4F_default, LZ4F_max64KB, LZ4F_max256KB, LZ4F_max1MB, LZ4F_max4MB};

const pf_param lz_params[N_P] = {
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

static void free_cdict(void *arg) { LZ4F_freeCDict(((lz_opts *)arg)->cdict); }

void lz_prefs_of(const int64_t *p, size_t len, LZ4F_preferences_t *pr)
{
    memset(pr, 0, sizeof *pr);
    pr->frameInfo.blockSizeID = lz_bsid_values[p[P_BSID]];
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

static const char *l_error(const char *call, size_t r)
{
    return LZ4F_isError(r) ? pf_stream_why(call, LZ4F_getErrorName(r)) : NULL;
}

static void l_describe(const void *opts, pf_buf *b)
{
    const lz_opts *o = opts;
    pf_describe_params(b, lz_params, N_P, o->p);
    if (o->dict.data)
        pf_buf_printf(b, " dict=%zu bytes", o->dict.len);
}

static const LZ4F_CDict *cdict_of(pf_src *s, lz_opts *o)
{
    if (!o->dict.data || o->cdict)
        return o->cdict;
    o->cdict = LZ4F_createCDict_advanced(g_mem, o->dict.data, o->dict.len);
    if (!o->cdict)
        pf_stream_fail(s, &lz_codec, o, "LZ4F_createCDict refused a dictionary", NULL);
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
    lz_opts *o = opts;
    LZ4F_preferences_t pr;
    lz_prefs_of(o->p, len, &pr);
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
        pf_stream_fail(s, &lz_codec, opts, "lz4frame refused a valid call",
                       "LZ4F_createCompressionContext_advanced");
    lz_prefs_of(((lz_opts *)opts)->p, len, &e->pr);
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
    lz_dec *o;
    bool info_asked;
} lstream;

static void *l_decoder_begin(pf_src *s, void *dopts)
{
    lstream *d = pf_alloc(s, sizeof *d);
    *d = (lstream){LZ4F_createDecompressionContext_advanced(g_mem, LZ4F_VERSION),
                   dopts, false};
    if (!d->d)
        pf_stream_fail(s, &lz_codec, NULL, "lz4frame refused a valid call",
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

const pf_stream_codec lz_codec = {
    .compress_name = "compressFrame", .decompress_name = "LZ4F_decompress",
    .compress = l_compress,
    .encoder_begin = l_encoder_begin, .encoder_step = l_encoder_step,
    .encoder_min_room = l_encoder_min_room, .encoder_end = l_encoder_end,
    .decoder_begin = l_decoder_begin, .decoder_step = l_decoder_step,
    .decoder_end = l_decoder_end, .describe = l_describe,
};
