/* Planted bug for deterministic: every other one-shot compression runs at
 * another level (a fast level becomes HC level 9, an HC level becomes
 * fast level 1), as if the level came from stale state. Each frame is
 * still valid and round-trips; only compressing twice shows it. */
static unsigned planted_calls;

static inline void planted_level(LZ4F_preferences_t *p)
{
    if (planted_calls++ & 1)
        p->compressionLevel = p->compressionLevel < LZ4HC_CLEVEL_MIN ? 9 : 1;
}

static inline size_t planted_compress_frame(void *dst, size_t cap, const void *src,
                                            size_t n, const LZ4F_preferences_t *prefs)
{
    LZ4F_preferences_t p = *prefs;
    planted_level(&p);
    return LZ4F_compressFrame(dst, cap, src, n, &p);
}

static inline size_t planted_compress_frame_cdict(LZ4F_cctx *c, void *dst, size_t cap,
                                                  const void *src, size_t n,
                                                  const LZ4F_CDict *d,
                                                  const LZ4F_preferences_t *prefs)
{
    LZ4F_preferences_t p = *prefs;
    planted_level(&p);
    return LZ4F_compressFrame_usingCDict(c, dst, cap, src, n, d, &p);
}
#define LZ4F_compressFrame planted_compress_frame
#define LZ4F_compressFrame_usingCDict planted_compress_frame_cdict
