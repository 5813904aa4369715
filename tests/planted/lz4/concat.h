/* Planted bug for concat: when a frame ends before the input does, the
 * decoder reports one byte less consumed than it read, so the next frame
 * is looked for one byte early (in the previous frame's end mark). A frame
 * on its own ends exactly at the end of its input and is unaffected. */
static inline size_t planted_decompress(LZ4F_dctx *d, void *dst, size_t *dst_size,
                                        const void *src, size_t *src_size,
                                        const void *dict, size_t dict_size,
                                        const LZ4F_decompressOptions_t *opt)
{
    size_t given = *src_size;
    size_t ret = LZ4F_decompress_usingDict(d, dst, dst_size, src, src_size,
                                           dict, dict_size, opt);
    if (ret == 0 && *src_size > 0 && *src_size < given)
        (*src_size)--;
    return ret;
}
#define LZ4F_decompress_usingDict planted_decompress
