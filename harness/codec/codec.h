/* codec's shared parts: sizes, the drawn batch, the decoded values and
 * the functions harness/codec.c (the property and mode table) and the
 * files of harness/codec/ share. The restrictions (R1..) are listed in
 * harness/codec.c. */
#ifndef HARNESS_CODEC_H
#define HARNESS_CODEC_H

#include "propfuzz.h"

#include <limits.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_DEPTH = 4,   /* containers nest at most this deep, but for "edge" */
    DEPTH_LIMIT = 32, /* msgpack-c unpacks at most this many nested containers (R5) */
    MAX_ITEMS = 8,   /* elements of one array or map */
    MAX_BATCH = 8,   /* values in one batch */
    MAX_BYTES = 300, /* str/bin/ext payload; > 255 reaches the 16-bit forms */
    MAX_CHUNKS = 16,
    PRINT_ITEMS = 16,  /* a report shows this many elements of a container */
    PRINT_BYTES = 256, /* and this many bytes of a string */
    /* Chunk sizes up to a byte: a boundary can fall anywhere in a small
     * batch and inside the header of a large one. */
    CHUNK_MAX = 255,
};

/* The modes, in the order of the table in harness/codec.c (the seeds
 * encode them). */
enum mode { MODE_VALUES, MODE_RAW, N_MODES };

/* Leaf kinds first: pf_tree_kind only offers them at the depth cap. */
enum kind {
    K_NIL, K_BOOL, K_UINT, K_NEGINT, K_F32, K_F64, K_STR, K_BIN, K_EXT, K_LONG,
    N_LEAF, K_ARRAY = N_LEAF, K_MAP, K_EDGE, N_KINDS
};

/* Sizes where MessagePack switches forms, with their neighbours (see
 * strategy.c); the unpacker's first buffers. */
enum { N_WIDE_SIZES = 3, N_LONG_SIZES = 9, N_HUGE_SIZES = 3, N_FIRST_BUFFERS = 5 };
extern const uint32_t mp_wide_sizes[N_WIDE_SIZES];
extern const uint32_t mp_long_sizes[N_LONG_SIZES];
extern const uint32_t mp_huge_sizes[N_HUGE_SIZES];
extern const size_t mp_first_buffers[N_FIRST_BUFFERS];
#define HUGE_P (1.0 / 128)

/* A decoded value keeps the msgpack_unpacked that owns its memory. */
typedef struct decoded {
    msgpack_object obj; /* first: the value pointer the oracles hold */
    msgpack_unpacked owner;
} decoded;

/* A sequence of decoded values, each owning its memory, released when the
 * input ends (so a failing check leaks nothing). */
typedef struct value_list {
    decoded *items[MAX_BATCH + 1];
    size_t bytes[MAX_BATCH + 1]; /* the bytes each value took, as reported */
    size_t n;
} value_list;

/* What value mode draws: a batch of values, and the batch packed. */
typedef struct batch {
    msgpack_object vals[MAX_BATCH];
    size_t n;
    pf_buf *whole;
    size_t ends[MAX_BATCH]; /* where each value's bytes end in whole */
    msgpack_zone *zone;
    /* The properties' variation, drawn before the values (see "Variation
     * drawn up front" in propfuzz.h: at the end of the input it was the
     * trivial plan on nine inputs in ten of a fuzzed corpus). */
    pf_plan chunks;                 /* batch_stream's chunk sizes */
    size_t first_buffer;            /* and its unpacker's first buffer */
    size_t batch_order[MAX_BATCH];  /* order_independent's shuffles */
    size_t map_order[MAX_ITEMS];
    uint16_t room;                  /* write_error's writer: room % (size + 1) */
} batch;

/* strategy.c: value mode's draws. */
void *mp_draw_batch(pf_src *s);

/* inverse.c: the strategy's inverse, for seeds. */
void mp_enc_value(pf_buf *e, const msgpack_object *o, unsigned depth);
void mp_enc_variation(pf_buf *e, const pf_plan *chunks, const size_t *batch_order,
                      const size_t *map_order, size_t buffer, uint16_t room);

/* object.c: msgpack_object compared type-strictly, and printed. */
bool mp_obj_equal(const msgpack_object *a, const msgpack_object *b, pf_path *path);
void mp_print_obj(pf_buf *b, const msgpack_object *o);

/* msgpack_codec.c: msgpack-c's packer and one-shot unpacker as the
 * oracles' pf_codec. Every msgpack_pack_object call goes through
 * mp_pack_with, so a planted wrapper of it keeps one state. */
extern const pf_codec mp_codec;
int mp_pack_to_buf(void *data, const char *buf, size_t len);
int mp_pack_with(void *data, msgpack_packer_write write, const msgpack_object *o);
int mp_pack_object(pf_buf *out, const msgpack_object *o);
void mp_release(decoded *d);
pf_buf *mp_new_buf(pf_src *s);

/* unpack.c: the streaming and the one-shot unpacker over packed bytes. */
value_list *mp_unpack_stream(pf_src *s, const uint8_t *data, size_t initial,
                             bool with_size, const size_t *sizes, size_t n_chunks);
value_list *mp_unpack_whole(pf_src *s, const pf_buf *b);
value_list *mp_unpack_each(pf_src *s, const pf_buf *b);

/* spec.c: the reference encoder written from the MessagePack spec. */
void mp_put_be(pf_buf *b, uint64_t v, unsigned bytes);
void mp_ref_pack(pf_buf *b, const msgpack_object *o);

/* The properties, for the table in harness/codec.c: batch.c, order.c,
 * spec.c, packers.c and raw.c. */
void mp_prop_round_trip(pf_src *s, void *in);
void mp_prop_deterministic(pf_src *s, void *in);
void mp_prop_batch_stream(pf_src *s, void *in);
void mp_prop_order_independent(pf_src *s, void *in);
void mp_prop_smallest_encoding(pf_src *s, void *in);
void mp_prop_write_error(pf_src *s, void *in);
void mp_prop_typed_packers(pf_src *s, void *in);
void mp_prop_canonical_fixed_point(pf_src *s, void *in);

#endif
