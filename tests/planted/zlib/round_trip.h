/* Planted bug for round_trip: inflate loses the last byte of a stream
 * that ends in a run (its last two bytes equal): on Z_STREAM_END it takes
 * the final byte back. The stream still ends where it should. */
static inline int planted_inflate(z_streamp z, int flush)
{
    uInt before = z->avail_out;
    int ret = inflate(z, flush);
    if (ret == Z_STREAM_END && before - z->avail_out >= 2 &&
        z->next_out[-1] == z->next_out[-2]) {
        z->next_out--;
        z->avail_out++;
        z->total_out--;
    }
    return ret;
}
#define inflate planted_inflate
