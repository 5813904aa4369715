/* zlib — deflate and inflate (zlib, raw deflate and gzip formats), on the
 * streaming-codec family (include/propfuzz_stream.h: round_trip,
 * deterministic, batch_stream and concat in value mode; decompress_safe in
 * raw mode).
 *
 * Value mode draws parameters (format; level -1..9; strategy: default,
 * filtered, huffman_only, rle, fixed; windowBits; memLevel 1..9), data
 * (literal and repeated segments, up to 4 KiB, which crosses the window at
 * windowBits <= 11 and the symbol buffer at memLevel <= 5) and for gzip a
 * header (text flag, mtime, OS, extra, name, comment, header CRC), for the
 * other formats a preset dictionary (its own bytes or a slice of the data).
 * One-shot is deflate(Z_FINISH) into deflateBound(); the streams are deflate
 * (a drawn flush mode between chunks; deflateParams to another level and
 * strategy after the first chunk when drawn) and inflate. Beyond the
 * family's checks:
 *   round_trip      deflate(Z_FINISH) into deflateBound() bytes finishes in
 *                   one call (zlib.h promises it); a gzip header comes back
 *                   from inflateGetHeader field by field; uncompress2 agrees
 *   concat          gzip members (the format defines them), zlib and raw
 *                   streams (inflate ends them exactly) with an inflateReset
 *                   loop, each part with its own parameters
 *   decompress_safe format zlib, raw, gzip or auto-detect, windowBits 8..15,
 *                   small gzip header buffers; for raw deflate inflateBack
 *                   agrees with inflate too
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
 */
#include "propfuzz_stream.h"

#include <string.h>
#include <zlib.h>

/* A planted-bug build (tests/planted/zlib/<property>.h) wraps zlib calls
 * here, after the library's headers and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

enum {
    DATA_MAX = 4096, PART_MAX = 1024, DICT_MAX = 1024, HDR_FIELD_MAX = 64,
    RAW_OUT_CAP = 256 * 1024, RAW_HDR_MAX = 16,
};
enum mode { MODE_VALUES, MODE_RAW, N_MODES };
enum format { F_ZLIB, F_RAW, F_GZIP, F_AUTO, N_FORMATS };
static const char *const format_names[N_FORMATS] = {"zlib", "raw", "gzip", "auto"};
/* The index is the zlib constant (Z_DEFAULT_STRATEGY .. Z_FIXED). */
static const char *const strategy_names[] = {"default", "filtered",
                                             "huffman_only", "rle", "fixed"};
enum flush_kind { FL_NONE, FL_SYNC, FL_FULL, FL_PARTIAL, FL_BLOCK };
static const char *const flush_names[] = {"no_flush", "sync", "full", "partial",
                                          "block"};
static const int flush_values[] = {Z_NO_FLUSH, Z_SYNC_FLUSH, Z_FULL_FLUSH,
                                   Z_PARTIAL_FLUSH, Z_BLOCK};
static const pf_segments_opts k_seg = {.literal_max = DATA_MAX};

/* zlib's allocations go through the block cache: every deflateInit2 asks
 * for 200-400 KiB of tables. */
static voidpf z_alloc(voidpf o, uInt items, uInt size)
{
    (void)o;
    return pf_cache_alloc((size_t)items * size);
}
static void z_free(voidpf o, voidpf p) { (void)o; pf_cache_free(p); }

/* --- strategy ------------------------------------------------------- */

/* The parameters; a further stream of concat draws them but the format. */
enum { P_FORMAT, P_LEVEL, P_STRATEGY, P_WBITS, P_MEM, N_P };
static const pf_param k_params[N_P] = {
    {"format", PF_PARAM_CHOICE, 0, F_GZIP, format_names, 0},
    {"level", PF_PARAM_INT, -1, 9, NULL, 0},
    {"strategy", PF_PARAM_CHOICE, 0, 4, strategy_names, 0},
    {"windowBits", PF_PARAM_UINT, 8, 15, NULL, 0}, /* R1 */
    {"memLevel", PF_PARAM_UINT, 1, 9, NULL, 0},
};

/* A gzip header as drawn (R3: name and comment end at a NUL). */
typedef struct gzhdr {
    bool set, text, hcrc;
    uint32_t time;
    uint8_t os;
    const uint8_t *field[3]; /* extra, name, comment; NULL: none */
    size_t len[3];
} gzhdr;
enum { H_EXTRA, H_NAME, H_COMMENT };

typedef struct zopts {
    int64_t p[N_P];
    pf_dict dict;
    gzhdr hdr;
    size_t bound;   /* what deflateBound said for the last one-shot stream */
    bool within;    /* and whether deflate finished within it */
} zopts;

/* The decoder's options; a gzip header is read into hdr when set. */
typedef struct zdec {
    int window;
    const pf_dict *dict;
    gz_header *hdr;
} zdec;

