/* The released liblz4 beside the one under test (see lz4.h): the shared
 * library the system installs (liblz4.so.1, or PF_LZ4_RELEASE's path),
 * opened at run time (pf_release_open) and used only when it is the same
 * version. The same version writes the same frame for the same
 * preferences, data and dictionary whatever the build, so reference
 * compares the bytes. */
#include "lz4.h"

#include <stddef.h>

static const pf_symbol k_symbols[] = {
#define SYM(field, symbol) {symbol, offsetof(lz_release, field)}
    SYM(version_number, "LZ4_versionNumber"),
    SYM(compress_frame_bound, "LZ4F_compressFrameBound"),
    SYM(compress_frame, "LZ4F_compressFrame"),
    SYM(create_cctx, "LZ4F_createCompressionContext"),
    SYM(free_cctx, "LZ4F_freeCompressionContext"),
    SYM(create_cdict, "LZ4F_createCDict"),
    SYM(free_cdict, "LZ4F_freeCDict"),
    SYM(compress_frame_using_cdict, "LZ4F_compressFrame_usingCDict"),
    SYM(is_error, "LZ4F_isError"),
    SYM(error_name, "LZ4F_getErrorName"),
#undef SYM
};

static lz_release g_release;
static int g_state; /* 0: not looked for yet; 1: usable; -1: none */

const lz_release *lz_release_get(void)
{
    if (!g_state)
        g_state = !pf_release_open("PF_LZ4_RELEASE", "liblz4.so.1", k_symbols,
                                   PF_LEN(k_symbols), &g_release) &&
                          g_release.version_number() == LZ4_versionNumber()
                      ? 1 : -1;
    return g_state > 0 ? &g_release : NULL;
}

/* As codec.c compresses a frame: LZ4F_compressFrame, or with a dictionary
 * LZ4F_compressFrame_usingCDict on a context of its own. */
/* The frame of data with pr and dict (dict->data NULL: none) by the
 * release: NULL, or its refusal. */
static const char *release_compress(const lz_release *r, const LZ4F_preferences_t *pr,
                                    const pf_dict *dict, const uint8_t *data,
                                    size_t len, pf_vec *out)
{
    size_t bound = r->compress_frame_bound(len, pr), n;
    uint8_t *room = pf_vec_reserve(out, bound);
    if (!dict->data) {
        n = r->compress_frame(room, bound, data, len, pr);
    } else {
        LZ4F_cctx *c = NULL;
        LZ4F_CDict *d = r->create_cdict(dict->data, dict->len);
        n = r->create_cctx(&c, LZ4F_VERSION);
        if (!r->is_error(n))
            n = d ? r->compress_frame_using_cdict(c, room, bound, data, len, d, pr)
                  : (size_t)-LZ4F_ERROR_allocation_failed;
        r->free_cctx(c);
        r->free_cdict(d);
    }
    if (r->is_error(n))
        return r->error_name(n);
    pf_vec_added(out, n);
    return NULL;
}

void lz_check_release_frame(pf_src *s, const lz_release *r, const lz_opts *o,
                            const uint8_t *data, size_t len, const pf_vec *frame,
                            const char *whose)
{
    LZ4F_preferences_t pr;
    lz_prefs_of(o->p, len, &pr);
    pf_vec *want = pf_vec_new(s);
    const char *why = release_compress(r, &pr, &o->dict, data, len, want);
    if (why)
        pf_stream_fail(s, &lz_codec, o, "the released liblz4 refused what the "
                       "build under test took", why);
    pf_check_bytes_equal(s, NULL, whose, want->data, want->len, "the frame under test",
                         frame->data, frame->len);
}
