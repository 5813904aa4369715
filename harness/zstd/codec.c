/* libzstd behind the pf_stream_codec (see zstd.h): one compression and
 * one decompression context per input, set from the drawn parameters and
 * dictionary; one-shot ZSTD_compress2 and ZSTD_decompressDCtx, the
 * ZSTD_compressStream2 and ZSTD_decompressStream streams. */
#include "zstd.h"

/* A planted-bug build (tests/planted/zstd/<property>.h) wraps libzstd
 * calls here, after the library's headers and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

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
void zs_new_contexts(pf_src *s)
{
    g_cctx = ZSTD_createCCtx_advanced(g_mem);
    g_dctx = ZSTD_createDCtx_advanced(g_mem);
    pf_defer(s, free_contexts, NULL);
}

/* libzstd's id of each parameter, in zs_params' order. */
static const ZSTD_cParameter k_param_ids[N_P] = {
    ZSTD_c_compressionLevel, ZSTD_c_windowLog, ZSTD_c_checksumFlag,
    ZSTD_c_contentSizeFlag, ZSTD_c_dictIDFlag, ZSTD_c_strategy,
    ZSTD_c_targetCBlockSize, ZSTD_c_literalCompressionMode,
    ZSTD_c_useRowMatchFinder};

/* The contexts may still refer to the dictionaries: they let go first. */
void zs_free_dicts(void *arg)
{
    zs_dict *d = arg;
    if (!d->cdict && !d->ddict)
        return;
    ZSTD_CCtx_refCDict(g_cctx, NULL);
    ZSTD_DCtx_refDDict(g_dctx, NULL);
    ZSTD_freeCDict(d->cdict);
    ZSTD_freeDDict(d->ddict);
}

static const char *zs_error(const char *call, size_t r)
{
    return ZSTD_isError(r) ? pf_stream_why(call, ZSTD_getErrorName(r)) : NULL;
}

static void zs_describe(const void *opts, pf_buf *b)
{
    const zs_opts *o = opts;
    pf_describe_params(b, zs_params, N_P, o->p);
    if (o->dict && o->dict->buf) {
        pf_buf_printf(b, " dict=%zu bytes ", o->dict->len);
        pf_describe_params(b, zs_dict_params, N_D, o->dict->d);
    }
}

ZSTD_dictContentType_e zs_dict_type(const zs_dict *d)
{
    return d->d[D_FULL] ? ZSTD_dct_fullDict : ZSTD_dct_rawContent;
}

int zs_set_params(ZSTD_CCtx *c, const zs_opts *o, zs_set_param_fn *set,
                  unsigned (*is_error)(size_t), size_t *err)
{
    for (int i = 0; i < N_P; i++) {
        int v = (int)(i == P_NO_DICT_ID ? !o->p[i] : o->p[i]);
        /* windowLog, strategy and targetCBlockSize 0: libzstd's default */
        if (!v && (i == P_WLOG || i == P_STRATEGY || i == P_TCB))
            continue;
        *err = set(c, k_param_ids[i], v);
        if (is_error(*err))
            return i;
    }
    return -1;
}

static const char *apply_dict(const zs_opts *o, size_t len)
{
    zs_dict *d = o->dict;
    if (d->d[D_API] == API_LOAD)
        return zs_error("ZSTD_CCtx_loadDictionary_advanced",
                        ZSTD_CCtx_loadDictionary_advanced(
                            g_cctx, d->buf, d->len, ZSTD_dlm_byRef, zs_dict_type(d)));
    if (!d->cdict)
        d->cdict = ZSTD_createCDict_advanced(
            d->buf, d->len, ZSTD_dlm_byRef, zs_dict_type(d),
            ZSTD_getCParams((int)o->p[P_LEVEL], len, d->len), g_mem);
    return d->cdict ? zs_error("ZSTD_CCtx_refCDict", ZSTD_CCtx_refCDict(g_cctx, d->cdict))
                    : "ZSTD_createCDict_advanced refused the dictionary";
}

/* The context reset to defaults, then o's parameters and dictionary. */
static const char *apply(const zs_opts *o, size_t len)
{
    const char *why = zs_error("ZSTD_CCtx_reset",
                               ZSTD_CCtx_reset(g_cctx, ZSTD_reset_session_and_parameters));
    size_t e = 0;
    int refused = why ? -1 : zs_set_params(g_cctx, o, ZSTD_CCtx_setParameter,
                                           ZSTD_isError, &e);
    if (refused >= 0)
        why = zs_error(zs_params[refused].name, e);
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

/* The decoder takes the dictionary the way the encoder did: loaded into
 * the context (which then owns a DDict of its own) or as a DDict made
 * once and referenced. */
static const char *load_ddict(zs_dict *d)
{
    if (d->d[D_API] == API_LOAD)
        return zs_error("ZSTD_DCtx_loadDictionary_advanced",
                        ZSTD_DCtx_loadDictionary_advanced(
                            g_dctx, d->buf, d->len, ZSTD_dlm_byRef, zs_dict_type(d)));
    if (!d->ddict)
        d->ddict = ZSTD_createDDict_advanced(d->buf, d->len, ZSTD_dlm_byRef,
                                             zs_dict_type(d), g_mem);
    return d->ddict ? zs_error("ZSTD_DCtx_refDDict", ZSTD_DCtx_refDDict(g_dctx, d->ddict))
                    : "ZSTD_createDDict_advanced refused the dictionary";
}

static void *zs_decoder_begin(pf_src *s, void *dopts)
{
    zs_dict *d = dopts;
    const char *why = zs_error("ZSTD_DCtx_reset",
                               ZSTD_DCtx_reset(g_dctx, ZSTD_reset_session_and_parameters));
    if (!why && d->buf)
        why = load_ddict(d);
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

const pf_stream_codec zs_codec = {
    .compress_name = "compress", .decompress_name = "decompress",
    .compress = zs_compress, .recompress = zs_recompress,
    .encoder_begin = zs_encoder_begin, .encoder_step = zs_encoder_step,
    .default_room = ZSTD_COMPRESSBOUND(ZSTD_BLOCKSIZE_MAX),
    .decoder_begin = zs_decoder_begin, .decoder_step = zs_decoder_step,
    .empty_is_no_frames = true, .decompress = zs_decompress,
    .describe = zs_describe,
};

/* A skippable frame, for concat and the raw seeds. */
void zs_write_skippable(pf_src *s, unsigned magic, const uint8_t *p,
                        size_t n, pf_vec *out)
{
    size_t w = ZSTD_writeSkippableFrame(pf_vec_reserve(out, n + 8), n + 8, p, n,
                                        magic);
    if (ZSTD_isError(w))
        pf_stream_fail(s, &zs_codec, NULL, "libzstd refused a valid call",
                       zs_error("ZSTD_writeSkippableFrame", w));
    pf_vec_added(out, w);
}
