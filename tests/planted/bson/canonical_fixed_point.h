/* Planted bug for canonical_fixed_point: bson_append_utf8 drops the last
 * byte of strings longer than 3 bytes. */
static inline bool planted_append_utf8(bson_t *b, const char *k, int kl, const char *v, int len)
{
    return bson_append_utf8(b, k, kl, v, len > 3 ? len - 1 : len);
}
#define bson_append_utf8 planted_append_utf8
