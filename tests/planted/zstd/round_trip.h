/* Planted bug for round_trip: the one-shot decoder reports one byte too
 * few when the output ends in a run (its last two bytes equal). */
static inline size_t planted_decompress_dctx(ZSTD_DCtx *d, void *dst, size_t cap,
                                             const void *src, size_t n)
{
    size_t r = ZSTD_decompressDCtx(d, dst, cap, src, n);
    const unsigned char *out = dst;
    if (!ZSTD_isError(r) && r >= 2 && out[r - 1] == out[r - 2])
        r--;
    return r;
}
#define ZSTD_decompressDCtx planted_decompress_dctx
