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

/* The release's inflate as a decoder of the stream family, so that its
 * decode runs through the family's own loop (properties/stream/stream.c)
 * exactly as the build under test's does. Only reference_decode uses it,
 * after zl_release_get() returned the release. */
static void *release_decoder_begin(pf_src *s, void *dopts)
{
    const zl_dec *d = dopts;
    z_stream *z = pf_alloc(s, sizeof *z);
    *z = (z_stream){0};
    if (g_release.inflate_init2(z, d->window, ZLIB_VERSION, (int)sizeof *z) != Z_OK)
        pf_stream_fail(s, &zl_release_codec, NULL, "the released zlib refused a valid call",
                       "inflateInit2");
    return z;
}

static pf_step release_decoder_step(void *dec, pf_stream_io *io)
{
    z_stream *z = dec;
    z->next_in = (Bytef *)io->in, z->avail_in = (uInt)io->in_len;
    z->next_out = io->out, z->avail_out = (uInt)io->room;
    int ret = g_release.inflate(z, Z_NO_FLUSH);
    io->in_used = io->in_len - z->avail_in;
    io->out_used = io->room - z->avail_out;
    /* Its own buffer: the words of the build's refusal stay as they are. */
    static char words[256];
    return zl_inflate_step(ret, z->msg, io, words, sizeof words);
}

static void release_decoder_end(void *dec) { g_release.inflate_end(dec); }

const pf_stream_codec zl_release_codec = {
    .compress_name = "the released deflate", .decompress_name = "the released inflate",
    .decoder_begin = release_decoder_begin, .decoder_step = release_decoder_step,
    .decoder_end = release_decoder_end,
};
