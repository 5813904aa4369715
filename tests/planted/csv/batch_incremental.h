/* Planted bug for batch_incremental: a chunk that ends in the quote
 * character loses that byte (the parser "peeks" for a doubled quote past
 * the end of its buffer and forgets it). Fed whole, only a document's very
 * last byte can be such a quote, and it is lost either way. */

static size_t planted_parse(struct csv_parser *p, const void *s, size_t len,
                            void (*cb1)(void *, size_t, void *),
                            void (*cb2)(int, void *), void *data)
{
    const unsigned char *b = s;
    if (len > 0 && b[len - 1] == csv_get_quote(p)) {
        size_t got = csv_parse(p, s, len - 1, cb1, cb2, data);
        return got == len - 1 ? len : got;
    }
    return csv_parse(p, s, len, cb1, cb2, data);
}
#define csv_parse planted_parse
