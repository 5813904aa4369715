/* lz4's block API (lz4.h, lz4hc.h) on the value mode's data, dictionary
 * and level: what lz4's own tests (tests/fuzzer.c) hold its compressors
 * to, beyond decoding back. Compressed bytes are free to change between
 * releases, so these compare calls of one build with each other:
 *   block_capacity  into a room of exactly its size a block comes out the
 *                   same bytes, into one byte less or a drawn shorter room
 *                   it is refused (0); it decodes into exactly the data's
 *                   size, not one byte less
 *   dest_size       LZ4_compress_destSize (LZ4_compress_HC_destSize) into
 *                   LZ4_compressBound() consumes all of the data, and into
 *                   a drawn room writes no more than the room and consumes
 *                   a prefix of the data; each decodes back
 *   dict_attach     with a dictionary, LZ4_attach_dictionary on a fresh
 *                   stream, then on the same stream reset by
 *                   LZ4_resetStream_fast, writes the bytes LZ4_loadDict does
 *                   (acceleration 1, as tests/fuzzer.c compares them)
 * The compressor follows the level as lz4frame does: below
 * LZ4HC_CLEVEL_MIN the fast one, accelerated by -level when negative; from
 * it, LZ4HC at that level. Every room is guarded (pf_vec_reserve): a write
 * past it is an ASan report. */
#include "lz4.h"

#ifdef PF_PLANT
#include PF_PLANT
#endif

typedef struct blk {
    const pf_stream_input *in;
    const char *data, *dict;
    int len, dict_len, level, accel;
    bool hc;
} blk;

/* p's len bytes repeated to fill n (none stay none). */
static const char *grown(pf_src *s, const char *p, int len, int n)
{
    if (len == 0 || len >= n)
        return p;
    char *g = pf_alloc(s, (size_t)n);
    for (int at = 0; at < n; at += len)
        memcpy(g + at, p, (size_t)(n - at < len ? n - at : len));
    return g;
}

/* The dictionary is copied apart: a slice of the data would let
 * LZ4_loadDict's stream shorten a dictionary the input overlaps, which the
 * attached one does not, and dict_attach compares the two. On a drawn
 * choice the data and the dictionary are repeated past 64 KiB, sizes
 * DATA_MAX and DICT_MAX keep the other properties below: there the
 * one-shot compressor leaves its 16-bit table (LZ4_64Klimit) and a
 * dictionary keeps only its last 64 KiB. */
static blk blk_of(pf_src *s, void *input)
{
    const pf_stream_input *in = input;
    const lz_opts *o = in->opts;
    int level = (int)o->p[P_LEVEL];
    blk b = {.in = in, .data = (const char *)in->data, .len = (int)in->len,
             .dict_len = (int)o->dict.len, .level = level,
             .hc = level >= LZ4HC_CLEVEL_MIN, .accel = level < 0 ? -level : 1};
    if (o->dict.data) {
        char *d = pf_alloc(s, o->dict.len);
        b.dict = memcpy(d, o->dict.data, o->dict.len);
    }
    if (pf_bool_p(s, "past_64k", 0.125)) {
        int n = 64 * 1024 + (int)pf_u64_range(s, "beyond", 0, 4096);
        b.data = grown(s, b.data, b.len, n);
        b.len = b.len ? n : 0;
        b.dict = grown(s, b.dict, b.dict_len, n);
        b.dict_len = b.dict_len ? n : 0;
    }
    return b;
}

/* A stream's memory aligned as its type asks and no more (an address
 * that is an odd multiple of the alignment): LZ4_initStream and
 * LZ4_initStreamHC must take any buffer their type's alignment allows. */
static void *stream_memory(pf_src *s, size_t size, size_t align)
{
    uintptr_t p = (uintptr_t)pf_alloc(s, size + 2 * align);
    p = (p + 2 * align - 1) & ~(uintptr_t)(2 * align - 1);
    return (void *)(p + align);
}

static char *room(pf_src *s, int n)
{
    return (char *)pf_vec_reserve(pf_vec_new(s), n > 0 ? (size_t)n : 0);
}

_Noreturn static void blk_fail(pf_src *s, const blk *b, const char *summary,
                               int got, int want)
{
    pf_buf d = {0};
    pf_buf_printf(&d, "%s %d (expected %d), data %d bytes, dictionary %d bytes",
                  b->hc ? "LZ4HC" : "fast", got, want, b->len, b->dict_len);
    pf_stream_fail(s, &lz_codec, b->in->opts, summary, pf_buf_defer(s, &d));
}

static LZ4_stream_t *new_fast(pf_src *s, const blk *b)
{
    LZ4_stream_t *st = LZ4_initStream(
        stream_memory(s, sizeof *st, _Alignof(LZ4_stream_t)), sizeof *st);
    if (!st)
        blk_fail(s, b, "LZ4_initStream refused memory aligned as LZ4_stream_t", 0, 1);
    return st;
}

static LZ4_streamHC_t *new_hc(pf_src *s, const blk *b)
{
    LZ4_streamHC_t *h = LZ4_initStreamHC(
        stream_memory(s, sizeof *h, _Alignof(LZ4_streamHC_t)), sizeof *h);
    if (!h)
        blk_fail(s, b, "LZ4_initStreamHC refused memory aligned as LZ4_streamHC_t", 0, 1);
    return h;
}

/* One compression into a room of cap bytes (0: refused), with streams made
 * afresh: the dictionary loaded into a new stream when there is one, the
 * one-shot call when there is none. */
