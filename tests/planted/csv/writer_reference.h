/* Planted bug for writer_reference: csv_write2 miscounts a quote character
 * that ends the field — it writes the doubled quote but its returned size
 * (and so the size query callers allocate by) is one byte short. The parser
 * never sees it; only a comparison with the reference quoting does. */

static size_t planted_write2(void *dest, size_t dest_size, const void *src,
                             size_t src_size, unsigned char quote)
{
    size_t n = csv_write2(dest, dest_size, src, src_size, quote);
    if (src_size && ((const unsigned char *)src)[src_size - 1] == quote)
        n--;
    return n;
}
#define csv_write2 planted_write2
