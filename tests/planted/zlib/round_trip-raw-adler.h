/* Planted bug for round_trip: inflate flips the low bit of strm->adler on
 * every call, raw deflate too, where zlib.h says it generates no check
 * value. Every output byte is right. */
static inline int planted_inflate(z_streamp z, int flush)
{
    int ret = inflate(z, flush);
    z->adler ^= 1;
    return ret;
}
#define inflate planted_inflate
