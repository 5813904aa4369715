/* Restrictions of harness/zstd.c, shown against the real libzstd: each
 * value the strategy excludes or treats specially is really refused or
 * changed by the library. Prints PASS/FAIL per check and
 * "N passed, N failed". */
#define ZSTD_STATIC_LINKING_ONLY
#include "testkit.h"

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

int main(void)
{
    printf("zstd %s\n", ZSTD_versionString());
    srand(1);
    for (size_t i = 0; i < sizeof text; i++)
        text[i] = (char)("zstd restrictions: dictionaries, windows. "[i % 42] +
                         (i % 97 == 0 ? rand() % 7 : 0));
    target_cblock_min();
    window_log_max();
    return finish();
}
