/* zlib — deflate and inflate (zlib, raw deflate and gzip formats), on the
 * streaming-codec family (include/propfuzz_stream.h: round_trip,
 * deterministic, batch_stream and concat in value mode; decompress_safe in
 * raw mode).
 *
 * Value mode draws parameters (format; level -1..9; strategy: default,
 * filtered, huffman_only, rle, fixed; windowBits; memLevel 1..9), data
 * (literal and repeated segments, up to 4 KiB, which crosses the window at
 * windowBits <= 11 and the symbol buffer at memLevel <= 5) and for gzip a
 * header (text flag, mtime, OS, an extra field up to 600 bytes, past
 * deflate's 512-byte pending buffer at memLevel 1, name and comment up to
 * 200; header CRC), for the
 * other formats a preset dictionary (its own bytes or a slice of the data).
 * One-shot is deflate(Z_FINISH) into deflateBound(); the streams are deflate
 * (a drawn flush mode between chunks; deflateParams to another level and
 * strategy after the first chunk when drawn) and inflate; the family's
 * batch_stream decodes the stream so far after each flush but Z_BLOCK,
 * whose last bits zlib.h lets deflate keep back. Beyond the family's
 * checks:
 *   round_trip      deflate(Z_FINISH) into deflateBound() bytes finishes in
 *                   one call (zlib.h promises it) and guesses text or
 *                   binary by its rule (huffman_only); a gzip header comes back
 *                   from inflateGetHeader field by field; uncompress2 agrees
 *                   and takes only the stream's bytes of a longer buffer
 *                   (zlib format); inflateBack reads it back (raw deflate
 *                   without a dictionary: inflateBack takes none)
 *   concat          gzip members (the format defines them), zlib and raw
 *                   streams (inflate ends them exactly) with an inflateReset
 *                   loop, each part with its own parameters
 *   decompress_safe format zlib, raw, gzip or auto-detect, windowBits 8..15,
 *                   small gzip header buffers; for raw deflate inflateBack
 *                   agrees with inflate too, and both refuse a first block
 *                   header RFC 1951 forbids (zlib/first_block.c)
 *   framing         the header and trailer bytes of the one-shot stream are
 *                   what RFC 1950 / 1952 and the parameters say, with
 *                   Adler-32 and CRC-32 computed from their definitions
 *                   (zlib/framing.c)
 *   compression     Z_DEFAULT_COMPRESSION's stream is level 6's; a short
 *                   piece repeated to 2-4 KiB shrinks to a bound a deflate
 *                   that finds its matches stays within (zlib/compression.c)
 *   reference       (comparison with a reference) the one-shot stream is,
 *                   byte for byte, the one the released zlib of the same
 *                   version writes (zlib/release.c): a change of the
 *                   compressor that still round-trips shows there only;
 *                   so is deflateBound's value
 *   reference_decode (raw mode) the released zlib's inflate makes the same
 *                   of the bytes: status, output, bytes taken, the words
 *                   of a refusal (zlib/release.c)
 * Every inflate call also reports as zlib.h says (zlib/codec.c): total_in
 * and total_out grow by what it took and gave, raw inflate leaves adler
 * alone, and data_type is 64 at the end of a zlib or gzip stream; inflate
 * and deflate return Z_BUF_ERROR only from a call that took and gave
 * nothing ("no progress was possible").
 * Chunked deflate output is compared after decompression only: zlib does
 * not promise the one-shot bytes (level 0 sizes stored blocks by the room).
 *
 * Restrictions (those zlib imposes shown in tests/restrict/zlib.c):
 *   R1 windowBits 8 is for the zlib format only: deflateInit2 refuses raw
 *      -8 and gzip 24 (Z_STREAM_ERROR), so for those an 8 drawn is 9; for
 *      the zlib format it turns 8 into 9 (zlib.h: "a request for 8 will
 *      result in 9"), and such a stream is inflated with windowBits 9.
 *   R2 no preset dictionary with gzip: deflateSetDictionary refuses it.
 *   R3 gzip header name and comment are C strings: a drawn one ends at its
 *      first NUL byte.
 *   R4 Z_SYNC_FLUSH, Z_FULL_FLUSH and Z_PARTIAL_FLUSH get at least 7 bytes
 *      of room per call: zlib.h asks avail_out > 6 for the first two, else
 *      each call appends a new flush marker; Z_PARTIAL_FLUSH does the same
 *      with a room of 1 (FINDINGS.md), which zlib.h does not say.
 *   R5 zlib 1.2.13's deflateBound() is one byte short at level 0 for inputs
 *      under 8 bytes when windowBits <= memLevel + 7 and not the defaults
 *      (FINDINGS.md, fixed in zlib 1.3): there the one-call promise is
 *      checked against zlib 1.3's bound (event R5).
 *   R6 for speed the data is cut at a few windows when the window is small
 *      and memLevel large, and at 8 blocks' worth when memLevel is small
 *      (data_cap: window slides and block ends still happen).
 *   R7 raw mode: output beyond RAW_OUT_CAP bytes is a refusal (deflate
 *      expands up to 1032:1; the caller bounds inflate by its room).
 *   R8 raw mode compares the stepped inflate and inflateBack (window 32 KiB)
 *      with the one-shot inflate only when that accepted (the rest is
 *      decoded for memory safety, and skipped): a smaller
 *      windowBits refuses a header declaring a larger window, and in one
 *      call inflate checks distances against the output, not the window.
 *   R9 inflate's total_in is checked after every call but one that returns
 *      Z_NEED_DICT: that return leaves out the 6 header and DICTID bytes it
 *      took, and total_in stays 6 short to the end of the stream (known:
 *      madler/zlib PR #1297; FINDINGS.md).
 *   R10 reference and reference_decode need the released zlib of the
 *      version under test (libz.so.1, or the file PF_ZLIB_RELEASE names):
 *      without it, or with another version (whose bytes may differ), they
 *      are skipped.
 *
 * The files: here the properties and the modes; zlib/codec.c zlib's calls
 * behind the pf_stream_codec; zlib/release.c the released library;
 * zlib/inflate_back.c the inflateBack check;
 * zlib/strategy.c the parameter tables and draws; zlib/seeds.c the seeds;
 * zlib/zlib.h what they share.
 */
