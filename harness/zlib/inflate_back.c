/* inflateBack, zlib's second raw-deflate decoder, fed through callbacks
 * for input and output: decompress_safe (harness/zlib.c) compares what it
 * gives with inflate's, round_trip with the data deflate was given. */
#include "zlib.h"

/* A planted-bug build (tests/planted/zlib/<property>.h) wraps zlib calls
 * here, after the library's headers and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

/* The raw input, fed in r->in_step bytes (0: all at once). */
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

/* inflateBack (window 32 KiB) of raw deflate fed step bytes at a time
 * (0: all at once), into res. */
void zl_inflate_back(pf_src *s, const uint8_t *raw, size_t len, size_t step,
                     pf_stream_result *res)
{
    back_io io = {raw, len, 0, step, pf_vec_new(s)};
    z_stream b = {.zalloc = zl_alloc, .zfree = zl_free};
    unsigned char *window = pf_vec_reserve(pf_vec_new(s), 1u << 15);
    if (inflateBackInit(&b, 15, window) != Z_OK)
        pf_stream_fail(s, &zl_codec, NULL, "zlib refused a valid call",
                       "inflateBackInit");
    int ret = inflateBack(&b, back_in, &io, back_out, &io);
    *res = (pf_stream_result){ret == Z_STREAM_END ? PF_STREAM_END : PF_STREAM_ERROR,
                              zl_ret_name(ret), io.out,
                              io.fed - (b.next_in ? b.avail_in : 0), 1};
    inflateBackEnd(&b);
}

/* inflateBack of r's raw input gives what the one-shot inflate gave. */
void zl_check_inflate_back(pf_src *s, pf_stream_raw *r,
                           const pf_stream_result *once)
{
    pf_stream_result res;
    zl_inflate_back(s, r->raw, r->len, r->in_step, &res);
    pf_stream_raw_same(s, r, "inflateBack(raw)", &res, once);
}

/* round_trip of raw deflate: inflateBack of the one-shot stream is the
 * data, all of the stream read (deflate's own output has every kind of
 * block inflateBack decodes, which raw fuzzing input rarely has). */
void zl_check_back_round_trip(pf_src *s, const pf_stream_input *in)
{
    pf_stream_result res;
    zl_inflate_back(s, in->packed->data, in->packed->len, 0, &res);
    if (res.status != PF_STREAM_END || res.consumed != in->packed->len) {
        pf_buf b = {0};
        pf_buf_printf(&b, "inflateBack returned %s after %zu of %zu bytes", res.error,
                      res.consumed, in->packed->len);
        pf_stream_fail(s, &zl_codec, in->opts, "inflateBack did not read the stream "
                       "deflate wrote", pf_buf_defer(s, &b));
    }
    pf_check_bytes_equal(s, NULL, "inflateBack(deflate(data))", res.out->data, res.out->len,
                         "data", in->data, in->len);
}
