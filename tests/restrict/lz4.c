/* Restrictions of harness/lz4.c, shown against the real liblz4: each value
 * the strategy excludes or treats specially is really refused or changed
 * by the library. Prints PASS/FAIL per check and "N passed, N failed". */
#define LZ4F_STATIC_LINKING_ONLY
#include "testkit.h"

#include <limits.h>
#include <lz4.h>
#include <lz4frame.h>
#include <lz4hc.h>
#include <stdio.h>
#include <string.h>

static char text[4096];

static size_t frame(int level, LZ4F_blockSizeID_t bsid, LZ4F_blockMode_t mode,
                    unsigned long long content_size, size_t n, char *out,
                    size_t cap)
{
    LZ4F_preferences_t p;
    memset(&p, 0, sizeof p);
    p.compressionLevel = level;
    p.frameInfo.blockSizeID = bsid;
    p.frameInfo.blockMode = mode;
    p.frameInfo.contentSize = content_size;
    size_t r = LZ4F_compressFrame(out, cap, text, n, &p);
    return LZ4F_isError(r) ? 0 : r;
}

/* R1: levels above LZ4HC_CLEVEL_MAX (12) compress exactly as 12. */
static void levels_above_max(void)
{
    static char a[8192], b[8192];
    size_t na = frame(LZ4HC_CLEVEL_MAX, LZ4F_default, LZ4F_blockLinked, 0,
                      sizeof text, a, sizeof a);
    bool same = na > 0;
    const int levels[] = {13, 16, 100, INT_MAX};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0] && same; i++) {
        size_t nb = frame(levels[i], LZ4F_default, LZ4F_blockLinked, 0,
                          sizeof text, b, sizeof b);
        same = nb == na && memcmp(a, b, na) == 0;
    }
    verdict("levels_above_12_are_12", same,
            "a level above LZ4HC_CLEVEL_MAX compressed differently from 12");
}

/* R2: contentSize 0 means "unknown": an empty input's frame states no size. */
static void empty_content_size(void)
{
    char out[64];
    size_t n = frame(0, LZ4F_default, LZ4F_blockLinked, 1, 0, out, sizeof out);
    LZ4F_dctx *d;
    LZ4F_createDecompressionContext(&d, LZ4F_VERSION);
    LZ4F_frameInfo_t fi;
    size_t in = n;
    size_t r = LZ4F_getFrameInfo(d, &fi, out, &in);
    LZ4F_freeDecompressionContext(d);
    /* FLG bit 3 (content size) clear, and the info says 0. */
    verdict("empty_input_has_no_content_size",
            n > 0 && !LZ4F_isError(r) && fi.contentSize == 0 &&
                (out[4] & 0x08) == 0,
            "the frame of an empty input states a content size");
}

/* R3: LZ4F_compressFrame lowers the block size to the smallest that fits and
 * makes a single block independent. */
static void one_shot_block_size(void)
{
    static char out[8192];
    size_t n = frame(0, LZ4F_max4MB, LZ4F_blockLinked, 0, 1000, out,
                     sizeof out);
    LZ4F_dctx *d;
    LZ4F_createDecompressionContext(&d, LZ4F_VERSION);
    LZ4F_frameInfo_t fi;
    size_t in = n;
    size_t r = LZ4F_getFrameInfo(d, &fi, out, &in);
    LZ4F_freeDecompressionContext(d);
    verdict("one_shot_lowers_block_size_and_unlinks",
            n > 0 && !LZ4F_isError(r) && fi.blockSizeID == LZ4F_max64KB &&
                fi.blockMode == LZ4F_blockIndependent,
            "LZ4F_compressFrame kept the 4 MB linked blocks asked for");
}

/* R6: lz4.h Note 5: with a source longer than the block, a target beyond the
 * block's size is not honoured as "the whole block": the decoder reads on
 * into the bytes after it. The harness asks only for targets within the
 * block it decoded whole. */
static void partial_note5(void)
{
    char block[LZ4_COMPRESSBOUND(sizeof text) + 16], out[sizeof text + 64];
    int n = LZ4_compress_default(text, block, 200, (int)sizeof block);
    /* Trailing bytes: a token for 15+ literals, then more. */
    memset(block + n, 0xf0, 16);
    int full = LZ4_decompress_safe(block, out, n, (int)sizeof out);
    int r = LZ4_decompress_safe_partial(block, out, n + 16, full + 32,
                                        (int)sizeof out);
    verdict("partial_target_beyond_block_reads_on", full == 200 && r != full,
            "with a longer source and a larger target the partial decoder "
            "still stopped at the block's end");
}

/* R5: a block with a match at offset 0 (invalid per lz4_Block_format.md) is
 * accepted, and the full and partial decoders write different bytes for
 * it: the harness decodes such input but does not compare it. */
static void offset0_accepted(void)
{
    const char blk[] = {0x01, 0x00, 0x00, 0x77, 0x6e, 0x20, 0x66,
                        0x6f, 0x00, 0x00, 0x78};
    char a[128] = {0}, b[128] = {0};
    int n = LZ4_decompress_safe(blk, a, (int)sizeof blk, 90);
    int k = LZ4_decompress_safe_partial(blk, b, (int)sizeof blk, 12, 90);
    verdict("offset0_block_accepted_decoders_differ",
            n == 12 && k == 12 && memcmp(a, b, 12) != 0,
            "offset 0 is refused now, or both decoders agree on it: the "
            "harness can compare such blocks");
}

int main(void)
{
    printf("lz4 %s\n", LZ4_versionString());
    for (size_t i = 0; i < sizeof text; i++)
        text[i] = "lz4 restriction test, "[i % 22] ^ (char)(i / 64);
    levels_above_max();
    empty_content_size();
    one_shot_block_size();
    partial_note5();
    offset0_accepted();
    return finish();
}