static void draw_params(pf_src *s, int64_t *p, const int64_t *first)
{
    if (first) { /* concat: the first stream's format */
        p[P_FORMAT] = first[P_FORMAT];
        pf_draw_params(s, "params", k_params + 1, N_P - 1, p + 1);
    } else {
        pf_draw_params(s, "params", k_params, N_P, p);
    }
    if (p[P_FORMAT] != F_ZLIB && p[P_WBITS] == 8)
        p[P_WBITS] = 9;
}

static void draw_gzhdr(pf_src *s, gzhdr *h)
{
    static const char *const labels[3] = {"extra", "name", "comment"};
    *h = (gzhdr){.set = pf_bool(s, "gzip_header")};
    if (!h->set)
        return;
    pf_span_begin(s, "header");
    h->text = pf_bool(s, "text");
    h->time = pf_u32(s, "mtime");
    h->os = pf_u8(s, "os");
    for (int i = 0; i < 3; i++) {
        if (!pf_bool(s, i == H_EXTRA ? "has_extra" : i == H_NAME ? "has_name"
                                                                 : "has_comment"))
            continue;
        h->field[i] = pf_bytes(s, labels[i], 0, HDR_FIELD_MAX, &h->len[i]);
        if (i != H_EXTRA) /* R3 */
            h->len[i] = strlen((const char *)h->field[i]);
    }
    h->hcrc = pf_bool(s, "hcrc");
    pf_span_end(s);
}

/* The data's cut (R6): each window of input slides the hash table
 * (2^(memLevel+7) entries) and each full symbol buffer (2^(memLevel+6))
 * ends a block and builds its trees; under the sanitizers either took
 * most of a run. At least 3 windows and 8 blocks are kept. */
static size_t data_cap(const int64_t *p, size_t max)
{
    int w = p[P_WBITS] == 8 ? 9 : (int)p[P_WBITS], hash_bits = (int)p[P_MEM] + 7;
    size_t slides = hash_bits >= 16 ? 1 : (size_t)1 << (16 - hash_bits);
    size_t cap = ((size_t)1 << w) * (2 + slides);
    size_t blocks = (size_t)8 << (p[P_MEM] + 6);
    cap = cap < blocks ? cap : blocks;
    return cap < max ? cap : max;
}

/* --- the codec ------------------------------------------------------ */

static const pf_stream_codec z_codec;

static const char *zret_name(int ret)
{
    static const char *const names[] = {
        "Z_VERSION_ERROR", "Z_BUF_ERROR", "Z_MEM_ERROR", "Z_DATA_ERROR",
        "Z_STREAM_ERROR", "Z_ERRNO", "Z_OK", "Z_STREAM_END", "Z_NEED_DICT"};
    return ret >= -6 && ret <= 2 ? names[ret + 6] : "?";
}

static const char *z_error(const char *call, int ret)
{
    return ret == Z_OK ? NULL : pf_stream_why(call, zret_name(ret));
}

static void z_describe(const void *opts, pf_buf *b)
{
    const zopts *o = opts;
    pf_describe_params(b, k_params, N_P, o->p);
    if (o->dict.data)
        pf_buf_printf(b, " dict=%zu bytes", o->dict.len);
}

static int deflate_window(const int64_t *p)
{
    int w = (int)p[P_WBITS];
    return p[P_FORMAT] == F_RAW ? -w : p[P_FORMAT] == F_GZIP ? w + 16 : w;
}

/* The windowBits that inflates it: a zlib-format 8 is 9 (R1). */
static int inflate_window(const int64_t *p)
{
    int w = p[P_WBITS] == 8 ? 9 : (int)p[P_WBITS];
    return p[P_FORMAT] == F_RAW ? -w : p[P_FORMAT] == F_GZIP ? w + 16 : w;
}

/* Name and comment are C strings: copied with their NUL. */
static const char *set_header(z_stream *z, const gzhdr *h, gz_header *gh)
{
    static Bytef text[2][HDR_FIELD_MAX + 1];
    *gh = (gz_header){.text = h->text, .time = h->time, .os = h->os,
                      .extra = (Bytef *)h->field[H_EXTRA],
                      .extra_len = (uInt)h->len[H_EXTRA], .hcrc = h->hcrc};
    for (int i = H_NAME; i <= H_COMMENT; i++)
        if (h->field[i]) {
            memcpy(text[i - 1], h->field[i], h->len[i]);
            text[i - 1][h->len[i]] = 0;
            *(i == H_NAME ? &gh->name : &gh->comment) = text[i - 1];
        }
    return z_error("deflateSetHeader", deflateSetHeader(z, gh));
}

