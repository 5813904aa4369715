/* propfuzz — the streaming-codec family (compression libraries).
 *
 * A compression target describes its library once, as a pf_stream_codec:
 * one-shot compression (and, optionally, decompression), and step-wise
 * streams that are begun with the drawn options, fed input with an output
 * room, flushed and finished. The drive loops here feed those streams in
 * drawn chunks with drawn rooms (rooms of one byte included), and the
 * ready-made properties check:
 *
 *   round_trip        decompress(compress(x)) == x, consuming the stream
 *   deterministic     compress(x) twice gives identical bytes
 *   batch_stream      compressed in drawn chunks with drawn output rooms,
 *                     then decompressed, == x; with a flush after each
 *                     chunk, the stream so far decodes to x so far; the
 *                     one-shot stream decompressed in drawn chunks and
 *                     rooms == x
 *   concat            frames (and the format's skippable frames) one after
 *                     another decode to the concatenation of their data
 *   decompress_safe   raw input under an output cap: no crash, no
 *                     over-read (ASan); when the one-shot decoder accepts,
 *                     the stepped decoder gives the same bytes, and
 *                     compressing them round-trips
 *
 * A target keeps what is its library's own: the calls (the vtable), what
 * to draw for it (its options, its part of a chunked plan), its numbered
 * restrictions (pf_skip) and its seeds. Everything here is per input: the
 * vectors, the results and the streams are released when the input ends,
 * however it ends (a failure abandons the run).
 *
 * Memory is watched more closely than malloc alone would: the bytes right
 * after an output room and after the data handed to a library are
 * poisoned for ASan (PF_VEC_GUARD bytes), so writing past the room it was
 * given or reading past its input is reported even inside a larger
 * buffer; so is reading past the end of an input chunk.
 */
#ifndef PROPFUZZ_STREAM_H
#define PROPFUZZ_STREAM_H

#include "propfuzz.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Byte vectors the library writes into directly (properties/stream/bytevec.c) */
/* ------------------------------------------------------------------ */

/* Bytes [0, len) hold data; PF_VEC_GUARD bytes after len (or after the
 * room last reserved) are poisoned under ASan, whatever the room's size
 * at the same cost. Memory comes from a pool kept across inputs: fresh
 * memory from ASan's quarantine costs page faults on every run. */
enum { PF_VEC_GUARD = 32 };

typedef struct pf_vec {
    uint8_t *data;  /* never NULL once something was reserved */
    size_t len;
    size_t cap;     /* room + guard included */
    size_t guard;   /* where the guard is poisoned (SIZE_MAX: none) */
} pf_vec;

/* An empty vector whose memory goes back to the pool when the input ends.
 * Never NULL. */
pf_vec *pf_vec_new(pf_src *s);
/* At least n writable bytes after len, guarded after them; returns
 * data + len. Valid until the next reserve, put or added. */
uint8_t *pf_vec_reserve(pf_vec *v, size_t n);
/* n bytes were written at the room reserve returned (n <= that room). */
void pf_vec_added(pf_vec *v, size_t n);
void pf_vec_put(pf_vec *v, const void *p, size_t n);
/* len = n (n <= len): drops the tail, the guard moves to the new end. */
void pf_vec_truncate(pf_vec *v, size_t n);
/* The pool's memory, freed (for LeakSanitizer-clean tools and tests). */
void pf_vec_pool_drain(void);

/* ------------------------------------------------------------------ */
/* A cache for the library's own allocations (properties/stream/blockcache.c) */
/* ------------------------------------------------------------------ */

/* Freed blocks are kept (up to 16 MiB each) and handed out again for a
 * request of the same size: a library that allocates its tables per
 * stream would otherwise take fresh pages from ASan's quarantine every
 * run. A reused block is a malloc'ed block of exactly that size, so ASan
 * still sees overflows; only a use after free of a cached block goes
 * unseen. Wire these into the library's custom-allocator hooks. */
void *pf_cache_alloc(size_t n);
void *pf_cache_calloc(size_t n);
void pf_cache_free(void *p);

