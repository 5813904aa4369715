/* tiny — the target of the mutation machinery's own test
 * (tests/steps/mutate.sh): the toy library of tinylib.c, one input of
 * bytes, two properties:
 *   round_trip   tiny_decode(tiny_encode(bytes)) == bytes
 *   kind_range   tiny_kind(b) is one of 1..4 for every byte b
 * (kind_range is weak on purpose: a kind moved inside 1..4 survives it). */
#include "propfuzz.h"

#include <stdio.h>
#include <stdlib.h>

#include <tinylib.h>

typedef struct bytes {
    const uint8_t *p;
    size_t n;
} bytes;

static void *draw_bytes(pf_src *s)
{
    bytes *b = pf_alloc(s, sizeof *b);
    b->p = pf_bytes(s, "bytes", 0, 64, &b->n);
    return b;
}

static void prop_round_trip(pf_src *s, void *in)
{
    const bytes *b = in;
    uint8_t *enc = tiny_encode(b->p, b->n);
    pf_defer(s, free, enc);
    uint8_t *dec = tiny_decode(enc, tiny_encoded_size(b->n));
    pf_defer(s, free, dec);
    pf_check_bytes_equal(s, NULL, "bytes", b->p, b->n, "decode(encode(bytes))", dec, b->n);
}

static void prop_kind_range(pf_src *s, void *in)
{
    const bytes *b = in;
    for (size_t i = 0; i < b->n; i++) {
        int k = tiny_kind(b->p[i]);
        if (k < 1 || k > 4) {
            char *text = pf_alloc(s, 32);
            snprintf(text, 32, "%d (byte 0x%02x)", k, b->p[i]);
            pf_line l[] = {{"tiny_kind(b)", text}};
            pf_fail(s, NULL, "tiny_kind(b) is not in 1..4", l, 1, NULL);
        }
    }
}

static const pf_property properties[] = {
    {"round_trip", prop_round_trip},
    {"kind_range", prop_kind_range},
};
static const pf_mode modes[] = {{"bytes", draw_bytes, properties, PF_LEN(properties)}};
static const pf_target tiny = {"tiny", modes, PF_LEN(modes), NULL};
PF_TARGET(tiny)
