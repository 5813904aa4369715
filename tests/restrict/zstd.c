/* Restrictions of harness/zstd.c, shown against the real libzstd: each
 * value the strategy excludes or treats specially is really refused or
 * changed by the library. Prints PASS/FAIL per check and
 * "N passed, N failed". */
#define ZSTD_STATIC_LINKING_ONLY
#include "testkit.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>
#include <zstd_errors.h>

static char text[8192];

/* R2: targetCBlockSize is 0 (off) or at least ZSTD_TARGETCBLOCKSIZE_MIN (64). */
static void target_cblock_min(void)
{
    ZSTD_CCtx *c = ZSTD_createCCtx();
    size_t below = ZSTD_CCtx_setParameter(c, ZSTD_c_targetCBlockSize, 63);
    size_t min = ZSTD_CCtx_setParameter(c, ZSTD_c_targetCBlockSize, 64);
    size_t off = ZSTD_CCtx_setParameter(c, ZSTD_c_targetCBlockSize, 0);
    ZSTD_freeCCtx(c);
    verdict("target_cblock_size_below_64_refused",
            ZSTD_isError(below) && !ZSTD_isError(min) && !ZSTD_isError(off),
            "targetCBlockSize 63 was accepted (or 64 or 0 refused)");
}

/* R7: the streaming decoder gets ZSTD_d_windowLogMax 23 and refuses
 * a frame with a 16 MiB window, which the one-shot decoder accepts. */
static void window_log_max(void)
{
    ZSTD_CCtx *c = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(c, ZSTD_c_windowLog, 24);
    static char frame[16384], out[sizeof text];
    ZSTD_outBuffer o = {frame, sizeof frame, 0};
    ZSTD_inBuffer in = {text, sizeof text, 0};
    ZSTD_compressStream2(c, &o, &in, ZSTD_e_continue); /* size unknown */
    size_t left;
    do
        left = ZSTD_compressStream2(c, &o, &in, ZSTD_e_end);
    while (left != 0 && !ZSTD_isError(left));
    ZSTD_freeCCtx(c);

    ZSTD_DCtx *d = ZSTD_createDCtx();
    size_t one = ZSTD_decompressDCtx(d, out, sizeof out, frame, o.pos);
    ZSTD_DCtx_reset(d, ZSTD_reset_session_and_parameters);
    ZSTD_DCtx_setParameter(d, ZSTD_d_windowLogMax, 23);
    ZSTD_outBuffer so = {out, sizeof out, 0};
    ZSTD_inBuffer si = {frame, o.pos, 0};
    size_t st = ZSTD_decompressStream(d, &so, &si);
    ZSTD_freeDCtx(d);
    verdict(
        "window_log_max_23_refuses_16MiB_window",
        one == sizeof text && ZSTD_isError(st) &&
            ZSTD_getErrorCode(st) == ZSTD_error_frameParameter_windowTooLarge,
        "the streaming decoder accepted a 2^24 window with windowLogMax 23");
}

/* R9: ZSTD_compress2 into a buffer smaller than the frame is undefined
 * in libzstd 1.5.4: with targetCBlockSize it writes past dstCapacity before
 * it says dstSize_tooSmall (zstd_compress_superblock.c copies the FSE
 * tables without checking the room left; FINDINGS.md), and without, its
 * bit stream computes a pointer before its buffer when fewer than 8 bytes
 * are left (bitstream.h:160), which UBSan stops here before anything else.
 * So this is shown with the released library of the same version, opened
 * at run time, uninstrumented: bytes guarding the end of a larger buffer
 * change, over data a fixed generator makes. */
typedef size_t compress2_fn(ZSTD_CCtx *, void *, size_t, const void *, size_t);
typedef size_t set_fn(ZSTD_CCtx *, ZSTD_cParameter, int);
static void target_cblock_overflow(void)
{
    void *h = dlopen("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
    ZSTD_CCtx *(*create)(void) = NULL;
    size_t (*free_cctx)(ZSTD_CCtx *) = NULL;
    set_fn *set = NULL;
    compress2_fn *compress2 = NULL;
    void *f[4] = {h ? dlsym(h, "ZSTD_createCCtx") : NULL, h ? dlsym(h, "ZSTD_freeCCtx") : NULL,
                  h ? dlsym(h, "ZSTD_CCtx_setParameter") : NULL,
                  h ? dlsym(h, "ZSTD_compress2") : NULL};
    memcpy(&create, &f[0], sizeof f[0]), memcpy(&free_cctx, &f[1], sizeof f[1]);
    memcpy(&set, &f[2], sizeof f[2]), memcpy(&compress2, &f[3], sizeof f[3]);
    if (!create || !free_cctx || !set || !compress2) {
        verdict("target_cblock_size_writes_past_small_dst", 0,
                "needs the released libzstd 1.5.4 (libzstd.so.1)");
        return;
    }
    ZSTD_CCtx *c = create();
    static unsigned char data[4096], full[8192], dst[8192 + 64];
    uint32_t x = 7;
    int found = 0;
    for (int t = 0; t < 3000 && !found; t++) {
        size_t n = 64 + (x = x * 1103515245u + 12345u) % 1000;
        for (size_t i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            data[i] = (x >> 16) % 5 == 0 || i < 9 ? (unsigned char)"abcdefgh"[(x >> 8) % 8]
                                                  : data[i - 1 - (x >> 20) % 8];
        }
        x = x * 1103515245u + 12345u;
        set(c, ZSTD_c_compressionLevel, (int)((x >> 8) % 19) + 1);
        set(c, ZSTD_c_targetCBlockSize, 64 + (int)((x >> 16) % 1000));
        size_t frame = compress2(c, full, sizeof full, data, n);
        for (size_t cap = frame > 40 ? frame - 40 : 0; cap < frame && !found; cap++) {
            memset(dst, 0xA5, sizeof dst);
            size_t r = compress2(c, dst, cap, data, n);
            for (size_t j = cap; j < cap + 64; j++)
                found |= dst[j] != 0xA5 && ZSTD_getErrorCode(r) == ZSTD_error_dstSize_tooSmall;
        }
    }
    free_cctx(c);
    verdict("target_cblock_size_writes_past_small_dst", found,
            "no compression with targetCBlockSize wrote past a small dstCapacity "
            "(fixed? then small_buffer could compress into small buffers: R9)");
}

int main(void)
{
    printf("zstd %s\n", ZSTD_versionString());
    srand(1);
    for (size_t i = 0; i < sizeof text; i++)
        text[i] = (char)("zstd restrictions: dictionaries, windows. "[i % 42] +
                         (i % 97 == 0 ? rand() % 7 : 0));
    target_cblock_min();
    window_log_max();
    target_cblock_overflow();
    return finish();
}
