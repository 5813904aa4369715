/* zstd's strategy (see zstd.h): the parameter tables and the draws of the
 * compression parameters and the dictionary, made as libzstd takes it. */
#include "zstd.h"

/* A planted-bug build (tests/planted/zstd/<property>.h) wraps libzstd
 * calls here, after the library's headers and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

static const char *const api_names[N_API] = {"load", "cdict"};
static const char *const strategy_names[] = {
    "from_level", "fast", "dfast", "greedy", "lazy", "lazy2",
    "btlazy2", "btopt", "btultra", "btultra2"};
static const char *const switch_names[] = {"auto", "enable", "disable"};
const pf_segments_opts zs_seg = {.literal_max = DATA_MAX};

/* The parameters in drawing order (R1), with libzstd's names for them
 * (codec.c maps them to their ZSTD_c_ ids). */
const pf_param zs_params[N_P] = {
    {"level", PF_PARAM_INT, LEVEL_MIN, LEVEL_MAX, NULL, 0},
    {"windowLog", PF_PARAM_UINT, ZSTD_WINDOWLOG_MIN - 1, WLOG_MAX, NULL, 0},
    {"checksum", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"contentSize", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"noDictID", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"strategy", PF_PARAM_CHOICE, 0, 9, strategy_names, 0},
    {"targetCBlockSize", PF_PARAM_UINT, 0, TCB_MAX, NULL, 0},
    {"literals", PF_PARAM_CHOICE, 0, 2, switch_names, 0},
    {"rowMatchFinder", PF_PARAM_CHOICE, 0, 2, switch_names, 0},
};

/* What a dictionary is drawn as, after its content (pf_draw_dict). */
const pf_param zs_dict_params[N_D] = {
    {"finalize", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"dict_id", PF_PARAM_UINT, 0, UINT32_MAX, NULL, D_FULL + 1},
    {"samples", PF_PARAM_UINT, 1, MAX_SAMPLES, NULL, D_FULL + 1},
    {"dict_api", PF_PARAM_CHOICE, 0, N_API - 1, api_names, 0},
};

/* batch_stream's plan: output room, e_flush after each chunk, and R4's
 * pledge (else a size hint). */
const pf_param zs_plan[N_PL] = {
    PF_STREAM_ROOM_PARAM("out_room"),
    {"flush", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"pledge", PF_PARAM_BOOL, 0, 1, NULL, 0},
};

void zs_plan_from(pf_stream_plan *plan, const int64_t *v)
{
    plan->room = (size_t)v[PL_ROOM];
    plan->flush = v[PL_FLUSH] != 0;
}

/* windowLog 9 stands for the default (0); targetCBlockSize 1..63, which
 * libzstd refuses, for 64 (R2). */
void zs_fold_params(int64_t *p)
{
    if (p[P_WLOG] < ZSTD_WINDOWLOG_MIN)
        p[P_WLOG] = 0;
    if (p[P_TCB] > 0 && p[P_TCB] < ZSTD_TARGETCBLOCKSIZE_MIN)
        p[P_TCB] = ZSTD_TARGETCBLOCKSIZE_MIN;
}

void zs_draw_params(pf_src *s, int64_t *p)
{
    pf_draw_params(s, "params", zs_params, N_P, p);
    zs_fold_params(p);
}

zs_dict *zs_draw_dict(pf_src *s, const uint8_t *data, size_t len)
{
    zs_dict *d = pf_alloc(s, sizeof *d);
    *d = (zs_dict){.content = pf_draw_dict(s, DICT_MAX, DATA_MAX, data, len)};
    pf_defer(s, zs_free_dicts, d);
    if (d->content.kind != PF_DICT_NONE)
        pf_draw_params(s, "dictionary", zs_dict_params, N_D, d->d);
    return d;
}

/* The dictionary as libzstd gets it, in a guarded vector: the raw content,
 * or finalized with the data as samples (R3 when that fails). */
bool zs_make_dict(pf_src *s, zs_dict *d, int level, const uint8_t *data,
                  size_t len)
{
    if (d->content.kind == PF_DICT_NONE)
        return true;
    pf_vec *v = pf_vec_new(s);
    size_t r = d->content.len, sizes[MAX_SAMPLES];
    if (!d->d[D_FULL]) {
        pf_vec_put(v, d->content.data, r);
    } else {
        unsigned n = len < (size_t)d->d[D_SAMPLES] ? (unsigned)len
                                                   : (unsigned)d->d[D_SAMPLES];
        for (unsigned i = 0; i < n; i++)
            sizes[i] = len / n + (i < len % n);
        ZDICT_params_t zp = {.compressionLevel = level,
                             .dictID = (unsigned)d->d[D_ID]};
        r = ZDICT_finalizeDictionary(pf_vec_reserve(v, FULL_DICT_MAX), FULL_DICT_MAX,
                                     d->content.data, d->content.len, data,
                                     sizes, n, zp);
        if (ZDICT_isError(r)) {
            pf_event(s, "R3");
            return false;
        }
        pf_vec_added(v, r);
    }
    d->buf = v->data, d->len = r;
    return true;
}