#include "zlib/zlib.h"

/* A planted-bug build (tests/planted/zlib/<property>.h) wraps zlib calls
 * here, in zlib/codec.c and in zlib/inflate_back.c, after the library's
 * headers and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

/* R5: at level 0, with windowBits <= memLevel + 7 and not the defaults,
 * zlib 1.2.13 bounds fixed blocks (n + n/8 + n/256 + n/512 + 4) where it
 * writes stored ones, 5 bytes of overhead; zlib 1.3 bounds stored blocks
 * (n + n/32 + n/128 + n/2048 + 7). tests/restrict/zlib.c shows the bug. */
static bool deflate_bound_known_bug(const zl_opts *o, size_t n, size_t need)
{
    const int64_t *p = o->p;
    int w = p[P_WBITS] == 8 ? 9 : (int)p[P_WBITS], hash_bits = (int)p[P_MEM] + 7;
    if (p[P_LEVEL] != 0 || (w == 15 && hash_bits == 15) || w > hash_bits)
        return false;
    size_t fixedlen = n + (n >> 3) + (n >> 8) + (n >> 9) + 4;
    size_t storelen = n + (n >> 5) + (n >> 7) + (n >> 11) + 7;
    return need <= o->bound - fixedlen + storelen;
}

static void check_bound(pf_src *s, const pf_stream_input *in)
{
    const zl_opts *o = in->opts;
    if (o->within)
        return;
    if (deflate_bound_known_bug(o, in->len, in->packed->len)) {
        pf_event(s, "R5");
        return;
    }
    pf_buf b = {0};
    pf_buf_printf(&b, "deflateBound(%zu) = %zu, the stream needs %zu", in->len,
                  o->bound, in->packed->len);
    pf_stream_fail(s, &zl_codec, o, "deflate(Z_FINISH) into deflateBound() "
                   "bytes did not finish", pf_buf_defer(s, &b));
}

/* deflate's data_type (zlib.h: "a best guess about the data type"), by
 * the rule of zlib's doc/txtvsbin.txt on the literals of the first block:
 * Z_BINARY if one is a block-listed byte (0-6, 14-25, 28-31), else Z_TEXT
 * if one is allowed (9, 10, 13, 32-255), else Z_BINARY. Checked where the
 * first block's literals are all the data: huffman_only (no matches) at a
 * level above 0 (level 0 stores and guesses nothing) with fewer bytes than
 * a block's symbol buffer (2^(memLevel+6) - 1). */
