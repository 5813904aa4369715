/* zstd — Zstandard frames through libzstd (compression, decompression,
 * dictionaries).
 *
 * The first draw picks a mode. In value mode the input draws compression
 * parameters (level -128..19: the negative fast levels and the normal
 * ones; windowLog default or 10..23; checksum, content-size and dictID
 * flags; a strategy override; targetCBlockSize; literal compression and
 * row match finder switches), an optional dictionary (raw content: its own
 * bytes or a slice of the data; or a full dictionary made from that
 * content and the data as samples by ZDICT_finalizeDictionary), loaded
 * into the context or referenced as a CDict (ZSTD_createCDict_advanced),
 * and bytes to compress (literal bytes and repeated patterns, up to
 * 16 KiB). Four properties:
 *
 *   round_trip      ZSTD_decompressDCtx(ZSTD_compress2(x)) == x, into
 *                   ZSTD_compressBound() bytes; the frame reports its
 *                   content size when the flag is set (unknown when not),
 *                   its compressed size, its dictID, and
 *                   ZSTD_decompressBound() >= |x|
 *   deterministic   compressing again, with the same context after
 *                   ZSTD_CCtx_reset(session), gives identical bytes
 *   batch_stream    ZSTD_compressStream2 fed in drawn chunks with
 *                   ZSTD_e_continue (or ZSTD_e_flush after each chunk),
 *                   drawn output space and ZSTD_e_end decompresses to x;
 *                   ZSTD_decompressStream fed the one-shot frame in drawn
 *                   chunks with drawn output space gives x. Streamed frames
 *                   are compared after decompression only: zstd does not
 *                   promise the one-shot bytes (the size is unknown at the
 *                   start, so parameters and block boundaries differ).
 *   concat          frames and skippable frames (ZSTD_writeSkippableFrame)
 *                   concatenated decode to the concatenation of the frames'
 *                   data, one-shot (ZSTD_decompressDCtx decodes every frame)
 *                   and streamed in drawn chunks; ZSTD_findDecompressedSize
 *                   and ZSTD_decompressBound agree with it
 *
 * In raw mode the rest of the input is fed to the decoder as it is:
 *
 *   decompress_safe  no crash or over-read (ASan); when the one-shot decode
 *                   accepts, ZSTD_decompressBound is at least its size and
 *                   ZSTD_findDecompressedSize, when known, equals it; the
 *                   streaming decoder in drawn steps gives the same bytes;
 *                   compressing that output round-trips.
 *
 * Restrictions (shown against the real library in tests/restrict/zstd.c
 * where the library is what restricts):
 *   - levels 20..22 ("ultra") and windowLog above 23 are not drawn: they
 *     only make each run slower (the decoder's default limit is 27).
 *   - targetCBlockSize is 0 (off) or 64..2048: ZSTD_CCtx_setParameter
 *     refuses 1..63 (below ZSTD_TARGETCBLOCKSIZE_MIN), so those draw 64.
 *   - a full dictionary comes from ZDICT_finalizeDictionary, which "may fail
 *     in several edge cases including not enough samples" (zdict.h): then
 *     the data is compressed without a dictionary (a fallback; with these
 *     sizes it has not been seen to refuse).
 *   - streaming compression always tells the size: pledged
 *     (ZSTD_CCtx_setPledgedSrcSize, the size goes in the header) or as a
 *     hint (ZSTD_c_srcSizeHint, the frame says "unknown"). Without either,
 *     level 19 sizes its tables for an unknown input (tens of MiB zeroed
 *     per run).
 *   - concatenated frames all use the first frame's dictionary (the DDict
 *     referenced for decoding is used for every frame); whether a frame made
 *     without it decodes the same with it referenced is not asked.
 *   - raw mode: output beyond RAW_OUT_CAP bytes is a refusal (the caller
 *     bounds ZSTD_decompressDCtx by dstCapacity, the documented way); the
 *     streaming decoder gets ZSTD_d_windowLogMax 23 (the documented memory
 *     limit), so it refuses frames with larger windows that the one-shot
 *     decoder (which needs no window buffer) accepts.
 */
#define ZSTD_STATIC_LINKING_ONLY
#include "propfuzz.h"

#include <sanitizer/asan_interface.h>
#include <stdlib.h>
#include <string.h>
#include <zdict.h>
#include <zstd.h>
#include <zstd_errors.h>

enum {
    DATA_MAX = 16384,
    PATTERN_MAX = 64,
    RUN_MAX = 1024,
    MAX_SEGMENTS = 8,
    DICT_MAX = 4096,
    MAX_SAMPLES = 8,
    FULL_DICT_MAX = DICT_MAX + 1024, /* content plus header and tables */
    MAX_CHUNKS = 16,
    MAX_PARTS = 4,
    PART_MAX = 2048,
    STEP_MAX = 512,
    LEVEL_MIN = -128,
    LEVEL_MAX = 19,
    WLOG_MAX = 23,
    TCB_MAX = 2048,
    RAW_OUT_CAP = 256 * 1024,
    RAW_WLOG_MAX = 23,
};

enum mode { MODE_VALUES, MODE_RAW, N_MODES };
static const char *const mode_names[N_MODES] = {"values", "raw"};

enum seg_kind { SEG_LITERAL, SEG_RUN, N_SEG };
static const char *const seg_names[N_SEG] = {"literal", "run"};

enum dict_kind { D_NONE, D_BYTES, D_SLICE, N_DICT };
static const char *const dict_names[N_DICT] = {"none", "bytes", "slice"};

enum dict_api { API_LOAD, API_CDICT, N_API };
static const char *const api_names[N_API] = {"cctx_load", "cdict"};

enum part_kind { P_FRAME, P_SKIPPABLE, N_PART };
static const char *const part_names[N_PART] = {"frame", "skippable"};

static const char *const strategy_names[] = {
    "from_level", "fast", "dfast", "greedy", "lazy", "lazy2",
    "btlazy2", "btopt", "btultra", "btultra2"};
enum { N_STRATEGY = 10 };

static const char *const switch_names[] = {"auto", "enable", "disable"};
enum { N_SWITCH = 3 };

/* Every call into libzstd that a property depends on goes through these
 * names, so tests/planted/zstd/ can wrap them with planted bugs. */
#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef ZSTDH_COMPRESS2
#define ZSTDH_COMPRESS2 ZSTD_compress2
#endif
#ifndef ZSTDH_COMPRESS_STREAM2
#define ZSTDH_COMPRESS_STREAM2 ZSTD_compressStream2
#endif
#ifndef ZSTDH_DECOMPRESS_DCTX
#define ZSTDH_DECOMPRESS_DCTX ZSTD_decompressDCtx
#endif
#ifndef ZSTDH_DECOMPRESS_STREAM
#define ZSTDH_DECOMPRESS_STREAM ZSTD_decompressStream
#endif
#ifndef ZSTDH_DECOMPRESS_BOUND
#define ZSTDH_DECOMPRESS_BOUND ZSTD_decompressBound
#endif
#ifndef ZSTDH_FIND_DECOMPRESSED_SIZE
#define ZSTDH_FIND_DECOMPRESSED_SIZE ZSTD_findDecompressedSize
#endif
#ifndef ZSTDH_GET_FRAME_CONTENT_SIZE
#define ZSTDH_GET_FRAME_CONTENT_SIZE ZSTD_getFrameContentSize
#endif
#ifndef ZSTDH_FIND_FRAME_COMPRESSED_SIZE
#define ZSTDH_FIND_FRAME_COMPRESSED_SIZE ZSTD_findFrameCompressedSize
#endif
#ifndef ZSTDH_WRITE_SKIPPABLE
#define ZSTDH_WRITE_SKIPPABLE ZSTD_writeSkippableFrame
#endif
#ifndef ZSTDH_FINALIZE_DICTIONARY
#define ZSTDH_FINALIZE_DICTIONARY ZDICT_finalizeDictionary
#endif
#ifndef ZSTDH_CREATE_CDICT
#define ZSTDH_CREATE_CDICT ZSTD_createCDict_advanced
#endif
#ifndef ZSTDH_CREATE_DDICT
#define ZSTDH_CREATE_DDICT ZSTD_createDDict_advanced
#endif
#ifndef ZSTDH_LOAD_DICTIONARY
#define ZSTDH_LOAD_DICTIONARY ZSTD_CCtx_loadDictionary_advanced
#endif
/* A planted-bug build checks only the property its bug is planted for. */
#ifdef PF_PLANT_ONLY
#define CHECKS(prop) (strcmp((prop), PF_PLANT_ONLY) == 0)
#else
#define CHECKS(prop) 1
#endif

