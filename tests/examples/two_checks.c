/* A target with two bugs in one property, at two checks: a list of
 * numbers "encoded" must not hold a 0 right after a 5 (check one), and
 * must not hold a number of 200 or more (check two). The example runner
 * and the fuzzer must report both, each shrunk to its own minimum:
 * [5, 0] and [200]. No library: it builds with gcc or clang, with or
 * without sanitizers (tests/steps/examples.sh). */
#include "propfuzz.h"

static void round_trip(pf_src *s, void *in)
{
    (void)in;
    pf_list l;
    uint8_t prev = 1;
    pf_list_begin(s, &l, "numbers", 0, 64);
    while (pf_list_more(s, &l)) {
        uint8_t x = pf_u8(s, "x");
        if (prev == 5 && x == 0)
            pf_fail(s, NULL, "a 0 after a 5 is lost", NULL, 0, NULL);
        if (x >= 200)
            pf_fail(s, NULL, "a number of 200 or more is clipped", NULL, 0, NULL);
        prev = x;
    }
}

static const pf_property properties[] = {{"round_trip", round_trip}};
static const pf_mode modes[] = {{"values", NULL, properties, PF_LEN(properties)}};
static const pf_target two_checks = {"two_checks", modes, PF_LEN(modes), NULL};
PF_TARGET(two_checks)
