/* Planted bug for utf8_validate: U+0000 in libbson's two-byte form C0 80
 * is refused even when allow_null lets U+0000 through. */
static inline bool planted_utf8_validate(const char *utf8, size_t len, bool allow_null)
{
    for (size_t i = 0; allow_null && i + 1 < len; i++)
        if ((uint8_t)utf8[i] == 0xc0 && (uint8_t)utf8[i + 1] == 0x80)
            return false;
    return bson_utf8_validate(utf8, len, allow_null);
}
#define bson_utf8_validate planted_utf8_validate