/* ------------------------------------------------------------------ */
/* Memory: byte vectors, and a cache for the library's allocations.    */
/* ------------------------------------------------------------------ */

typedef struct bytes {
    uint8_t *p;
    size_t len, cap;
} bytes;

/* Freed vectors are kept for reuse (fresh memory from ASan's quarantine
 * costs page faults on every run); a reused one keeps its capacity. */
enum { POOL_SLOTS = 16 };
static bytes g_pool[POOL_SLOTS];

static void bytes_reserve(bytes *b, size_t extra)
{
    if (b->cap - b->len >= extra)
        return;
    if (!b->p) {
        for (size_t i = 0; i < POOL_SLOTS; i++)
            if (g_pool[i].p && g_pool[i].cap >= extra) {
                *b = g_pool[i];
                b->len = 0;
                g_pool[i].p = NULL;
                return;
            }
    }
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < extra)
        cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p)
        abort(); /* nothing useful to do without memory */
    b->p = p;
    b->cap = cap;
}

static void bytes_put(bytes *b, const void *p, size_t n)
{
    if (!n)
        return;
    bytes_reserve(b, n);
    memcpy(b->p + b->len, p, n);
    b->len += n;
}

static void bytes_free(bytes *b)
{
    for (size_t i = 0; i < POOL_SLOTS && b->p; i++)
        if (!g_pool[i].p) {
            g_pool[i] = *b;
            b->p = NULL;
        }
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

static bool bytes_eq(const bytes *b, const uint8_t *p, size_t n)
{
    return b->len == n && (n == 0 || memcmp(b->p, p, n) == 0);
}

/* libzstd's contexts and dictionaries allocate through ZSTD_customMem: a
 * small cache of freed blocks (up to 16 MiB each), reused for requests of
 * the same size: fresh workspaces from ASan's quarantine cost page faults
 * on every run. A reused block is a malloc'ed block of exactly that size,
 * so ASan still sees overflows; only a use-after-free of a cached block
 * would go unseen. */
enum { LIVE_SLOTS = 64, CACHE_SLOTS = 32, CACHE_BLOCK_MAX = 16 << 20 };
static struct block { void *p; size_t n; } g_live[LIVE_SLOTS], g_cache[CACHE_SLOTS];

static void *cache_alloc(void *opaque, size_t n)
{
    (void)opaque;
    void *p = NULL;
    for (size_t i = 0; i < CACHE_SLOTS && !p; i++)
        if (g_cache[i].p && g_cache[i].n == n) {
            p = g_cache[i].p;
            g_cache[i].p = NULL;
        }
    if (!p)
        p = malloc(n ? n : 1);
    for (size_t i = 0; i < LIVE_SLOTS && p; i++)
        if (!g_live[i].p) {
            g_live[i] = (struct block){p, n};
            return p;
        }
    return p;
}

static void cache_free(void *opaque, void *p)
{
    (void)opaque;
    size_t n = 0;
    bool found = false;
    for (size_t i = 0; i < LIVE_SLOTS && !found && p; i++)
        if (g_live[i].p == p) {
            n = g_live[i].n;
            g_live[i].p = NULL;
            found = true;
        }
    if (!found || n > CACHE_BLOCK_MAX) {
        free(p);
        return;
    }
    /* libzstd poisons the unused parts of its workspace for ASan and counts
     * on free() to clear that ("no capability to hook into the end of the
     * workspace's lifecycle", zstd_cwksp.h); a cached block is not freed. */
    ASAN_UNPOISON_MEMORY_REGION(p, n);
    /* A free slot, else the slots in turn (their blocks are freed). */
    static size_t next;
    size_t slot = next++ % CACHE_SLOTS;
    for (size_t i = 0; i < CACHE_SLOTS; i++)
        if (!g_cache[i].p) {
            slot = i;
            break;
        }
    free(g_cache[slot].p);
    g_cache[slot] = (struct block){p, n};
}

static const ZSTD_customMem g_mem = {cache_alloc, cache_free, NULL};

/* ------------------------------------------------------------------ */
/* Strategy.                                                           */
/* ------------------------------------------------------------------ */

typedef struct zsparams {
    int level;          /* LEVEL_MIN..LEVEL_MAX (0: default) */
    int window_log;     /* 0 (default) or 10..WLOG_MAX */
    bool checksum, content_size, no_dict_id;
    int strategy;       /* 0 (from the level) or 1..9 */
    int target_cblock;  /* 0 (off) or 64..TCB_MAX */
    int literal_mode;   /* ZSTD_ps_auto, _enable, _disable */
    int row_match;      /* ZSTD_ps_auto, _enable, _disable */
} zsparams;

typedef struct zsopts {
    zsparams p;
    int dict;           /* enum dict_kind: D_NONE or where its content is */
    const uint8_t *dict_content;
    size_t dict_content_len;
    bool full;          /* finalized into a full dictionary */
    uint32_t dict_id;   /* asked of ZDICT_finalizeDictionary (0: auto) */
    unsigned samples;   /* the data split into this many samples */
    int api;            /* enum dict_api */
    /* The dictionary as used: raw content, or the finalized buffer. */
    const uint8_t *dict_buf;
    size_t dict_len;
} zsopts;

static void draw_params(pf_src *s, zsparams *p)
{
    pf_span_begin(s, "params");
    p->level = (int)pf_i64_range(s, "level", LEVEL_MIN, LEVEL_MAX);
    int wl = (int)pf_u64_range(s, "window_log", ZSTD_WINDOWLOG_MIN - 1,
                               WLOG_MAX);
    p->window_log = wl < ZSTD_WINDOWLOG_MIN ? 0 : wl; /* 9: the default */
    p->checksum = pf_bool(s, "checksum");
    p->content_size = pf_bool(s, "content_size");
    p->no_dict_id = pf_bool(s, "no_dict_id");
    p->strategy = (int)pf_choice(s, "strategy", N_STRATEGY);
    pf_name_values(s, strategy_names, N_STRATEGY);
    int tcb = (int)pf_u64_range(s, "target_cblock_size", 0, TCB_MAX);
    p->target_cblock = tcb == 0 || tcb >= ZSTD_TARGETCBLOCKSIZE_MIN
                           ? tcb : ZSTD_TARGETCBLOCKSIZE_MIN;
    p->literal_mode = (int)pf_choice(s, "literal_compression", N_SWITCH);
    pf_name_values(s, switch_names, N_SWITCH);
    p->row_match = (int)pf_choice(s, "row_match_finder", N_SWITCH);
    pf_name_values(s, switch_names, N_SWITCH);
    pf_span_end(s);
}

static void enc_params(pf_buf *e, const zsparams *p)
{
    pf_enc_i64_range(e, LEVEL_MIN, LEVEL_MAX, p->level);
    pf_enc_u64_range(e, ZSTD_WINDOWLOG_MIN - 1, WLOG_MAX,
                     p->window_log ? (uint64_t)p->window_log
                                   : ZSTD_WINDOWLOG_MIN - 1);
    pf_enc_bool(e, p->checksum);
    pf_enc_bool(e, p->content_size);
    pf_enc_bool(e, p->no_dict_id);
    pf_enc_choice(e, N_STRATEGY, (size_t)p->strategy);
    pf_enc_u64_range(e, 0, TCB_MAX, (uint64_t)p->target_cblock);
    pf_enc_choice(e, N_SWITCH, (size_t)p->literal_mode);
    pf_enc_choice(e, N_SWITCH, (size_t)p->row_match);
}

static size_t draw_data(pf_src *s, const char *label, uint8_t *out, size_t max)
{
    size_t len = 0;
    pf_list l;
    pf_list_begin(s, &l, label, 0, MAX_SEGMENTS);
    while (pf_list_more(s, &l)) {
        size_t kind = pf_choice(s, "segment", N_SEG);
        pf_name_values(s, seg_names, N_SEG);
        size_t n;
        if (kind == SEG_LITERAL) {
            const uint8_t *lit = pf_bytes(s, "literal", 0, DATA_MAX, &n);
            if (n > max - len)
                n = max - len;
            if (n)
                memcpy(out + len, lit, n);
            len += n;
        } else {
            const uint8_t *pat = pf_bytes(s, "pattern", 1, PATTERN_MAX, &n);
            uint64_t count = pf_u64_range(s, "count", 1, RUN_MAX);
            for (uint64_t i = 0; i < count && len < max; i++) {
                size_t k = n < max - len ? n : max - len;
                memcpy(out + len, pat, k);
                len += k;
            }
        }
    }
    return len;
}

typedef struct seg {
    const char *bytes;
    size_t len;        /* 0: strlen(bytes) */
    unsigned count;    /* 0: literal; else the repeat count */
} seg;

static size_t seg_len(const seg *g)
{
    return g->len ? g->len : strlen(g->bytes);
}

static void enc_data(pf_buf *e, const seg *segs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        pf_enc_more(e, true);
        pf_enc_choice(e, N_SEG, segs[i].count ? SEG_RUN : SEG_LITERAL);
        if (segs[i].count) {
            pf_enc_bytes(e, 1, PATTERN_MAX, (const uint8_t *)segs[i].bytes,
                         seg_len(&segs[i]));
            pf_enc_u64_range(e, 1, RUN_MAX, segs[i].count);
        } else {
            pf_enc_bytes(e, 0, DATA_MAX, (const uint8_t *)segs[i].bytes,
                         seg_len(&segs[i]));
        }
    }
    if (n < MAX_SEGMENTS)
        pf_enc_more(e, false);
}

