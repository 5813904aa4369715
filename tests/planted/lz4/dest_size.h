/* Planted bug for dest_size: LZ4_compress_destSize reports one byte less
 * of the data consumed than its block holds, so the block does not decode
 * into the prefix it claims. Other calls never report a consumed size. */
static inline int planted_dest_size(const char *src, char *dst, int *consumed, int room)
{
    int r = LZ4_compress_destSize(src, dst, consumed, room);
    if (r > 0 && *consumed > 0)
        --*consumed;
    return r;
}
#define LZ4_compress_destSize planted_dest_size
