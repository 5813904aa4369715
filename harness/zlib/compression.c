/* compression — the compressed bytes themselves, which a round trip does
 * not see (a deflate that finds no match, or a worse one, still reads
 * back):
 *   - v's data at Z_DEFAULT_COMPRESSION is the stream level 6 gives, byte
 *     for byte (zlib.h: "currently equivalent to level 6");
 *   - a drawn piece of 1-32 distinct bytes repeated to 2-4 KiB, deflated one-shot
 *     in v's format at a drawn level 1-9, strategy (default, filtered,
 *     fixed; rle with a piece of one byte: it matches at distance 1 only)
 *     and memLevel, windowBits 15 (all of it in the window), takes at most
 *     2 bytes per byte of the piece, 1 per 32 bytes of the rest, and 64
 *     more beside the header and trailer. Deflate writes such data as the
 *     piece and a match of at most 258 bytes per 258 (2 bytes each in the
 *     fixed code, which caps every block): some 1/100 of the rest. The
 *     bytes are distinct, so every 3-byte string recurs only a period
 *     later, the first match any chain finds (a piece like "TTTTtTTTT"
 *     leads a short chain to short matches at distance 1..16). A
 *     relation, not a promise of zlib.h: every level but 0 and every
 *     strategy but huffman_only looks for matches, and a one-byte alphabet
 *     coded without them still takes 1 bit per byte, 1/8 of the rest. */
#include "zlib.h"

enum { PIECE_MAX = 32, REPEATED_MIN = 2048, REPEATED_MAX = 4096, SLACK = 64 };

/* The one-shot stream (the family's pf_stream_compress_once: a refusal
 * fails the property). */
static pf_vec *deflated(pf_src *s, zl_opts *o, const uint8_t *data, size_t len)
{
    pf_vec *out = pf_vec_new(s);
    pf_stream_compress_once(s, &zl_codec, o, data, len, out);
    return out;
}

static void default_is_level_6(pf_src *s, const pf_stream_input *in)
{
    const zl_opts *o = in->opts;
    if (o->p[P_LEVEL] != Z_DEFAULT_COMPRESSION && o->p[P_LEVEL] != 6)
        return;
    zl_opts other = *o;
    other.p[P_LEVEL] = o->p[P_LEVEL] == 6 ? Z_DEFAULT_COMPRESSION : 6;
    const pf_vec *b = deflated(s, &other, in->data, in->len);
    bool dflt = o->p[P_LEVEL] == Z_DEFAULT_COMPRESSION;
    pf_check_bytes_equal(s, NULL, dflt ? "the stream at Z_DEFAULT_COMPRESSION"
                                       : "the stream at level 6",
                         in->packed->data, in->packed->len,
                         dflt ? "the stream at level 6" : "the stream at Z_DEFAULT_COMPRESSION",
                         b->data, b->len);
}

/* The repeated piece's parameters: v's format, drawn level, strategy and
 * memLevel, the largest window; no dictionary, no gzip header. */
static size_t draw_repeated(pf_src *s, const zl_opts *o, zl_opts *r, uint8_t *piece)
{
    static const int64_t strategies[] = {Z_DEFAULT_STRATEGY, Z_FILTERED, Z_FIXED, Z_RLE};
    *r = (zl_opts){.bound = 0};
    r->p[P_FORMAT] = o->p[P_FORMAT];
    r->p[P_LEVEL] = (int64_t)pf_u64_range(s, "level", 1, 9);
    r->p[P_STRATEGY] = strategies[pf_choice(s, "strategy", PF_LEN(strategies))];
    r->p[P_WBITS] = 15;
    r->p[P_MEM] = (int64_t)pf_u64_range(s, "memLevel", 1, 9);
    size_t n = r->p[P_STRATEGY] == Z_RLE ? 1 : pf_u64_range(s, "piece_len", 1, PIECE_MAX);
    uint8_t first = pf_u8(s, "first"), stride = (uint8_t)(2 * pf_u8(s, "half_stride") + 1);
    for (size_t i = 0; i < n; i++) /* an odd stride: n distinct bytes */
        piece[i] = (uint8_t)(first + i * stride);
    return n;
}

static size_t framing_len(int64_t format)
{
    return format == F_ZLIB ? 2 + 4 : format == F_GZIP ? 10 + 8 : 0;
}

static void repeated_piece(pf_src *s, const pf_stream_input *in)
{
    zl_opts r;
    uint8_t piece[PIECE_MAX];
    pf_span_begin(s, "repeated");
    size_t n = draw_repeated(s, in->opts, &r, piece);
    size_t len = (size_t)pf_u64_range(s, "len", REPEATED_MIN, REPEATED_MAX);
    pf_span_end(s);
    uint8_t *data = pf_alloc(s, len);
    for (size_t i = 0; i < len; i++)
        data[i] = piece[i % n];
    const pf_vec *out = deflated(s, &r, data, len);
    size_t most = framing_len(r.p[P_FORMAT]) + 2 * n + (len - n) / 32 + SLACK;
    if (out->len <= most)
        return;
    pf_buf b = {0};
    pf_buf_printf(&b, "%zu bytes of a %zu-byte piece repeated deflate to %zu bytes, "
                  "more than %zu", len, n, out->len, most);
    pf_stream_fail(s, &zl_codec, &r, "deflate did not shrink a repeated piece",
                   pf_buf_defer(s, &b));
}

void zl_compression(pf_src *s, void *input)
{
    default_is_level_6(s, input);
    repeated_piece(s, input);
}