static size_t expand_data(const seg *segs, size_t n, uint8_t *out, size_t max)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        size_t k = seg_len(&segs[i]);
        for (unsigned r = 0; r < (segs[i].count ? segs[i].count : 1u); r++)
            for (size_t j = 0; j < k && len < max; j++)
                out[len++] = (uint8_t)segs[i].bytes[j];
    }
    return len;
}

static void draw_dict(pf_src *s, zsopts *o, const uint8_t *data, size_t len)
{
    o->dict = (int)pf_choice(s, "dict", N_DICT);
    pf_name_values(s, dict_names, N_DICT);
    if (o->dict == D_NONE)
        return;
    pf_span_begin(s, "dictionary");
    if (o->dict == D_BYTES) {
        o->dict_content = pf_bytes(s, "dict_bytes", 0, DICT_MAX,
                                   &o->dict_content_len);
    } else {
        size_t at = (size_t)pf_u64_range(s, "slice_at", 0, DATA_MAX);
        size_t n = (size_t)pf_u64_range(s, "slice_len", 0, DICT_MAX);
        if (at > len)
            at = len;
        if (n > len - at)
            n = len - at;
        o->dict_content = data + at;
        o->dict_content_len = n;
    }
    o->full = pf_bool(s, "finalize");
    if (o->full) {
        o->dict_id = pf_u32(s, "dict_id");
        o->samples = (unsigned)pf_u64_range(s, "samples", 1, MAX_SAMPLES);
    }
    o->api = (int)pf_choice(s, "dict_api", N_API);
    pf_name_values(s, api_names, N_API);
    pf_span_end(s);
}

/* ------------------------------------------------------------------ */
/* Compression and decompression.                                      */
/* ------------------------------------------------------------------ */

static void params_text(pf_buf *b, const zsopts *o)
{
    const zsparams *p = &o->p;
    pf_buf_printf(b,
                  "level=%d windowLog=%d checksum=%d contentSize=%d "
                  "dictIDFlag=%d strategy=%s targetCBlockSize=%d "
                  "literals=%s rowMatchFinder=%s",
                  p->level, p->window_log, p->checksum, p->content_size,
                  !p->no_dict_id, strategy_names[p->strategy],
                  p->target_cblock, switch_names[p->literal_mode],
                  switch_names[p->row_match]);
    if (o->dict_buf)
        pf_buf_printf(b, " dict=%s(%zu bytes, %s)",
                      o->full ? "full" : "raw", o->dict_len,
                      api_names[o->api]);
}

_Noreturn static void zsfail(pf_src *s, const char *prop, const char *summary,
                             const zsopts *o, const char *detail)
{
    pf_buf pt = {0};
    if (o)
        params_text(&pt, o);
    pf_line l[] = {{"parameters", o ? pf_buf_str(&pt) : NULL},
                   {"detail", detail}};
    pf_fail(s, prop, summary, l, 2, NULL);
}

static void zscheck(pf_src *s, const char *prop, const zsopts *o, size_t ret,
                    const char *call)
{
    if (!ZSTD_isError(ret))
        return;
    pf_buf d = {0};
    pf_buf_printf(&d, "%s: %s", call, ZSTD_getErrorName(ret));
    zsfail(s, prop, "libzstd refused a valid call", o, pf_buf_str(&d));
}

/* Makes the dictionary buffer: raw content as it is, or finalized with
 * the data as samples. Returns false when finalizing fails (documented
 * edge cases); the data is then compressed without a dictionary. */
static bool make_dict(zsopts *o, const uint8_t *data, size_t len)
{
    o->dict_buf = NULL;
    o->dict_len = 0;
    if (o->dict == D_NONE)
        return true;
    if (!o->full) {
        o->dict_buf = o->dict_content ? o->dict_content : (const uint8_t *)"";
        o->dict_len = o->dict_content_len;
        return true;
    }
    static uint8_t full[FULL_DICT_MAX];
    size_t sizes[MAX_SAMPLES];
    unsigned n = o->samples;
    if (len < n)
        n = (unsigned)len;
    for (unsigned i = 0; i < n; i++)
        sizes[i] = len / n + (i < len % n);
    ZDICT_params_t zp = {.compressionLevel = o->p.level,
                         .notificationLevel = 0, .dictID = o->dict_id};
    size_t r = ZSTDH_FINALIZE_DICTIONARY(full, sizeof full, o->dict_content,
                                         o->dict_content_len, data, sizes, n,
                                         zp);
    if (ZDICT_isError(r)) {
        o->dict = D_NONE;
        return false;
    }
    o->dict_buf = full;
    o->dict_len = r;
    return true;
}

static ZSTD_dictContentType_e dict_type(const zsopts *o)
{
    return o->full ? ZSTD_dct_fullDict : ZSTD_dct_rawContent;
}

typedef struct zsctx {
    ZSTD_CCtx *cctx;
    ZSTD_DCtx *dctx;
    ZSTD_CDict *cdict;
    ZSTD_DDict *ddict;
} zsctx;

