/* Planted bug for compression: deflateInit2 runs the default strategy as
 * huffman_only at every level (no string matching at all): every stream
 * is valid and reads back as it was, only longer; a repeated piece shows
 * it. */
static inline int planted_deflateInit2_(z_streamp z, int level, int method, int window_bits,
                                        int mem_level, int strategy, const char *version,
                                        int stream_size)
{
    if (strategy == Z_DEFAULT_STRATEGY && level != 0)
        strategy = Z_HUFFMAN_ONLY;
    return deflateInit2_(z, level, method, window_bits, mem_level, strategy, version,
                         stream_size);
}
#define deflateInit2_ planted_deflateInit2_
