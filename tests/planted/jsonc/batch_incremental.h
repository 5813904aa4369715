/* Planted bug for batch_incremental: a tokener resuming on a piece that
 * starts with a digit skips that digit. Parsing whole never resumes on a
 * digit (its only later piece is the final NUL). */

static struct json_object *planted_parse_ex(struct json_tokener *tok,
                                            const char *str, int len)
{
    if (json_tokener_get_parse_end(tok) > 0 || tok->char_offset > 0 ||
        tok->depth > 0 || printbuf_length(tok->pb) > 0) {
        if (len > 1 && str[0] >= '0' && str[0] <= '9')
            str++, len--;
    }
    return json_tokener_parse_ex(tok, str, len);
}
#define json_tokener_parse_ex planted_parse_ex
