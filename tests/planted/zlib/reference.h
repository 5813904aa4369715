/* Planted bug for reference: level 8 compresses as level 7 (a
 * configuration table off by one). The stream still round-trips, and its
 * zlib and gzip headers say the same level class: only comparing the
 * bytes with the released zlib's shows it. */
static inline int planted_deflate_init2(z_streamp z, int level, int method, int window,
                                        int mem, int strategy, const char *version,
                                        int size)
{
    return deflateInit2_(z, level == 8 ? 7 : level, method, window, mem, strategy,
                         version, size);
}
#define deflateInit2_ planted_deflate_init2
