/* Planted bug for concat: when the streaming decoder finishes a frame with
 * input left over, it skips one byte of what follows (the next frame's
 * magic number). A lone frame ends exactly at the end of its input. */
static inline size_t planted_decompress_stream(ZSTD_DCtx *d, ZSTD_outBuffer *out,
                                               ZSTD_inBuffer *in)
{
    size_t r = ZSTD_decompressStream(d, out, in);
    if (r == 0 && in->pos < in->size)
        in->pos++;
    return r;
}
#define ZSTD_decompressStream planted_decompress_stream
