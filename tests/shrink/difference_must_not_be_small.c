/* difference_must_not_be_small: x >= 10 implies |x - y| is 0 or above 4.
 * Shrinking challenge "difference", test 2. Ideal: [10, 6] (y = 6 is the
 * smallest y within 4 of 10 but not equal to it). */
#include <stdbool.h>
#include <stdint.h>

#define DIFF_NAME "difference_must_not_be_small"
#define DIFF_SUMMARY "x >= 10 and 1 <= |x - y| <= 4"
#define DIFF_IDEAL_Y 6
static bool diff_fails(int64_t d) { return d >= 1 && d <= 4; }
#include "difference.h"