static void check_data_type(pf_src *s, const pf_stream_input *in)
{
    const zl_opts *o = in->opts;
    if (o->p[P_STRATEGY] != Z_HUFFMAN_ONLY || o->p[P_LEVEL] == 0 ||
        in->len >= ((size_t)1 << (o->p[P_MEM] + 6)) - 1)
        return;
    bool blocked = false, allowed = false;
    for (size_t i = 0; i < in->len; i++) {
        uint8_t c = in->data[i];
        blocked |= c <= 6 || (c >= 14 && c <= 25) || (c >= 28 && c <= 31);
        allowed |= c == 9 || c == 10 || c == 13 || c >= 32;
    }
    int want = !blocked && allowed ? Z_TEXT : Z_BINARY;
    if (o->data_type == want)
        return;
    pf_buf b = {0};
    pf_buf_printf(&b, "data_type %d, doc/txtvsbin.txt's rule gives %d (Z_TEXT %d, "
                  "Z_BINARY %d)", o->data_type, want, Z_TEXT, Z_BINARY);
    pf_stream_fail(s, &zl_codec, o, "deflate's data_type is not its text/binary "
                   "rule's", pf_buf_defer(s, &b));
}

static void check_gzip_header(pf_src *s, const zl_opts *o, const gz_header *g)
{
    static const char *const names[3] = {"extra", "name", "comment"};
    const zl_gzhdr *h = &o->hdr;
    const Bytef *got[3] = {g->extra, g->name, g->comment};
    const char *bad = g->done != 1 ? "done" : (g->text != 0) != h->text ? "text"
                      : g->time != h->time ? "time" : g->os != h->os ? "os"
                      : (g->hcrc != 0) != h->hcrc ? "hcrc" : NULL;
    pf_buf b = {0};
    pf_buf_printf(&b, "done=%d text=%d time=%lu os=%d hcrc=%d", g->done, g->text,
                  (unsigned long)g->time, g->os, g->hcrc);
    for (int i = 0; i < 3; i++) {
        size_t n = i == H_EXTRA ? g->extra_len : got[i] ? strlen((const char *)got[i]) : 0;
        if (!bad && (!h->field[i] != !got[i] ||
                     (got[i] && (n != h->len[i] || memcmp(got[i], h->field[i], n)))))
            bad = names[i];
        pf_buf_printf(&b, " %s=", names[i]);
        if (got[i])
            pf_buf_quote(&b, got[i], n);
        else
            pf_buf_printf(&b, "none");
    }
    if (!bad) {
        pf_buf_free(&b);
        return;
    }
    pf_buf where = {0};
    pf_buf_printf(&where, "header.%s", bad);
    pf_line l[] = {{"inflateGetHeader", pf_buf_defer(s, &b)}};
    pf_fail(s, NULL, "the gzip header did not come back", l, 1,
            pf_buf_defer(s, &where));
}

/* uncompress2: the zlib format's one-call API, given the stream and bytes
 * after it: it says how many it took (zlib.h), the stream's. */
static void check_uncompress2(pf_src *s, const pf_stream_input *in)
{
    static const uint8_t after[] = {0x78, 0x9c, 0};
    const zl_opts *o = in->opts;
    if (o->p[P_FORMAT] != F_ZLIB || o->dict.data)
        return;
    Bytef *dst = pf_vec_reserve(pf_vec_new(s), in->len + 1);
    uLongf dst_len = (uLongf)in->len + 1;
    pf_vec *src = pf_vec_new(s);
    pf_vec_put(src, in->packed->data, in->packed->len);
    pf_vec_put(src, after, sizeof after);
    uLong src_len = (uLong)src->len;
    int ret = uncompress2(dst, &dst_len, src->data, &src_len);
    if (ret == Z_OK && src_len == in->packed->len && dst_len == in->len &&
        (in->len == 0 || memcmp(dst, in->data, in->len) == 0))
        return;
    pf_buf b = {0};
    pf_buf_printf(&b, "uncompress2 returned %s, %lu bytes from %lu of %zu",
                  zl_ret_name(ret), (unsigned long)dst_len, (unsigned long)src_len,
                  in->packed->len);
    pf_stream_fail(s, &zl_codec, o, "uncompress2(deflate(data)) != data",
                   pf_buf_defer(s, &b));
}

static void prop_round_trip(pf_src *s, void *input)
{
    pf_stream_input *in = input;
    const zl_opts *o = in->opts;
    zl_dec *d = in->dopts;
    check_bound(s, in);
    check_data_type(s, in);
    Bytef *buf = pf_alloc(s, 3 * HDR_FIELD_MAX + 2);
    gz_header *g = pf_alloc(s, sizeof *g);
    *g = (gz_header){.extra = buf, .extra_max = HDR_FIELD_MAX,
                     .name = buf + HDR_FIELD_MAX, .name_max = HDR_FIELD_MAX + 1,
                     .comment = buf + 2 * HDR_FIELD_MAX + 1,
                     .comm_max = HDR_FIELD_MAX + 1};
    d->hdr = o->hdr.set ? g : NULL;
    pf_stream_round_trip(s, in);
    d->hdr = NULL;
    if (o->hdr.set)
        check_gzip_header(s, o, g);
    check_uncompress2(s, in);
    if (o->p[P_FORMAT] == F_RAW && !o->dict.data) /* inflateBack takes no dictionary */
        zl_check_back_round_trip(s, in);
}

