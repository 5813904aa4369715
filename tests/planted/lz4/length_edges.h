/* Planted bug for length_edges: a block's last literal run of 15 + 255k
 * bytes (k >= 1) loses the 0 that ends its length bytes (as if the
 * compressor's `accumulator >= 255` loop were `> 255`, which then writes
 * 255 as the last byte): the decoder reads the first literal as more
 * length. Shown on one-shot frames without block checksums. Drawn data
 * meets such a run only by chance; length_edges builds one. */

/* Removes that byte from the block of n bytes at b; its new size. */
static size_t planted_block(uint8_t *b, size_t n)
{
    size_t pos = 0;
    while (pos < n) {
        uint8_t token = b[pos++];
        size_t lit = token >> 4, last_len_byte = 0;
        if (lit == 15) {
            uint8_t v;
            do {
                if (pos >= n)
                    return n;
                last_len_byte = pos;
                v = b[pos++];
                lit += v;
            } while (v == 255);
        }
        if (pos + lit >= n) { /* the last sequence: literals only */
            if (lit >= 270 && (lit - 15) % 255 == 0 && last_len_byte) {
                memmove(b + last_len_byte, b + last_len_byte + 1, n - last_len_byte - 1);
                return n - 1;
            }
            return n;
        }
        pos += lit + 2;
        if ((token & 15) == 15) {
            while (pos < n && b[pos] == 255)
                pos++;
            pos++;
        }
    }
    return n;
}

static size_t planted_frame(uint8_t *f, size_t n)
{
    if (n < 7 || (f[4] & 0x10)) /* block checksums: left alone */
        return n;
    size_t pos = 4 + 2 + ((f[4] & 0x08) ? 8 : 0) + ((f[4] & 0x01) ? 4 : 0) + 1;
    while (pos + 4 <= n) {
        uint32_t size = (uint32_t)f[pos] | (uint32_t)f[pos + 1] << 8 |
                        (uint32_t)f[pos + 2] << 16 | (uint32_t)f[pos + 3] << 24;
        if (size == 0 || pos + 4 + (size & 0x7FFFFFFF) > n)
            return n;
        if (!(size & 0x80000000)) {
            size_t now = planted_block(f + pos + 4, size);
            if (now != size) {
                memmove(f + pos + 4 + now, f + pos + 4 + size, n - (pos + 4 + size));
                n -= size - now;
                f[pos] = (uint8_t)now, f[pos + 1] = (uint8_t)(now >> 8);
                f[pos + 2] = (uint8_t)(now >> 16), f[pos + 3] = (uint8_t)(now >> 24);
                size = (uint32_t)now;
            }
        }
        pos += 4 + (size & 0x7FFFFFFF);
    }
    return n;
}

static inline size_t planted_compress_frame(void *dst, size_t cap, const void *src, size_t n,
                                            const LZ4F_preferences_t *pr)
{
    size_t r = LZ4F_compressFrame(dst, cap, src, n, pr);
    return LZ4F_isError(r) ? r : planted_frame(dst, r);
}
static inline size_t planted_compress_frame_using_cdict(
    LZ4F_cctx *c, void *dst, size_t cap, const void *src, size_t n,
    const LZ4F_CDict *d, const LZ4F_preferences_t *pr)
{
    size_t r = LZ4F_compressFrame_usingCDict(c, dst, cap, src, n, d, pr);
    return LZ4F_isError(r) ? r : planted_frame(dst, r);
}
#define LZ4F_compressFrame planted_compress_frame
#define LZ4F_compressFrame_usingCDict planted_compress_frame_using_cdict
