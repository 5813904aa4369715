/* The released libzstd beside the one under test (see zstd.h): the shared
 * library the system installs (libzstd.so.1, or PF_ZSTD_RELEASE's path),
 * opened at run time so that its symbols do not meet those of the build
 * being fuzzed, and used only when it is the same version. zstd's output
 * is the same for the same version, parameters and dictionary whatever
 * the build (its own regression test, tests/regression, records it), so
 * the reference properties compare bytes: the frames the build under test
 * writes, and what its decoder makes of arbitrary bytes. */
#include "zstd.h"

#include <stddef.h>

/* Each function pointer of zs_release and the symbol that fills it. */
static const pf_symbol k_symbols[] = {
#define SYM(field, symbol) {symbol, offsetof(zs_release, field)}
    SYM(version_number, "ZSTD_versionNumber"),
    SYM(create_cctx, "ZSTD_createCCtx"),
    SYM(free_cctx, "ZSTD_freeCCtx"),
    SYM(set_parameter, "ZSTD_CCtx_setParameter"),
    SYM(load_dictionary, "ZSTD_CCtx_loadDictionary_advanced"),
    SYM(create_cdict, "ZSTD_createCDict_advanced"),
    SYM(free_cdict, "ZSTD_freeCDict"),
    SYM(ref_cdict, "ZSTD_CCtx_refCDict"),
    SYM(get_cparams, "ZSTD_getCParams"),
    SYM(compress_bound, "ZSTD_compressBound"),
    SYM(compress2, "ZSTD_compress2"),
    SYM(create_dctx, "ZSTD_createDCtx"),
    SYM(free_dctx, "ZSTD_freeDCtx"),
    SYM(decompress_dctx, "ZSTD_decompressDCtx"),
    SYM(is_error, "ZSTD_isError"),
    SYM(error_name, "ZSTD_getErrorName"),
#undef SYM
};

static zs_release g_release;
static int g_state; /* 0: not looked for yet; 1: usable; -1: none */

const zs_release *zs_release_get(void)
{
    if (!g_state)
        g_state = !pf_release_open("PF_ZSTD_RELEASE", "libzstd.so.1", k_symbols,
                                   PF_LEN(k_symbols), &g_release) &&
                          g_release.version_number() == ZSTD_versionNumber()
                      ? 1 : -1;
    return g_state > 0 ? &g_release : NULL;
}

/* What the released library is given: o's parameters and dictionary, as
 * codec.c gives them to the build under test. */
static size_t apply(const zs_release *r, ZSTD_CCtx *c, const zs_opts *o,
                    size_t len, ZSTD_CDict **cdict)
{
    size_t e = 0;
    if (zs_set_params(c, o, r->set_parameter, r->is_error, &e) >= 0)
        return e;
    const zs_dict *d = o->dict;
    if (!d || !d->buf)
        return 0;
    ZSTD_dictContentType_e type = zs_dict_type(d);
    if (d->d[D_API] == API_LOAD)
        return r->load_dictionary(c, d->buf, d->len, ZSTD_dlm_byRef, type);
    *cdict = r->create_cdict(d->buf, d->len, ZSTD_dlm_byRef, type,
                             r->get_cparams((int)o->p[P_LEVEL], len, d->len),
                             (ZSTD_customMem){0});
    return *cdict ? r->ref_cdict(c, *cdict) : (size_t)-ZSTD_error_dictionary_corrupted;
}

const char *zs_release_compress(const zs_release *r, const zs_opts *o,
                                const uint8_t *data, size_t len, pf_vec *out)
{
    ZSTD_CCtx *c = r->create_cctx();
    ZSTD_CDict *cdict = NULL;
    size_t bound = r->compress_bound(len), e = apply(r, c, o, len, &cdict);
    if (!r->is_error(e))
        e = r->compress2(c, pf_vec_reserve(out, bound), bound, data, len);
    if (!r->is_error(e))
        pf_vec_added(out, e);
    const char *why = r->is_error(e) ? r->error_name(e) : NULL;
    r->free_cctx(c);
    r->free_cdict(cdict);
    return why;
}

void zs_release_decompress(const zs_release *r, const uint8_t *in, size_t len,
                           size_t cap, pf_stream_result *res)
{
    ZSTD_DCtx *d = r->create_dctx();
    size_t n = r->decompress_dctx(d, pf_vec_reserve(res->out, cap), cap, in, len);
    r->free_dctx(d);
    if (r->is_error(n)) {
        res->status = PF_STREAM_ERROR;
        res->error = r->error_name(n);
        return;
    }
    pf_vec_added(res->out, n);
    res->consumed = len;
    res->status = PF_STREAM_END;
}
