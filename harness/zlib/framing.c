/* framing — the bytes around the deflate data of the one-shot stream, read
 * as RFC 1950 (zlib format) and RFC 1952 (gzip) define them, say what was
 * asked:
 *   zlib  CMF: CM 8, CINFO windowBits - 8 (an 8 is 9, R1); FLG: CMF·256 +
 *         FLG a multiple of 31, FDICT set when a non-empty dictionary was
 *         given and DICTID then its Adler-32, FLEVEL zlib's class of the
 *         level and strategy (0: huffman_only, rle, fixed or level < 2;
 *         1: level < 6; 2: level 6 or the default; 3: 7-9); the trailer
 *         the Adler-32 of the data
 *   gzip  1f 8b 08; FLG's FTEXT, FHCRC, FEXTRA, FNAME, FCOMMENT as set in
 *         deflateSetHeader and no reserved bit; MTIME and OS as set (no
 *         header set: 0 and zlib's OS_CODE, 3 on Unix); XFL 2 at level 9,
 *         4 where FLEVEL is 0, else 0; the extra field, name and comment
 *         as set; the header CRC the low 16 bits of the CRC-32 of the
 *         header before it; the trailer the CRC-32 and the length of the
 *         data
 * inflate reads none of FLEVEL, XFL or OS, and round_trip checks the
 * checksums only through zlib's own adler32 and crc32 on both sides: here
 * both are computed from their definitions (RFC 1950 §9, RFC 1952 §8). */
#include "zlib.h"

#include <inttypes.h>

enum { OS_UNIX = 3, FTEXT = 1, FHCRC = 2, FEXTRA = 4, FNAME = 8, FCOMMENT = 16 };

static uint32_t ref_adler32(const uint8_t *p, size_t n)
{
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521;
        b = (b + a) % 65521;
    }
    return b << 16 | a;
}

static uint32_t ref_crc32(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = c & 1 ? c >> 1 ^ 0xedb88320u : c >> 1;
    }
    return ~c;
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* zlib's class of a level and strategy: FLEVEL, and the XFL it implies. */
static unsigned level_class(const int64_t *p)
{
    int64_t level = p[P_LEVEL] == Z_DEFAULT_COMPRESSION ? 6 : p[P_LEVEL];
    if (p[P_STRATEGY] >= Z_HUFFMAN_ONLY || level < 2)
        return 0;
    return level < 6 ? 1 : level == 6 ? 2 : 3;
}

typedef struct reader {
    pf_src *s;
    const zl_opts *o;
    const uint8_t *p;
    size_t len, at;
} reader;

static _Noreturn void wrong(reader *r, const char *field, uint64_t got, uint64_t want)
{
    pf_buf b = {0};
    pf_buf_printf(&b, "%s is %" PRIu64 " (0x%" PRIx64 "), want %" PRIu64 " (0x%" PRIx64
                  "); the stream is %zu bytes", field, got, got, want, want, r->len);
    pf_stream_fail(r->s, &zl_codec, r->o, "a header or trailer field of the stream "
                   "is not what was asked", pf_buf_defer(r->s, &b));
}

static void expect(reader *r, const char *field, uint64_t got, uint64_t want)
{
    if (got != want)
        wrong(r, field, got, want);
}

/* The next n bytes (too short a stream fails). */
static const uint8_t *take(reader *r, const char *field, size_t n)
{
    if (r->len - r->at < n)
        wrong(r, field, r->len - r->at, n);
    const uint8_t *p = r->p + r->at;
    r->at += n;
    return p;
}

/* The last n bytes: the trailer, after what was read. */
static const uint8_t *trailer(reader *r, size_t n)
{
    if (r->len - r->at < n)
        wrong(r, "the bytes left for the trailer", r->len - r->at, n);
    r->at = r->len - n;
    return take(r, "the trailer", n);
}

