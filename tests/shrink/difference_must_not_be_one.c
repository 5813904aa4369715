/* difference_must_not_be_one: x >= 10 implies |x - y| != 1.
 * Shrinking challenge "difference", test 3: no single coordinate can be
 * lowered on its own, x and y must move together. Ideal: [10, 9]. */
#include <stdbool.h>
#include <stdint.h>

#define DIFF_NAME "difference_must_not_be_one"
#define DIFF_SUMMARY "x >= 10 and |x - y| == 1"
#define DIFF_IDEAL_Y 9
static bool diff_fails(int64_t d) { return d == 1; }
#include "difference.h"
