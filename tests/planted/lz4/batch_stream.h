/* Planted bug for batch_stream: LZ4F_compressUpdate leaves out the last
 * byte of an input chunk of odd length. One-shot compression hands over
 * all the data in one call of its own, so only the streaming API shows it.
 */
static inline size_t planted_update(LZ4F_cctx *c, void *dst, size_t cap,
                                    const void *src, size_t n,
                                    const LZ4F_compressOptions_t *opt)
{
    return LZ4F_compressUpdate(c, dst, cap, src, n & 1 ? n - 1 : n, opt);
}
#define LZ4F_compressUpdate planted_update
