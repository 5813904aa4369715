/* Planted bug for decompress_safe: ZSTD_decompressBound undercounts by
 * one byte, so it is no longer an upper bound. Only decoding arbitrary
 * frames and comparing with what the decoder produced shows it. */
static inline unsigned long long planted_decompress_bound(const void *src, size_t n)
{
    unsigned long long b = ZSTD_decompressBound(src, n);
    return b != ZSTD_CONTENTSIZE_ERROR && b > 0 ? b - 1 : b;
}
#define ZSTD_decompressBound planted_decompress_bound
