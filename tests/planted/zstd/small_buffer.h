/* Planted bug for small_buffer: a destination too small for the data is
 * reported as corrupted data, not as dstSize_tooSmall. Every decoder
 * given room enough, as every other property gives it, is unaffected. */
static inline size_t planted_decompress_dctx(ZSTD_DCtx *d, void *dst, size_t cap,
                                             const void *src, size_t n)
{
    size_t r = ZSTD_decompressDCtx(d, dst, cap, src, n);
    return ZSTD_getErrorCode(r) == ZSTD_error_dstSize_tooSmall
               ? (size_t)-ZSTD_error_corruption_detected : r;
}
#define ZSTD_decompressDCtx planted_decompress_dctx