/* A further stream of concat: the first's format, its own parameters. */
static void *part_opts(pf_src *s, pf_stream_input *in, size_t *cut)
{
    zl_opts *po = pf_alloc(s, sizeof *po);
    *po = (zl_opts){.bound = 0};
    zl_draw_params(s, po->p, ((const zl_opts *)in->opts)->p);
    *cut = zl_data_cap(po->p, PART_MAX);
    return po;
}

/* Window 15 takes every part; zlib and gzip may be auto-detected. */
static void *concat_dopts(pf_src *s, pf_stream_input *in)
{
    int64_t f = ((const zl_opts *)in->opts)->p[P_FORMAT];
    zl_dec *d = pf_alloc(s, sizeof *d);
    *d = *(const zl_dec *)in->dopts;
    d->hdr = NULL;
    d->window = f == F_RAW ? -15 : f == F_GZIP ? 31 : 15;
    if (f != F_RAW && pf_bool(s, "auto_detect"))
        d->window = 47;
    return d;
}

const pf_stream_target zl_target = {
    .codec = &zl_codec, .plan_params = zl_plan, .n_plan_params = N_PL,
    .plan_from = zl_plan_from, .part_opts = part_opts, .part_seg = &zl_seg,
    .part_max = PART_MAX, .concat_dopts = concat_dopts};

static void *draw_values(pf_src *s)
{
    zl_opts *o = pf_alloc(s, sizeof *o);
    *o = (zl_opts){.bound = 0};
    zl_draw_params(s, o->p, NULL);
    pf_vec *data = pf_draw_segments(s, "data", &zl_seg, zl_data_cap(o->p, DATA_MAX));
    if (o->p[P_FORMAT] == F_GZIP) /* R2 */
        zl_draw_gzhdr(s, &o->hdr);
    else
        o->dict = pf_draw_dict(s, DICT_MAX, DATA_MAX, data->data, data->len);
    zl_dec *d = pf_alloc(s, sizeof *d);
    *d = (zl_dec){zl_inflate_window(o->p), &o->dict, NULL};
    return pf_stream_input_new(s, &zl_target, o, d, data->data, data->len);
}

/* Raw mode: inflate with the drawn format and window, small gzip header
 * buffers (inflate must truncate into them), then in steps with a 32 KiB
 * window; what it gave is deflated again with the defaults. */
typedef struct zraw {
    pf_stream_raw r;
    zl_opts again;
    zl_dec once, stepped, back;
    gz_header g;
    Bytef hdr[3][RAW_HDR_MAX];
    int format;
} zraw;

static void *draw_raw(pf_src *s)
{
    static const int base[N_FORMATS] = {0, 0, 16, 32};
    zraw *z = pf_alloc(s, sizeof *z);
    memset(z, 0, sizeof *z);
    z->format = (int)pf_choice(s, "format", N_FORMATS);
    pf_name_values(s, zl_format_names, N_FORMATS);
    int w = (int)pf_u64_range(s, "window_bits", 8, 15), f = z->format;
    z->once.window = f == F_RAW ? -w : base[f] + w;
    z->stepped.window = f == F_RAW ? -15 : base[f] + 15;
    z->g = (gz_header){.extra = z->hdr[0], .extra_max = RAW_HDR_MAX,
                       .name = z->hdr[1], .name_max = RAW_HDR_MAX,
                       .comment = z->hdr[2], .comm_max = RAW_HDR_MAX};
    z->once.hdr = f == F_GZIP || f == F_AUTO ? &z->g : NULL;
    z->r = (pf_stream_raw){.codec = &zl_codec, .dopts = &z->once,
                           .step_dopts = &z->stepped, .recompress_opts = &z->again,
                           .recompress_dopts = &z->back, .cap = RAW_OUT_CAP};
    pf_stream_draw_raw(s, &z->r);
    bool gzip = f == F_GZIP || (f == F_AUTO && z->r.len >= 2 && z->r.raw[0] == 0x1f &&
                                z->r.raw[1] == 0x8b);
    memcpy(z->again.p, (int64_t[N_P]){gzip ? F_GZIP : f == F_AUTO ? F_ZLIB : f, 6, 0, 15, 8},
           sizeof z->again.p);
    z->back.window = zl_inflate_window(z->again.p);
    return z;
}