/* ------------------------------------------------------------------ */
/* The data to compress: a drawn segment plan (properties/stream/segments.c)  */
/* ------------------------------------------------------------------ */

/* Data as a list (continue-flags, label given) of segments, each literal
 * bytes or a pattern repeated `count` times, so long matches and runs
 * occur: choice "segment" (literal, run); literal: pf_bytes 0..literal_max;
 * run: pf_bytes "pattern" 1..pattern_max and "count" 1..run_max. Zero
 * fields take the defaults (8 segments, literal_max = the cut, 64, 1024). */
typedef struct pf_segments_opts {
    size_t max_segments, literal_max, pattern_max;
    uint64_t run_max;
} pf_segments_opts;

/* Draws the data, cut at `max` bytes; it lives in a guarded vector. */
pf_vec *pf_draw_segments(pf_src *s, const char *label,
                         const pf_segments_opts *o, size_t max);

/* A segment as seeds write it. */
typedef struct pf_segment {
    const char *bytes;  /* literal, or the pattern */
    size_t len;         /* 0: strlen(bytes) */
    unsigned count;     /* 0: literal; else the repeat count */
} pf_segment;
void pf_enc_segments(pf_buf *e, const pf_segments_opts *o,
                     const pf_segment *segs, size_t n);
/* The data that segs stand for, cut at max (seeds check their decoding). */
size_t pf_segments_expand(const pf_segment *segs, size_t n, uint8_t *out,
                          size_t max);

/* A table of drawn parameters (properties/stream/params.c): each an int64 in
 * `values` at its index, drawn in table order inside a span, written back
 * by the inverse, and printed as "name=value" (names of a choice). An
 * entry with `when` = k + 1 is drawn only when entry k is non-zero (else
 * it is 0 and not printed). */
typedef enum pf_param_kind {
    PF_PARAM_BOOL,    /* pf_bool */
    PF_PARAM_CHOICE,  /* pf_choice over n_names names */
    PF_PARAM_UINT,    /* pf_u64_range(lo, hi) */
    PF_PARAM_INT,     /* pf_i64_range(lo, hi) */
} pf_param_kind;
typedef struct pf_param {
    const char *name;
    pf_param_kind kind;
    int64_t lo, hi;
    const char *const *names;  /* PF_PARAM_CHOICE: hi + 1 of them */
    int when;
} pf_param;
void pf_draw_params(pf_src *s, const char *label, const pf_param *t, size_t n,
                    int64_t *values);
void pf_enc_params(pf_buf *e, const pf_param *t, size_t n,
                   const int64_t *values);
void pf_describe_params(pf_buf *b, const pf_param *t, size_t n,
                        const int64_t *values);

/* A preset dictionary: choice "dict" (none, bytes, slice); bytes:
 * pf_bytes "dict_bytes" 0..dict_max; slice: "slice_at" 0..data_max and
 * "slice_len" 0..dict_max, clipped to the data. */
enum { PF_DICT_NONE, PF_DICT_BYTES, PF_DICT_SLICE, PF_N_DICT };
typedef struct pf_dict {
    int kind;
    const uint8_t *data;  /* NULL for none */
    size_t len;
} pf_dict;
pf_dict pf_draw_dict(pf_src *s, size_t dict_max, size_t data_max,
                     const uint8_t *data, size_t len);
/* kind bytes: p, n are its bytes; kind slice: p is NULL, n is slice_len
 * and at slice_at. */
void pf_enc_dict(pf_buf *e, size_t dict_max, size_t data_max, int kind,
                 const void *p, size_t n, size_t at);

/* ------------------------------------------------------------------ */
/* The codec: one-shot calls and step-wise streams (properties/stream/stream.c) */
/* ------------------------------------------------------------------ */

/* What one step is given and did. */
typedef struct pf_stream_io {
    const uint8_t *in;   /* input offered to this call */
    size_t in_len;
    size_t in_used;      /* set by the step: bytes taken */
    uint8_t *out;        /* the output room */
    size_t room;
    size_t out_used;     /* set by the step: bytes written */
    const char *error;   /* set with PF_STEP_ERROR: what the library said */
} pf_stream_io;

