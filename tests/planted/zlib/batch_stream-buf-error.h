/* Planted bug for batch_stream: inflate says Z_BUF_ERROR ("no progress
 * was possible") from a call that filled the room it was given, having
 * made progress. Every byte is right and the stream ends as it should:
 * only what the call returned is wrong, which a caller that stops on
 * Z_BUF_ERROR would take for a stall. */
static inline int planted_inflate(z_streamp z, int flush)
{
    uInt room = z->avail_out;
    int ret = inflate(z, flush);
    return ret == Z_OK && room && z->avail_out == 0 ? Z_BUF_ERROR : ret;
}
#define inflate planted_inflate