static void prop_decompress_safe(pf_src *s, void *in)
{
    zraw *z = in;
    const pf_stream_result *once = pf_stream_raw_once(s, &z->r);
    if (z->format == F_RAW)
        zl_check_first_block(s, &z->r, once);
    if (once->status == PF_STREAM_TOO_LARGE)
        pf_skip(s, "R7");
    if (once->status != PF_STREAM_END)
        pf_skip(s, "R8");
    pf_stream_result st;
    pf_stream_raw_stepped(s, &z->r, &st);
    pf_stream_raw_same(s, &z->r, NULL, &st, once);
    if (z->format == F_RAW)
        zl_check_inflate_back(s, &z->r, once);
    pf_stream_raw_recompress(s, &z->r, once);
}

/* The one-shot stream the build under test wrote is, byte for byte, the
 * released zlib's for the same parameters, dictionary, header and data,
 * and deflateBound said what the release's says (a bound too large
 * passes round_trip's check). */
static void prop_reference(pf_src *s, void *in_)
{
    pf_stream_input *in = in_;
    const zl_release *r = zl_release_get();
    if (!r)
        pf_skip(s, "R10");
    pf_vec *want = pf_vec_new(s);
    const zl_opts *o = in->opts;
    size_t bound = 0;
    const char *why = zl_release_compress(r, o, in->data, in->len, want, &bound);
    if (why)
        pf_stream_fail(s, &zl_codec, o, "the released zlib refused what the "
                       "build under test took", why);
    if (bound != o->bound) {
        pf_buf b = {0};
        pf_buf_printf(&b, "deflateBound(%zu): %zu under test, %zu by the release",
                      in->len, o->bound, bound);
        pf_stream_fail(s, &zl_codec, o, "deflateBound differs from the released zlib's",
                       pf_buf_defer(s, &b));
    }
    pf_check_bytes_equal(s, NULL, "the released zlib's stream", want->data,
                         want->len, "the stream under test", in->packed->data,
                         in->packed->len);
}

/* What the inflate under test makes of arbitrary bytes is what the
 * released zlib's makes of them (zlib/release.c): the same status, output
 * and bytes taken, and a refusal in the same words. The other raw checks
 * compare the build with itself; a fault both of its decoders share, or
 * one that accepts what zlib refuses, shows only here. */
static void prop_reference_decode(pf_src *s, void *in)
{
    zraw *z = in;
    if (!zl_release_get())
        pf_skip(s, "R10");
    const pf_stream_result *once = pf_stream_raw_once(s, &z->r);
    pf_stream_result want;
    pf_stream_decompress_once(s, &zl_release_codec, &z->once, z->r.raw, z->r.len, z->r.cap,
                              &want);
    const char *our_words = once->error ? once->error : "";
    const char *their_words = want.error ? want.error : "";
    if (once->status == want.status && once->consumed == want.consumed &&
        strcmp(our_words, their_words) == 0 && once->out->len == want.out->len &&
        memcmp(once->out->data, want.out->data, want.out->len) == 0)
        return;
    size_t at = 0;
    while (at < once->out->len && at < want.out->len &&
           once->out->data[at] == want.out->data[at])
        at++;
    pf_buf b = {0};
    pf_buf_printf(&b, "under test: %s, %zu bytes out, %zu taken%s%s; the release: %s, "
                  "%zu bytes out, %zu taken%s%s; the outputs agree on %zu bytes",
                  pf_stream_status_name(once->status), once->out->len, once->consumed,
                  *our_words ? ", " : "", our_words, pf_stream_status_name(want.status),
                  want.out->len, want.consumed, *their_words ? ", " : "", their_words, at);
    pf_stream_fail(s, &zl_codec, NULL, "inflate(raw) differs from the released zlib's",
                   pf_buf_defer(s, &b));
}

static const pf_property value_properties[] = {
    {"round_trip", prop_round_trip},
    {"deterministic", pf_stream_deterministic},
    {"batch_stream", pf_stream_batch_stream},
    {"concat", pf_stream_concat},
    {"framing", zl_framing},
    {"compression", zl_compression},
    {"reference", prop_reference},
};
static const pf_property raw_properties[] = {
    {"decompress_safe", prop_decompress_safe},
    {"reference_decode", prop_reference_decode},
};
static const pf_mode modes[] = {
    {"values", draw_values, value_properties, PF_LEN(value_properties)},
    {"raw", draw_raw, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target zlib_target = {"zlib", modes, PF_LEN(modes), NULL};
PF_TARGET(zlib_target)