/* A compression step's operation: take this input (FEED), take it and
 * flush (FLUSH: a block boundary, the stream can be decoded so far), take
 * it and end the stream (FINISH). */
typedef enum pf_stream_op { PF_OP_FEED, PF_OP_FLUSH, PF_OP_FINISH } pf_stream_op;

typedef enum pf_step {
    PF_STEP_MORE,   /* call again (with more room or input) */
    PF_STEP_DONE,   /* compression: the op is complete, all input taken;
                       decompression: a frame ended */
    PF_STEP_ERROR,  /* refused: io->error says why */
} pf_step;

/* How a stream is fed. Zero is: all input at once, the default room. */
typedef struct pf_stream_plan {
    const size_t *chunks;  /* input chunk sizes (pf_chunks); NULL: in_step */
    size_t n_chunks;
    size_t in_step;        /* with chunks NULL: bytes per call, 0 all */
    size_t room;           /* output room per call; 0: compression, the
                              codec's default_room; decompression, all
                              that is left of cap */
    size_t cap;            /* decompression: the most output accepted */
    bool flush;            /* compression: FLUSH after each chunk but the
                              last (else FEED) */
    bool flush_keeps_bits; /* compression: this plan's FLUSH may hold the
                              last bits back (zlib's Z_BLOCK), so the
                              stream so far is not promised decodable */
    size_t *flushed;       /* compression, when set: filled with the
                              output's length after each chunk's FLUSH */
    bool multi;            /* decompression: frames one after another */
    const void *extra;     /* the codec's own drawn plan (flush mode, ...) */
} pf_stream_plan;

typedef struct pf_stream_result pf_stream_result;

/* The vtable. `opts` are the target's drawn compression options and
 * `dopts` its decompression options: opaque here, and writable, so a
 * codec may note what a call told it (a bound, a frame header) for the
 * target's own checks. Begin functions may fail the running property
 * (pf_fail) when the library refuses options it documents. */
typedef struct pf_stream_codec {
    const char *compress_name;    /* "deflate": used in reports */
    const char *decompress_name;  /* "inflate" */

    /* One-shot compression appended to out: NULL, or why it failed. */
    const char *(*compress)(pf_src *s, void *opts, const uint8_t *data,
                            size_t len, pf_vec *out);
    /* Compressing again for `deterministic` (NULL: compress), e.g. with
     * the same context after a session reset. */
    const char *(*recompress)(pf_src *s, void *opts, const uint8_t *data,
                              size_t len, pf_vec *out);

    void *(*encoder_begin)(pf_src *s, void *opts, const pf_stream_plan *plan,
                           size_t total_len);
    pf_step (*encoder_step)(void *enc, pf_stream_op op, pf_stream_io *io);
    /* The least room a call needs (NULL: 1). */
    size_t (*encoder_min_room)(void *enc, pf_stream_op op, size_t in_left);
    void (*encoder_end)(void *enc);
    size_t default_room;          /* compression room when plan->room is 0 */
    bool finish_with_last_chunk;  /* the last chunk is fed with FINISH;
                                     else FINISH comes with no input */

    void *(*decoder_begin)(pf_src *s, void *dopts);
    pf_step (*decoder_step)(void *dec, pf_stream_io *io);
    /* After a frame ended with input left (plan->multi); NULL: the
     * decoder goes on by itself. */
    void (*decoder_next_frame)(void *dec);
    void (*decoder_end)(void *dec);
    bool empty_is_no_frames;      /* empty input decodes (to nothing) */

    /* One-shot decompression into at most cap bytes (NULL: the decoder
     * fed whole with all of cap as room). Sets r's status and output. */
    void (*decompress)(pf_src *s, void *dopts, const uint8_t *in, size_t len,
                       size_t cap, pf_stream_result *r);

    /* The parameters line of reports. */
    void (*describe)(const void *opts, pf_buf *b);
} pf_stream_codec;

