/* zlib behind the pf_stream_codec (see zlib.h): one-shot deflate into
 * deflateBound(), the deflate stream with its flush modes and
 * deflateParams, and the inflate stream. */
#include "zlib.h"

#include <stdio.h>

/* A planted-bug build (tests/planted/zlib/<property>.h) wraps zlib calls
 * here, after the library's headers and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

/* The zlib constant of each flush_kind. */
static const int flush_values[] = {Z_NO_FLUSH, Z_SYNC_FLUSH, Z_FULL_FLUSH,
                                   Z_PARTIAL_FLUSH, Z_BLOCK};

/* zlib's allocations go through the block cache: every deflateInit2 asks
 * for 200-400 KiB of tables. */
voidpf zl_alloc(voidpf o, uInt items, uInt size)
{
    (void)o;
    return pf_cache_alloc((size_t)items * size);
}
void zl_free(voidpf o, voidpf p) { (void)o; pf_cache_free(p); }

const char *zl_ret_name(int ret)
{
    static const char *const names[] = {
        "Z_VERSION_ERROR", "Z_BUF_ERROR", "Z_MEM_ERROR", "Z_DATA_ERROR",
        "Z_STREAM_ERROR", "Z_ERRNO", "Z_OK", "Z_STREAM_END", "Z_NEED_DICT"};
    return ret >= -6 && ret <= 2 ? names[ret + 6] : "?";
}

static const char *z_error(const char *call, int ret)
{
    return ret == Z_OK ? NULL : pf_stream_why(call, zl_ret_name(ret));
}

static void z_describe(const void *opts, pf_buf *b)
{
    const zl_opts *o = opts;
    pf_describe_params(b, zl_params, N_P, o->p);
    if (o->dict.data)
        pf_buf_printf(b, " dict=%zu bytes", o->dict.len);
}

int zl_deflate_window(const int64_t *p)
{
    int w = (int)p[P_WBITS];
    return p[P_FORMAT] == F_RAW ? -w : p[P_FORMAT] == F_GZIP ? w + 16 : w;
}

int zl_inflate_window(const int64_t *p)
{
    int w = p[P_WBITS] == 8 ? 9 : (int)p[P_WBITS];
    return p[P_FORMAT] == F_RAW ? -w : p[P_FORMAT] == F_GZIP ? w + 16 : w;
}

/* The gz_header of h; name and comment are C strings, copied with their
 * NUL into text. */
void zl_gz_header_of(const zl_gzhdr *h, gz_header *gh,
                     Bytef text[2][HDR_FIELD_MAX + 1])
{
    *gh = (gz_header){.text = h->text, .time = h->time, .os = h->os,
                      .extra = (Bytef *)h->field[H_EXTRA],
                      .extra_len = (uInt)h->len[H_EXTRA], .hcrc = h->hcrc};
    for (int i = H_NAME; i <= H_COMMENT; i++)
        if (h->field[i]) {
            memcpy(text[i - 1], h->field[i], h->len[i]);
            text[i - 1][h->len[i]] = 0;
            *(i == H_NAME ? &gh->name : &gh->comment) = text[i - 1];
        }
}

static const char *set_header(z_stream *z, const zl_gzhdr *h, gz_header *gh)
{
    static Bytef text[2][HDR_FIELD_MAX + 1];
    zl_gz_header_of(h, gh, text);
    return z_error("deflateSetHeader", deflateSetHeader(z, gh));
}

/* A deflate stream with o's parameters, dictionary and header, its input
 * set before them (zlib.h lets it be set any time before deflate;
 * deflateSetDictionary must give it back as it found it). */
