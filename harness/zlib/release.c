/* The released zlib beside the one under test (see zlib.h): the shared
 * library the system installs (libz.so.1, or PF_ZLIB_RELEASE's path),
 * opened at run time (pf_release_open) and used only when it is the same
 * version. The same version writes the same stream for the same
 * parameters, dictionary, header and data whatever the build, so
 * reference compares the bytes; and its inflate makes the same of any
 * bytes, which reference_decode compares. */
#include "zlib.h"

#include <stddef.h>

static const pf_symbol k_symbols[] = {
#define SYM(field, symbol) {symbol, offsetof(zl_release, field)}
    SYM(version, "zlibVersion"),
    SYM(deflate_init2, "deflateInit2_"),
    SYM(set_dictionary, "deflateSetDictionary"),
    SYM(set_header, "deflateSetHeader"),
    SYM(bound, "deflateBound"),
    SYM(deflate, "deflate"),
    SYM(end, "deflateEnd"),
    SYM(inflate_init2, "inflateInit2_"),
    SYM(inflate, "inflate"),
    SYM(inflate_end, "inflateEnd"),
#undef SYM
};

static zl_release g_release;
static int g_state; /* 0: not looked for yet; 1: usable; -1: none */

const zl_release *zl_release_get(void)
{
    if (!g_state)
        g_state = !pf_release_open("PF_ZLIB_RELEASE", "libz.so.1", k_symbols,
                                   PF_LEN(k_symbols), &g_release) &&
                          strcmp(g_release.version(), zlibVersion()) == 0
                      ? 1 : -1;
    return g_state > 0 ? &g_release : NULL;
}

/* As codec.c starts a one-shot stream, then deflate(Z_FINISH) with room
 * to spare past deflateBound (whose shortfall is round_trip's to see). */
const char *zl_release_compress(const zl_release *r, const zl_opts *o,
                                const uint8_t *data, size_t len, pf_vec *out,
                                size_t *bound)
{
    const int64_t *p = o->p;
    z_stream z = {.next_in = (Bytef *)data, .avail_in = (uInt)len};
    gz_header gh;
    Bytef text[2][HDR_FIELD_MAX + 1];
    int ret = r->deflate_init2(&z, (int)p[P_LEVEL], Z_DEFLATED, zl_deflate_window(p),
                               (int)p[P_MEM], (int)p[P_STRATEGY], ZLIB_VERSION,
                               (int)sizeof z);
    if (ret == Z_OK && o->dict.data)
        ret = r->set_dictionary(&z, o->dict.data, (uInt)o->dict.len);
    if (ret == Z_OK && o->hdr.set) {
        zl_gz_header_of(&o->hdr, &gh, text);
        ret = r->set_header(&z, &gh);
    }
    if (ret == Z_OK) {
        *bound = r->bound(&z, (uLong)len);
        size_t room = *bound + 64;
        z.next_out = pf_vec_reserve(out, room);
        z.avail_out = (uInt)room;
        ret = r->deflate(&z, Z_FINISH);
        pf_vec_added(out, room - z.avail_out);
    }
    r->end(&z);
    return ret == Z_STREAM_END ? NULL : zl_ret_name(ret);
}

void zl_release_inflate(pf_src *s, const zl_release *r, int window, const uint8_t *in,
                        size_t len, size_t cap, pf_stream_result *res)
{
    z_stream z = {.next_in = (Bytef *)in, .avail_in = (uInt)len};
    *res = (pf_stream_result){.out = pf_vec_new(s)};
    int ret = r->inflate_init2(&z, window, ZLIB_VERSION, (int)sizeof z);
    /* The loop of the family's decode (properties/stream/stream.c) with
     * all input at once: one call per room left; input and room both
     * left means progress or a refusal, so at most a few calls. */
    for (unsigned calls = 0; ret == Z_OK && calls < 64; calls++) {
        size_t room = cap - res->out->len;
        uInt in_before = z.avail_in;
        z.next_out = pf_vec_reserve(res->out, room);
        z.avail_out = (uInt)room;
        ret = r->inflate(&z, Z_NO_FLUSH);
        size_t gave = room - z.avail_out;
        pf_vec_added(res->out, gave);
        res->consumed = len - z.avail_in;
        if (ret == Z_STREAM_END) {
            res->status = PF_STREAM_END;
            res->frames = 1;
        } else if (ret != Z_OK && ret != Z_BUF_ERROR) {
            res->status = PF_STREAM_ERROR;
        } else if (z.avail_in == 0 && gave < room) {
            res->status = PF_STREAM_TRUNCATED;
        } else if (room == 0 && z.avail_in == in_before) {
            res->status = PF_STREAM_TOO_LARGE;
        } else {
            ret = Z_OK;
            continue;
        }
        break;
    }
    if (res->status == PF_STREAM_ERROR) {
        char words[256];
        pf_buf b = {0};
        pf_buf_printf(&b, "%s", zl_inflate_refusal(ret, z.msg, words, sizeof words));
        res->error = pf_buf_defer(s, &b);
    }
    r->inflate_end(&z);
}
