/* Planted bug for round_trip: inflateBack hands its output callback one
 * byte too few each time it empties its window (at least once, at the end
 * of the stream). decompress_safe would see it too on raw input inflate
 * accepts; round_trip sees it on every raw deflate stream deflate writes. */
static out_func planted_out_real;
static void *planted_out_desc;

static inline int planted_out(void *desc, unsigned char *buf, unsigned len)
{
    (void)desc;
    return planted_out_real(planted_out_desc, buf, len > 1 ? len - 1 : len);
}

static inline int planted_inflate_back(z_streamp z, in_func in, void *in_desc,
                                       out_func out, void *out_desc)
{
    planted_out_real = out;
    planted_out_desc = out_desc;
    return inflateBack(z, in, in_desc, planted_out, NULL);
}
#define inflateBack planted_inflate_back
