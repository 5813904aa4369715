/* Planted bug for reference_decode: the decoder ignores the frames'
 * checksums. Whatever it accepts still decodes the same in one go and in
 * steps, and compresses back: only the released decoder, which refuses a
 * frame whose checksum is wrong, shows it. */
static inline size_t planted_dctx_reset(ZSTD_DCtx *d, ZSTD_ResetDirective r)
{
    size_t e = ZSTD_DCtx_reset(d, r);
    return ZSTD_isError(e) ? e : ZSTD_DCtx_setParameter(d, ZSTD_d_forceIgnoreChecksum,
                                                        ZSTD_d_ignoreChecksum);
}
#define ZSTD_DCtx_reset planted_dctx_reset
