/* Planted bug for block_capacity: the fast compressor's output limit is
 * one byte too strict, so a block is refused a room of exactly its size.
 * Into LZ4_compressBound() it still comes out right and decodes back, so
 * only the exact room shows it. */
static inline int planted_fast(const char *src, char *dst, int n, int cap, int accel)
{
    int r = LZ4_compress_fast(src, dst, n, cap, accel);
    return cap < LZ4_compressBound(n) && r == cap ? 0 : r;
}
#define LZ4_compress_fast planted_fast