static int blk_compress(pf_src *s, const blk *b, char *dst, int cap)
{
    if (b->hc) {
        if (!b->dict)
            return LZ4_compress_HC(b->data, dst, b->len, cap, b->level);
        LZ4_streamHC_t *h = new_hc(s, b);
        LZ4_resetStreamHC_fast(h, b->level);
        LZ4_loadDictHC(h, b->dict, b->dict_len);
        return LZ4_compress_HC_continue(h, b->data, dst, b->len, cap);
    }
    if (!b->dict)
        return LZ4_compress_fast(b->data, dst, b->len, cap, b->accel);
    LZ4_stream_t *f = new_fast(s, b);
    LZ4_loadDict(f, b->dict, b->dict_len);
    return LZ4_compress_fast_continue(f, b->data, dst, b->len, cap, b->accel);
}

static int blk_decompress(const blk *b, const char *src, int n, char *dst, int cap)
{
    return LZ4_decompress_safe_usingDict(src, dst, n, cap, b->dict, b->dict_len);
}

void lz_prop_block_capacity(pf_src *s, void *input)
{
    blk b = blk_of(s, input);
    int bound = LZ4_compressBound(b.len);
    char *full = room(s, bound);
    int c = blk_compress(s, &b, full, bound);
    if (c <= 0)
        blk_fail(s, &b, "a block was refused a room of LZ4_compressBound()", c, bound);
    char *exact = room(s, c);
    int e = blk_compress(s, &b, exact, c);
    if (e != c || memcmp(exact, full, (size_t)c) != 0)
        blk_fail(s, &b, "into a room of exactly its size the block changed", e, c);
    int r = blk_compress(s, &b, room(s, c - 1), c - 1);
    if (r != 0)
        blk_fail(s, &b, "a room one byte short of the block was accepted", r, 0);
    /* Any shorter room too, and nothing is written past it (the guard):
     * where the room ends inside a match's length bytes or a literal run
     * is where the output limit's checks are tried. */
    int short_room = (int)pf_u64_range(s, "short_room", 0, (uint64_t)c - 1);
    if ((r = blk_compress(s, &b, room(s, short_room), short_room)) != 0)
        blk_fail(s, &b, "a room shorter than the block was accepted", r, 0);
    /* Decoded from the exact room, guarded right after the block: a read
     * past its end is an ASan report. */
    char *back = room(s, b.len);
    int d = blk_decompress(&b, exact, c, back, b.len);
    if (d != b.len || memcmp(back, b.data, (size_t)b.len) != 0)
        blk_fail(s, &b, "the block does not decode into exactly the data", d, b.len);
    if (b.len > 0 && (d = blk_decompress(&b, exact, c, room(s, b.len - 1), b.len - 1)) >= 0)
        blk_fail(s, &b, "the block decoded into a room one byte short of the data", d, -1);
}

/* LZ4_compress_destSize (its HC form at HC levels) into a room of target
 * bytes: within it, a prefix of the data (all of it in the bound), which
 * decodes back from a copy of exactly its size. */
static void dest_size_into(pf_src *s, const blk *b, int target, int bound)
{
    char *dst = room(s, target);
    int consumed = b->len, n;
    if (b->hc) {
        void *state = stream_memory(s, (size_t)LZ4_sizeofStateHC(), _Alignof(LZ4_streamHC_t));
        n = LZ4_compress_HC_destSize(state, b->data, dst, &consumed, target, b->level);
    } else {
        n = LZ4_compress_destSize(b->data, dst, &consumed, target);
    }
    if (n < 0 || n > target)
        blk_fail(s, b, "LZ4_compress_destSize wrote more than its room", n, target);
    if (consumed < 0 || consumed > b->len)
        blk_fail(s, b, "LZ4_compress_destSize consumed more than the data", consumed, b->len);
    if (target >= bound && (n == 0 || consumed != b->len))
        blk_fail(s, b, "LZ4_compress_destSize with room for all of it left data out",
                 consumed, b->len);
    if (n == 0)
        return;
    char *block = memcpy(room(s, n), dst, (size_t)n), *back = room(s, consumed);
    int d = LZ4_decompress_safe(block, back, n, consumed);
    if (d != consumed || memcmp(back, b->data, (size_t)consumed) != 0)
        blk_fail(s, b, "LZ4_compress_destSize's block does not decode into the "
                 "prefix it consumed", d, consumed);
}

void lz_prop_dest_size(pf_src *s, void *input)
{
    blk b = blk_of(s, input);
    int bound = LZ4_compressBound(b.len);
    dest_size_into(s, &b, bound, bound);
    dest_size_into(s, &b, (int)pf_u64_range(s, "dest_room", 0, (uint64_t)bound), bound);
}

void lz_prop_dict_attach(pf_src *s, void *input)
{
    blk b = blk_of(s, input);
    if (!b.dict)
        return;
    int bound = LZ4_compressBound(b.len);
    LZ4_stream_t *loaded = new_fast(s, &b);
    LZ4_loadDict(loaded, b.dict, b.dict_len);
    char *want = room(s, bound);
    int w = LZ4_compress_fast_continue(loaded, b.data, want, b.len, bound, 1);
    LZ4_stream_t *dict = new_fast(s, &b);
    LZ4_loadDict(dict, b.dict, b.dict_len);
    LZ4_stream_t *st = new_fast(s, &b);
    for (int round = 0; round < 2; round++) {
        if (round)
            LZ4_resetStream_fast(st);
        LZ4_attach_dictionary(st, dict);
        char *got = room(s, bound);
        int g = LZ4_compress_fast_continue(st, b.data, got, b.len, bound, 1);
        if (g != w || (w > 0 && memcmp(got, want, (size_t)w) != 0))
            blk_fail(s, &b, round ? "LZ4_attach_dictionary on a reset stream wrote "
                                    "other bytes than LZ4_loadDict"
                                  : "LZ4_attach_dictionary wrote other bytes than LZ4_loadDict",
                     g, w);
    }
}