/* A deflate stream with o's parameters, dictionary and header. */
static const char *deflate_start(z_stream *z, const zopts *o, gz_header *gh)
{
    *z = (z_stream){.zalloc = z_alloc, .zfree = z_free};
    const int64_t *p = o->p;
    const char *why = z_error("deflateInit2",
                              deflateInit2(z, (int)p[P_LEVEL], Z_DEFLATED,
                                           deflate_window(p), (int)p[P_MEM],
                                           (int)p[P_STRATEGY]));
    if (!why && o->dict.data)
        why = z_error("deflateSetDictionary",
                      deflateSetDictionary(z, o->dict.data, (uInt)o->dict.len));
    if (!why && o->hdr.set)
        why = set_header(z, &o->hdr, gh);
    return why;
}

/* deflate(Z_FINISH) into deflateBound() bytes, noting whether it finished
 * there; then given more room until it does, so out is the whole stream. */
static const char *z_compress(pf_src *s, void *opts, const uint8_t *data,
                              size_t len, pf_vec *out)
{
    (void)s;
    zopts *o = opts;
    z_stream z;
    gz_header gh;
    const char *why = deflate_start(&z, o, &gh);
    if (why) {
        deflateEnd(&z);
        return why;
    }
    size_t room = o->bound = deflateBound(&z, (uLong)len);
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)len;
    int ret = Z_OK;
    for (unsigned tries = 0; ret == Z_OK || ret == Z_BUF_ERROR; tries++, room = 256) {
        z.next_out = pf_vec_reserve(out, room);
        z.avail_out = (uInt)room;
        ret = tries > 64 ? Z_BUF_ERROR : deflate(&z, Z_FINISH);
        pf_vec_added(out, room - z.avail_out);
        if (tries == 0)
            o->within = ret == Z_STREAM_END;
        if (tries > 64)
            break;
    }
    deflateEnd(&z);
    return ret == Z_STREAM_END ? NULL : pf_stream_why("deflate(Z_FINISH)", zret_name(ret));
}

/* batch_stream's plan: output room, the flush between chunks, and
 * deflateParams(level2, strategy2) after the first chunk. */
enum { PL_ROOM, PL_FLUSH, PL_REPARAM, PL_LEVEL2, PL_STRATEGY2, N_PL };
static const pf_param k_plan[N_PL] = {
    PF_STREAM_ROOM_PARAM("out_step"),
    {"flush", PF_PARAM_CHOICE, 0, FL_BLOCK, flush_names, 0},
    {"reparam", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"level2", PF_PARAM_INT, -1, 9, NULL, PL_REPARAM + 1},
    {"strategy2", PF_PARAM_CHOICE, 0, 4, strategy_names, PL_REPARAM + 1},
};

static void plan_from(pf_stream_plan *plan, const int64_t *v)
{
    plan->room = (size_t)v[PL_ROOM];
    plan->flush = v[PL_FLUSH] != FL_NONE;
}

typedef struct zenc {
    z_stream z;
    gz_header gh;
    const int64_t *plan;  /* NULL: no flush mode, no reparam */
    int ops;              /* ops completed */
    bool reparam_due;
} zenc;

static void *z_encoder_begin(pf_src *s, void *opts, const pf_stream_plan *plan,
                             size_t len)
{
    (void)len;
    zenc *e = pf_alloc(s, sizeof *e);
    e->plan = plan->extra;
    e->ops = 0;
    e->reparam_due = false;
    const char *why = deflate_start(&e->z, opts, &e->gh);
    if (why) {
        deflateEnd(&e->z);
        pf_stream_fail(s, &z_codec, opts, "zlib refused a valid call", why);
    }
    return e;
}

static int flush_of(const zenc *e, pf_stream_op op)
{
    return op == PF_OP_FINISH ? Z_FINISH : op == PF_OP_FEED || !e->plan
               ? Z_NO_FLUSH : flush_values[e->plan[PL_FLUSH]];
}

/* R4: the flushes that append a marker per call get 7 bytes. */
static size_t z_encoder_min_room(void *enc, pf_stream_op op, size_t in_left)
{
    (void)in_left;
    int f = flush_of(enc, op);
    return f == Z_SYNC_FLUSH || f == Z_FULL_FLUSH || f == Z_PARTIAL_FLUSH ? 7 : 1;
}

