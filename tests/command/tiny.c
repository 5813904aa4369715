/* tiny: the smallest target, for tests/steps/command.sh. It has no seeds,
 * no corpus and no dictionary (all optional), and links a library whose
 * header declares a function without a prototype (fakelib.h), as older
 * libraries do: built from a copy of the tree as harness/tiny.c with
 * LIB_tiny := fakelib, it compiles only when the library's headers are
 * system headers. -DTINY_FAIL makes its property fail on every input, so
 * a changed flag shows in what the binary does. */
#include "propfuzz.h"

#include "fakelib.h"

static void holds(pf_src *s, void *input)
{
    (void)input;
    uint8_t x = pf_u8(s, "x");
#ifdef TINY_FAIL
    (void)x;
    bool ok = false;
#else
    bool ok = x < 255 || fakelib_answer() == 42;
#endif
    if (!ok)
        pf_fail(s, NULL, "tiny fails (built with -DTINY_FAIL)", NULL, 0, NULL);
}

static const pf_property properties[] = {{"holds", holds}};
static const pf_mode modes[] = {{"values", NULL, properties, PF_LEN(properties)}};
static const pf_target tiny = {"tiny", modes, PF_LEN(modes), NULL};
PF_TARGET(tiny)
