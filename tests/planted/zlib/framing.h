/* Planted bug for framing: deflateInit2 runs level 9 as level 8 (the same
 * matcher with a shorter chain): every stream is valid and reads back as
 * it was, but a gzip member's XFL says 0 where level 9 writes 2 (maximum
 * compression); only the header's bytes show it. */
static inline int planted_deflateInit2_(z_streamp z, int level, int method, int window_bits,
                                        int mem_level, int strategy, const char *version,
                                        int stream_size)
{
    return deflateInit2_(z, level == 9 ? 8 : level, method, window_bits, mem_level,
                         strategy, version, stream_size);
}
#define deflateInit2_ planted_deflateInit2_
