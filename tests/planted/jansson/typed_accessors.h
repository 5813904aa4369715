/* Planted bug for typed_accessors: json_real_value of an integer gives its
 * value (as json_number_value does) instead of 0.0. Every property that
 * reads a tree asks json_real_value of reals only, so only the accessors'
 * check of other types sees it. */
static inline double planted_real_value(const json_t *j)
{
    return json_is_integer(j) ? (double)json_integer_value(j) : json_real_value(j);
}
#define json_real_value planted_real_value