static pf_step z_encoder_step(void *enc, pf_stream_op op, pf_stream_io *io)
{
    zenc *e = enc;
    e->z.next_out = io->out, e->z.avail_out = (uInt)io->room;
    e->z.next_in = (Bytef *)io->in, e->z.avail_in = (uInt)io->in_len;
    if (e->reparam_due) {
        /* Between two chunks, so with no input (deflateParams compresses
         * what it is given with the old parameters). Z_BUF_ERROR: no room
         * yet to end the old parameters' block. */
        e->z.avail_in = 0;
        int ret = deflateParams(&e->z, (int)e->plan[PL_LEVEL2],
                                (int)e->plan[PL_STRATEGY2]);
        io->out_used = io->room - e->z.avail_out;
        e->reparam_due = ret == Z_BUF_ERROR;
        io->error = e->reparam_due ? NULL : z_error("deflateParams", ret);
        return io->error ? PF_STEP_ERROR : PF_STEP_MORE;
    }
    int flush = flush_of(e, op), ret = deflate(&e->z, flush);
    io->in_used = io->in_len - e->z.avail_in;
    io->out_used = io->room - e->z.avail_out;
    if (ret != Z_OK && ret != Z_BUF_ERROR && ret != Z_STREAM_END) {
        io->error = pf_stream_why("deflate", zret_name(ret));
        return PF_STEP_ERROR;
    }
    bool done = ret == Z_STREAM_END ||
                (flush == Z_NO_FLUSH ? e->z.avail_in == 0
                 : flush != Z_FINISH && e->z.avail_in == 0 && e->z.avail_out != 0);
    if (done && e->ops++ == 0 && e->plan && e->plan[PL_REPARAM] && op != PF_OP_FINISH)
        e->reparam_due = true;
    return done ? PF_STEP_DONE : PF_STEP_MORE;
}

static void z_encoder_end(void *enc) { deflateEnd(&((zenc *)enc)->z); }

static void *z_decoder_begin(pf_src *s, void *dopts)
{
    const zdec *d = dopts;
    z_stream *z = pf_alloc(s, sizeof *z);
    *z = (z_stream){.zalloc = z_alloc, .zfree = z_free};
    const char *why = z_error("inflateInit2", inflateInit2(z, d->window));
    if (!why && d->dict && d->dict->data && d->window < 0)
        why = z_error("inflateSetDictionary",
                      inflateSetDictionary(z, d->dict->data, (uInt)d->dict->len));
    if (!why && d->hdr)
        why = z_error("inflateGetHeader", inflateGetHeader(z, d->hdr));
    if (why) {
        inflateEnd(z);
        pf_stream_fail(s, &z_codec, NULL, "zlib refused a valid call", why);
    }
    z->opaque = (voidpf)d; /* the dictionary for Z_NEED_DICT */
    return z;
}

static pf_step z_decoder_step(void *dec, pf_stream_io *io)
{
    z_stream *z = dec;
    const zdec *d = z->opaque;
    z->next_in = (Bytef *)io->in, z->avail_in = (uInt)io->in_len;
    z->next_out = io->out, z->avail_out = (uInt)io->room;
    int ret = inflate(z, Z_NO_FLUSH);
    io->in_used = io->in_len - z->avail_in;
    io->out_used = io->room - z->avail_out;
    if (ret == Z_NEED_DICT && d->dict && d->dict->data &&
        inflateSetDictionary(z, d->dict->data, (uInt)d->dict->len) == Z_OK)
        return PF_STEP_MORE;
    if (ret == Z_STREAM_END)
        return PF_STEP_DONE;
    if (ret == Z_OK || ret == Z_BUF_ERROR)
        return PF_STEP_MORE;
    io->error = ret == Z_NEED_DICT ? "Z_NEED_DICT without the dictionary"
                                   : pf_stream_why(zret_name(ret), z->msg ? z->msg : "");
    return PF_STEP_ERROR;
}

static void z_next_frame(void *dec) { inflateReset(dec); }
static void z_decoder_end(void *dec) { inflateEnd(dec); }

static const pf_stream_codec z_codec = {
    .compress_name = "deflate", .decompress_name = "inflate",
    .compress = z_compress,
    .encoder_begin = z_encoder_begin, .encoder_step = z_encoder_step,
    .encoder_min_room = z_encoder_min_room, .encoder_end = z_encoder_end,
    .default_room = 65536, .finish_with_last_chunk = true,
    .decoder_begin = z_decoder_begin, .decoder_step = z_decoder_step,
    .decoder_next_frame = z_next_frame, .decoder_end = z_decoder_end,
    .describe = z_describe,
};

/* --- properties ----------------------------------------------------- */

/* R5: at level 0, with windowBits <= memLevel + 7 and not the defaults,
 * zlib 1.2.13 bounds fixed blocks (n + n/8 + n/256 + n/512 + 4) where it
 * writes stored ones, 5 bytes of overhead; zlib 1.3 bounds stored blocks
 * (n + n/32 + n/128 + n/2048 + 7). tests/restrict/zlib.c shows the bug. */
static bool deflate_bound_known_bug(const zopts *o, size_t n, size_t need)
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
    const zopts *o = in->opts;
    if (o->within)
        return;
    if (deflate_bound_known_bug(o, in->len, in->packed->len)) {
        pf_event(s, "R5");
        return;
    }
    pf_buf b = {0};
    pf_buf_printf(&b, "deflateBound(%zu) = %zu, the stream needs %zu", in->len,
                  o->bound, in->packed->len);
    pf_stream_fail(s, &z_codec, o, "deflate(Z_FINISH) into deflateBound() "
                   "bytes did not finish", pf_buf_defer(s, &b));
}

