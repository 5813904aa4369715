/* Planted bug for decompress_safe: inflateBack hands its output callback
 * one byte too few after the first pair of equal bytes (the second byte of
 * the pair is lost). inflate itself is right, so only comparing the two
 * decoders on raw deflate input shows it. */
static out_func planted_out_real;
static void *planted_out_desc;

static inline int planted_out(void *desc, unsigned char *buf, unsigned len)
{
    (void)desc;
    for (unsigned i = 1; i < len; i++)
        if (buf[i] == buf[i - 1]) {
            memmove(buf + i, buf + i + 1, len - i - 1);
            len--;
            break;
        }
    return planted_out_real(planted_out_desc, buf, len);
}

static inline int planted_inflate_back(z_streamp z, in_func in, void *in_desc,
                                       out_func out, void *out_desc)
{
    planted_out_real = out;
    planted_out_desc = out_desc;
    return inflateBack(z, in, in_desc, planted_out, NULL);
}
#define inflateBack planted_inflate_back