static void zlib_framing(reader *r, const pf_stream_input *in)
{
    const int64_t *p = r->o->p;
    const pf_dict *d = &r->o->dict;
    const uint8_t *h = take(r, "the zlib header", 2);
    int w = p[P_WBITS] == 8 ? 9 : (int)p[P_WBITS];
    bool fdict = d->data && d->len > 0;
    expect(r, "CM", h[0] & 15, 8);
    expect(r, "CINFO", h[0] >> 4, (uint64_t)w - 8);
    expect(r, "(CMF*256 + FLG) mod 31", (h[0] * 256u + h[1]) % 31, 0);
    expect(r, "FDICT", h[1] >> 5 & 1, fdict);
    expect(r, "FLEVEL", h[1] >> 6, level_class(p));
    if (fdict)
        expect(r, "DICTID", be32(take(r, "DICTID", 4)), ref_adler32(d->data, d->len));
    expect(r, "the Adler-32 trailer", be32(trailer(r, 4)),
           ref_adler32(in->data, in->len));
}

static void gzip_field(reader *r, const char *field, const uint8_t *want, size_t n,
                       bool c_string)
{
    const uint8_t *got = take(r, field, n + c_string);
    for (size_t i = 0; i < n; i++)
        expect(r, field, got[i], want[i]);
    if (c_string)
        expect(r, field, got[n], 0);
}

static void gzip_framing(reader *r, const pf_stream_input *in)
{
    const zl_gzhdr *g = &r->o->hdr;
    const uint8_t *h = take(r, "the gzip header", 10);
    expect(r, "ID1 ID2 CM", (uint64_t)h[0] << 16 | h[1] << 8 | h[2], 0x1f8b08);
    unsigned flg = !g->set ? 0
                   : (g->text ? FTEXT : 0) | (g->hcrc ? FHCRC : 0) |
                         (g->field[H_EXTRA] ? FEXTRA : 0) |
                         (g->field[H_NAME] ? FNAME : 0) |
                         (g->field[H_COMMENT] ? FCOMMENT : 0);
    expect(r, "FLG", h[3], flg);
    expect(r, "MTIME", le32(h + 4), g->set ? g->time : 0);
    unsigned cls = level_class(r->o->p);
    expect(r, "XFL", h[8], r->o->p[P_LEVEL] == 9 ? 2 : cls == 0 ? 4 : 0);
    expect(r, "OS", h[9], g->set ? g->os : OS_UNIX);
    if (flg & FEXTRA) {
        const uint8_t *x = take(r, "XLEN", 2);
        expect(r, "XLEN", (unsigned)x[0] | (unsigned)x[1] << 8, g->len[H_EXTRA]);
        gzip_field(r, "the extra field", g->field[H_EXTRA], g->len[H_EXTRA], false);
    }
    if (flg & FNAME)
        gzip_field(r, "the file name", g->field[H_NAME], g->len[H_NAME], true);
    if (flg & FCOMMENT)
        gzip_field(r, "the comment", g->field[H_COMMENT], g->len[H_COMMENT], true);
    if (flg & FHCRC) {
        uint32_t want = ref_crc32(r->p, r->at) & 0xffff;
        const uint8_t *c = take(r, "CRC16", 2);
        expect(r, "CRC16", (unsigned)c[0] | (unsigned)c[1] << 8, want);
    }
    const uint8_t *t = trailer(r, 8);
    expect(r, "the CRC-32 trailer", le32(t), ref_crc32(in->data, in->len));
    expect(r, "ISIZE", le32(t + 4), (uint32_t)in->len);
}

void zl_framing(pf_src *s, void *input)
{
    const pf_stream_input *in = input;
    const zl_opts *o = in->opts;
    reader r = {s, o, in->packed->data, in->packed->len, 0};
    if (o->p[P_FORMAT] == F_ZLIB)
        zlib_framing(&r, in);
    else if (o->p[P_FORMAT] == F_GZIP)
        gzip_framing(&r, in);
    else
        pf_event(s, "raw deflate: no header or trailer");
}
