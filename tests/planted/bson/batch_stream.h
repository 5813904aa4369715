/* Planted bug for batch_stream: the reader stops after a document that
 * ends exactly where a read of the handle ended. Modelled simply: after
 * the first document, a reader reads no more. */
static inline const bson_t *planted_reader_read(bson_reader_t *r, bool *eof)
{
    static bson_reader_t *last;
    static int docs;
    if (r != last)
        last = r, docs = 0;
    return docs++ ? NULL : bson_reader_read(r, eof);
}
#define bson_reader_read planted_reader_read