/* Sets o's parameters and dictionary on a context reset to defaults. */
static void apply(pf_src *s, const char *prop, const zsopts *o, zsctx *z,
                  size_t len)
{
    ZSTD_CCtx *c = z->cctx;
    const zsparams *p = &o->p;
    zscheck(s, prop, o, ZSTD_CCtx_reset(c, ZSTD_reset_session_and_parameters),
            "ZSTD_CCtx_reset");
#define SET(param, value)                                                   \
    zscheck(s, prop, o, ZSTD_CCtx_setParameter(c, param, value), #param)
    SET(ZSTD_c_compressionLevel, p->level);
    if (p->window_log)
        SET(ZSTD_c_windowLog, p->window_log);
    SET(ZSTD_c_checksumFlag, p->checksum);
    SET(ZSTD_c_contentSizeFlag, p->content_size);
    SET(ZSTD_c_dictIDFlag, !p->no_dict_id);
    if (p->strategy)
        SET(ZSTD_c_strategy, p->strategy);
    if (p->target_cblock)
        SET(ZSTD_c_targetCBlockSize, p->target_cblock);
    SET(ZSTD_c_literalCompressionMode, p->literal_mode);
    SET(ZSTD_c_useRowMatchFinder, p->row_match);
#undef SET
    if (!o->dict_buf)
        return;
    if (o->api == API_LOAD) {
        zscheck(s, prop, o,
                ZSTDH_LOAD_DICTIONARY(c, o->dict_buf, o->dict_len, ZSTD_dlm_byRef,
                                      dict_type(o)),
                "ZSTD_CCtx_loadDictionary_advanced");
    } else {
        if (!z->cdict) {
            ZSTD_compressionParameters cp =
                ZSTD_getCParams(p->level, len, o->dict_len);
            z->cdict = ZSTDH_CREATE_CDICT(o->dict_buf, o->dict_len,
                                          ZSTD_dlm_byRef, dict_type(o), cp, g_mem);
            if (!z->cdict)
                zsfail(s, prop, "ZSTD_createCDict_advanced refused the dictionary",
                       o, NULL);
        }
        zscheck(s, prop, o, ZSTD_CCtx_refCDict(c, z->cdict), "ZSTD_CCtx_refCDict");
    }
}

/* The decompression context, with o's dictionary referenced. */
static ZSTD_DCtx *dctx_for(pf_src *s, const char *prop, const zsopts *o,
                           zsctx *z)
{
    zscheck(s, prop, o, ZSTD_DCtx_reset(z->dctx, ZSTD_reset_session_and_parameters),
            "ZSTD_DCtx_reset");
    if (o && o->dict_buf) {
        if (!z->ddict) {
            z->ddict = ZSTDH_CREATE_DDICT(o->dict_buf, o->dict_len,
                                          ZSTD_dlm_byRef, dict_type(o), g_mem);
            if (!z->ddict)
                zsfail(s, prop, "ZSTD_createDDict_advanced refused the dictionary",
                       o, NULL);
        }
        zscheck(s, prop, o, ZSTD_DCtx_refDDict(z->dctx, z->ddict),
                "ZSTD_DCtx_refDDict");
    }
    return z->dctx;
}

/* One-shot compression into ZSTD_compressBound() bytes. */
static void compress_once(pf_src *s, const char *prop, const zsopts *o,
                          zsctx *z, const uint8_t *data, size_t len, bytes *out)
{
    apply(s, prop, o, z, len);
    size_t bound = ZSTD_compressBound(len);
    out->len = 0;
    bytes_reserve(out, bound);
    size_t r = ZSTDH_COMPRESS2(z->cctx, out->p, bound, data, len);
    zscheck(s, prop, o, r, "ZSTD_compress2 into ZSTD_compressBound()");
    out->len = r;
}

typedef struct compress_plan {
    const size_t *chunks;
    size_t n_chunks;
    size_t out_step;  /* 0: ZSTD_CStreamOutSize() */
    bool flush;       /* ZSTD_e_flush after each chunk */
    bool pledge;      /* ZSTD_CCtx_setPledgedSrcSize; else a size hint */
} compress_plan;

/* Calls ZSTD_compressStream2(op) until the input is taken and, for flush
 * and end, until it returns 0. */
static void stream_steps(pf_src *s, const char *prop, const zsopts *o,
                         ZSTD_CCtx *c, ZSTD_inBuffer *in, ZSTD_EndDirective op,
                         size_t step, bytes *out)
{
    for (unsigned calls = 0;; calls++) {
        bytes_reserve(out, step);
        ZSTD_outBuffer ob = {out->p + out->len, step, 0};
        size_t in_before = in->pos;
        size_t r = ZSTDH_COMPRESS_STREAM2(c, &ob, in, op);
        out->len += ob.pos;
        zscheck(s, prop, o, r, "ZSTD_compressStream2");
        bool done = op == ZSTD_e_continue ? in->pos == in->size : r == 0;
        if (done)
            return;
        if (ob.pos == 0 && in->pos == in_before && calls > 4)
            zsfail(s, prop, "ZSTD_compressStream2 made no progress", o, NULL);
    }
}

static void compress_stream(pf_src *s, const char *prop, const zsopts *o,
                            zsctx *z, const uint8_t *data, size_t len,
                            const compress_plan *plan, bytes *out)
{
    apply(s, prop, o, z, len);
    if (plan->pledge)
        zscheck(s, prop, o, ZSTD_CCtx_setPledgedSrcSize(z->cctx, len),
                "ZSTD_CCtx_setPledgedSrcSize");
    else if (len > 0)
        zscheck(s, prop, o,
                ZSTD_CCtx_setParameter(z->cctx, ZSTD_c_srcSizeHint, (int)len),
                "srcSizeHint");
    size_t step = plan->out_step ? plan->out_step : ZSTD_CStreamOutSize();
    out->len = 0;
    size_t at = 0;
    for (size_t i = 0; i < plan->n_chunks; i++) {
        ZSTD_inBuffer in = {data + at, plan->chunks[i], 0};
        at += plan->chunks[i];
        stream_steps(s, prop, o, z->cctx, &in,
                     plan->flush ? ZSTD_e_flush : ZSTD_e_continue, step, out);
    }
    ZSTD_inBuffer none = {data, 0, 0};
    stream_steps(s, prop, o, z->cctx, &none, ZSTD_e_end, step, out);
}

enum dstatus { D_END, D_ERROR, D_TRUNCATED, D_TOO_LARGE };
static const char *const dstatus_names[] = {"end", "error", "truncated",
                                            "output too large"};

typedef struct dresult {
    enum dstatus status;
    size_t err;
    bytes out;
    size_t consumed;
} dresult;

/* One-shot: ZSTD_decompressDCtx, every frame in `in`. */
static void decompress_once(ZSTD_DCtx *d, const uint8_t *in, size_t len,
                            size_t cap, bytes *storage, dresult *r)
{
    memset(r, 0, sizeof *r);
    if (storage) {
        r->out = *storage;
        r->out.len = 0;
    }
    bytes_reserve(&r->out, cap ? cap : 1);
    size_t n = ZSTDH_DECOMPRESS_DCTX(d, r->out.p, cap, in, len);
    if (ZSTD_isError(n)) {
        r->status = ZSTD_getErrorCode(n) == ZSTD_error_dstSize_tooSmall
                        ? D_TOO_LARGE : D_ERROR;
        r->err = n;
        return;
    }
    r->out.len = n;
    r->consumed = len;
    r->status = D_END;
}

typedef struct stream_plan {
    const size_t *chunks; /* NULL: in_step each */
    size_t n_chunks;
    size_t in_step;       /* 0: all */
    size_t out_step;      /* 0: ZSTD_DStreamOutSize() */
    size_t cap;
} stream_plan;

/* ZSTD_decompressStream over every frame in `in`. */
static void decompress_stream(pf_src *s, const char *prop, ZSTD_DCtx *d,
                              const uint8_t *in, size_t len,
                              const stream_plan *pl, dresult *r)
{
    memset(r, 0, sizeof *r);
    size_t pos = 0, limit = 0, ci = 0;
    unsigned stuck = 0;
    /* No input is no frames: nothing to decode (as ZSTD_decompressDCtx
     * says); the streaming decoder would only ask for a frame header. */
    for (r->status = D_END; len > 0;) {
        if (pos == limit && limit < len) {
            size_t n = pl->chunks ? (ci < pl->n_chunks ? pl->chunks[ci++] : 0)
                                  : pl->in_step;
            limit = n == 0 || n > len - limit ? len : limit + n;
        }
        size_t room = pl->cap - r->out.len;
        size_t step = pl->out_step ? pl->out_step : ZSTD_DStreamOutSize();
        if (step > room)
            step = room;
        bytes_reserve(&r->out, step ? step : 1);
        ZSTD_outBuffer ob = {r->out.p + r->out.len, step, 0};
        ZSTD_inBuffer ib = {in + pos, limit - pos, 0};
        size_t ret = ZSTDH_DECOMPRESS_STREAM(d, &ob, &ib);
        pos += ib.pos;
        r->out.len += ob.pos;
        if (ZSTD_isError(ret)) {
            r->status = D_ERROR;
            r->err = ret;
            break;
        }
        if (pos == len && ret == 0) {
            r->status = D_END; /* the last frame decoded and flushed */
            break;
        }
        if (pos == len && ob.pos < step) {
            r->status = D_TRUNCATED; /* output space left, no input */
            break;
        }
        if (step == 0) {
            r->status = D_TOO_LARGE;
            break;
        }
        stuck = ib.pos == 0 && ob.pos == 0 ? stuck + 1 : 0;
        if (stuck > 8) {
            pf_buf t = {0};
            pf_buf_printf(&t, "ZSTD_decompressStream returned %zu at input "
                              "byte %zu, taking and giving nothing",
                          ret, pos);
            zsfail(s, prop, "ZSTD_decompressStream made no progress", NULL,
                   pf_buf_str(&t));
        }
    }
    r->consumed = pos;
}

/* ------------------------------------------------------------------ */
/* Properties.                                                         */
/* ------------------------------------------------------------------ */

static void check_decoded(pf_src *s, const char *prop, const char *what,
                          const zsopts *o, const dresult *r,
                          const uint8_t *want, size_t want_len, size_t src_len)
{
    if (r->status == D_END && r->consumed == src_len &&
        bytes_eq(&r->out, want, want_len))
        return;
    pf_buf pt = {0}, st = {0}, a = {0}, b = {0}, at = {0};
    if (o)
        params_text(&pt, o);
    pf_buf_printf(&st, "%s%s%s, consumed %zu of %zu bytes",
                  dstatus_names[r->status],
                  r->status == D_ERROR ? ": " : "",
                  r->status == D_ERROR ? ZSTD_getErrorName(r->err) : "",
                  r->consumed, src_len);
    pf_buf_hex(&a, want, want_len, 128);
    pf_buf_hex(&b, r->out.p, r->out.len, 128);
    size_t i = 0;
    while (i < want_len && i < r->out.len && want[i] == r->out.p[i])
        i++;
    pf_buf_printf(&at, "byte %zu (lengths %zu and %zu)", i, want_len,
                  r->out.len);
    pf_line l[] = {{"parameters", o ? pf_buf_str(&pt) : NULL},
                   {"decompress", pf_buf_str(&st)},
                   {"data", pf_buf_str(&a)},
                   {"decompressed", pf_buf_str(&b)}};
    pf_fail(s, prop, what, l, 4, pf_buf_str(&at));
}

static void check_frame_facts(pf_src *s, const zsopts *o, size_t len,
                              const bytes *c)
{
    unsigned long long fcs = ZSTDH_GET_FRAME_CONTENT_SIZE(c->p, c->len);
    unsigned long long want_fcs =
        o->p.content_size ? (unsigned long long)len : ZSTD_CONTENTSIZE_UNKNOWN;
    size_t csize = ZSTDH_FIND_FRAME_COMPRESSED_SIZE(c->p, c->len);
    unsigned long long bound = ZSTDH_DECOMPRESS_BOUND(c->p, c->len);
    unsigned id = ZSTD_getDictID_fromFrame(c->p, c->len);
    unsigned want_id = o->dict_buf && o->full && !o->p.no_dict_id
                           ? ZDICT_getDictID(o->dict_buf, o->dict_len) : 0;
    const char *bad = fcs != want_fcs ? "ZSTD_getFrameContentSize"
                      : csize != c->len ? "ZSTD_findFrameCompressedSize"
                      : bound == ZSTD_CONTENTSIZE_ERROR || bound < len
                          ? "ZSTD_decompressBound"
                      : id != want_id ? "ZSTD_getDictID_fromFrame"
                      : !ZSTD_isFrame(c->p, c->len) ? "ZSTD_isFrame" : NULL;
    if (!bad)
        return;
    pf_buf d = {0};
    pf_buf_printf(&d, "%s is wrong: content size %llu (want %llu), "
                      "compressed size %zu of %zu, decompress bound %llu, "
                      "dictID %u (want %u)",
                  bad, fcs, want_fcs, csize, c->len, bound, id, want_id);
    zsfail(s, "round_trip", "the frame does not say what was asked", o,
           pf_buf_str(&d));
}

static void check_round_trip(pf_src *s, const zsopts *o, zsctx *z,
                             const uint8_t *data, size_t len, const bytes *c)
{
    dresult r;
    decompress_once(dctx_for(s, "round_trip", o, z), c->p, c->len, len + 64,
                    NULL, &r);
    check_decoded(s, "round_trip", "decompress(compress2(data)) != data", o,
                  &r, data, len, c->len);
    bytes_free(&r.out);
    check_frame_facts(s, o, len, c);
}

static void check_batch_stream(pf_src *s, const zsopts *o, zsctx *z,
                               const uint8_t *data, size_t len, const bytes *c)
{
    size_t chunks[MAX_CHUNKS];
    compress_plan plan = {.chunks = chunks};
    plan.n_chunks = pf_chunks(s, "in_chunks", len, chunks, MAX_CHUNKS);
    plan.out_step = (size_t)pf_u64_range(s, "out_step", 0, STEP_MAX);
    plan.flush = pf_bool(s, "flush");
    plan.pledge = pf_bool(s, "pledge");
    bytes cs = {0};
    compress_stream(s, "batch_stream", o, z, data, len, &plan, &cs);
    dresult r;
    decompress_once(dctx_for(s, "batch_stream", o, z), cs.p, cs.len, len + 64,
                    NULL, &r);
    check_decoded(s, "batch_stream",
                  "decompress(frame compressed in chunks) != data", o, &r,
                  data, len, cs.len);
    bytes_free(&r.out);
    bytes_free(&cs);

    size_t in_chunks[MAX_CHUNKS];
    stream_plan sp = {.chunks = in_chunks, .cap = len + 64};
    sp.n_chunks = pf_chunks(s, "decompress_chunks", c->len, in_chunks,
                            MAX_CHUNKS);
    sp.out_step = (size_t)pf_u64_range(s, "decompress_out_step", 0, STEP_MAX);
    decompress_stream(s, "batch_stream", dctx_for(s, "batch_stream", o, z),
                      c->p, c->len, &sp, &r);
    check_decoded(s, "batch_stream", "decompressStream in chunks != data", o,
                  &r, data, len, c->len);
    bytes_free(&r.out);
}

static void check_concat(pf_src *s, const zsopts *o, zsctx *z,
                         const uint8_t *data, size_t len, const bytes *c)
{
    bytes all = {0}, want = {0};
    bytes_put(&all, c->p, c->len);
    bytes_put(&want, data, len);
    bool sizes_known = o->p.content_size;
    static uint8_t part[PART_MAX];
    pf_list l;
    pf_list_begin(s, &l, "parts", 0, MAX_PARTS - 1);
    while (pf_list_more(s, &l)) {
        size_t kind = pf_choice(s, "part", N_PART);
        pf_name_values(s, part_names, N_PART);
        if (kind == P_SKIPPABLE) {
            unsigned v = (unsigned)pf_u64_range(s, "magic_variant", 0, 15);
            size_t n;
            const uint8_t *p = pf_bytes(s, "skipped", 0, PART_MAX, &n);
            bytes_reserve(&all, n + 8);
            size_t w = ZSTDH_WRITE_SKIPPABLE(all.p + all.len, n + 8, p, n, v);
            zscheck(s, "concat", o, w, "ZSTD_writeSkippableFrame");
            all.len += w;
            continue;
        }
        /* The same dictionary, the part's own parameters. */
        zsopts po = *o;
        draw_params(s, &po.p);
        size_t n = draw_data(s, "part_data", part, PART_MAX);
        sizes_known = sizes_known && po.p.content_size;
        bytes pc = {0};
        compress_once(s, "concat", &po, z, part, n, &pc);
        bytes_put(&all, pc.p, pc.len);
        bytes_put(&want, part, n);
        bytes_free(&pc);
    }
    dresult r;
    decompress_once(dctx_for(s, "concat", o, z), all.p, all.len, want.len + 64,
                    NULL, &r);
    check_decoded(s, "concat",
                  "decompressDCtx(concatenated frames) != concatenated data",
                  o, &r, want.p, want.len, all.len);
    bytes_free(&r.out);

    unsigned long long total = ZSTDH_FIND_DECOMPRESSED_SIZE(all.p, all.len);
    unsigned long long bound = ZSTDH_DECOMPRESS_BOUND(all.p, all.len);
    if (total != (sizes_known ? want.len : ZSTD_CONTENTSIZE_UNKNOWN) ||
        bound == ZSTD_CONTENTSIZE_ERROR || bound < want.len) {
        pf_buf d = {0};
        pf_buf_printf(&d, "findDecompressedSize %llu, decompressBound %llu, "
                          "data %zu bytes (sizes %s)",
                      total, bound, want.len, sizes_known ? "known" : "unknown");
        zsfail(s, "concat", "the sizes of concatenated frames are wrong", o,
               pf_buf_str(&d));
    }

    size_t chunks[MAX_CHUNKS];
    stream_plan sp = {.chunks = chunks, .cap = want.len + 64};
    sp.n_chunks = pf_chunks(s, "concat_chunks", all.len, chunks, MAX_CHUNKS);
    decompress_stream(s, "concat", dctx_for(s, "concat", o, z), all.p, all.len,
                      &sp, &r);
    check_decoded(s, "concat",
                  "decompressStream(concatenated frames) != concatenated data",
                  o, &r, want.p, want.len, all.len);
    bytes_free(&r.out);
    bytes_free(&all);
    bytes_free(&want);
}

static void zsctx_free(zsctx *z)
{
    ZSTD_freeCDict(z->cdict);
    ZSTD_freeDDict(z->ddict);
    ZSTD_freeCCtx(z->cctx);
    ZSTD_freeDCtx(z->dctx);
}

static void zsctx_init(pf_src *s, zsctx *z)
{
    memset(z, 0, sizeof *z);
    z->cctx = ZSTD_createCCtx_advanced(g_mem);
    z->dctx = ZSTD_createDCtx_advanced(g_mem);
    PF_ASSERT(s, z->cctx && z->dctx);
}

static void check_values(pf_src *s)
{
    zsopts o;
    memset(&o, 0, sizeof o);
    draw_params(s, &o.p);
    static uint8_t data[DATA_MAX];
    size_t len = draw_data(s, "data", data, DATA_MAX);
    draw_dict(s, &o, data, len);
    make_dict(&o, data, len);

    zsctx z;
    zsctx_init(s, &z);
    bytes c = {0};
    compress_once(s, "round_trip", &o, &z, data, len, &c);
    if (CHECKS("round_trip"))
        check_round_trip(s, &o, &z, data, len, &c);
    if (CHECKS("deterministic")) {
        /* The same context again: the parameters and dictionary stay. */
        bytes c2 = {0};
        zscheck(s, "deterministic", &o,
                ZSTD_CCtx_reset(z.cctx, ZSTD_reset_session_only),
                "ZSTD_CCtx_reset");
        size_t bound = ZSTD_compressBound(len);
        bytes_reserve(&c2, bound);
        size_t r = ZSTDH_COMPRESS2(z.cctx, c2.p, bound, data, len);
        zscheck(s, "deterministic", &o, r, "ZSTD_compress2");
        c2.len = r;
        pf_check_bytes_equal(s, "deterministic", "compress2(data)", c.p, c.len,
                             "compress2(data) again, same context", c2.p,
                             c2.len);
        bytes_free(&c2);
    }
    if (CHECKS("batch_stream"))
        check_batch_stream(s, &o, &z, data, len, &c);
    if (CHECKS("concat"))
        check_concat(s, &o, &z, data, len, &c);
    bytes_free(&c);
    zsctx_free(&z);
}

static void check_raw(pf_src *s)
{
    size_t in_step = (size_t)pf_u64_range(s, "in_step", 0, 255);
    size_t out_step = (size_t)pf_u64_range(s, "out_step", 0, 255);
    size_t len;
    const uint8_t *raw = pf_rest(s, "raw", &len);
    if (!CHECKS("decompress_safe"))
        return;
    zsctx z;
    zsctx_init(s, &z);
    static bytes storage;
    dresult one;
    decompress_once(z.dctx, raw, len, RAW_OUT_CAP, &storage, &one);
    storage = one.out;
    if (one.status != D_END)
        goto done;

    unsigned long long bound = ZSTDH_DECOMPRESS_BOUND(raw, len);
    unsigned long long total = ZSTDH_FIND_DECOMPRESSED_SIZE(raw, len);
    if (bound == ZSTD_CONTENTSIZE_ERROR || bound < one.out.len ||
        (total != ZSTD_CONTENTSIZE_UNKNOWN && total != one.out.len)) {
        pf_buf d = {0};
        pf_buf_printf(&d, "decompressDCtx gave %zu bytes; decompressBound "
                          "%llu, findDecompressedSize %llu",
                      one.out.len, bound, total);
        zsfail(s, "decompress_safe", "the size functions disagree with the "
               "decoder", NULL, pf_buf_str(&d));
    }

    /* The streaming decoder in steps, with a window limit. */
    zscheck(s, "decompress_safe", NULL,
            ZSTD_DCtx_setParameter(z.dctx, ZSTD_d_windowLogMax, RAW_WLOG_MAX),
            "windowLogMax");
    stream_plan sp = {.in_step = in_step, .out_step = out_step,
                      .cap = RAW_OUT_CAP};
    dresult st;
    decompress_stream(s, "decompress_safe", z.dctx, raw, len, &sp, &st);
    bool window_refused =
        st.status == D_ERROR &&
        ZSTD_getErrorCode(st.err) == ZSTD_error_frameParameter_windowTooLarge;
    if (!window_refused)
        check_decoded(s, "decompress_safe",
                      "decompressStream in steps differs from decompressDCtx",
                      NULL, &st, one.out.p, one.out.len, len);
    bytes_free(&st.out);

    /* What the decoder gave compresses and decompresses back. */
    zsopts o;
    memset(&o, 0, sizeof o);
    o.p.content_size = true;
    bytes c = {0};
    compress_once(s, "decompress_safe", &o, &z, one.out.p, one.out.len, &c);
    dresult rt;
    decompress_once(dctx_for(s, "decompress_safe", &o, &z), c.p, c.len,
                    one.out.len + 64, NULL, &rt);
    check_decoded(s, "decompress_safe",
                  "decompress(compress(decompress(raw))) != decompress(raw)",
                  &o, &rt, one.out.p, one.out.len, c.len);
    bytes_free(&rt.out);
    bytes_free(&c);
done:
    zsctx_free(&z);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("zstd", data, size);
    size_t mode = pf_choice(s, "mode", N_MODES);
    pf_name_values(s, mode_names, N_MODES);
    if (mode == MODE_RAW)
        check_raw(s);
    else
        check_values(s);
    pf_end(s);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6).                               */
/* ------------------------------------------------------------------ */

#define TEXT "The quick brown fox jumps over the lazy dog. "
#define LOREM "Lorem ipsum dolor sit amet, consectetur adipiscing elit, "

/* zsparams: level, window_log, checksum, content_size, no_dict_id,
 * strategy, target_cblock, literal_mode, row_match */
#define DEFAULTS {0, 0, false, true, false, 0, 0, 0, 0}

typedef struct seed {
    const char *name;
    zsparams p;
    seg data[3];
    size_t n_data;
    int dict;                 /* enum dict_kind */
    const char *dict_bytes;   /* D_BYTES */
    size_t slice_at, slice_len; /* D_SLICE */
    bool full;
    uint32_t dict_id;
    unsigned samples;
    int api;
} seed;

static const seed seeds[] = {
    {"empty", DEFAULTS, {{0}}, 0, D_NONE, 0, 0, 0, false, 0, 0, 0},
    {"text-default", DEFAULTS, {{TEXT, 0, 0}}, 1, D_NONE, 0, 0, 0, false, 0,
     0, 0},
    {"checksum-no-size", {3, 0, true, false, false, 0, 0, 0, 0},
     {{LOREM, 0, 10}}, 1, D_NONE, 0, 0, 0, false, 0, 0, 0},
    {"negative-level", {-5, 0, false, true, false, 0, 0, 0, 0},
     {{TEXT, 0, 30}}, 1, D_NONE, 0, 0, 0, false, 0, 0, 0},
    {"fastest-level", {LEVEL_MIN, 10, true, true, false, 0, 0, 2, 0},
     {{"abcd", 0, 500}}, 1, D_NONE, 0, 0, 0, false, 0, 0, 0},
    {"level19-btultra2", {19, 0, true, true, false, 0, 0, 0, 0},
     {{TEXT LOREM, 0, 0}, {"0123456789", 0, 100}}, 2, D_NONE, 0, 0, 0, false,
     0, 0, 0},
    {"small-window-lazy", {6, 10, false, true, false, 4, 0, 1, 1},
     {{LOREM, 0, 40}}, 1, D_NONE, 0, 0, 0, false, 0, 0, 0},
    {"row-matchfinder-greedy", {5, 16, false, true, true, 3, 0, 0, 1},
     {{"xyzzy", 0, 300}, {TEXT, 0, 0}}, 2, D_NONE, 0, 0, 0, false, 0, 0, 0},
    {"target-cblock", {7, 0, true, true, false, 0, 64, 0, 2},
     {{TEXT, 0, 50}}, 1, D_NONE, 0, 0, 0, false, 0, 0, 0},
    {"uncompressed-literals", {1, 0, false, true, false, 1, 0, 2, 0},
     {{"\x01\x02\x03\xff\xfe", 0, 0}, {"\x00", 1, 1000}}, 2, D_NONE, 0, 0, 0,
     false, 0, 0, 0},
    {"max-data", DEFAULTS, {{"0123456789abcdef", 0, 1024}}, 1, D_NONE, 0, 0,
     0, false, 0, 0, 0},
    {"raw-dict-load", DEFAULTS, {{TEXT, 0, 2}}, 1, D_BYTES,
     "quick brown fox jumps lazy dog ", 0, 0, false, 0, 0, API_LOAD},
    {"raw-dict-cdict", {9, 0, true, true, false, 0, 0, 0, 0},
     {{LOREM TEXT, 0, 0}, {TEXT, 0, 3}}, 2, D_SLICE, 0, 10, 60, false, 0, 0,
     API_CDICT},
    {"full-dict", {3, 0, false, true, false, 0, 0, 0, 0},
     {{TEXT LOREM, 0, 0}, {LOREM TEXT, 0, 0}, {"0123456789", 0, 30}}, 3,
     D_BYTES, TEXT LOREM "0123456789", 0, 0, true, 40000, 4, API_CDICT},
    {"full-dict-no-id", {12, 0, true, true, true, 0, 0, 0, 0},
     {{LOREM, 0, 8}}, 1, D_SLICE, 0, 0, 200, true, 0, 8, API_LOAD},
};

static void enc_seed(pf_buf *e, const seed *sd)
{
    pf_enc_choice(e, N_MODES, MODE_VALUES);
    enc_params(e, &sd->p);
    enc_data(e, sd->data, sd->n_data);
    pf_enc_choice(e, N_DICT, (size_t)sd->dict);
    if (sd->dict == D_NONE)
        return;
    if (sd->dict == D_BYTES) {
        pf_enc_bytes(e, 0, DICT_MAX, (const uint8_t *)sd->dict_bytes,
                     strlen(sd->dict_bytes));
    } else {
        pf_enc_u64_range(e, 0, DATA_MAX, sd->slice_at);
        pf_enc_u64_range(e, 0, DICT_MAX, sd->slice_len);
    }
    pf_enc_bool(e, sd->full);
    if (sd->full) {
        pf_enc_u64_range(e, 0, UINT32_MAX, sd->dict_id);
        pf_enc_u64_range(e, 1, MAX_SAMPLES, sd->samples);
    }
    pf_enc_choice(e, N_API, (size_t)sd->api);
}

static bool params_eq(const zsparams *a, const zsparams *b)
{
    return a->level == b->level && a->window_log == b->window_log &&
           a->checksum == b->checksum && a->content_size == b->content_size &&
           a->no_dict_id == b->no_dict_id && a->strategy == b->strategy &&
           a->target_cblock == b->target_cblock &&
           a->literal_mode == b->literal_mode && a->row_match == b->row_match;
}

static void check_seed(const seed *sd, const pf_buf *e)
{
    static uint8_t want[DATA_MAX], got[DATA_MAX];
    pf_src *s = pf_begin("zstd", e->data, e->len);
    PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_VALUES);
    zsopts o;
    memset(&o, 0, sizeof o);
    draw_params(s, &o.p);
    PF_ASSERT(s, params_eq(&o.p, &sd->p));
    size_t len = draw_data(s, "data", got, DATA_MAX);
    size_t want_len = expand_data(sd->data, sd->n_data, want, DATA_MAX);
    PF_ASSERT(s, len == want_len && memcmp(got, want, len) == 0);
    draw_dict(s, &o, got, len);
    PF_ASSERT(s, o.dict == sd->dict);
    if (sd->dict == D_BYTES)
        PF_ASSERT(s, o.dict_content_len == strlen(sd->dict_bytes) &&
                         memcmp(o.dict_content, sd->dict_bytes,
                                o.dict_content_len) == 0);
    if (sd->dict == D_SLICE)
        PF_ASSERT(s, o.dict_content == got + sd->slice_at &&
                         o.dict_content_len == sd->slice_len);
    if (sd->dict != D_NONE)
        PF_ASSERT(s, o.full == sd->full && o.api == sd->api &&
                         (!sd->full || (o.dict_id == sd->dict_id &&
                                        o.samples == sd->samples)));
    /* A full-dictionary seed really gets its dictionary. */
    if (sd->full)
        PF_ASSERT(s, make_dict(&o, got, len) && o.dict_buf != NULL);
    PF_ASSERT(s, !pf_overrun(s));
    pf_end(s);
}

