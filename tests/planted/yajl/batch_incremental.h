/* Planted bug for batch_incremental: a piece of exactly one byte that is
 * a digit is lost. Fed whole, only a one-digit text is such a piece, and
 * then both ways lose it alike. */

static inline yajl_status planted_parse(yajl_handle h, const unsigned char *text, size_t len)
{
    if (len == 1 && text[0] >= '0' && text[0] <= '9')
        return yajl_status_ok;
    return yajl_parse(h, text, len);
}
#define yajl_parse planted_parse
