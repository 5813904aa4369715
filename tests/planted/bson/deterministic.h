/* Planted bug for deterministic: every other bson_append_int32 writes the
 * value one higher (state kept between calls). */
static inline bool planted_append_int32(bson_t *b, const char *k, int kl, int32_t v)
{
    static unsigned calls;
    return bson_append_int32(b, k, kl, calls++ % 2 && v < INT32_MAX ? v + 1 : v);
}
#define bson_append_int32 planted_append_int32
