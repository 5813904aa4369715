/* Planted bug for batch_stream: the reader reads every document but
 * never reports the end of its input (as if EOF counted as a failed
 * read). */
static inline const bson_t *planted_reader_read(bson_reader_t *r, bool *eof)
{
    const bson_t *b = bson_reader_read(r, eof);
    if (eof)
        *eof = false;
    return b;
}
#define bson_reader_read planted_reader_read
