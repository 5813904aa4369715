/* Planted bug for round_trip: inflate's total_out misses the last byte of
 * a call that gives more than one (the output itself is right). */
static inline int planted_inflate(z_streamp z, int flush)
{
    uInt before = z->avail_out;
    int ret = inflate(z, flush);
    if (before - z->avail_out > 1)
        z->total_out--;
    return ret;
}
#define inflate planted_inflate
