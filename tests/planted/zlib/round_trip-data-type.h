/* Planted bug for round_trip: deflate reports text as binary (data_type
 * Z_BINARY where its rule gives Z_TEXT). Every stream is right; only the
 * report is wrong. */
static inline int planted_deflate(z_streamp z, int flush)
{
    int ret = deflate(z, flush);
    if (z->data_type == Z_TEXT)
        z->data_type = Z_BINARY;
    return ret;
}
#define deflate planted_deflate
