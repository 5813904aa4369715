/* Planted bug for decompress_safe: inflateBack reports a data error as the
 * end of the stream. Where inflate accepts, inflateBack agrees as before;
 * only a stream both must refuse shows it. */
static inline int planted_inflate_back(z_streamp z, in_func in, void *in_desc,
                                       out_func out, void *out_desc)
{
    int ret = inflateBack(z, in, in_desc, out, out_desc);
    return ret == Z_DATA_ERROR ? Z_STREAM_END : ret;
}
#define inflateBack planted_inflate_back
