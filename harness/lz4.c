/* lz4 — the LZ4 frame format (lz4frame) and LZ4 blocks (lz4, lz4hc).
 *
 * The first draw picks a mode. In value mode the input draws frame
 * preferences (block size ID: default, 64 KiB, 256 KiB, 1 MiB, 4 MiB;
 * linked or independent blocks; content checksum; block checksum; content
 * size; compression level -128..12, where < 3 is the fast compressor with
 * acceleration and 3..12 is LZ4HC; favorDecSpeed; autoFlush; a dictID), an
 * optional dictionary (its own bytes, or a slice of the data, through
 * LZ4F_createCDict and LZ4F_decompress_usingDict), and bytes to compress
 * (literal bytes and repeated patterns, up to 16 KiB). Four properties:
 *
 *   round_trip      LZ4F_decompress(LZ4F_compressFrame(x)) == x into
 *                   LZ4F_compressFrameBound() bytes, consuming the whole
 *                   frame; LZ4F_getFrameInfo reports the content size,
 *                   checksum flags and dictID that were asked for
 *   deterministic   compressing twice gives identical frames
 *   batch_stream    LZ4F_compressBegin/Update/End fed in drawn chunks (each
 *                   into LZ4F_compressBound() bytes; optionally LZ4F_flush
 *                   after each chunk, so several linked or independent
 *                   blocks appear) decompresses to x; LZ4F_decompress fed
 *                   the one-shot frame in drawn chunks with drawn output
 *                   space gives x. Frames are compared after decompression
 *                   only: lz4frame does not promise that the streaming API
 *                   writes the one-shot bytes (one-shot picks the smallest
 *                   block size that fits and independent blocks).
 *   concat          frames and skippable frames (magic 0x184D2A5x, which
 *                   the format defines) concatenated decode, with one
 *                   decompression context looping LZ4F_decompress, to the
 *                   concatenation of the frames' data
 *
 * In raw mode the rest of the input is fed as it is either to
 * LZ4F_decompress (drawn input and output steps; frames one after another)
 * or to the block decoder (drawn capacity, target size and dictionary):
 *
 *   decompress_safe  no crash or over-read (ASan); frames: when the
 *                   one-shot decode accepts, the stepped decode gives the
 *                   same bytes, and compressing that output round-trips;
 *                   blocks: LZ4_decompress_safe_usingDict with the
 *                   dictionary apart and with it as a prefix of the output
 *                   agree, LZ4_decompress_safe_partial(_usingDict) gives
 *                   the first min(target, n) bytes of what the full decode
 *                   gives, and LZ4_compress_default of the output
 *                   round-trips.
 *
 * Restrictions (shown against the real library in tests/restrict/lz4.c):
 *   - compression levels above 12 are not drawn: lz4frame.h, "values >
 *     LZ4HC_CLEVEL_MAX count as LZ4HC_CLEVEL_MAX".
 *   - the content size of an empty input is not stated: 0 means "unknown"
 *     in LZ4F_frameInfo_t, so the header carries no size for it.
 *   - the frame of LZ4F_compressFrame has one block for these sizes: it
 *     lowers the block size to the smallest that fits and switches to
 *     independent blocks, so block size and mode are not compared after
 *     one-shot compression (they are in the streaming API's frames).
 *   - raw mode: frame output beyond RAW_OUT_CAP bytes is treated as a
 *     refusal (the caller bounds LZ4F_decompress by the space it gives; the
 *     documented way); the block decoder's capacity is drawn.
 *   - raw mode: blocks and frames holding a match with offset 0 (invalid
 *     per the block format) are decoded for memory safety only: the
 *     decoders accept them (lz4 issue #1631, closed: "the decompression
 *     function is not a validation function") and write different bytes
 *     for them (block_has_offset0).
 *   - the partial decoder is asked for at most as many bytes as the full
 *     decode produced when the input is not exactly one block: lz4.h says
 *     a larger target with a longer source "will silently corrupt" (Note 5);
 *     here the source is exactly the block the full decoder accepted.
 */
#define LZ4F_STATIC_LINKING_ONLY
#define LZ4_STATIC_LINKING_ONLY
#include "propfuzz.h"

#include <lz4.h>
#include <lz4frame.h>
#include <lz4hc.h>
#include <sanitizer/asan_interface.h>
#include <stdlib.h>
#include <string.h>

enum {
    DATA_MAX = 16384,   /* bytes to compress */
    PATTERN_MAX = 64,
    RUN_MAX = 1024,
    MAX_SEGMENTS = 8,
    DICT_MAX = 4096,
    MAX_CHUNKS = 16,
    MAX_PARTS = 4,      /* concatenated frames */
    PART_MAX = 2048,
    STEP_MAX = 512,
    RAW_OUT_CAP = 256 * 1024,
    BLOCK_CAP_MAX = 65536,
};

enum mode { MODE_VALUES, MODE_RAW, N_MODES };
static const char *const mode_names[N_MODES] = {"values", "raw"};

enum { N_BSID = 5 };
static const char *const bsid_names[N_BSID] = {"default", "64KB", "256KB",
                                               "1MB", "4MB"};
static const LZ4F_blockSizeID_t bsid_values[N_BSID] = {
    LZ4F_default, LZ4F_max64KB, LZ4F_max256KB, LZ4F_max1MB, LZ4F_max4MB};

enum seg_kind { SEG_LITERAL, SEG_RUN, N_SEG };
static const char *const seg_names[N_SEG] = {"literal", "run"};

enum dict_kind { D_NONE, D_BYTES, D_SLICE, N_DICT };
static const char *const dict_names[N_DICT] = {"none", "bytes", "slice"};

enum part_kind { P_FRAME, P_SKIPPABLE, N_PART };
static const char *const part_names[N_PART] = {"frame", "skippable"};

enum raw_kind { R_FRAME, R_BLOCK, N_RAW };
static const char *const raw_names[N_RAW] = {"frame", "block"};

/* Every call into liblz4 that a property depends on goes through these
 * names, so tests/planted/lz4/ can wrap them with planted bugs. */
