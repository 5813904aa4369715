/* UTF-8 as RFC 3629 defines it, for every part that checks text. */
#include "pf_internal.h"

size_t pf_utf8_count(const uint8_t *p, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; n++) {
        uint8_t c = p[i];
        size_t need;
        uint8_t lo = 0x80, hi = 0xBF;
        if (c < 0x80) {
            i++;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else {
            return SIZE_MAX;
        }
        if (len - i <= need)
            return SIZE_MAX;
        for (size_t k = 1; k <= need; k++) {
            uint8_t b = p[i + k];
            if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF))
                return SIZE_MAX;
        }
        i += need + 1;
    }
    return n;
}

void pf_buf_put_utf8(pf_buf *b, uint32_t cp)
{
    uint8_t u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (uint8_t)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (uint8_t)(0xC0 | cp >> 6);
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (uint8_t)(0xE0 | cp >> 12);
        n = 3;
    } else {
        u[0] = (uint8_t)(0xF0 | cp >> 18);
        n = 4;
    }
    for (size_t k = 1; k < n; k++)
        u[k] = (uint8_t)(0x80 | (cp >> 6 * (n - 1 - k) & 0x3F));
    pf_buf_put(b, u, n);
}
