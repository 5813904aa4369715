/* zstd's shared parts: sizes, the drawn parameters, dictionary and
 * options, and the functions harness/zstd.c (the properties and modes),
 * codec.c (libzstd behind the pf_stream_codec), strategy.c (the draws)
 * and seeds.c share. The restrictions (R1..) are listed in
 * harness/zstd.c. */
#ifndef HARNESS_ZSTD_H
#define HARNESS_ZSTD_H

#define ZSTD_STATIC_LINKING_ONLY
#include "propfuzz_stream.h"

#include <string.h>
#include <zdict.h>
#include <zstd.h>
#include <zstd_errors.h>

enum {
    DATA_MAX = 16384, PART_MAX = 2048, DICT_MAX = 4096, MAX_SAMPLES = 8,
    FULL_DICT_MAX = DICT_MAX + 1024, /* content plus header and tables */
    LEVEL_MIN = -128, LEVEL_MAX = 19, WLOG_MAX = 23, TCB_MAX = 2048,
    RAW_OUT_CAP = 256 * 1024, RAW_WLOG_MAX = 23,
};
enum mode { MODE_VALUES, MODE_RAW, N_MODES };
enum dict_api { API_LOAD, API_CDICT, N_API };

/* The parameters in drawing order (R1). */
enum { P_LEVEL, P_WLOG, P_CHECKSUM, P_CONTENT_SIZE, P_NO_DICT_ID, P_STRATEGY,
       P_TCB, P_LITERALS, P_ROW_MATCH, N_P };
/* What a dictionary is drawn as, after its content (pf_draw_dict). */
enum { D_FULL, D_ID, D_SAMPLES, D_API, N_D };
/* batch_stream's plan: output room, e_flush after each chunk, and R4's
 * pledge (else a size hint). */
enum { PL_ROOM, PL_FLUSH, PL_PLEDGE, N_PL };

extern const pf_param zs_params[N_P];
extern const pf_param zs_dict_params[N_D];
extern const pf_param zs_plan[N_PL];
extern const pf_segments_opts zs_seg;

/* The dictionary of one input: drawn, then as libzstd is given it (buf:
 * the raw content or the finalized buffer; NULL: none). Also the
 * decoder's options (raw mode: limit_window, R7). */
typedef struct zs_dict {
    pf_dict content;
    int64_t d[N_D];
    const uint8_t *buf;
    size_t len;
    ZSTD_CDict *cdict;
    ZSTD_DDict *ddict;
    bool limit_window;
} zs_dict;

typedef struct zs_opts {
    int64_t p[N_P];
    zs_dict *dict;
    bool sizes_known;   /* concat: every frame states its size */
} zs_opts;

/* strategy.c: the draws. */
void zs_fold_params(int64_t *p);
void zs_draw_params(pf_src *s, int64_t *p);
zs_dict *zs_draw_dict(pf_src *s, const uint8_t *data, size_t len);
bool zs_make_dict(pf_src *s, zs_dict *d, int level, const uint8_t *data,
                  size_t len);
void zs_plan_from(pf_stream_plan *plan, const int64_t *v);

/* codec.c: libzstd behind the pf_stream_codec. */
extern const pf_stream_codec zs_codec;
/* Called first in each mode's setup: freed last when the input ends. */
void zs_new_contexts(pf_src *s);
/* A pf_defer cleanup of a zs_dict: the contexts let go of it first. */
void zs_free_dicts(void *arg);
void zs_write_skippable(pf_src *s, unsigned magic, const uint8_t *p,
                        size_t n, pf_vec *out);

/* harness/zstd.c: the value mode's hooks, for the seeds. */
extern const pf_stream_target zs_target;

#endif
