/* varint — see varint.h. */
#include "varint.h"

#include <stdlib.h>

size_t vi_put_u64(uint64_t v, uint8_t out[VI_MAX])
{
    size_t n = 0;
    while (v >= 0x80) {
        out[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    out[n++] = (uint8_t)v;
    return n;
}

vi_status vi_get_u64(const uint8_t *p, size_t n, uint64_t *v, size_t *used)
{
    uint64_t x = 0;
    for (size_t i = 0; i < VI_MAX; i++) {
        if (i == n)
            return VI_TRUNCATED;
        uint64_t group = p[i] & 0x7f;
        /* the tenth byte holds bit 63 only */
        if (i == VI_MAX - 1 && group > 1)
            return VI_OVERLONG;
        x |= group << (7 * i);
        if (!(p[i] & 0x80)) {
            /* a zero last byte after others is a longer form of a value */
            if (i > 0 && p[i] == 0)
                return VI_OVERLONG;
            *v = x;
            *used = i + 1;
            return VI_OK;
        }
    }
    return VI_OVERLONG;
}

uint64_t vi_zigzag(int64_t v)
{
#ifdef VARINT_PLANTED_BUG
    return ((uint64_t)v << 1) ^ (uint64_t)(v >> 31);
#else
    return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
#endif
}

int64_t vi_unzigzag(uint64_t u)
{
    return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

vi_status vi_pack(const int64_t *vals, size_t n, uint8_t **out, size_t *len)
{
    uint8_t *buf = malloc((n + 1) * VI_MAX);
    if (!buf)
        return VI_NOMEM;
    size_t at = vi_put_u64(n, buf);
    for (size_t i = 0; i < n; i++)
        at += vi_put_u64(vi_zigzag(vals[i]), buf + at);
    *out = buf;
    *len = at;
    return VI_OK;
}

vi_status vi_unpack(const uint8_t *p, size_t n, int64_t **vals, size_t *count)
{
    uint64_t want, u;
    size_t used, at;
    vi_status st = vi_get_u64(p, n, &want, &used);
    if (st != VI_OK)
        return st;
    at = used;
    /* every value takes at least a byte: a larger count cannot be right */
    if (want > n - at)
        return VI_TRUNCATED;
    int64_t *out = want ? malloc(want * sizeof *out) : NULL;
    if (want && !out)
        return VI_NOMEM;
    for (uint64_t i = 0; i < want; i++) {
        st = vi_get_u64(p + at, n - at, &u, &used);
        if (st != VI_OK) {
            free(out);
            return st;
        }
        out[i] = vi_unzigzag(u);
        at += used;
    }
    if (at != n) {
        free(out);
        return VI_TRAILING;
    }
    *vals = out;
    *count = (size_t)want;
    return VI_OK;
}
