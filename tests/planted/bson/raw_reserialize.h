/* Planted bug for raw_reserialize: bson_append_date_time writes the
 * milliseconds as an int64 (type 0x12, not 0x09): other bytes. */
static inline bool planted_append_date_time(bson_t *b, const char *k, int kl, int64_t ms)
{
    return bson_append_int64(b, k, kl, ms);
}
#define bson_append_date_time planted_append_date_time
