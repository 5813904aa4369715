/* Planted bug for decimal128_text: a text with a radix point and no
 * exponent ("1.5") is read with the exponent one lower, as a parser that
 * counts the point as a digit would. */
static inline bool planted_decimal_from_string(const char *text, bson_decimal128_t *d)
{
    bool ok = bson_decimal128_from_string(text, d);
    if (ok && strchr(text, '.') && !strpbrk(text, "eEnN") && (d->low || (d->high & 0x1ffffffffffffu)))
        d->high -= (uint64_t)1 << 49;
    return ok;
}
#define bson_decimal128_from_string planted_decimal_from_string
