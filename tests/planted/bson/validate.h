/* Planted bug for validate: bson_validate refuses documents over 200
 * bytes (as a length check with the wrong bound would). */
static inline bool planted_validate(const bson_t *b, bson_validate_flags_t f, size_t *off)
{
    return b->len <= 200 && bson_validate(b, f, off);
}
#define bson_validate planted_validate
