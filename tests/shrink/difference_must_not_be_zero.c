/* difference_must_not_be_zero: x >= 10 implies x != y.
 * Shrinking challenge "difference", test 1. Ideal: [10, 10]. */
#include <stdbool.h>
#include <stdint.h>

#define DIFF_NAME "difference_must_not_be_zero"
#define DIFF_SUMMARY "x >= 10 and |x - y| == 0"
#define DIFF_IDEAL_Y 10
static bool diff_fails(int64_t d) { return d == 0; }
#include "difference.h"