/* How a decompression ended. */
typedef enum pf_stream_status {
    PF_STREAM_END,        /* the (last) frame ended */
    PF_STREAM_ERROR,      /* the decoder refused the input */
    PF_STREAM_TRUNCATED,  /* all input taken, room left, no end */
    PF_STREAM_TOO_LARGE,  /* cap reached before the end */
} pf_stream_status;

struct pf_stream_result {
    pf_stream_status status;
    const char *error;    /* PF_STREAM_ERROR: the decoder's words */
    pf_vec *out;
    size_t consumed;      /* input bytes taken */
    unsigned frames;      /* frames that ended */
};

const char *pf_stream_status_name(pf_stream_status st);

/* Compresses data in plan's chunks; fails the running property when the
 * library refuses a call, makes no progress, or never finishes. */
void pf_stream_compress(pf_src *s, const pf_stream_codec *c, void *opts,
                        const uint8_t *data, size_t len,
                        const pf_stream_plan *plan, pf_vec *out);
/* Decompresses in in plan's chunks and rooms (cap required); fails the
 * running property only when the decoder makes no progress. */
void pf_stream_decompress(pf_src *s, const pf_stream_codec *c, void *dopts,
                          const uint8_t *in, size_t len,
                          const pf_stream_plan *plan, pf_stream_result *r);
/* One-shot decompression (c->decompress, or the decoder fed whole). */
void pf_stream_decompress_once(pf_src *s, const pf_stream_codec *c,
                               void *dopts, const uint8_t *in, size_t len,
                               size_t cap, pf_stream_result *r);
/* One-shot compression; a refusal fails the running property. */
void pf_stream_compress_once(pf_src *s, const pf_stream_codec *c, void *opts,
                             const uint8_t *data, size_t len, pf_vec *out);

/* r decoded all src_len bytes of its input to exactly want: else the
 * running property fails, naming both sides (`got` is what was done to
 * get r, e.g. "inflate(deflate(data))"). */
void pf_stream_check_decoded(pf_src *s, const pf_stream_codec *c,
                             const void *opts, const char *got,
                             const pf_stream_result *r, size_t src_len,
                             const char *want_name, const uint8_t *want,
                             size_t want_len);
/* "call: what" in a static buffer (valid until the next call): the text
 * of io->error and of failure details. */
const char *pf_stream_why(const char *call, const char *what);
/* A failure of the running property with the parameters line. */
_Noreturn void pf_stream_fail_at(pf_src *s, const char *file, int line,
                                 const pf_stream_codec *c, const void *opts,
                                 const char *summary, const char *detail);
