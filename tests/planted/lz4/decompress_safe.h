/* Planted bug for decompress_safe: the partial block decoder stops one
 * byte short of its target (and of the block's end). The full decoder is
 * right, so only comparing the two on raw blocks shows it. */
static inline int planted_partial(const char *src, char *dst, int n, int target,
                                  int cap, const char *dict, int dict_size)
{
    int r = LZ4_decompress_safe_partial_usingDict(src, dst, n, target, cap,
                                                  dict, dict_size);
    return r >= 2 ? r - 1 : r;
}
#define LZ4_decompress_safe_partial_usingDict planted_partial
