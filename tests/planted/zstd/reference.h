/* Planted bug for reference: compression levels above 3 are set one lower
 * (a level table off by one). Every frame still round-trips, streams and
 * concatenates: only comparing the bytes with the released libzstd's
 * shows it. */
static inline size_t planted_set_parameter(ZSTD_CCtx *c, ZSTD_cParameter p, int v)
{
    return ZSTD_CCtx_setParameter(c, p, p == ZSTD_c_compressionLevel && v > 3 ? v - 1 : v);
}
#define ZSTD_CCtx_setParameter planted_set_parameter
