/* What the harness reads and writes of the LZ4 formats itself (see
 * lz4.h): skippable frames for concat, and the scan of blocks and frames
 * for a match with offset 0 (R5 in harness/lz4.c). */
#include "lz4.h"

/* A skippable frame: magic 0x184D2A50 + nibble, 4-byte size, payload. */
void lz_write_skippable(pf_src *s, unsigned magic, const uint8_t *p,
                        size_t n, pf_vec *out)
{
    (void)s;
    uint8_t h[8];
    uint32_t m = 0x184D2A50u + (magic & 15u), size = (uint32_t)n;
    for (int i = 0; i < 4; i++)
        h[i] = (uint8_t)(m >> (8 * i)), h[4 + i] = (uint8_t)(size >> (8 * i));
    pf_vec_put(out, h, sizeof h);
    pf_vec_put(out, p, n);
}

/* Whether an LZ4 block holds a match with offset 0 (R5). */
bool lz_block_has_offset0(const uint8_t *p, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned token = p[i++];
        size_t lit = token >> 4;
        for (uint8_t b = 255; lit >= 15 && b == 255 && i < n; lit += b)
            b = p[i++];
        if (lit > n - i || n - (i += lit) < 2)
            return false; /* the last sequence: literals only */
        if (p[i] == 0 && p[i + 1] == 0)
            return true;
        i += 2;
        for (uint8_t b = (token & 15) == 15 ? 255 : 0; b == 255 && i < n;)
            b = p[i++];
    }
    return false;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* Whether any compressed block of the frames in p holds offset 0 (R5). */
bool lz_frames_have_offset0(const uint8_t *p, size_t n)
{
    size_t i = 0;
    while (n - i >= 4) {
        uint32_t magic = le32(p + i);
        i += 4;
        if ((magic & 0xFFFFFFF0u) == 0x184D2A50u) {
            if (n - i < 4 || le32(p + i) > n - i - 4)
                return false;
            i += 4 + le32(p + i);
            continue;
        }
        if (magic != 0x184D2204u || n - i < 3)
            return false;
        uint8_t flg = p[i];
        i += 2 + (flg & 0x08 ? 8 : 0) + (flg & 0x01 ? 4 : 0) + 1;
        for (uint32_t size; i <= n && n - i >= 4 && (size = le32(p + i)) != 0;) {
            size_t len = size & 0x7FFFFFFFu;
            if ((i += 4) > n || len > n - i)
                return false;
            if (!(size & 0x80000000u) && lz_block_has_offset0(p + i, len))
                return true;
            i += len + (flg & 0x10 ? 4 : 0);
        }
        i += 4 + (flg & 0x04 ? 4 : 0);
        if (i > n)
            return false;
    }
    return false;
}
