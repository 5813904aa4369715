/* Planted bug for uint32_keys: keys from 1000 on are formatted into a
 * buffer one byte too small for four digits and a NUL. */
static inline size_t planted_uint32_to_string(uint32_t value, const char **strptr, char *str,
                                              size_t size)
{
    return bson_uint32_to_string(value, strptr, str, size < 4 ? size : 4);
}
#define bson_uint32_to_string planted_uint32_to_string
