/* Planted bug for raw_reserialize: bson_validate with no offset to fill
 * in returns true without walking the document (its verdict must not
 * depend on whether the caller asks where an error is). */
static inline bool planted_validate(const bson_t *b, bson_validate_flags_t f, size_t *off)
{
    return off ? bson_validate(b, f, off) : true;
}
#define bson_validate planted_validate
