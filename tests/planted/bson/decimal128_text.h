/* Planted bug for decimal128_text: a negative exponent is written as a
 * positive one. */
static inline void planted_decimal_to_string(const bson_decimal128_t *d, char *text)
{
    bson_decimal128_to_string(d, text);
    char *e = strstr(text, "E-");
    if (e)
        e[1] = '+';
}
#define bson_decimal128_to_string planted_decimal_to_string
