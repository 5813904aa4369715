/* A fuzz target for the tiny library the way libraries ship them: no
 * properties, it only crashes -- a sanitizer report, a hang, or abort() on
 * the one fact it asserts (the four kinds are distinct). The baseline of
 * the mutation machinery's own test (tests/steps/mutate.sh, BASELINE=):
 * it kills the overflow and the hang as the target's crash-only run does,
 * kills a kind made equal to another (which the target's kind_range
 * misses), and misses what only the target's round_trip sees. */
#include <stdint.h>
#include <stdlib.h>

#include <tinylib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *enc = tiny_encode(data, size);
    uint8_t *dec = enc ? tiny_decode(enc, size) : NULL;
    free(dec);
    free(enc);
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++)
            if (tiny_kind((uint8_t)a) == tiny_kind((uint8_t)b))
                abort();
    return 0;
}