/* Seeds that go on past the first frame. */
typedef struct stream_seed {
    const char *name;
    zsparams p;
    seg data;
    unsigned chunk;    /* first input chunk (the rest is the second) */
    unsigned out_step;
    bool flush, pledge;
    unsigned dstep;    /* decompression output step */
    int part;          /* enum part_kind */
    zsparams part_p;
    seg part_data;     /* the frame's data, or the skipped bytes */
} stream_seed;

static const stream_seed stream_seeds[] = {
    {"stream-flush-pledged", {3, 0, true, true, false, 0, 0, 0, 0},
     {TEXT, 0, 20}, 100, 17, true, true, 5, P_FRAME,
     {-3, 12, false, false, false, 0, 0, 0, 0}, {LOREM, 0, 3}},
    {"stream-hint-level19", {19, 20, false, true, false, 0, 0, 0, 0},
     {LOREM, 0, 30}, 1000, 0, false, false, 0, P_SKIPPABLE, DEFAULTS,
     {"skip me", 0, 0}},
    {"stream-small-steps", {1, 0, true, true, false, 0, 200, 0, 0},
     {"ab", 0, 700}, 1, 1, false, true, 1, P_FRAME,
     {19, 0, true, true, false, 9, 0, 0, 0}, {"", 0, 0}},
};

