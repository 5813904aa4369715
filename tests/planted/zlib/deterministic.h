/* Planted bug for deterministic: every other deflate stream is started
 * at another level (0 becomes 1, any other level 0), as if a level were
 * picked from stale state. Each stream is still valid deflate, so it
 * round-trips; only compressing twice shows it. deflateInit2 is a macro
 * in zlib.h: it is replaced whole. */
static inline int planted_deflate_init2(z_streamp z, int level, int method,
                                        int window, int mem_level, int strategy)
{
    static unsigned calls;
    if (calls++ & 1)
        level = level == 0 ? 1 : 0;
    return deflateInit2(z, level, method, window, mem_level, strategy);
}
#undef deflateInit2
#define deflateInit2 planted_deflate_init2
