/* tiny: see tinylib.h. The comments name the mutant each line is for. */
#include "tinylib.h"

#include <stdlib.h>

/* Bookkeeping nothing reads: deleting its update survives every property
 * (a survivor), and += -> -= is listed in equivalent.txt. */
static size_t encoded_total;

uint8_t *tiny_encode(const uint8_t *in, size_t n)
{
    uint8_t *out = malloc(n ? n : 1);
    if (!out)
        return NULL;
    /* i < n -> i <= n writes past the buffer: only a crash sees it. */
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)(in[i] + 1); /* + -> -: only round_trip sees it */
    encoded_total += n;
    return out;
}

uint8_t *tiny_decode(const uint8_t *in, size_t n)
{
    uint8_t *out = malloc(n ? n : 1);
    if (!out)
        return NULL;
    size_t i = 0;
    while (i < n) {
        out[i] = (uint8_t)(in[i] - 1);
        i++; /* deleted: a hang */
    }
    return out;
}

int tiny_kind(uint8_t b)
{
    switch (b & 3) {
    case 0:
        return 1;
    case 1: /* 1 -> 2 or 1 -> 0: a duplicate case, does not compile */
        return 2;
    case 2:
        return 3;
    default:
        return 4; /* 4 -> 5: only kind_range sees it */
    }
}

int tiny_unused(int x)
{
    return x * 2 + 1;
}

/* One byte each: a product by one, so that * -> / compiles to the very same
 * code -- an equivalent the runner recognises by itself (identical). */
size_t tiny_encoded_size(size_t n)
{
    return n * 1;
}