#define pf_stream_fail(s, ...) \
    pf_stream_fail_at((s), __FILE__, __LINE__, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* The ready-made properties (properties/stream/stream_props.c)               */
/* ------------------------------------------------------------------ */

enum {
    PF_STREAM_MAX_CHUNKS = 16,  /* drawn chunks of a plan */
    PF_STREAM_ROOM_MAX = 512,   /* drawn rooms: 0 (default) .. 512 */
    PF_STREAM_MAX_PARTS = 4,    /* concatenated frames */
};

/* The value mode's input: what setup drew, and the one-shot stream. */
typedef struct pf_stream_input {
    const struct pf_stream_target *t;
    void *opts, *dopts;
    const uint8_t *data;
    size_t len;
    pf_vec *packed;    /* compress(opts, data) */
} pf_stream_input;

/* A target's hooks into the ready-made properties: what it draws there. */
typedef struct pf_stream_target {
    const pf_stream_codec *codec;
    /* batch_stream: after the chunks ("in_chunks") the codec's own part of
     * the plan, a parameter table drawn as "plan" (its values are the
     * plan's extra); plan_from sets the room and flush from them. */
    const pf_param *plan_params;
    size_t n_plan_params;
    void (*plan_from)(pf_stream_plan *plan, const int64_t *values);
    /* concat: each further part is a frame (choice "part" when the format
     * has skippable frames) of data "part_data" (pf_draw_segments with
     * part_seg, cut at part_max) compressed with part_opts's options
     * (NULL: the first frame's), which may lower the cut; or a skippable
     * frame of bytes "skipped" (0..part_max) with a "magic" 0..15, which
     * write_skippable appends (NULL: the format has none). */
    void *(*part_opts)(pf_src *s, pf_stream_input *in, size_t *cut);
    const pf_segments_opts *part_seg;
    size_t part_max;
    void (*write_skippable)(pf_src *s, unsigned magic, const uint8_t *p,
                            size_t n, pf_vec *out);
    /* concat: the decoder options for the concatenation (NULL: dopts). */
    void *(*concat_dopts)(pf_src *s, pf_stream_input *in);
    /* concat: checks of the whole concatenation before it is decoded in
     * chunks (sizes the format states, a one-shot decode). NULL: none. */
    void (*check_concat)(pf_src *s, pf_stream_input *in, const pf_vec *all,
                         const pf_vec *want);
} pf_stream_target;

/* A room as a plan parameter: 0 (the default) .. PF_STREAM_ROOM_MAX. */
#define PF_STREAM_ROOM_PARAM(name) {name, PF_PARAM_UINT, 0, PF_STREAM_ROOM_MAX, NULL, 0}
/* The inverse of pf_chunks(total, max PF_STREAM_MAX_CHUNKS): the chunk
 * sizes but the last, which takes the rest (seeds). */
void pf_stream_enc_chunks(pf_buf *e, size_t total, const size_t *sizes,
                          size_t n);

/* setup of the value mode: compresses data once (a refusal fails
 * round_trip) and returns the input every property receives. */
pf_stream_input *pf_stream_input_new(pf_src *s, const pf_stream_target *t,
                                     void *opts, void *dopts,
                                     const uint8_t *data, size_t len);

/* pf_property run functions over a pf_stream_input. */
void pf_stream_round_trip(pf_src *s, void *input);
void pf_stream_deterministic(pf_src *s, void *input);
void pf_stream_batch_stream(pf_src *s, void *input);
void pf_stream_concat(pf_src *s, void *input);
/* batch_stream's two halves, for targets that check more in between:
 * chunked compression decoded whole; the one-shot stream decoded in
 * chunks ("decompress_chunks", "decompress_room"). */
void pf_stream_batch_compress(pf_src *s, pf_stream_input *in);
void pf_stream_batch_decompress(pf_src *s, pf_stream_input *in);

/* decompress_safe over raw input. */
typedef struct pf_stream_raw {
    const pf_stream_codec *codec;
    void *dopts;          /* for the one-shot decode */
    void *step_dopts;     /* for the stepped decode (NULL: dopts) */
    void *recompress_opts;/* how the accepted output is compressed again */
    void *recompress_dopts;
    const uint8_t *raw;
    size_t len;
    size_t in_step, out_step;  /* the stepped decode's plan */
    size_t cap;                /* output cap (one-shot and stepped) */
    bool multi;                /* frames one after another */
} pf_stream_raw;

/* The parts of decompress_safe, for targets that check more: */
/* the one-shot decode of raw (its result is what the rest compares to); */
const pf_stream_result *pf_stream_raw_once(pf_src *s, pf_stream_raw *r);
/* the stepped decode of raw; compare with pf_stream_raw_same (what names
 * the stepped side; NULL: "<decompress>(raw) in steps"); */
void pf_stream_raw_stepped(pf_src *s, pf_stream_raw *r, pf_stream_result *st);
void pf_stream_raw_same(pf_src *s, pf_stream_raw *r, const char *what,
                        const pf_stream_result *st,
                        const pf_stream_result *once);
/* compressing what the decoder gave, and decoding that, round-trips. */
void pf_stream_raw_recompress(pf_src *s, pf_stream_raw *r,
                              const pf_stream_result *once);
/* All three in turn (a pf_property run function over a pf_stream_raw). */
void pf_stream_decompress_safe(pf_src *s, void *raw);
/* Draws the stepped plan ("in_step", "out_step": 0..255 each) and takes
 * the rest of the input as r->raw. */
void pf_stream_draw_raw(pf_src *s, pf_stream_raw *r);

/* ------------------------------------------------------------------ */
/* Seeds (properties/stream/stream_seeds.c)                                   */
/* ------------------------------------------------------------------ */

/* What every value-mode seed starts with: the mode's choice, the
 * parameter table, the data. */
typedef struct pf_stream_head {
    size_t n_modes, mode;
    const pf_param *params;
    size_t n_params;
    const pf_segments_opts *seg;
    size_t data_max;
} pf_stream_head;

/* One seed, written as values. It starts with the head (params, data).
 * A value seed goes on with the target's tail (enc_tail: a dictionary and
 * the like, from tail, bytes, at, len). A stream seed (chunk > 0) goes on
 * with the tail too, then batch_stream (chunk, then the rest; the plan;
 * the one-shot stream decoded whole with dec_room) and concat (one more
 * part, a frame of part_params and part, or with part_params NULL a
 * skippable frame of part's bytes with `magic`; the target's enc_concat;
 * the concatenation decoded whole). A raw seed (raw set: the target's raw
 * head values, enc_raw) is followed by what compress(params, data) gives,
 * damaged: 1 cut short by 3 bytes, 2 a bit flipped in the middle, 3 a
 * second stream of the data's first half appended; the target's `damage`
 * hook may add its own. */
typedef struct pf_stream_seed {
    const char *name;
    const int64_t *params;
    pf_segment data[3];      /* ended by the first empty one */
    const int64_t *tail;
    const char *bytes;
    size_t at, len;
    size_t chunk;
    const int64_t *plan;
    unsigned dec_room;
    const int64_t *part_params;
    pf_segment part;
    unsigned magic;
    const int64_t *raw;
    int damage;
} pf_stream_seed;

typedef struct pf_stream_seeds {
    const pf_stream_target *target;
    pf_stream_head head;
    const pf_param *part_table;  /* the parameters of a further frame */
    size_t n_part_table;
    /* NULL: the tail is a dictionary (pf_enc_dict with dict_max and the
     * head's data_max): kind tail[0] (none when tail is NULL), bytes or a
     * slice (at, len), and when it is not none the dict_params table's
     * values from tail[1]. */
    void (*enc_tail)(pf_buf *e, const pf_stream_seed *sd);
    size_t dict_max;
    const pf_param *dict_params;
    size_t n_dict_params;
    void (*enc_concat)(pf_buf *e, const pf_stream_seed *sd); /* NULL: none */
    void (*enc_raw)(pf_buf *e, const pf_stream_seed *sd);
    void *(*opts_of)(pf_src *s, const pf_stream_seed *sd);   /* raw seeds */
    void (*damage)(pf_src *s, const pf_stream_seed *sd, void *opts,
                   pf_vec *stream);                          /* NULL: none */
    const pf_stream_seed *seeds;
    size_t n_seeds;
} pf_stream_seeds;

/* Seed rows: PF_SEED(name, params, segments...), then for a dictionary
 * PF_SEED_DICT(kind, bytes, at, len, params table values...). */
#define PF_SEED(n, p, ...) .name = n, .params = p, .data = {__VA_ARGS__}
#define PF_SEED_DICT(kind, b, at_, len_, ...)                               \
    .tail = (const int64_t[]){kind, __VA_ARGS__}, .bytes = b, .at = at_,     \
    .len = len_

/* Writes every seed (pf_target_seeds calls it); each value and stream
 * seed is first checked to decode back to its head (else a one-line
 * error naming the seed, and abort: a typo in the table). */
void pf_stream_emit_seeds(const pf_stream_seeds *spec,
                          void (*emit)(const char *name, const uint8_t *data,
                                       size_t len));

#ifdef __cplusplus
}
#endif
#endif /* PROPFUZZ_STREAM_H */