static void enc_stream_seed(pf_buf *e, const stream_seed *sd)
{
    pf_enc_choice(e, N_MODES, MODE_VALUES);
    enc_params(e, &sd->p);
    enc_data(e, &sd->data, 1);
    pf_enc_choice(e, N_DICT, D_NONE);
    size_t len = seg_len(&sd->data) * (sd->data.count ? sd->data.count : 1);
    if (len > 0) {
        pf_enc_more(e, true);
        pf_enc_u64_range(e, 1, len, sd->chunk);
        pf_enc_more(e, false);
    }
    pf_enc_u64_range(e, 0, STEP_MAX, sd->out_step);
    pf_enc_bool(e, sd->flush);
    pf_enc_bool(e, sd->pledge);
    pf_enc_more(e, false);                          /* decompress_chunks */
    pf_enc_u64_range(e, 0, STEP_MAX, sd->dstep);
    pf_enc_more(e, true);                           /* parts: one */
    pf_enc_choice(e, N_PART, (size_t)sd->part);
    if (sd->part == P_SKIPPABLE) {
        pf_enc_u64_range(e, 0, 15, 3);
        pf_enc_bytes(e, 0, PART_MAX, (const uint8_t *)sd->part_data.bytes,
                     seg_len(&sd->part_data));
    } else {
        enc_params(e, &sd->part_p);
        enc_data(e, &sd->part_data, seg_len(&sd->part_data) ? 1 : 0);
    }
    pf_enc_more(e, false);
    pf_enc_more(e, false);                          /* concat_chunks */
}

