/* Planted bug for reference: one-shot frames at the HC levels above 9 are
 * compressed one level lower (a level table off by one), so LZ4HC's
 * optimal parser runs as level 9's chain search. Every frame still
 * round-trips: only comparing the bytes with the released liblz4's
 * shows it. */
static inline size_t planted_compress_frame_using_cdict(
    LZ4F_cctx *c, void *dst, size_t cap, const void *src, size_t n,
    const LZ4F_CDict *d, const LZ4F_preferences_t *pr)
{
    LZ4F_preferences_t lower = *pr;
    if (lower.compressionLevel > 9)
        lower.compressionLevel--;
    return LZ4F_compressFrame_usingCDict(c, dst, cap, src, n, d, &lower);
}
#define LZ4F_compressFrame_usingCDict planted_compress_frame_using_cdict
