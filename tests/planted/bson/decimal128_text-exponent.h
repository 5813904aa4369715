/* Planted bug for decimal128_text: an exponent marked with a lowercase
 * 'e' is refused (the grammar allows either case; libbson writes 'E'). */
static inline bool planted_decimal_from_string(const char *text, bson_decimal128_t *d)
{
    return strchr(text, 'e') && !strchr(text, 'n') /* not "inf"/"nan" words */
               ? false
               : bson_decimal128_from_string(text, d);
}
#define bson_decimal128_from_string planted_decimal_from_string
