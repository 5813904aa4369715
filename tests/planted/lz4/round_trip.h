/* Planted bug for round_trip: at the end of a frame whose output ends in
 * a run (its last two bytes equal), the decoder reports one byte too few.
 * The frame is still consumed to its end. */
static inline size_t planted_decompress(LZ4F_dctx *d, void *dst, size_t *dst_size,
                                        const void *src, size_t *src_size,
                                        const void *dict, size_t dict_size,
                                        const LZ4F_decompressOptions_t *opt)
{
    size_t ret = LZ4F_decompress_usingDict(d, dst, dst_size, src, src_size,
                                           dict, dict_size, opt);
    const unsigned char *out = dst;
    if (ret == 0 && *dst_size >= 2 &&
        out[*dst_size - 1] == out[*dst_size - 2])
        (*dst_size)--;
    return ret;
}
#define LZ4F_decompress_usingDict planted_decompress
