/* Planted bug for batch_stream: deflate's Z_SYNC_FLUSH and Z_FULL_FLUSH
 * end the block as Z_BLOCK does, keeping up to seven bits of it back
 * until the next block (as if flush_pending skipped bi_flush). The whole
 * stream is still right: only the promise of a sync flush, that all the
 * input so far can be decompressed from the output so far, is broken. */
static inline int planted_deflate(z_streamp z, int flush)
{
    return deflate(z, flush == Z_SYNC_FLUSH || flush == Z_FULL_FLUSH ? Z_BLOCK : flush);
}
#define deflate planted_deflate
