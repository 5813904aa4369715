/* decimal128 values by their two 64-bit words, and which bits a text
 * form keeps: what a target with decimal128 (BSON, ...) needs to call its
 * library and to restrict its text properties. */
#include "bin_internal.h"

pf_bin *pf_bin_decimal(pf_bin_pool *p, uint64_t high, uint64_t low)
{
    uint8_t b[16];
    for (unsigned i = 0; i < 8; i++)
        b[i] = (uint8_t)(low >> (8 * i)), b[8 + i] = (uint8_t)(high >> (8 * i));
    return pf_bin_bytes(p, PF_BIN_DECIMAL, b, 16);
}

void pf_bin_decimal_words(const pf_bin *v, uint64_t *high, uint64_t *low)
{
    *high = *low = 0;
    for (unsigned i = 8; i-- > 0;)
        *low = *low << 8 | v->v.bytes[i], *high = *high << 8 | v->v.bytes[8 + i];
}

bool pf_bin_decimal_text_exact(const pf_bin *v)
{
    uint64_t high, low;
    pf_bin_decimal_words(v, &high, &low);
    uint64_t rest = high & ~((uint64_t)1 << 63);
    if ((rest >> 61) == 3) /* infinities, NaNs, the large form (never < 10^34) */
        return low == 0 && (rest == 0x7800000000000000u || high == 0x7c00000000000000u);
    /* 10^34 = 0x1ed09bead87c0 378d8e6400000000 */
    uint64_t ch = high & 0x1ffffffffffffu;
    return ch < 0x1ed09bead87c0u || (ch == 0x1ed09bead87c0u && low < 0x378d8e6400000000u);
}
