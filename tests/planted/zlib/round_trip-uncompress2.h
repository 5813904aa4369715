/* Planted bug for round_trip: uncompress2 reports the whole source buffer
 * as taken, also when the stream ends before it (the output is right). */
static inline int planted_uncompress2(Bytef *dest, uLongf *dest_len, const Bytef *source,
                                      uLong *source_len)
{
    uLong whole = *source_len;
    int ret = uncompress2(dest, dest_len, source, source_len);
    *source_len = whole;
    return ret;
}
#define uncompress2 planted_uncompress2
