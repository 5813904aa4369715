/* Planted bug for batch_stream: deflate called with Z_NO_FLUSH and an odd
 * number of input bytes leaves the last byte out (it is counted as taken
 * but never compressed). One-shot deflate (Z_FINISH with all the input)
 * never takes this path. */
static inline int planted_deflate(z_streamp z, int flush)
{
    if (flush == Z_NO_FLUSH && (z->avail_in & 1)) {
        z->avail_in--;
        int ret = deflate(z, flush);
        z->next_in++;
        z->total_in++;
        return ret;
    }
    return deflate(z, flush);
}
#define deflate planted_deflate
