/* Planted bug for batch_stream: ZSTD_compressStream2 with ZSTD_e_continue
 * and a fresh input chunk of odd length leaves out the chunk's last byte
 * (but reports it consumed). One-shot compression never streams. */
static inline size_t planted_compress_stream2(ZSTD_CCtx *c, ZSTD_outBuffer *out,
                                              ZSTD_inBuffer *in, ZSTD_EndDirective op)
{
    if (op == ZSTD_e_continue && in->pos == 0 && (in->size & 1)) {
        ZSTD_inBuffer shorter = {in->src, in->size - 1, 0};
        size_t r = ZSTD_compressStream2(c, out, &shorter, op);
        in->pos = shorter.pos == shorter.size ? in->size : shorter.pos;
        return r;
    }
    return ZSTD_compressStream2(c, out, in, op);
}
#define ZSTD_compressStream2 planted_compress_stream2