static void check_stream_seed(const stream_seed *sd, const pf_buf *e)
{
    static uint8_t want[DATA_MAX], got[DATA_MAX];
    pf_src *s = pf_begin("zstd", e->data, e->len);
    PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_VALUES);
    zsparams p;
    draw_params(s, &p);
    PF_ASSERT(s, params_eq(&p, &sd->p));
    size_t len = draw_data(s, "data", got, DATA_MAX);
    PF_ASSERT(s, len == expand_data(&sd->data, 1, want, DATA_MAX) &&
                     memcmp(got, want, len) == 0);
    PF_ASSERT(s, pf_choice(s, "dict", N_DICT) == D_NONE);
    size_t chunks[MAX_CHUNKS];
    size_t n = pf_chunks(s, "in_chunks", len, chunks, MAX_CHUNKS);
    PF_ASSERT(s, len == 0 || (n == 2 && chunks[0] == sd->chunk));
    PF_ASSERT(s, pf_u64_range(s, "out_step", 0, STEP_MAX) == sd->out_step);
    PF_ASSERT(s, pf_bool(s, "flush") == sd->flush);
    PF_ASSERT(s, pf_bool(s, "pledge") == sd->pledge);
    PF_ASSERT(s, pf_chunks(s, "decompress_chunks", 1000, chunks, MAX_CHUNKS) == 1);
    PF_ASSERT(s, pf_u64_range(s, "decompress_out_step", 0, STEP_MAX) == sd->dstep);
    pf_list l;
    pf_list_begin(s, &l, "parts", 0, MAX_PARTS - 1);
    while (pf_list_more(s, &l)) {
        PF_ASSERT(s, pf_choice(s, "part", N_PART) == (size_t)sd->part);
        if (sd->part == P_SKIPPABLE) {
            PF_ASSERT(s, pf_u64_range(s, "magic_variant", 0, 15) == 3);
            const uint8_t *b = pf_bytes(s, "skipped", 0, PART_MAX, &n);
            PF_ASSERT(s, n == seg_len(&sd->part_data) &&
                             memcmp(b, sd->part_data.bytes, n) == 0);
        } else {
            draw_params(s, &p);
            PF_ASSERT(s, params_eq(&p, &sd->part_p));
            len = draw_data(s, "part_data", got, PART_MAX);
            PF_ASSERT(s, len == expand_data(&sd->part_data,
                                            seg_len(&sd->part_data) ? 1 : 0,
                                            want, PART_MAX) &&
                             memcmp(got, want, len) == 0);
        }
    }
    PF_ASSERT(s, l.count == 1);
    PF_ASSERT(s, pf_chunks(s, "concat_chunks", 1000, chunks, MAX_CHUNKS) == 1);
    PF_ASSERT(s, !pf_overrun(s));
    pf_end(s);
}