#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef LZ4_COMPRESS_FRAME
#define LZ4_COMPRESS_FRAME LZ4F_compressFrame
#endif
#ifndef LZ4_COMPRESS_FRAME_USING_CDICT
#define LZ4_COMPRESS_FRAME_USING_CDICT LZ4F_compressFrame_usingCDict
#endif
#ifndef LZ4_COMPRESS_BEGIN
#define LZ4_COMPRESS_BEGIN LZ4F_compressBegin_usingCDict
#endif
#ifndef LZ4_COMPRESS_UPDATE
#define LZ4_COMPRESS_UPDATE LZ4F_compressUpdate
#endif
#ifndef LZ4_FLUSH
#define LZ4_FLUSH LZ4F_flush
#endif
#ifndef LZ4_COMPRESS_END
#define LZ4_COMPRESS_END LZ4F_compressEnd
#endif
#ifndef LZ4_DECOMPRESS
#define LZ4_DECOMPRESS LZ4F_decompress_usingDict
#endif
#ifndef LZ4_GET_FRAME_INFO
#define LZ4_GET_FRAME_INFO LZ4F_getFrameInfo
#endif
#ifndef LZ4_BLOCK_DECOMPRESS
#define LZ4_BLOCK_DECOMPRESS LZ4_decompress_safe_usingDict
#endif
#ifndef LZ4_BLOCK_DECOMPRESS_PARTIAL
#define LZ4_BLOCK_DECOMPRESS_PARTIAL LZ4_decompress_safe_partial_usingDict
#endif
#ifndef LZ4_BLOCK_COMPRESS
#define LZ4_BLOCK_COMPRESS LZ4_compress_default
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

/* lz4frame's contexts and dictionaries allocate through LZ4F_CustomMem: a
 * small cache of freed blocks, reused for requests of the same size (the
 * HC state and the decoder's block buffers are hundreds of KiB; fresh ones
 * from ASan's quarantine cost page faults on every run). A reused block is
 * a malloc'ed block of exactly that size, so ASan still sees overflows;
 * only a use-after-free of a cached block would go unseen. */
enum { LIVE_SLOTS = 64, CACHE_SLOTS = 32 };
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