static void check_gzip_header(pf_src *s, const zopts *o, const gz_header *g)
{
    static const char *const names[3] = {"extra", "name", "comment"};
    const gzhdr *h = &o->hdr;
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

/* uncompress2: the zlib format's one-call API. */
static void check_uncompress2(pf_src *s, const pf_stream_input *in)
{
    const zopts *o = in->opts;
    if (o->p[P_FORMAT] != F_ZLIB || o->dict.data)
        return;
    Bytef *dst = pf_vec_reserve(pf_vec_new(s), in->len + 1);
    uLongf dst_len = (uLongf)in->len + 1;
    uLong src_len = (uLong)in->packed->len;
    int ret = uncompress2(dst, &dst_len, in->packed->data, &src_len);
    if (ret == Z_OK && src_len == in->packed->len && dst_len == in->len &&
        (in->len == 0 || memcmp(dst, in->data, in->len) == 0))
        return;
    pf_buf b = {0};
    pf_buf_printf(&b, "uncompress2 returned %s, %lu bytes from %lu of %zu",
                  zret_name(ret), (unsigned long)dst_len, (unsigned long)src_len,
                  in->packed->len);
    pf_stream_fail(s, &z_codec, o, "uncompress2(deflate(data)) != data",
                   pf_buf_defer(s, &b));
}

static void prop_round_trip(pf_src *s, void *input)
{
    pf_stream_input *in = input;
    const zopts *o = in->opts;
    zdec *d = in->dopts;
    check_bound(s, in);
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
}

/* A further stream of concat: the first's format, its own parameters. */
static void *part_opts(pf_src *s, pf_stream_input *in, size_t *cut)
{
    zopts *po = pf_alloc(s, sizeof *po);
    *po = (zopts){.bound = 0};
    draw_params(s, po->p, ((const zopts *)in->opts)->p);
    *cut = data_cap(po->p, PART_MAX);
    return po;
}

/* Window 15 takes every part; zlib and gzip may be auto-detected. */
static void *concat_dopts(pf_src *s, pf_stream_input *in)
{
    int64_t f = ((const zopts *)in->opts)->p[P_FORMAT];
    zdec *d = pf_alloc(s, sizeof *d);
    *d = *(const zdec *)in->dopts;
    d->hdr = NULL;
    d->window = f == F_RAW ? -15 : f == F_GZIP ? 31 : 15;
    if (f != F_RAW && pf_bool(s, "auto_detect"))
        d->window = 47;
    return d;
}

static const pf_stream_target z_target = {
    .codec = &z_codec, .plan_params = k_plan, .n_plan_params = N_PL,
    .plan_from = plan_from, .part_opts = part_opts, .part_seg = &k_seg,
    .part_max = PART_MAX, .concat_dopts = concat_dopts};

static void *draw_values(pf_src *s)
{
    zopts *o = pf_alloc(s, sizeof *o);
    *o = (zopts){.bound = 0};
    draw_params(s, o->p, NULL);
    pf_vec *data = pf_draw_segments(s, "data", &k_seg, data_cap(o->p, DATA_MAX));
    if (o->p[P_FORMAT] == F_GZIP) /* R2 */
        draw_gzhdr(s, &o->hdr);
    else
        o->dict = pf_draw_dict(s, DICT_MAX, DATA_MAX, data->data, data->len);
    zdec *d = pf_alloc(s, sizeof *d);
    *d = (zdec){inflate_window(o->p), &o->dict, NULL};
    return pf_stream_input_new(s, &z_target, o, d, data->data, data->len);
}

/* Raw mode: inflate with the drawn format and window, small gzip header
 * buffers (inflate must truncate into them), then in steps with a 32 KiB
 * window; what it gave is deflated again with the defaults. */
typedef struct zraw {
    pf_stream_raw r;
    zopts again;
    zdec once, stepped, back;
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
    pf_name_values(s, format_names, N_FORMATS);
    int w = (int)pf_u64_range(s, "window_bits", 8, 15), f = z->format;
    z->once.window = f == F_RAW ? -w : base[f] + w;
    z->stepped.window = f == F_RAW ? -15 : base[f] + 15;
    z->g = (gz_header){.extra = z->hdr[0], .extra_max = RAW_HDR_MAX,
                       .name = z->hdr[1], .name_max = RAW_HDR_MAX,
                       .comment = z->hdr[2], .comm_max = RAW_HDR_MAX};
    z->once.hdr = f == F_GZIP || f == F_AUTO ? &z->g : NULL;
    z->r = (pf_stream_raw){.codec = &z_codec, .dopts = &z->once,
                           .step_dopts = &z->stepped, .recompress_opts = &z->again,
                           .recompress_dopts = &z->back, .cap = RAW_OUT_CAP};
    pf_stream_draw_raw(s, &z->r);
    bool gzip = f == F_GZIP || (f == F_AUTO && z->r.len >= 2 && z->r.raw[0] == 0x1f &&
                                z->r.raw[1] == 0x8b);
    memcpy(z->again.p, (int64_t[N_P]){gzip ? F_GZIP : f == F_AUTO ? F_ZLIB : f, 6, 0, 15, 8},
           sizeof z->again.p);
    z->back.window = inflate_window(z->again.p);
    return z;
}

/* inflateBack: raw deflate through callbacks for input and output. */
typedef struct back_io {
    const uint8_t *in;
    size_t len, fed, step;
    pf_vec *out;
} back_io;

static unsigned back_in(void *desc, z_const unsigned char **buf)
{
    back_io *io = desc;
    size_t n = io->step ? io->step : io->len - io->fed;
    n = n < io->len - io->fed ? n : io->len - io->fed;
    *buf = (z_const unsigned char *)io->in + io->fed;
    io->fed += n;
    return (unsigned)n;
}

static int back_out(void *desc, unsigned char *buf, unsigned n)
{
    back_io *io = desc;
    if (n > RAW_OUT_CAP - io->out->len)
        return 1; /* R7 */
    pf_vec_put(io->out, buf, n);
    return 0;
}

static void check_inflate_back(pf_src *s, zraw *z, const pf_stream_result *once)
{
    back_io io = {z->r.raw, z->r.len, 0, z->r.in_step, pf_vec_new(s)};
    z_stream b = {.zalloc = z_alloc, .zfree = z_free};
    unsigned char *window = pf_vec_reserve(pf_vec_new(s), 1u << 15);
    if (inflateBackInit(&b, 15, window) != Z_OK)
        pf_stream_fail(s, &z_codec, NULL, "zlib refused a valid call",
                       "inflateBackInit");
    int ret = inflateBack(&b, back_in, &io, back_out, &io);
    pf_stream_result r = {ret == Z_STREAM_END ? PF_STREAM_END : PF_STREAM_ERROR,
                          zret_name(ret), io.out,
                          io.fed - (b.next_in ? b.avail_in : 0), 1};
    inflateBackEnd(&b);
    pf_stream_raw_same(s, &z->r, "inflateBack(raw)", &r, once);
}

static void prop_decompress_safe(pf_src *s, void *in)
{
    zraw *z = in;
    const pf_stream_result *once = pf_stream_raw_once(s, &z->r);
    if (once->status == PF_STREAM_TOO_LARGE)
        pf_skip(s, "R7");
    if (once->status != PF_STREAM_END)
        pf_skip(s, "R8");
    pf_stream_result st;
    pf_stream_raw_stepped(s, &z->r, &st);
    pf_stream_raw_same(s, &z->r, NULL, &st, once);
    if (z->format == F_RAW)
        check_inflate_back(s, z, once);
    pf_stream_raw_recompress(s, &z->r, once);
}

static const pf_property value_properties[] = {
    {"round_trip", prop_round_trip},
    {"deterministic", pf_stream_deterministic},
    {"batch_stream", pf_stream_batch_stream},
    {"concat", pf_stream_concat},
};
static const pf_property raw_properties[] = {{"decompress_safe", prop_decompress_safe}};
static const pf_mode modes[] = {
    {"values", draw_values, value_properties, PF_LEN(value_properties)},
    {"raw", draw_raw, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target zlib_target = {"zlib", modes, PF_LEN(modes), NULL};
PF_TARGET(zlib_target)

/* --- seeds, written as values (design §6) ---------------------------- */

#define TEXT "The quick brown fox jumps over the lazy dog. "
#define LOREM "Lorem ipsum dolor sit amet, consectetur adipiscing elit, "
/* format, level, strategy, windowBits, memLevel */
#define P(...) ((const int64_t[N_P]){__VA_ARGS__})
#define Q(...) ((const int64_t[N_P - 1]){__VA_ARGS__}) /* a further stream */
#define V PF_SEED
/* A dictionary (its bytes, or a slice of the data at, len), or for gzip
 * the header k_headers[i]. */
#define DICT(kind, b, at_, len_) \
    .tail = (const int64_t[]){kind}, .bytes = b, .at = at_, .len = len_
#define HEADER(i) .tail = (const int64_t[]){i}
/* Past the first stream: chunk; out_step, flush, reparam, level2,
 * strategy2; one more stream; auto_detect. */
#define STREAM(chunk_, room, flush, reparam, l2, s2, part_p, part_, auto_) \
    .chunk = chunk_, .plan = (const int64_t[N_PL]){room, flush, reparam, l2, s2}, \
    .part_params = part_p, .part = part_, .tail = (const int64_t[]){auto_}
/* Raw: format, windowBits, in_step, out_step, with k_headers[2]. */
#define RAW(f, w, in, out, hdr, d) .raw = (const int64_t[]){f, w, in, out, hdr}, .damage = d

static const gzhdr k_headers[] = {
    {.set = true, .text = true, .time = 1700000000u, .os = 3, .hcrc = true,
     .field = {(const uint8_t *)"AP\x04\x00" "abcd", (const uint8_t *)"file.txt",
               (const uint8_t *)"a comment"}, .len = {8, 8, 9}},
    {.set = true, .os = 255, .field = {(const uint8_t *)"", (const uint8_t *)"",
                                       (const uint8_t *)""}},
    {.set = true, .time = 42, .os = 3, .hcrc = true,
     .field = {(const uint8_t *)"0123456789abcdefghij",
               (const uint8_t *)"a-name-longer-than-16-bytes", (const uint8_t *)"comment"},
     .len = {20, 27, 7}},
};

static const pf_stream_seed k_seeds[] = {
    {V("empty-zlib", P(F_ZLIB, 6, 0, 15, 8), {0})},
    {V("text-default", P(F_ZLIB, -1, 0, 15, 8), {TEXT, 0, 0})},
    {V("stored-level0", P(F_ZLIB, 0, 0, 15, 8), {LOREM, 0, 0}, {TEXT, 0, 3})},
    {V("window8-becomes-9", P(F_ZLIB, 9, 0, 8, 9), {"abcabcabd", 0, 60})},
    {V("long-run-rle", P(F_ZLIB, 6, 3, 15, 8), {"a", 0, 1024}, {"aaaaaaaa", 0, 256},
       {"xyz", 0, 0})},
    {V("huffman-only", P(F_ZLIB, 1, 2, 12, 4), {TEXT LOREM, 0, 0})},
    {V("fixed-codes", P(F_ZLIB, 5, 4, 11, 3), {"0123456789", 0, 20})},
    {V("filtered-binary", P(F_ZLIB, 7, 1, 13, 6),
       {"\x02\x03\x05\x07\x0b\x0d\x11\x13\x17", 0, 0}, {"\x80\xff", 0, 100})},
    {V("deflate-raw-level9", P(F_RAW, 9, 0, 15, 9), {LOREM, 0, 8})},
    {V("deflate-raw-small-window", P(F_RAW, 4, 0, 9, 1), {TEXT, 0, 20})},
    {V("deflate-raw-dict", P(F_RAW, 6, 0, 15, 8), {TEXT, 0, 0}),
     DICT(PF_DICT_BYTES, "quick brown fox lazy dog", 0, 0)},
    {V("zlib-dict-slice", P(F_ZLIB, 6, 0, 15, 8), {LOREM TEXT, 0, 0}),
     DICT(PF_DICT_SLICE, NULL, 6, 40)},
    {V("gzip-plain", P(F_GZIP, 6, 0, 15, 8), {TEXT, 0, 2})},
    {V("gzip-header", P(F_GZIP, 9, 0, 15, 8), {LOREM, 0, 0}), HEADER(0)},
    {V("gzip-empty-fields", P(F_GZIP, 1, 3, 9, 2), {"zz", 0, 500}), HEADER(1)},
    {V("max-data", P(F_ZLIB, 6, 0, 15, 8), {"0123456789abcdef", 0, 256})},
    {V("mixed-segments", P(F_ZLIB, 3, 0, 14, 7), {"header:", 0, 0},
       {"\x00\x01", 2, 300}, {TEXT, 0, 0})},
    {V("stream-sync-flush", P(F_ZLIB, 6, 0, 15, 8), {TEXT, 0, 4}),
     STREAM(50, 7, FL_SYNC, 0, 0, 0, Q(1, 0, 12, 4), ((pf_segment){LOREM, 0, 0}), 0)},
    {V("stream-reparam-partial", P(F_RAW, 1, 0, 13, 5), {LOREM, 0, 3}),
     STREAM(60, 64, FL_PARTIAL, 1, 9, 1, Q(0, 0, 15, 8), ((pf_segment){"0", 0, 100}), 0)},
    {V("concat-gzip-members", P(F_GZIP, 9, 3, 15, 9), {"ab", 0, 300}),
     STREAM(99, 0, FL_NONE, 0, 0, 0, Q(2, 2, 10, 2), ((pf_segment){TEXT, 0, 0}), 0)},
    {V("concat-auto-detect", P(F_ZLIB, 6, 1, 11, 8), {TEXT, 0, 2}),
     STREAM(1, 3, FL_BLOCK, 0, 0, 0, Q(-1, 4, 9, 9), ((pf_segment){"xyz", 0, 9}), 1)},
    {V("stream-full-flush-level0", P(F_GZIP, 0, 0, 9, 1), {LOREM, 0, 2}),
     STREAM(20, 100, FL_FULL, 1, 6, 0, Q(0, 0, 15, 8), ((pf_segment){"", 0, 0}), 1)},
    {V("raw-zlib", P(F_ZLIB, 6, 0, 15, 8), {TEXT, 0, 4}), RAW(F_ZLIB, 15, 0, 0, 0, 0)},
    {V("raw-deflate-stored", P(F_RAW, 0, 0, 15, 8), {LOREM, 0, 6}),
     RAW(F_RAW, 15, 7, 100, 0, 0)},
    {V("raw-deflate-fixed", P(F_RAW, 9, 4, 12, 8), {"abba", 0, 100}),
     RAW(F_RAW, 12, 0, 3, 0, 0)},
    {V("raw-deflate-dynamic", P(F_RAW, 9, 0, 15, 8), {TEXT LOREM, 0, 3}),
     RAW(F_RAW, 15, 1, 0, 0, 0)},
    {V("raw-gzip-header", P(F_GZIP, 6, 0, 15, 8), {TEXT, 0, 1}),
     RAW(F_GZIP, 15, 5, 17, 1, 0)},
    {V("raw-auto-gzip", P(F_GZIP, 1, 0, 15, 8), {LOREM, 0, 2}), RAW(F_AUTO, 15, 0, 0, 0, 0)},
    {V("raw-auto-zlib-small-window", P(F_ZLIB, 6, 0, 9, 8), {TEXT, 0, 9}),
     RAW(F_AUTO, 9, 0, 0, 0, 0)},
    {V("raw-truncated", P(F_ZLIB, 6, 0, 15, 8), {TEXT, 0, 5}), RAW(F_ZLIB, 15, 0, 0, 0, 1)},
    {V("raw-corrupt", P(F_GZIP, 6, 0, 15, 8), {LOREM, 0, 5}), RAW(F_GZIP, 15, 0, 0, 0, 2)},
    {V("raw-gzip-members", P(F_GZIP, 6, 0, 15, 8), {TEXT, 0, 1}),
     RAW(F_GZIP, 15, 3, 0, 0, 3)},
    {V("raw-empty", P(F_ZLIB, 6, 0, 15, 8), {"", 0, 0}), RAW(F_ZLIB, 15, 0, 0, 0, 0)},
};

static void enc_gzhdr(pf_buf *e, const gzhdr *h)
{
    pf_enc_bool(e, h->set);
    if (!h->set)
        return;
    pf_enc_bool(e, h->text);
    pf_enc_u64_range(e, 0, UINT32_MAX, h->time);
    pf_enc_u64_range(e, 0, UINT8_MAX, h->os);
    for (int i = 0; i < 3; i++) {
        pf_enc_bool(e, h->field[i] != NULL);
        if (h->field[i])
            pf_enc_bytes(e, 0, HDR_FIELD_MAX, h->field[i], h->len[i]);
    }
    pf_enc_bool(e, h->hcrc);
}

/* A stream seed has neither a dictionary nor a header; its tail is for
 * concat (auto_detect). */
static void enc_tail(pf_buf *e, const pf_stream_seed *sd)
{
    bool value = sd->tail && !sd->chunk;
    if (sd->params[P_FORMAT] == F_GZIP)
        enc_gzhdr(e, value ? &k_headers[sd->tail[0]] : &(gzhdr){.set = false});
    else
        pf_enc_dict(e, DICT_MAX, DATA_MAX, value ? (int)sd->tail[0] : PF_DICT_NONE,
                    sd->bytes, sd->bytes ? strlen(sd->bytes) : sd->len, sd->at);
}

static void enc_concat(pf_buf *e, const pf_stream_seed *sd)
{
    if (sd->params[P_FORMAT] != F_RAW)
        pf_enc_bool(e, sd->tail[0] != 0);
}

static void enc_raw(pf_buf *e, const pf_stream_seed *sd)
{
    pf_enc_choice(e, N_MODES, MODE_RAW);
    pf_enc_choice(e, N_FORMATS, (size_t)sd->raw[0]);
    for (int i = 1; i < 4; i++)
        pf_enc_u64_range(e, i == 1 ? 8 : 0, i == 1 ? 15 : 255, (uint64_t)sd->raw[i]);
}

static void *opts_of(pf_src *s, const pf_stream_seed *sd)
{
    zopts *o = pf_alloc(s, sizeof *o);
    *o = (zopts){.hdr = sd->raw[4] ? k_headers[2] : (gzhdr){.set = false}};
    memcpy(o->p, sd->params, sizeof o->p);
    return o;
}

static const pf_stream_seeds k_seed_spec = {
    &z_target, {N_MODES, MODE_VALUES, k_params, N_P, &k_seg, DATA_MAX},
    k_params + 1, N_P - 1, enc_tail, DICT_MAX, NULL, 0, enc_concat, enc_raw,
    opts_of, NULL, k_seeds, PF_LEN(k_seeds)};

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    pf_stream_emit_seeds(&k_seed_spec, emit);
}
