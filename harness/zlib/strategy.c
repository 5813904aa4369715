/* zlib's strategy (see zlib.h): the parameter tables and the draws of
 * the value mode's parameters, gzip header and data cut. */
#include "zlib.h"

const char *const zl_format_names[N_FORMATS] = {"zlib", "raw", "gzip", "auto"};
/* The index is the zlib constant (Z_DEFAULT_STRATEGY .. Z_FIXED). */
static const char *const strategy_names[] = {"default", "filtered",
                                             "huffman_only", "rle", "fixed"};
static const char *const flush_names[] = {"no_flush", "sync", "full", "partial",
                                          "block"};
const pf_segments_opts zl_seg = {.literal_max = DATA_MAX};

const pf_param zl_params[N_P] = {
    {"format", PF_PARAM_CHOICE, 0, F_GZIP, zl_format_names, 0},
    {"level", PF_PARAM_INT, -1, 9, NULL, 0},
    {"strategy", PF_PARAM_CHOICE, 0, 4, strategy_names, 0},
    {"windowBits", PF_PARAM_UINT, 8, 15, NULL, 0}, /* R1 */
    {"memLevel", PF_PARAM_UINT, 1, 9, NULL, 0},
};

const pf_param zl_plan[N_PL] = {
    PF_STREAM_ROOM_PARAM("out_step"),
    {"flush", PF_PARAM_CHOICE, 0, FL_BLOCK, flush_names, 0},
    {"reparam", PF_PARAM_BOOL, 0, 1, NULL, 0},
    {"level2", PF_PARAM_INT, -1, 9, NULL, PL_REPARAM + 1},
    {"strategy2", PF_PARAM_CHOICE, 0, 4, strategy_names, PL_REPARAM + 1},
};

void zl_plan_from(pf_stream_plan *plan, const int64_t *v)
{
    plan->room = (size_t)v[PL_ROOM];
    plan->flush = v[PL_FLUSH] != FL_NONE;
    /* zlib.h: after Z_BLOCK "the decompressor may not be provided enough
     * bits ... to complete decompression of the data provided so far" */
    plan->flush_keeps_bits = v[PL_FLUSH] == FL_BLOCK;
}

void zl_draw_params(pf_src *s, int64_t *p, const int64_t *first)
{
    if (first) { /* concat: the first stream's format */
        p[P_FORMAT] = first[P_FORMAT];
        pf_draw_params(s, "params", zl_params + 1, N_P - 1, p + 1);
    } else {
        pf_draw_params(s, "params", zl_params, N_P, p);
    }
    if (p[P_FORMAT] != F_ZLIB && p[P_WBITS] == 8)
        p[P_WBITS] = 9;
}

void zl_draw_gzhdr(pf_src *s, zl_gzhdr *h)
{
    static const char *const labels[3] = {"extra", "name", "comment"};
    *h = (zl_gzhdr){.set = pf_bool(s, "gzip_header")};
    if (!h->set)
        return;
    pf_span_begin(s, "header");
    h->text = pf_bool(s, "text");
    h->time = pf_u32(s, "mtime");
    h->os = pf_u8(s, "os");
    for (int i = 0; i < 3; i++) {
        if (!pf_bool(s, i == H_EXTRA ? "has_extra" : i == H_NAME ? "has_name"
                                                                 : "has_comment"))
            continue;
        h->field[i] = pf_bytes(s, labels[i], 0, i == H_EXTRA ? HDR_EXTRA_MAX : HDR_TEXT_MAX,
                               &h->len[i]);
        if (i != H_EXTRA) /* R3 */
            h->len[i] = strlen((const char *)h->field[i]);
    }
    h->hcrc = pf_bool(s, "hcrc");
    pf_span_end(s);
}

/* The data's cut (R6): each window of input slides the hash table
 * (2^(memLevel+7) entries) and each full symbol buffer (2^(memLevel+6))
 * ends a block and builds its trees; under the sanitizers either took
 * most of a run. At least 3 windows and 8 blocks are kept. */
size_t zl_data_cap(const int64_t *p, size_t max)
{
    int w = p[P_WBITS] == 8 ? 9 : (int)p[P_WBITS], hash_bits = (int)p[P_MEM] + 7;
    size_t slides = hash_bits >= 16 ? 1 : (size_t)1 << (16 - hash_bits);
    size_t cap = ((size_t)1 << w) * (2 + slides);
    size_t blocks = (size_t)8 << (p[P_MEM] + 6);
    cap = cap < blocks ? cap : blocks;
    return cap < max ? cap : max;
}