static void *cache_calloc(void *opaque, size_t n)
{
    void *p = cache_alloc(opaque, n);
    if (p)
        memset(p, 0, n);
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
    if (!found) {
        free(p);
        return;
    }
    ASAN_UNPOISON_MEMORY_REGION(p, n); /* as free() would */
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

static const LZ4F_CustomMem g_mem = {cache_alloc, cache_calloc, cache_free,
                                     NULL};

/* ------------------------------------------------------------------ */
/* Strategy.                                                           */
/* ------------------------------------------------------------------ */

typedef struct lparams {
    int bsid;             /* index into bsid_values */
    bool independent;
    bool content_checksum, block_checksum, content_size;
    int level;            /* -128..12 */
    bool favor_dec_speed, auto_flush;
    uint32_t dict_id;
} lparams;

typedef struct lopts {
    lparams p;
    bool has_dict;
    const uint8_t *dict;
    size_t dict_len;
} lopts;

static void draw_params(pf_src *s, lparams *p)
{
    pf_span_begin(s, "params");
    p->bsid = (int)pf_choice(s, "block_size", N_BSID);
    pf_name_values(s, bsid_names, N_BSID);
    p->independent = pf_bool(s, "independent_blocks");
    p->content_checksum = pf_bool(s, "content_checksum");
    p->block_checksum = pf_bool(s, "block_checksum");
    p->content_size = pf_bool(s, "content_size");
    p->level = (int)pf_i64_range(s, "level", -128, LZ4HC_CLEVEL_MAX);
    p->favor_dec_speed = pf_bool(s, "favor_dec_speed");
    p->auto_flush = pf_bool(s, "auto_flush");
    p->dict_id = pf_u32(s, "dict_id");
    pf_span_end(s);
}

static void enc_params(pf_buf *e, const lparams *p)
{
    pf_enc_choice(e, N_BSID, (size_t)p->bsid);
    pf_enc_bool(e, p->independent);
    pf_enc_bool(e, p->content_checksum);
    pf_enc_bool(e, p->block_checksum);
    pf_enc_bool(e, p->content_size);
    pf_enc_i64_range(e, -128, LZ4HC_CLEVEL_MAX, p->level);
    pf_enc_bool(e, p->favor_dec_speed);
    pf_enc_bool(e, p->auto_flush);
    pf_enc_u64_range(e, 0, UINT32_MAX, p->dict_id);
}

/* The data: segments of literal bytes or a pattern repeated `count` times,
 * cut at `max` bytes in all. Returns the length. */
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
    const char *bytes; /* literal, or the pattern */
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

static void draw_dict(pf_src *s, lopts *o, const uint8_t *data, size_t len)
{
    size_t kind = pf_choice(s, "dict", N_DICT);
    pf_name_values(s, dict_names, N_DICT);
    o->has_dict = kind != D_NONE;
    if (kind == D_BYTES) {
        o->dict = pf_bytes(s, "dict_bytes", 0, DICT_MAX, &o->dict_len);
    } else if (kind == D_SLICE) {
        size_t at = (size_t)pf_u64_range(s, "slice_at", 0, DATA_MAX);
        size_t n = (size_t)pf_u64_range(s, "slice_len", 0, DICT_MAX);
        if (at > len)
            at = len;
        if (n > len - at)
            n = len - at;
        o->dict = data + at;
        o->dict_len = n;
    }
}

/* ------------------------------------------------------------------ */
/* Compression and decompression.                                      */
/* ------------------------------------------------------------------ */

static void prefs_of(const lparams *p, size_t len, LZ4F_preferences_t *pr)
{
    memset(pr, 0, sizeof *pr);
    pr->frameInfo.blockSizeID = bsid_values[p->bsid];
    pr->frameInfo.blockMode =
        p->independent ? LZ4F_blockIndependent : LZ4F_blockLinked;
    pr->frameInfo.contentChecksumFlag =
        p->content_checksum ? LZ4F_contentChecksumEnabled
                            : LZ4F_noContentChecksum;
    pr->frameInfo.blockChecksumFlag =
        p->block_checksum ? LZ4F_blockChecksumEnabled : LZ4F_noBlockChecksum;
    pr->frameInfo.contentSize = p->content_size ? len : 0;
    pr->frameInfo.dictID = p->dict_id;
    pr->compressionLevel = p->level;
    pr->autoFlush = p->auto_flush;
    pr->favorDecSpeed = p->favor_dec_speed;
}

static void params_text(pf_buf *b, const lparams *p)
{
    pf_buf_printf(b,
                  "blockSize=%s blockMode=%s contentChecksum=%d "
                  "blockChecksum=%d contentSize=%d level=%d favorDecSpeed=%d "
                  "autoFlush=%d dictID=%u",
                  bsid_names[p->bsid], p->independent ? "independent" : "linked",
                  p->content_checksum, p->block_checksum, p->content_size,
                  p->level, p->favor_dec_speed, p->auto_flush, p->dict_id);
}

_Noreturn static void lfail(pf_src *s, const char *prop, const char *summary,
                            const lopts *o, const char *detail)
{
    pf_buf pt = {0};
    if (o)
        params_text(&pt, &o->p);
    pf_line l[] = {{"parameters", o ? pf_buf_str(&pt) : NULL},
                   {"detail", detail}};
    pf_fail(s, prop, summary, l, 2, NULL);
}

/* An lz4frame call failed where the documentation promises success. */
static void lcheck(pf_src *s, const char *prop, const lopts *o, size_t ret,
                   const char *call)
{
    if (!LZ4F_isError(ret))
        return;
    pf_buf d = {0};
    pf_buf_printf(&d, "%s failed: %s", call, LZ4F_getErrorName(ret));
    lfail(s, prop, "lz4frame refused a valid call", o, pf_buf_str(&d));
}

static LZ4F_cctx *new_cctx(pf_src *s)
{
    LZ4F_cctx *c = LZ4F_createCompressionContext_advanced(g_mem, LZ4F_VERSION);
    PF_ASSERT(s, c != NULL);
    return c;
}

static LZ4F_CDict *new_cdict(pf_src *s, const lopts *o)
{
    if (!o->has_dict)
        return NULL;
    LZ4F_CDict *d = LZ4F_createCDict_advanced(g_mem, o->dict, o->dict_len);
    PF_ASSERT(s, d != NULL);
    return d;
}

/* One-shot, into LZ4F_compressFrameBound() bytes: LZ4F_compressFrame for
 * the fast levels (it keeps their state on its stack), and for HC levels
 * or with a dictionary LZ4F_compressFrame_usingCDict, which
 * LZ4F_compressFrame calls too, but with a context from our allocator
 * (LZ4F_compressFrame mallocs a fresh 256 KiB HC state per call). */
static void compress_once(pf_src *s, const char *prop, const lopts *o,
                          const uint8_t *data, size_t len, bytes *out)
{
    LZ4F_preferences_t pr;
    prefs_of(&o->p, len, &pr);
    size_t bound = LZ4F_compressFrameBound(len, &pr);
    out->len = 0;
    bytes_reserve(out, bound);
    size_t r;
    if (o->has_dict || o->p.level >= LZ4HC_CLEVEL_MIN) {
        LZ4F_cctx *c = new_cctx(s);
        LZ4F_CDict *d = new_cdict(s, o);
        r = LZ4_COMPRESS_FRAME_USING_CDICT(c, out->p, bound, data, len, d, &pr);
        LZ4F_freeCDict(d);
        LZ4F_freeCompressionContext(c);
    } else {
        r = LZ4_COMPRESS_FRAME(out->p, bound, data, len, &pr);
    }
    lcheck(s, prop, o, r, "LZ4F_compressFrame into LZ4F_compressFrameBound()");
    out->len = r;
}

typedef struct compress_plan {
    const size_t *chunks;
    size_t n_chunks;
    bool flush;  /* LZ4F_flush after each chunk */
} compress_plan;

static void compress_stream(pf_src *s, const char *prop, const lopts *o,
                            const uint8_t *data, size_t len,
                            const compress_plan *plan, bytes *out)
{
    LZ4F_preferences_t pr;
    prefs_of(&o->p, len, &pr);
    LZ4F_cctx *c = new_cctx(s);
    LZ4F_CDict *d = new_cdict(s, o);
    out->len = 0;
    bytes_reserve(out, LZ4F_HEADER_SIZE_MAX);
    size_t r = LZ4_COMPRESS_BEGIN(c, out->p, LZ4F_HEADER_SIZE_MAX, d, &pr);
    lcheck(s, prop, o, r, "LZ4F_compressBegin");
    out->len += r;
    size_t at = 0;
    for (size_t i = 0; i < plan->n_chunks; i++) {
        size_t bound = LZ4F_compressBound(plan->chunks[i], &pr);
        bytes_reserve(out, bound);
        r = LZ4_COMPRESS_UPDATE(c, out->p + out->len, bound, data + at,
                                plan->chunks[i], NULL);
        lcheck(s, prop, o, r, "LZ4F_compressUpdate into LZ4F_compressBound()");
        out->len += r;
        at += plan->chunks[i];
        if (plan->flush) {
            bound = LZ4F_compressBound(0, &pr);
            bytes_reserve(out, bound);
            r = LZ4_FLUSH(c, out->p + out->len, bound, NULL);
            lcheck(s, prop, o, r, "LZ4F_flush into LZ4F_compressBound(0)");
            out->len += r;
        }
    }
    size_t bound = LZ4F_compressBound(0, &pr);
    bytes_reserve(out, bound);
    r = LZ4_COMPRESS_END(c, out->p + out->len, bound, NULL);
    lcheck(s, prop, o, r, "LZ4F_compressEnd into LZ4F_compressBound(0)");
    out->len += r;
    LZ4F_freeCDict(d);
    LZ4F_freeCompressionContext(c);
}

enum dstatus { D_END, D_ERROR, D_TRUNCATED, D_TOO_LARGE };
static const char *const dstatus_names[] = {"end", "error", "truncated",
                                            "output too large"};

typedef struct decompress_plan {
    const uint8_t *dict;
    size_t dict_len;
    const size_t *chunks; /* input chunk sizes; NULL: in_step each */
    size_t n_chunks;
    size_t in_step;       /* 0: all at once */
    size_t out_step;      /* 0: all of cap */
    size_t cap;
    bool multi;           /* frames one after another */
    bool want_info;       /* LZ4F_getFrameInfo on the first frame's header */
    bytes *storage;       /* output storage to reuse */
} decompress_plan;

typedef struct decompress_result {
    enum dstatus status;
    size_t err;          /* the error code, when status is D_ERROR */
    bytes out;
    size_t consumed;
    unsigned frames;     /* frames (skippable ones too) that ended */
    LZ4F_frameInfo_t info; /* of the first frame */
    bool have_info;
} decompress_result;

static void decompress_run(pf_src *s, const char *prop, const uint8_t *in,
                           size_t len, const decompress_plan *pl,
                           decompress_result *r)
{
    memset(r, 0, sizeof *r);
    if (pl->storage) {
        r->out = *pl->storage;
        r->out.len = 0;
    }
    LZ4F_dctx *d = LZ4F_createDecompressionContext_advanced(g_mem, LZ4F_VERSION);
    PF_ASSERT(s, d != NULL);
    size_t pos = 0, limit = 0, ci = 0;
    unsigned stuck = 0;
    if (pl->want_info) {
        /* Decodes the header, consuming it; decoding resumes after it. */
        size_t n = len;
        r->have_info = !LZ4F_isError(LZ4_GET_FRAME_INFO(d, &r->info, in, &n));
        if (r->have_info)
            pos = limit = n;
    }
    for (;;) {
        if (pos == limit && limit < len) {
            size_t n = pl->chunks ? (ci < pl->n_chunks ? pl->chunks[ci++] : 0)
                                  : pl->in_step;
            limit = n == 0 || n > len - limit ? len : limit + n;
        }
        size_t room = pl->cap - r->out.len;
        if (room == 0) {
            r->status = D_TOO_LARGE;
            break;
        }
        size_t step = pl->out_step && pl->out_step < room ? pl->out_step : room;
        bytes_reserve(&r->out, step);
        size_t dsz = step, ssz = limit - pos;
        size_t ret = LZ4_DECOMPRESS(d, r->out.p + r->out.len, &dsz, in + pos,
                                    &ssz, pl->dict, pl->dict_len, NULL);
        pos += ssz;
        r->out.len += dsz;
        if (LZ4F_isError(ret)) {
            r->status = D_ERROR;
            r->err = ret;
            break;
        }
        if (ret == 0) {
            r->frames++;
            if (pl->multi && pos < len)
                continue;
            r->status = D_END;
            break;
        }
        if (pos == len && dsz < step) {
            r->status = D_TRUNCATED;
            break;
        }
        /* Input and output space left, nothing taken or given: stuck.
         * (lz4frame may take a call to move between stages.) */
        stuck = ssz == 0 && dsz == 0 && pos < limit ? stuck + 1 : 0;
        if (stuck > 8) {
            pf_buf t = {0};
            pf_buf_printf(&t, "LZ4F_decompress returned hint %zu at input "
                              "byte %zu, taking and giving nothing",
                          ret, pos);
            LZ4F_freeDecompressionContext(d);
            lfail(s, prop, "LZ4F_decompress made no progress", NULL,
                  pf_buf_str(&t));
        }
    }
    r->consumed = pos;
    LZ4F_freeDecompressionContext(d);
}

/* ------------------------------------------------------------------ */
/* Properties.                                                         */
/* ------------------------------------------------------------------ */

static void check_decompressed(pf_src *s, const char *prop, const char *what,
                               const lopts *o, const decompress_result *r,
                               const uint8_t *want, size_t want_len,
                               size_t frame_len)
{
    if (r->status == D_END && r->consumed == frame_len &&
        bytes_eq(&r->out, want, want_len))
        return;
    pf_buf pt = {0}, st = {0}, a = {0}, b = {0}, at = {0};
    if (o)
        params_text(&pt, &o->p);
    pf_buf_printf(&st, "%s%s%s, consumed %zu of %zu bytes, %u frame(s) ended",
                  dstatus_names[r->status], r->status == D_ERROR ? ": " : "",
                  r->status == D_ERROR ? LZ4F_getErrorName(r->err) : "",
                  r->consumed, frame_len, r->frames);
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

static void decompress_plan_for(decompress_plan *pl, const lopts *o,
                                size_t cap)
{
    memset(pl, 0, sizeof *pl);
    if (o->has_dict) {
        pl->dict = o->dict;
        pl->dict_len = o->dict_len;
    }
    pl->cap = cap;
}

static void check_frame_info(pf_src *s, const lopts *o, size_t len,
                             const decompress_result *r)
{
    const LZ4F_frameInfo_t *fi = &r->info;
    const char *bad = NULL;
    if (!r->have_info)
        bad = "getFrameInfo failed";
    else if (fi->contentSize != (o->p.content_size ? len : 0))
        bad = "contentSize";
    else if ((fi->contentChecksumFlag != 0) != o->p.content_checksum)
        bad = "contentChecksumFlag";
    else if ((fi->blockChecksumFlag != 0) != o->p.block_checksum)
        bad = "blockChecksumFlag";
    else if (fi->dictID != o->p.dict_id)
        bad = "dictID";
    else if (fi->frameType != LZ4F_frame)
        bad = "frameType";
    if (!bad)
        return;
    pf_buf got = {0};
    pf_buf_printf(&got,
                  "blockSizeID=%d blockMode=%d contentChecksum=%d "
                  "blockChecksum=%d contentSize=%llu dictID=%u frameType=%d",
                  fi->blockSizeID, fi->blockMode, fi->contentChecksumFlag,
                  fi->blockChecksumFlag, (unsigned long long)fi->contentSize,
                  fi->dictID, fi->frameType);
    pf_buf pt = {0};
    params_text(&pt, &o->p);
    pf_line l[] = {{"parameters", pf_buf_str(&pt)},
                   {"LZ4F_getFrameInfo", pf_buf_str(&got)}};
    pf_fail(s, "round_trip", "the frame header does not say what was asked",
            l, 2, bad);
}

static void check_round_trip(pf_src *s, const lopts *o, const uint8_t *data,
                             size_t len, const bytes *c)
{
    decompress_plan pl;
    decompress_plan_for(&pl, o, len + 64);
    pl.want_info = true;
    decompress_result r;
    decompress_run(s, "round_trip", c->p, c->len, &pl, &r);
    check_decompressed(s, "round_trip", "decompress(compressFrame(data)) != data",
                       o, &r, data, len, c->len);
    check_frame_info(s, o, len, &r);
    bytes_free(&r.out);
}

static void check_batch_stream(pf_src *s, const lopts *o, const uint8_t *data,
                               size_t len, const bytes *c)
{
    size_t chunks[MAX_CHUNKS];
    compress_plan plan = {.chunks = chunks};
    plan.n_chunks = pf_chunks(s, "in_chunks", len, chunks, MAX_CHUNKS);
    plan.flush = pf_bool(s, "flush");
    bytes cs = {0};
    compress_stream(s, "batch_stream", o, data, len, &plan, &cs);
    decompress_plan pl;
    decompress_plan_for(&pl, o, len + 64);
    pl.want_info = true;
    decompress_result r;
    decompress_run(s, "batch_stream", cs.p, cs.len, &pl, &r);
    check_decompressed(s, "batch_stream",
                       "decompress(frame compressed in chunks) != data", o, &r,
                       data, len, cs.len);
    /* The streaming API keeps the block size and mode asked for. */
    LZ4F_preferences_t pr;
    prefs_of(&o->p, len, &pr);
    LZ4F_blockSizeID_t want_bsid =
        pr.frameInfo.blockSizeID == LZ4F_default ? LZ4F_max64KB
                                                 : pr.frameInfo.blockSizeID;
    if (!r.have_info || r.info.blockSizeID != want_bsid ||
        r.info.blockMode != pr.frameInfo.blockMode) {
        pf_buf d = {0};
        pf_buf_printf(&d, "blockSizeID %d (asked %d), blockMode %d (asked %d)",
                      r.info.blockSizeID, want_bsid, r.info.blockMode,
                      pr.frameInfo.blockMode);
        lfail(s, "batch_stream", "the streamed frame's header changed the "
              "block size or mode", o, pf_buf_str(&d));
    }
    bytes_free(&r.out);
    bytes_free(&cs);

    size_t in_chunks[MAX_CHUNKS];
    pl.want_info = false;
    pl.chunks = in_chunks;
    pl.n_chunks = pf_chunks(s, "decompress_chunks", c->len, in_chunks,
                            MAX_CHUNKS);
    pl.out_step = (size_t)pf_u64_range(s, "out_step", 0, STEP_MAX);
    decompress_run(s, "batch_stream", c->p, c->len, &pl, &r);
    check_decompressed(s, "batch_stream", "decompress in chunks != data", o,
                       &r, data, len, c->len);
    bytes_free(&r.out);
}

/* A skippable frame: magic 0x184D2A50 + nibble, 4-byte size, payload. */
static void put_skippable(bytes *b, unsigned nibble, const uint8_t *p,
                          size_t n)
{
    uint8_t h[8];
    uint32_t magic = 0x184D2A50u + (nibble & 15u), size = (uint32_t)n;
    for (int i = 0; i < 4; i++) {
        h[i] = (uint8_t)(magic >> (8 * i));
        h[4 + i] = (uint8_t)(size >> (8 * i));
    }
    bytes_put(b, h, sizeof h);
    bytes_put(b, p, n);
}

static void check_concat(pf_src *s, const lopts *o, const uint8_t *data,
                         size_t len, const bytes *c)
{
    bytes all = {0}, want = {0};
    bytes_put(&all, c->p, c->len);
    bytes_put(&want, data, len);
    static uint8_t part[PART_MAX];
    pf_list l;
    pf_list_begin(s, &l, "parts", 0, MAX_PARTS - 1);
    while (pf_list_more(s, &l)) {
        size_t kind = pf_choice(s, "part", N_PART);
        pf_name_values(s, part_names, N_PART);
        if (kind == P_SKIPPABLE) {
            unsigned nibble = (unsigned)pf_u64_range(s, "magic_nibble", 0, 15);
            size_t n;
            const uint8_t *p = pf_bytes(s, "skipped", 0, PART_MAX, &n);
            put_skippable(&all, nibble, p, n);
            continue;
        }
        lopts po = {.p = {0}};
        draw_params(s, &po.p);
        size_t n = draw_data(s, "part_data", part, PART_MAX);
        bytes pc = {0};
        compress_once(s, "concat", &po, part, n, &pc);
        bytes_put(&all, pc.p, pc.len);
        bytes_put(&want, part, n);
        bytes_free(&pc);
    }
    decompress_plan pl;
    decompress_plan_for(&pl, o, want.len + 64);
    pl.multi = true;
    size_t chunks[MAX_CHUNKS];
    pl.chunks = chunks;
    pl.n_chunks = pf_chunks(s, "concat_chunks", all.len, chunks, MAX_CHUNKS);
    decompress_result r;
    decompress_run(s, "concat", all.p, all.len, &pl, &r);
    if (r.status == D_END && r.frames != l.count + 1) {
        pf_buf d = {0};
        pf_buf_printf(&d, "%u of %zu frames ended", r.frames, l.count + 1);
        lfail(s, "concat", "a frame was lost", o, pf_buf_str(&d));
    }
    check_decompressed(s, "concat",
                       "decompress(concatenated frames) != concatenated data",
                       o, &r, want.p, want.len, all.len);
    bytes_free(&r.out);
    bytes_free(&all);
    bytes_free(&want);
}

static void check_values(pf_src *s)
{
    lopts o = {.p = {0}};
    draw_params(s, &o.p);
    static uint8_t data[DATA_MAX];
    size_t len = draw_data(s, "data", data, DATA_MAX);
    draw_dict(s, &o, data, len);

    bytes c = {0};
    compress_once(s, "round_trip", &o, data, len, &c);
    if (CHECKS("round_trip"))
        check_round_trip(s, &o, data, len, &c);
    if (CHECKS("deterministic")) {
        bytes c2 = {0};
        compress_once(s, "deterministic", &o, data, len, &c2);
        pf_check_bytes_equal(s, "deterministic", "compressFrame(data)", c.p,
                             c.len, "compressFrame(data) again", c2.p, c2.len);
        bytes_free(&c2);
    }
    if (CHECKS("batch_stream"))
        check_batch_stream(s, &o, data, len, &c);
    if (CHECKS("concat"))
        check_concat(s, &o, data, len, &c);
    bytes_free(&c);
}

/* ------------------------------------------------------------------ */
/* Offset 0: invalid per the block format, accepted by the decoders.    */
/* ------------------------------------------------------------------ */

/* Whether an LZ4 block holds a match with offset 0. lz4_Block_format.md:
 * "The presence of a 0 offset value denotes an invalid (corrupted)
 * block", but the decoders accept it (lz4 issue #1631, closed: decoding
 * is not validation) and what they write for it differs from decoder to
 * decoder and with the output space left. Such input is still decoded
 * (memory safety); only the comparisons skip it. */
static bool block_has_offset0(const uint8_t *p, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned token = p[i++];
        size_t lit = token >> 4;
        if (lit == 15) {
            uint8_t b;
            do {
                if (i >= n)
                    return false;
                b = p[i++];
                lit += b;
            } while (b == 255);
        }
        if (lit > n - i)
            return false;
        i += lit;
        if (i >= n)
            return false; /* the last sequence: literals only */
        if (n - i < 2)
            return false;
        if (p[i] == 0 && p[i + 1] == 0)
            return true;
        i += 2;
        if ((token & 15) == 15) {
            uint8_t b;
            do {
                if (i >= n)
                    return false;
                b = p[i++];
            } while (b == 255);
        }
    }
    return false;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* Whether any compressed block of the frames in raw holds offset 0. */
static bool frames_have_offset0(const uint8_t *p, size_t n)
{
    size_t i = 0;
    while (n - i >= 4) {
        uint32_t magic = le32(p + i);
        i += 4;
        if ((magic & 0xFFFFFFF0u) == 0x184D2A50u) {
            if (n - i < 4 || le32(p + i) > n - i - 4)
                return false;
            i += 4 + le32(p + i);
            continue;
        }
        if (magic != 0x184D2204u || n - i < 3)
            return false;
        uint8_t flg = p[i];
        i += 2 + (flg & 0x08 ? 8 : 0) + (flg & 0x01 ? 4 : 0) + 1;
        for (;;) {
            if (i > n || n - i < 4)
                return false;
            uint32_t size = le32(p + i);
            i += 4;
            if (size == 0)
                break;
            size_t len = size & 0x7FFFFFFFu;
            if (len > n - i)
                return false;
            if (!(size & 0x80000000u) && block_has_offset0(p + i, len))
                return true;
            i += len + (flg & 0x10 ? 4 : 0);
        }
        i += flg & 0x04 ? 4 : 0;
        if (i > n)
            return false;
    }
    return false;
}

/* Raw frames: one-shot and stepped decoding agree; output round-trips. */
static void check_raw_frames(pf_src *s, size_t in_step, size_t out_step,
                             const uint8_t *raw, size_t len)
{
    static bytes storage;
    decompress_plan pl = {.cap = RAW_OUT_CAP, .multi = true,
                          .storage = &storage};
    decompress_result one;
    decompress_run(s, "decompress_safe", raw, len, &pl, &one);
    storage = one.out;
    if (one.status != D_END || one.consumed != len ||
        frames_have_offset0(raw, len))
        return;
    decompress_plan ps = {.in_step = in_step, .out_step = out_step,
                          .cap = RAW_OUT_CAP, .multi = true};
    decompress_result st;
    decompress_run(s, "decompress_safe", raw, len, &ps, &st);
    check_decompressed(s, "decompress_safe",
                       "stepped decompression differs from one-shot", NULL,
                       &st, one.out.p, one.out.len, len);
    bytes_free(&st.out);

    lopts o = {.p = {0}};
    bytes c = {0};
    compress_once(s, "decompress_safe", &o, one.out.p, one.out.len, &c);
    decompress_plan pr;
    decompress_plan_for(&pr, &o, one.out.len + 64);
    decompress_result rt;
    decompress_run(s, "decompress_safe", c.p, c.len, &pr, &rt);
    check_decompressed(s, "decompress_safe",
                       "decompress(compress(decompress(raw))) != decompress(raw)",
                       &o, &rt, one.out.p, one.out.len, c.len);
    bytes_free(&rt.out);
    bytes_free(&c);
}

_Noreturn static void block_fail(pf_src *s, const char *summary, int n_a,
                                 const uint8_t *a, int n_b, const uint8_t *b)
{
    pf_buf x = {0}, y = {0};
    pf_buf_printf(&x, "%d: ", n_a);
    if (n_a > 0)
        pf_buf_hex(&x, a, (size_t)n_a, 128);
    pf_buf_printf(&y, "%d: ", n_b);
    if (n_b > 0)
        pf_buf_hex(&y, b, (size_t)n_b, 128);
    pf_line l[] = {{"first", pf_buf_str(&x)}, {"second", pf_buf_str(&y)}};
    pf_fail(s, "decompress_safe", summary, l, 2, NULL);
}

/* Raw blocks: the dictionary apart or as a prefix, full and partial
 * decoding agree; the output round-trips through LZ4_compress_default. */
static void check_raw_block(pf_src *s, size_t cap, size_t target,
                            const uint8_t *dict, size_t dict_len,
                            const uint8_t *raw, size_t len)
{
    static uint8_t full[BLOCK_CAP_MAX], pre[DICT_MAX + BLOCK_CAP_MAX],
        part[BLOCK_CAP_MAX];
    const char *src = (const char *)raw;
    int n = LZ4_BLOCK_DECOMPRESS(src, (char *)full, (int)len, (int)cap,
                                 (const char *)dict, (int)dict_len);
    /* The same dictionary as the bytes right before the output. */
    if (dict_len)
        memcpy(pre, dict, dict_len);
    int m = LZ4_BLOCK_DECOMPRESS(src, (char *)pre + dict_len, (int)len,
                                 (int)cap, (const char *)pre, (int)dict_len);
    if (block_has_offset0(raw, len))
        return; /* decoded for memory safety only (see block_has_offset0) */
    if ((n < 0) != (m < 0) ||
        (n >= 0 && (n != m || memcmp(full, pre + dict_len, (size_t)n) != 0)))
        block_fail(s, "the dictionary apart and as a prefix decode differently",
                   n, full, m, pre + dict_len);
    if (n < 0)
        return;

    int t = (int)(target < (size_t)n ? target : (size_t)n);
    int k = LZ4_BLOCK_DECOMPRESS_PARTIAL(src, (char *)part, (int)len, t,
                                         (int)cap, (const char *)dict,
                                         (int)dict_len);
    if (k != t || memcmp(part, full, (size_t)t) != 0)
        block_fail(s, "partial decoding is not a prefix of the full decode",
                   n, full, k, part);

    static char c[LZ4_COMPRESSBOUND(BLOCK_CAP_MAX)];
    int cn = LZ4_BLOCK_COMPRESS((const char *)full, c, n, (int)sizeof c);
    int back = cn > 0 ? LZ4_decompress_safe(c, (char *)part, cn, n) : -1;
    if (cn <= 0 || back != n || memcmp(part, full, (size_t)n) != 0)
        block_fail(s, "LZ4_decompress_safe(LZ4_compress_default(block)) != block",
                   n, full, back, part);
}

static void check_raw(pf_src *s)
{
    size_t kind = pf_choice(s, "kind", N_RAW);
    pf_name_values(s, raw_names, N_RAW);
    size_t in_step = 0, out_step = 0, cap = 0, target = 0, dict_len = 0;
    const uint8_t *dict = NULL;
    if (kind == R_FRAME) {
        in_step = (size_t)pf_u64_range(s, "in_step", 0, 255);
        out_step = (size_t)pf_u64_range(s, "out_step", 0, 255);
    } else {
        cap = (size_t)pf_u64_range(s, "capacity", 0, BLOCK_CAP_MAX);
        target = (size_t)pf_u64_range(s, "target", 0, BLOCK_CAP_MAX);
        dict = pf_bytes(s, "dict", 0, DICT_MAX, &dict_len);
    }
    size_t len;
    const uint8_t *raw = pf_rest(s, "raw", &len);
    if (!CHECKS("decompress_safe"))
        return;
    if (kind == R_FRAME)
        check_raw_frames(s, in_step, out_step, raw, len);
    else if (len <= INT32_MAX)
        check_raw_block(s, cap, target, dict, dict_len, raw, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("lz4", data, size);
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

typedef struct seed {
    const char *name;
    lparams p;
    seg data[3];
    size_t n_data;
    int dict;              /* D_NONE, D_BYTES, D_SLICE */
    const char *dict_bytes;
    size_t slice_at, slice_len;
} seed;

/* lparams: bsid, independent, content_checksum, block_checksum,
 * content_size, level, favor_dec_speed, auto_flush, dict_id */
static const seed seeds[] = {
    {"empty", {0, false, false, false, false, 0, false, false, 0}, {{0}}, 0,
     D_NONE, 0, 0, 0},
    {"text-default", {0, false, false, false, false, 0, false, false, 0},
     {{TEXT, 0, 0}}, 1, D_NONE, 0, 0, 0},
    {"all-flags", {1, true, true, true, true, 1, false, true, 0x12345678u},
     {{LOREM, 0, 5}}, 1, D_NONE, 0, 0, 0},
    {"empty-content-size", {2, false, true, false, true, 3, false, false, 0},
     {{0}}, 0, D_NONE, 0, 0, 0},
    {"hc-level9", {3, false, false, true, false, 9, false, false, 0},
     {{TEXT LOREM, 0, 0}, {"abc", 0, 200}}, 2, D_NONE, 0, 0, 0},
    {"hc-max-favor-dec", {4, true, true, false, true, 12, true, false, 0},
     {{"0123456789", 0, 300}}, 1, D_NONE, 0, 0, 0},
    {"fast-accel", {0, false, false, false, true, -20, false, false, 0},
     {{"\x01\x02\x03\x04\xff", 0, 0}, {"\x00", 1, 1000}}, 2, D_NONE, 0, 0, 0},
    {"accel-max", {1, true, false, false, false, -128, false, true, 7},
     {{TEXT, 0, 20}}, 1, D_NONE, 0, 0, 0},
    {"long-runs", {0, false, true, true, true, 2, false, false, 0},
     {{"a", 0, 1024}, {"ab", 0, 1024}, {"xyz", 0, 0}}, 3, D_NONE, 0, 0, 0},
    {"max-data", {0, false, false, false, true, 0, false, false, 0},
     {{"0123456789abcdef", 0, 1024}}, 1, D_NONE, 0, 0, 0},
    {"dict-bytes", {0, false, true, false, true, 0, false, false, 42},
     {{TEXT, 0, 0}}, 1, D_BYTES, "quick brown fox lazy dog ", 0, 0},
    {"dict-slice-hc", {1, false, false, true, false, 10, false, false, 1},
     {{LOREM TEXT, 0, 0}, {TEXT, 0, 3}}, 2, D_SLICE, 0, 10, 60},
    {"dict-hc-opt", {0, true, false, false, false, 11, true, true, 0},
     {{LOREM, 0, 2}}, 1, D_BYTES, LOREM, 0, 0},
};

static void enc_seed(pf_buf *e, const seed *sd)
{
    pf_enc_choice(e, N_MODES, MODE_VALUES);
    enc_params(e, &sd->p);
    enc_data(e, sd->data, sd->n_data);
    pf_enc_choice(e, N_DICT, (size_t)sd->dict);
    if (sd->dict == D_BYTES)
        pf_enc_bytes(e, 0, DICT_MAX, (const uint8_t *)sd->dict_bytes,
                     strlen(sd->dict_bytes));
    else if (sd->dict == D_SLICE) {
        pf_enc_u64_range(e, 0, DATA_MAX, sd->slice_at);
        pf_enc_u64_range(e, 0, DICT_MAX, sd->slice_len);
    }
}

static bool params_eq(const lparams *a, const lparams *b)
{
    return a->bsid == b->bsid && a->independent == b->independent &&
           a->content_checksum == b->content_checksum &&
           a->block_checksum == b->block_checksum &&
           a->content_size == b->content_size && a->level == b->level &&
           a->favor_dec_speed == b->favor_dec_speed &&
           a->auto_flush == b->auto_flush && a->dict_id == b->dict_id;
}

static void check_seed(const seed *sd, const pf_buf *e)
{
    static uint8_t want[DATA_MAX], got[DATA_MAX];
    pf_src *s = pf_begin("lz4", e->data, e->len);
    PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_VALUES);
    lopts o = {.p = {0}};
    draw_params(s, &o.p);
    PF_ASSERT(s, params_eq(&o.p, &sd->p));
    size_t len = draw_data(s, "data", got, DATA_MAX);
    size_t want_len = expand_data(sd->data, sd->n_data, want, DATA_MAX);
    PF_ASSERT(s, len == want_len && memcmp(got, want, len) == 0);
    draw_dict(s, &o, got, len);
    PF_ASSERT(s, o.has_dict == (sd->dict != D_NONE));
    if (sd->dict == D_BYTES)
        PF_ASSERT(s, o.dict_len == strlen(sd->dict_bytes) &&
                         memcmp(o.dict, sd->dict_bytes, o.dict_len) == 0);
    if (sd->dict == D_SLICE)
        PF_ASSERT(s, o.dict == got + sd->slice_at && o.dict_len == sd->slice_len);
    PF_ASSERT(s, !pf_overrun(s));
    pf_end(s);
}

/* Seeds that go on past the first frame: chunked compression (with or
 * without LZ4F_flush) and a second part for concat. */
typedef struct stream_seed {
    const char *name;
    lparams p;
    seg data;
    unsigned chunk;    /* first input chunk (the rest is the second) */
    bool flush;
    unsigned out_step; /* decompression output step */
    int part;          /* enum part_kind */
    lparams part_p;
    seg part_data;     /* the frame's data, or the skipped bytes */
} stream_seed;

static const stream_seed stream_seeds[] = {
    {"stream-linked-flush", {0, false, true, true, true, 0, false, false, 0},
     {TEXT, 0, 10}, 100, true, 7, P_FRAME,
     {1, true, false, false, false, 9, false, false, 0}, {LOREM, 0, 2}},
    {"stream-hc-autoflush", {0, false, false, false, false, 9, false, true, 0},
     {LOREM, 0, 6}, 33, false, 0, P_SKIPPABLE, {0}, {"skip me", 0, 0}},
    {"stream-independent", {2, true, true, false, false, -3, false, false, 5},
     {"xy", 0, 900}, 1000, true, 100, P_FRAME,
     {0, false, true, true, true, 12, true, false, 0}, {"", 0, 0}},
    {"concat-skippable", {0, false, false, false, true, 1, false, false, 0},
     {TEXT, 0, 1}, 10, false, 0, P_SKIPPABLE, {0}, {"\x00\x01\x02", 3, 0}},
};

static void enc_stream_seed(pf_buf *e, const stream_seed *sd)
{
    pf_enc_choice(e, N_MODES, MODE_VALUES);
    enc_params(e, &sd->p);
    enc_data(e, &sd->data, 1);
    pf_enc_choice(e, N_DICT, D_NONE);
    size_t len = seg_len(&sd->data) * (sd->data.count ? sd->data.count : 1);
    if (len > 0) { /* in_chunks: `chunk`, then the rest */
        pf_enc_more(e, true);
        pf_enc_u64_range(e, 1, len, sd->chunk);
        pf_enc_more(e, false);
    }
    pf_enc_bool(e, sd->flush);
    pf_enc_more(e, false);                        /* decompress_chunks: one */
    pf_enc_u64_range(e, 0, STEP_MAX, sd->out_step);
    pf_enc_more(e, true);                         /* parts: one */
    pf_enc_choice(e, N_PART, (size_t)sd->part);
    if (sd->part == P_SKIPPABLE) {
        pf_enc_u64_range(e, 0, 15, 5);
        pf_enc_bytes(e, 0, PART_MAX, (const uint8_t *)sd->part_data.bytes,
                     seg_len(&sd->part_data));
    } else {
        enc_params(e, &sd->part_p);
        enc_data(e, &sd->part_data, seg_len(&sd->part_data) ? 1 : 0);
    }
    pf_enc_more(e, false);
    pf_enc_more(e, false);                        /* concat_chunks: one */
}

static void check_stream_seed(const stream_seed *sd, const pf_buf *e)
{
    static uint8_t want[DATA_MAX], got[DATA_MAX];
    pf_src *s = pf_begin("lz4", e->data, e->len);
    PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_VALUES);
    lparams p;
    draw_params(s, &p);
    PF_ASSERT(s, params_eq(&p, &sd->p));
    size_t len = draw_data(s, "data", got, DATA_MAX);
    PF_ASSERT(s, len == expand_data(&sd->data, 1, want, DATA_MAX) &&
                     memcmp(got, want, len) == 0);
    PF_ASSERT(s, pf_choice(s, "dict", N_DICT) == D_NONE);
    size_t chunks[MAX_CHUNKS];
    size_t n = pf_chunks(s, "in_chunks", len, chunks, MAX_CHUNKS);
    PF_ASSERT(s, len == 0 || (n == 2 && chunks[0] == sd->chunk));
    PF_ASSERT(s, pf_bool(s, "flush") == sd->flush);
    PF_ASSERT(s, pf_chunks(s, "decompress_chunks", 1000, chunks, MAX_CHUNKS) == 1);
    PF_ASSERT(s, pf_u64_range(s, "out_step", 0, STEP_MAX) == sd->out_step);
    pf_list l;
    pf_list_begin(s, &l, "parts", 0, MAX_PARTS - 1);
    while (pf_list_more(s, &l)) {
        PF_ASSERT(s, pf_choice(s, "part", N_PART) == (size_t)sd->part);
        if (sd->part == P_SKIPPABLE) {
            PF_ASSERT(s, pf_u64_range(s, "magic_nibble", 0, 15) == 5);
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

/* Raw-mode seeds: frames and blocks liblz4 writes for a few values, and
 * damaged ones. */
typedef struct raw_seed {
    const char *name;
    int kind;          /* enum raw_kind */
    unsigned in_step, out_step; /* frames */
    unsigned cap, target;       /* blocks (cap 0: the output size) */
    const char *dict;  /* blocks: dictionary, also used to compress */
    lparams p;         /* frames: how it is made; blocks: level */
    seg data;
    int damage;        /* 0 none, 1 truncate by 3, 2 flip a middle bit,
                          3 two frames back to back */
} raw_seed;

static const raw_seed raw_seeds[] = {
    {"raw-frame", R_FRAME, 0, 0, 0, 0, NULL,
     {0, false, false, false, false, 0, false, false, 0}, {TEXT, 0, 4}, 0},
    {"raw-frame-checksums", R_FRAME, 7, 100, 0, 0, NULL,
     {1, false, true, true, true, 9, false, false, 99}, {LOREM, 0, 6}, 0},
    {"raw-frame-uncompressible", R_FRAME, 1, 3, 0, 0, NULL,
     {0, true, false, true, false, 0, false, false, 0},
     {"\x8f\x13\x7a\x55\xe1\x02\xc9\x3d", 0, 0}, 0},
    {"raw-frame-truncated", R_FRAME, 0, 0, 0, 0, NULL,
     {0, false, true, false, true, 0, false, false, 0}, {TEXT, 0, 5}, 1},
    {"raw-frame-corrupt", R_FRAME, 0, 0, 0, 0, NULL,
     {0, false, true, true, false, 3, false, false, 0}, {LOREM, 0, 5}, 2},
    {"raw-frames-two", R_FRAME, 5, 0, 0, 0, NULL,
     {0, false, false, false, true, 0, false, false, 0}, {"abba", 0, 100}, 3},
    {"raw-block", R_BLOCK, 0, 0, 0, 0, NULL,
     {0, false, false, false, false, 0, false, false, 0}, {TEXT, 0, 4}, 0},
    {"raw-block-partial", R_BLOCK, 0, 0, 5000, 100, NULL,
     {0, false, false, false, false, 9, false, false, 0}, {LOREM, 0, 20}, 0},
    {"raw-block-dict", R_BLOCK, 0, 0, 0, 30, TEXT LOREM,
     {0, false, false, false, false, 0, false, false, 0}, {TEXT, 0, 2}, 0},
    {"raw-block-small-capacity", R_BLOCK, 0, 0, 16, 0, NULL,
     {0, false, false, false, false, 0, false, false, 0}, {"aab", 0, 30}, 0},
    {"raw-block-corrupt", R_BLOCK, 0, 0, 0, 0, NULL,
     {0, false, false, false, false, 0, false, false, 0}, {LOREM, 0, 3}, 2},
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
    static char block[LZ4_COMPRESSBOUND(DATA_MAX)];
    for (size_t i = 0; i < sizeof raw_seeds / sizeof raw_seeds[0]; i++) {
        const raw_seed *r = &raw_seeds[i];
        size_t len = expand_data(&r->data, 1, data, DATA_MAX);
        bytes c = {0};
        pf_src *s = pf_begin("lz4", NULL, 0);
        if (r->kind == R_FRAME) {
            lopts o = {.p = r->p};
            compress_once(s, "seed", &o, data, len, &c);
            if (r->damage == 3) {
                bytes c2 = {0};
                compress_once(s, "seed", &o, data, len / 2, &c2);
                bytes_put(&c, c2.p, c2.len);
                bytes_free(&c2);
            }
        } else {
            int n;
            if (r->dict) {
                LZ4_stream_t st;
                LZ4_initStream(&st, sizeof st);
                LZ4_loadDict(&st, r->dict, (int)strlen(r->dict));
                n = LZ4_compress_fast_continue(&st, (const char *)data, block,
                                               (int)len, (int)sizeof block, 1);
            } else if (r->p.level >= LZ4HC_CLEVEL_MIN) {
                n = LZ4_compress_HC((const char *)data, block, (int)len,
                                    (int)sizeof block, r->p.level);
            } else {
                n = LZ4_compress_default((const char *)data, block, (int)len,
                                         (int)sizeof block);
            }
            PF_ASSERT(s, n > 0);
            bytes_put(&c, block, (size_t)n);
        }
        pf_end(s);
        if (r->damage == 1)
            c.len -= 3;
        else if (r->damage == 2)
            c.p[c.len / 2] ^= 0x10;
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_RAW);
        pf_enc_choice(&e, N_RAW, (size_t)r->kind);
        if (r->kind == R_FRAME) {
            pf_enc_u64_range(&e, 0, 255, r->in_step);
            pf_enc_u64_range(&e, 0, 255, r->out_step);
        } else {
            pf_enc_u64_range(&e, 0, BLOCK_CAP_MAX, r->cap ? r->cap : len);
            pf_enc_u64_range(&e, 0, BLOCK_CAP_MAX, r->target);
            const char *d = r->dict ? r->dict : "";
            pf_enc_bytes(&e, 0, DICT_MAX, (const uint8_t *)d, strlen(d));
        }
        pf_buf_put(&e, c.p, c.len);
        emit(r->name, e.data, e.len);
        pf_buf_free(&e);
        bytes_free(&c);
    }
}
