/* lz4's shared parts: sizes, the drawn frame preferences and options, and
 * the functions harness/lz4.c (the properties and modes), codec.c
 * (lz4frame behind the pf_stream_codec), block.c (the block API's
 * properties), format.c (what the harness reads
 * and writes of the formats itself) and seeds.c share. The restrictions
 * (R1..) are listed in harness/lz4.c. */
#ifndef HARNESS_LZ4_H
#define HARNESS_LZ4_H

#define LZ4F_STATIC_LINKING_ONLY
#define LZ4_STATIC_LINKING_ONLY
#include "propfuzz_stream.h"

#include <lz4.h>
#include <lz4frame.h>
#include <lz4hc.h>
#include <string.h>

enum {
    DATA_MAX = 16384, PART_MAX = 2048, DICT_MAX = 4096,
    RAW_OUT_CAP = 256 * 1024, BLOCK_CAP_MAX = 65536,
};
enum mode { MODE_VALUES, MODE_RAW, N_MODES };
enum raw_kind { R_FRAME, R_BLOCK, N_RAW };

enum { P_BSID, P_INDEPENDENT, P_CCHECK, P_BCHECK, P_CSIZE, P_LEVEL, P_FAVOR,
       P_AUTOFLUSH, P_DICT_ID, N_P };
extern const pf_param lz_params[N_P];
/* The lz4frame constant of each blockSize choice. */
extern const LZ4F_blockSizeID_t lz_bsid_values[];
extern const pf_segments_opts lz_seg;

typedef struct lz_opts {
    int64_t p[N_P];
    pf_dict dict;
    LZ4F_CDict *cdict;  /* made when first used */
} lz_opts;

/* The decoder's options, and what LZ4F_getFrameInfo said first. */
typedef struct lz_dec {
    const pf_dict *dict;
    bool want_info, have_info;
    LZ4F_frameInfo_t info;
} lz_dec;

/* codec.c: lz4frame behind the pf_stream_codec. */
extern const pf_stream_codec lz_codec;

/* format.c: skippable frames, and the offset-0 scan of R5. */
void lz_write_skippable(pf_src *s, unsigned magic, const uint8_t *p, size_t n,
                        pf_vec *out);
bool lz_block_has_offset0(const uint8_t *p, size_t n);
bool lz_frames_have_offset0(const uint8_t *p, size_t n);

/* block.c: the block API's properties on the value mode's input. */
void lz_prop_block_capacity(pf_src *s, void *input);
void lz_prop_dest_size(pf_src *s, void *input);
void lz_prop_dict_attach(pf_src *s, void *input);
/* edges.c: a block whose lengths sit where their encoding turns. */
void lz_prop_length_edges(pf_src *s, void *input);

/* codec.c: the frame preferences lz4frame gets for p and len bytes. */
void lz_prefs_of(const int64_t *p, size_t len, LZ4F_preferences_t *pr);

/* release.c: the released liblz4 of the same version, for reference (R7:
 * NULL when there is none). Its functions, by their names in snake case. */
typedef struct lz_release {
    int (*version_number)(void);
    size_t (*compress_frame_bound)(size_t len, const LZ4F_preferences_t *pr);
    size_t (*compress_frame)(void *dst, size_t cap, const void *src, size_t len,
                             const LZ4F_preferences_t *pr);
    LZ4F_errorCode_t (*create_cctx)(LZ4F_cctx **c, unsigned version);
    LZ4F_errorCode_t (*free_cctx)(LZ4F_cctx *c);
    LZ4F_CDict *(*create_cdict)(const void *dict, size_t len);
    void (*free_cdict)(LZ4F_CDict *d);
    size_t (*compress_frame_using_cdict)(LZ4F_cctx *c, void *dst, size_t cap,
                                         const void *src, size_t len,
                                         const LZ4F_CDict *d,
                                         const LZ4F_preferences_t *pr);
    unsigned (*is_error)(LZ4F_errorCode_t code);
    const char *(*error_name)(LZ4F_errorCode_t code);
} lz_release;
const lz_release *lz_release_get(void);
/* frame, the build under test's of data with o's preferences and
 * dictionary, is byte for byte the release's (whose: what the report
 * calls the release's frame); a refusal by the release fails too. */
void lz_check_release_frame(pf_src *s, const lz_release *r, const lz_opts *o,
                            const uint8_t *data, size_t len, const pf_vec *frame,
                            const char *whose);

/* harness/lz4.c: the value mode's hooks, for the seeds. */
extern const pf_stream_target lz_target;

#endif
