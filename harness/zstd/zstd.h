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
/* How both contexts take the dictionary: loaded (ZSTD_CCtx_ and
 * ZSTD_DCtx_loadDictionary_advanced) or a CDict and a DDict referenced. */
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
/* How a dictionary's buffer is given to libzstd (raw content or full). */
ZSTD_dictContentType_e zs_dict_type(const zs_dict *d);
/* Sets o's parameters on c through set (ZSTD_CCtx_setParameter of the
 * build under test or of the release): the index of the one refused (its
 * error in *err), else -1. */
typedef size_t zs_set_param_fn(ZSTD_CCtx *c, ZSTD_cParameter p, int value);
int zs_set_params(ZSTD_CCtx *c, const zs_opts *o, zs_set_param_fn *set,
                  unsigned (*is_error)(size_t), size_t *err);
/* A pf_defer cleanup of a zs_dict: the contexts let go of it first. */
void zs_free_dicts(void *arg);
void zs_write_skippable(pf_src *s, unsigned magic, const uint8_t *p,
                        size_t n, pf_vec *out);

/* release.c: the released libzstd of the same version, for the reference
 * properties (R8: NULL when there is none). Its functions, by their
 * libzstd names less the ZSTD_ prefix. */
typedef struct zs_release {
    unsigned (*version_number)(void);
    ZSTD_CCtx *(*create_cctx)(void);
    size_t (*free_cctx)(ZSTD_CCtx *c);
    zs_set_param_fn *set_parameter;
    size_t (*load_dictionary)(ZSTD_CCtx *c, const void *d, size_t n,
                              ZSTD_dictLoadMethod_e m, ZSTD_dictContentType_e t);
    ZSTD_CDict *(*create_cdict)(const void *d, size_t n, ZSTD_dictLoadMethod_e m,
                                ZSTD_dictContentType_e t,
                                ZSTD_compressionParameters p, ZSTD_customMem mem);
    size_t (*free_cdict)(ZSTD_CDict *d);
    size_t (*ref_cdict)(ZSTD_CCtx *c, const ZSTD_CDict *d);
    ZSTD_compressionParameters (*get_cparams)(int level, unsigned long long size,
                                              size_t dict_size);
    size_t (*compress_bound)(size_t n);
    size_t (*compress2)(ZSTD_CCtx *c, void *dst, size_t cap, const void *src,
                        size_t n);
    ZSTD_DCtx *(*create_dctx)(void);
    size_t (*free_dctx)(ZSTD_DCtx *d);
    size_t (*decompress_dctx)(ZSTD_DCtx *d, void *dst, size_t cap,
                              const void *src, size_t n);
    unsigned (*is_error)(size_t code);
    const char *(*error_name)(size_t code);
} zs_release;
const zs_release *zs_release_get(void);
/* o's one-shot frame of data by the release (NULL, or its refusal). */
const char *zs_release_compress(const zs_release *r, const zs_opts *o,
                                const uint8_t *data, size_t len, pf_vec *out);
/* ZSTD_decompressDCtx of the release, no dictionary, cap bytes at most. */
void zs_release_decompress(const zs_release *r, const uint8_t *in, size_t len,
                           size_t cap, pf_stream_result *res);

/* harness/zstd.c: the value mode's hooks, for the seeds. */
extern const pf_stream_target zs_target;

#endif
