/* zlib's shared parts: sizes, the drawn parameters and options, and the
 * functions harness/zlib.c (the properties and modes), codec.c (zlib's
 * calls behind the pf_stream_codec), strategy.c (the draws) and seeds.c
 * share. The restrictions (R1..) are listed in harness/zlib.c. */
#ifndef HARNESS_ZLIB_H
#define HARNESS_ZLIB_H

#include "propfuzz_stream.h"

#include <string.h>
#include <zlib.h>

enum {
    DATA_MAX = 4096, PART_MAX = 1024, DICT_MAX = 1024,
    /* A gzip header's extra field is longer than deflate's pending buffer
     * at memLevel 1 (512 bytes), name and comment shorter: the whole
     * header stays within what the stream driver lets a deflate stream
     * write beyond its data (1 KiB). HDR_FIELD_MAX: the longest. */
    HDR_EXTRA_MAX = 600, HDR_TEXT_MAX = 200, HDR_FIELD_MAX = HDR_EXTRA_MAX,
    RAW_OUT_CAP = 256 * 1024, RAW_HDR_MAX = 16,
};
enum mode { MODE_VALUES, MODE_RAW, N_MODES };
enum format { F_ZLIB, F_RAW, F_GZIP, F_AUTO, N_FORMATS };
enum flush_kind { FL_NONE, FL_SYNC, FL_FULL, FL_PARTIAL, FL_BLOCK };

/* The parameters; a further stream of concat draws them but the format. */
enum { P_FORMAT, P_LEVEL, P_STRATEGY, P_WBITS, P_MEM, N_P };
/* batch_stream's plan: output room, the flush between chunks, and
 * deflateParams(level2, strategy2) after the first chunk. */
enum { PL_ROOM, PL_FLUSH, PL_REPARAM, PL_LEVEL2, PL_STRATEGY2, N_PL };

extern const char *const zl_format_names[N_FORMATS];
extern const pf_param zl_params[N_P];
extern const pf_param zl_plan[N_PL];
extern const pf_segments_opts zl_seg;

/* A gzip header as drawn (R3: name and comment end at a NUL). */
typedef struct zl_gzhdr {
    bool set, text, hcrc;
    uint32_t time;
    uint8_t os;
    const uint8_t *field[3]; /* extra, name, comment; NULL: none */
    size_t len[3];
} zl_gzhdr;
enum { H_EXTRA, H_NAME, H_COMMENT };

typedef struct zl_opts {
    int64_t p[N_P];
    pf_dict dict;
    zl_gzhdr hdr;
    size_t bound;   /* what deflateBound said for the last one-shot stream */
    bool within;    /* and whether deflate finished within it */
    int data_type;  /* and the data_type deflate set */
} zl_opts;

/* The decoder's options; a gzip header is read into hdr when set. */
typedef struct zl_dec {
    int window;
    const pf_dict *dict;
    gz_header *hdr;
} zl_dec;

/* strategy.c: the draws. */
void zl_draw_params(pf_src *s, int64_t *p, const int64_t *first);
void zl_draw_gzhdr(pf_src *s, zl_gzhdr *h);
size_t zl_data_cap(const int64_t *p, size_t max);
void zl_plan_from(pf_stream_plan *plan, const int64_t *v);

/* codec.c: zlib behind the pf_stream_codec. */
extern const pf_stream_codec zl_codec;
voidpf zl_alloc(voidpf o, uInt items, uInt size);
void zl_free(voidpf o, voidpf p);
const char *zl_ret_name(int ret);
/* codec.c: deflate's windowBits for p (format and window); the gz_header
 * of h (name and comment copied into text). */
int zl_deflate_window(const int64_t *p);
void zl_gz_header_of(const zl_gzhdr *h, gz_header *gh,
                     Bytef text[2][HDR_FIELD_MAX + 1]);

/* release.c: the released zlib of the same version, for reference (R10:
 * NULL when there is none). Its functions, by their zlib names. */
typedef struct zl_release {
    const char *(*version)(void);
    int (*deflate_init2)(z_streamp z, int level, int method, int window,
                         int mem, int strategy, const char *version, int size);
    int (*set_dictionary)(z_streamp z, const Bytef *d, uInt n);
    int (*set_header)(z_streamp z, gz_headerp h);
    uLong (*bound)(z_streamp z, uLong n);
    int (*deflate)(z_streamp z, int flush);
    int (*end)(z_streamp z);
    int (*inflate_init2)(z_streamp z, int window, const char *version, int size);
    int (*inflate)(z_streamp z, int flush);
    int (*inflate_end)(z_streamp z);
} zl_release;
const zl_release *zl_release_get(void);
/* o's one-shot stream of data by the release, and what its deflateBound
 * said before it: NULL, or its refusal. */
const char *zl_release_compress(const zl_release *r, const zl_opts *o,
                                const uint8_t *data, size_t len, pf_vec *out,
                                size_t *bound);
/* The release's inflate as a stream-family decoder (options: zl_dec's
 * window), for reference_decode once zl_release_get() found it. */
extern const pf_stream_codec zl_release_codec;
/* What an inflate call's return means to the stream loop, as both
 * decoders (the build's and the release's) say it: the end, more, or a
 * refusal whose words (msg) are written into buf. */
pf_step zl_inflate_step(int ret, const char *msg, pf_stream_io *io, char *buf, size_t size);
/* The windowBits that inflates p's stream: a zlib-format 8 is 9 (R1). */
int zl_inflate_window(const int64_t *p);

/* inflate_back.c: inflateBack (window 32 KiB) of raw deflate fed step
 * bytes at a time (0: all at once), into res; */
void zl_inflate_back(pf_src *s, const uint8_t *raw, size_t len, size_t step,
                     pf_stream_result *res);
/* it agrees with inflate; */
void zl_check_inflate_back(pf_src *s, pf_stream_raw *r,
                           const pf_stream_result *once);
/* and of raw deflate's one-shot stream gives the data. */
void zl_check_back_round_trip(pf_src *s, const pf_stream_input *in);

/* first_block.c: a first block RFC 1951 forbids is refused by both. */
void zl_check_first_block(pf_src *s, pf_stream_raw *r, const pf_stream_result *once);

/* framing.c and compression.c: two properties (their checks are listed
 * there). */
void zl_framing(pf_src *s, void *input);
void zl_compression(pf_src *s, void *input);

/* harness/zlib.c: the value mode's hooks, for the seeds. */
extern const pf_stream_target zl_target;

#endif
