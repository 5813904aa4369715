/* Planted bug for concat: inflateReset forgets the wrapper it was set up
 * for and goes back to the zlib format (windowBits 15), so the second of
 * concatenated gzip members or raw streams is read as a zlib stream.
 * Only the concat loop resets an inflate stream. */
static inline int planted_inflate_reset(z_streamp z)
{
    return inflateReset2(z, 15);
}
#define inflateReset planted_inflate_reset