/* Raw-mode seeds: what libzstd writes for a few values, and damaged. */
typedef struct raw_seed {
    const char *name;
    unsigned in_step, out_step;
    zsparams p;
    seg data;
    int damage;   /* 0 none, 1 truncate by 3, 2 flip a middle bit,
                     3 two frames and a skippable frame, 4 stream, no size */
} raw_seed;

static const raw_seed raw_seeds[] = {
    {"raw-frame", 0, 0, DEFAULTS, {TEXT, 0, 4}, 0},
    {"raw-frame-checksum", 7, 100, {19, 0, true, true, false, 0, 0, 0, 0},
     {LOREM, 0, 6}, 0},
    {"raw-frame-negative-level", 1, 3, {-50, 0, false, true, false, 0, 0, 2, 0},
     {"\x8f\x13\x7a\x55\xe1\x02\xc9\x3d", 0, 0}, 0},
    {"raw-frame-truncated", 0, 0, {3, 0, true, true, false, 0, 0, 0, 0},
     {TEXT, 0, 5}, 1},
    {"raw-frame-corrupt", 0, 0, {3, 0, true, true, false, 0, 0, 0, 0},
     {LOREM, 0, 5}, 2},
    {"raw-frames-and-skippable", 5, 0, DEFAULTS, {"abba", 0, 100}, 3},
    {"raw-frame-unknown-size", 0, 7, {5, 14, false, false, false, 0, 0, 0, 0},
     {TEXT LOREM, 0, 10}, 4},
    {"raw-empty-frame", 0, 0, DEFAULTS, {"", 0, 0}, 0},
};

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        pf_buf e = {0};
        enc_seed(&e, &seeds[i]);
        check_seed(&seeds[i], &e);
        emit(seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
    for (size_t i = 0; i < sizeof stream_seeds / sizeof stream_seeds[0]; i++) {
        pf_buf e = {0};
        enc_stream_seed(&e, &stream_seeds[i]);
        check_stream_seed(&stream_seeds[i], &e);
        emit(stream_seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
    static uint8_t data[DATA_MAX];
    for (size_t i = 0; i < sizeof raw_seeds / sizeof raw_seeds[0]; i++) {
        const raw_seed *r = &raw_seeds[i];
        size_t len = expand_data(&r->data, seg_len(&r->data) ? 1 : 0, data,
                                 DATA_MAX);
        pf_src *s = pf_begin("zstd", NULL, 0);
        zsctx z;
        zsctx_init(s, &z);
        zsopts o;
        memset(&o, 0, sizeof o);
        o.p = r->p;
        bytes c = {0};
        if (r->damage == 4) {
            size_t chunk = len / 3 ? len / 3 : 1;
            size_t chunks[3] = {chunk, chunk, len - 2 * chunk};
            compress_plan plan = {.chunks = chunks, .n_chunks = len ? 3 : 0};
            compress_stream(s, "seed", &o, &z, data, len, &plan, &c);
        } else {
            compress_once(s, "seed", &o, &z, data, len, &c);
        }
        if (r->damage == 1) {
            c.len -= 3;
        } else if (r->damage == 2) {
            c.p[c.len / 2] ^= 0x10;
        } else if (r->damage == 3) {
            bytes c2 = {0};
            compress_once(s, "seed", &o, &z, data, len / 2, &c2);
            bytes_put(&c, c2.p, c2.len);
            bytes_reserve(&c, 64);
            c.len += ZSTD_writeSkippableFrame(c.p + c.len, 64, "skip", 4, 7);
            bytes_free(&c2);
        }
        zsctx_free(&z);
        pf_end(s);
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_RAW);
        pf_enc_u64_range(&e, 0, 255, r->in_step);
        pf_enc_u64_range(&e, 0, 255, r->out_step);
        pf_buf_put(&e, c.p, c.len);
        emit(r->name, e.data, e.len);
        pf_buf_free(&e);
        bytes_free(&c);
    }
}
