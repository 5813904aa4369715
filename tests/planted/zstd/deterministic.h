/* Planted bug for deterministic: every other ZSTD_compress2 call flips the
 * context's checksum flag first, as if a parameter were read from stale
 * state. Each frame is valid and round-trips; compressing twice with the
 * same context shows it. */
static inline size_t planted_compress2(ZSTD_CCtx *c, void *dst, size_t cap,
                                       const void *src, size_t n)
{
    static unsigned calls;
    if (calls++ & 1) {
        int v = 0;
        ZSTD_CCtx_getParameter(c, ZSTD_c_checksumFlag, &v);
        ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, !v);
    }
    return ZSTD_compress2(c, dst, cap, src, n);
}
#define ZSTD_compress2 planted_compress2
