/* Planted bug for reference_decode: inflate never compares the stream's
 * check value (Adler-32, or CRC-32 and length for gzip). Whatever it
 * accepts still decodes the same in one go and in steps, and compresses
 * back: only the released inflate, which refuses a wrong check value,
 * shows it. */
static inline int planted_inflate_init2_(z_streamp z, int window, const char *version,
                                         int size)
{
    int ret = inflateInit2_(z, window, version, size);
    return ret == Z_OK ? inflateValidate(z, 0) : ret;
}
#define inflateInit2_ planted_inflate_init2_
