/* Planted bug for compression: deflateInit2 runs Z_DEFAULT_COMPRESSION as
 * level 5, not 6: valid streams that read back, but not level 6's bytes. */
static inline int planted_deflateInit2_(z_streamp z, int level, int method, int window_bits,
                                        int mem_level, int strategy, const char *version,
                                        int stream_size)
{
    return deflateInit2_(z, level == Z_DEFAULT_COMPRESSION ? 5 : level, method, window_bits,
                         mem_level, strategy, version, stream_size);
}
#define deflateInit2_ planted_deflateInit2_
