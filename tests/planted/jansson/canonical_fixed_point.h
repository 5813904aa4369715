/* Planted bug for canonical_fixed_point: the dump writes reals of
 * magnitude 1e15 and above with only 15 significant digits. */

#include <math.h>
#include <stdio.h>

static inline json_t *planted_round(json_t *j)
{
    if (json_is_real(j) && fabs(json_real_value(j)) >= 1e15) {
        char tmp[40];
        snprintf(tmp, sizeof tmp, "%.15g", json_real_value(j));
        json_real_set(j, strtod(tmp, NULL));
    } else if (json_is_array(j)) {
        for (size_t i = 0; i < json_array_size(j); i++)
            planted_round(json_array_get(j, i));
    } else if (json_is_object(j)) {
        for (void *it = json_object_iter(j); it; it = json_object_iter_next(j, it))
            planted_round(json_object_iter_value(it));
    }
    return j;
}

static inline char *planted_dumps(const json_t *j, size_t flags)
{
    json_t *copy = planted_round(json_deep_copy(j));
    char *text = json_dumps(copy, flags);
    json_decref(copy);
    return text;
}
#define json_dumps planted_dumps