static const char *deflate_start(z_stream *z, const zl_opts *o, gz_header *gh,
                                 const uint8_t *data, size_t len)
{
    *z = (z_stream){.zalloc = zl_alloc, .zfree = zl_free};
    const int64_t *p = o->p;
    const char *why = z_error("deflateInit2",
                              deflateInit2(z, (int)p[P_LEVEL], Z_DEFLATED,
                                           zl_deflate_window(p), (int)p[P_MEM],
                                           (int)p[P_STRATEGY]));
    z->next_in = (Bytef *)data;
    z->avail_in = (uInt)len;
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
    zl_opts *o = opts;
    z_stream z;
    gz_header gh;
    const char *why = deflate_start(&z, o, &gh, data, len);
    if (why) {
        deflateEnd(&z);
        return why;
    }
    size_t room = o->bound = deflateBound(&z, (uLong)len);
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
    o->data_type = z.data_type;
    deflateEnd(&z);
    return ret == Z_STREAM_END ? NULL : pf_stream_why("deflate(Z_FINISH)", zl_ret_name(ret));
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
    const char *why = deflate_start(&e->z, opts, &e->gh, NULL, 0);
    if (why) {
        deflateEnd(&e->z);
        pf_stream_fail(s, &zl_codec, opts, "zlib refused a valid call", why);
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
        io->error = pf_stream_why("deflate", zl_ret_name(ret));
        return PF_STEP_ERROR;
    }
    if (ret == Z_BUF_ERROR && (io->in_used || io->out_used)) {
        io->error = "deflate returned Z_BUF_ERROR from a call that made progress "
                    "(zlib.h: only when no progress was possible)";
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
    const zl_dec *d = dopts;
    z_stream *z = pf_alloc(s, sizeof *z);
    *z = (z_stream){.zalloc = zl_alloc, .zfree = zl_free};
    const char *why = z_error("inflateInit2", inflateInit2(z, d->window));
    if (!why && d->dict && d->dict->data && d->window < 0)
        why = z_error("inflateSetDictionary",
                      inflateSetDictionary(z, d->dict->data, (uInt)d->dict->len));
    if (!why && d->hdr)
        why = z_error("inflateGetHeader", inflateGetHeader(z, d->hdr));
    if (why) {
        inflateEnd(z);
        pf_stream_fail(s, &zl_codec, NULL, "zlib refused a valid call", why);
    }
    z->opaque = (voidpf)d; /* the dictionary for Z_NEED_DICT */
    return z;
}

/* What zlib.h says inflate reports beside its output: total_in and
 * total_out count what it took and gave (R9: not total_in on a Z_NEED_DICT
 * return); Z_BUF_ERROR only from a call that took and gave nothing; raw
 * inflate leaves adler alone ("not generating a check value"); at the end
 * of a zlib or gzip stream (byte-aligned: no unused bits) data_type is 64,
 * "decoding the last block". NULL when so. */
static const char *inflate_report(const z_stream *z, uLong in_before, uLong out_before,
                                  uLong adler_before, const pf_stream_io *io, int ret,
                                  int window)
{
    if (window < 0 && z->adler != adler_before)
        return "raw inflate changed adler (zlib.h: raw inflate generates no check value)";
    if (ret != Z_NEED_DICT && z->total_in - in_before != io->in_used)
        return "total_in did not grow by the bytes inflate took";
    if (z->total_out - out_before != io->out_used)
        return "total_out did not grow by the bytes inflate gave";
    if (ret == Z_BUF_ERROR && (io->in_used || io->out_used))
        return "inflate(Z_NO_FLUSH) returned Z_BUF_ERROR from a call that made progress "
               "(zlib.h: only when no progress was possible)";
    static char why[80];
    if (ret == Z_STREAM_END && window > 0 && z->data_type != 64) {
        snprintf(why, sizeof why, "inflate's data_type at the end of the stream is %d, not 64",
                 z->data_type);
        return why;
    }
    return NULL;
}

static pf_step z_decoder_step(void *dec, pf_stream_io *io)
{
    z_stream *z = dec;
    const zl_dec *d = z->opaque;
    z->next_in = (Bytef *)io->in, z->avail_in = (uInt)io->in_len;
    z->next_out = io->out, z->avail_out = (uInt)io->room;
    uLong in_before = z->total_in, out_before = z->total_out, adler_before = z->adler;
    int ret = inflate(z, Z_NO_FLUSH);
    io->in_used = io->in_len - z->avail_in;
    io->out_used = io->room - z->avail_out;
    io->error = inflate_report(z, in_before, out_before, adler_before, io, ret, d->window);
    if (io->error)
        return PF_STEP_ERROR;
    if (ret == Z_NEED_DICT && d->dict && d->dict->data &&
        inflateSetDictionary(z, d->dict->data, (uInt)d->dict->len) == Z_OK)
        return PF_STEP_MORE;
    static char words[256];
    return zl_inflate_step(ret, z->msg, io, words, sizeof words);
}

pf_step zl_inflate_step(int ret, const char *msg, pf_stream_io *io, char *buf, size_t size)
{
    if (ret == Z_STREAM_END)
        return PF_STEP_DONE;
    if (ret == Z_OK || ret == Z_BUF_ERROR)
        return PF_STEP_MORE;
    if (ret == Z_NEED_DICT) {
        io->error = "Z_NEED_DICT without the dictionary";
    } else {
        snprintf(buf, size, "%s: %s", zl_ret_name(ret), msg ? msg : "");
        io->error = buf;
    }
    return PF_STEP_ERROR;
}

static void z_next_frame(void *dec) { inflateReset(dec); }
static void z_decoder_end(void *dec) { inflateEnd(dec); }

const pf_stream_codec zl_codec = {
    .compress_name = "deflate", .decompress_name = "inflate",
    .compress = z_compress,
    .encoder_begin = z_encoder_begin, .encoder_step = z_encoder_step,
    .encoder_min_room = z_encoder_min_room, .encoder_end = z_encoder_end,
    .default_room = 65536, .finish_with_last_chunk = true,
    .decoder_begin = z_decoder_begin, .decoder_step = z_decoder_step,
    .decoder_next_frame = z_next_frame, .decoder_end = z_decoder_end,
    .describe = z_describe,
};
