/* propfuzz_binary — a typed value model shared by binary-serializer targets
 * (MessagePack, CBOR, BSON, ...).
 *
 * One tree type (pf_bin) that a binary format's library converts to and
 * from, so the strategy (with sizes at the formats' header boundaries),
 * its inverse, strict equality with a path of first difference, the report
 * printer and the serializer properties exist once. A target states what
 * its format holds (pf_bin_limits), how its library is called
 * (pf_bin_codec) and, optionally, its format's smallest-encoding rule (the
 * codec's `reference` writer). Every symbol starts with pf_bin_ / PF_BIN_.
 *
 * Memory: every node and payload lives in a pf_bin_pool and is freed with
 * it (pf_bin_input_pool is reset when the input ends).
 */
#ifndef PROPFUZZ_BINARY_H
#define PROPFUZZ_BINARY_H

#include "propfuzz.h"

#include <sys/types.h> /* ssize_t: pf_bin_chunks_read */

#ifdef __cplusplus
extern "C" {
#endif

/* Leaf kinds first (the strategy offers only them at the depth cap). */
typedef enum pf_bin_kind {
    PF_BIN_NIL,
    PF_BIN_BOOL,
    PF_BIN_INT,     /* v.i, written in `width` bytes (1, 2, 4, 8; 0: any) */
    PF_BIN_UINT,    /* v.u, likewise */
    PF_BIN_FLOAT,   /* v.bits: the IEEE bits of a `width`-bit float (16,
                       32, 64): every NaN payload, -0.0, subnormals */
    PF_BIN_BYTES,   /* v.bytes, n bytes */
    PF_BIN_TEXT,    /* v.bytes, n bytes: UTF-8 (invalid where allowed) */
    PF_BIN_EXT,     /* an extension type: `tag` (signed) and n bytes of
                       payload in v.bytes (MessagePack ext, BSON binary
                       subtypes) */
    PF_BIN_DATE,    /* v.i: milliseconds since the Unix epoch */
    PF_BIN_DECIMAL, /* v.bytes: the 16 bytes (little endian) of an IEEE
                       754-2008 decimal128 */
    PF_BIN_N_LEAVES,
    PF_BIN_ARRAY = PF_BIN_N_LEAVES, /* v.items, n of them */
    PF_BIN_MAP,     /* v.pairs, n of them, in written order */
    PF_BIN_TAG,     /* `tag` and one value, v.items[0] (CBOR tags; a
                       format's own compound types by a number it names) */
    PF_BIN_N_KINDS
} pf_bin_kind;

extern const char *const pf_bin_kind_names[PF_BIN_N_KINDS];
#define PF_BIN_BIT(kind) (1u << (kind))

typedef struct pf_bin pf_bin;
typedef struct pf_bin_pair {
    pf_bin *key, *value;
} pf_bin_pair;

struct pf_bin {
    pf_bin_kind kind;
    uint8_t width;  /* INT/UINT: bytes; FLOAT: bits; 0 elsewhere */
    /* BYTES, TEXT, EXT, ARRAY, MAP: n is a size the header claims but the
     * value does not hold (its payload or elements are absent). Only the
     * strategy's claimed class makes one, and only for the raw-bytes
     * property (pf_bin_claimed_size): no library can write it. */
    bool claimed;
    size_t n;
    int64_t tag;    /* EXT: the type; TAG: the tag number */
    union {
        bool b;
        int64_t i;
        uint64_t u;
        uint64_t bits;
        const uint8_t *bytes;
        pf_bin **items;
        pf_bin_pair *pairs;
    } v;
};

/* ------------------------------------------------------------------ */
/* Pools and constructors. Allocation failure aborts.                  */
/* ------------------------------------------------------------------ */

typedef struct pf_bin_pool pf_bin_pool;
pf_bin_pool *pf_bin_pool_new(void);
void pf_bin_pool_reset(pf_bin_pool *p);
void pf_bin_pool_free(pf_bin_pool *p);
void *pf_bin_alloc(pf_bin_pool *p, size_t n);
/* The pool of the input running now (reset when the input ends). */
pf_bin_pool *pf_bin_input_pool(pf_src *s);

pf_bin *pf_bin_new(pf_bin_pool *p, pf_bin_kind kind);
pf_bin *pf_bin_nil(pf_bin_pool *p);
pf_bin *pf_bin_bool(pf_bin_pool *p, bool b);
pf_bin *pf_bin_int(pf_bin_pool *p, int64_t i, unsigned width);
pf_bin *pf_bin_uint(pf_bin_pool *p, uint64_t u, unsigned width);
pf_bin *pf_bin_f64(pf_bin_pool *p, double d);
pf_bin *pf_bin_f32(pf_bin_pool *p, float f);
pf_bin *pf_bin_float_bits(pf_bin_pool *p, uint64_t bits, unsigned width);
/* BYTES, TEXT, DECIMAL (len 16) and EXT (tag set after) copy len bytes. */
pf_bin *pf_bin_bytes(pf_bin_pool *p, pf_bin_kind kind, const void *data,
                     size_t len);
pf_bin *pf_bin_text(pf_bin_pool *p, const char *s); /* a C string */
pf_bin *pf_bin_ext(pf_bin_pool *p, int64_t type, const void *data, size_t len);
pf_bin *pf_bin_date(pf_bin_pool *p, int64_t ms);
/* Containers with room for cap elements (they grow as needed). */
pf_bin *pf_bin_array(pf_bin_pool *p, size_t cap);
pf_bin *pf_bin_map(pf_bin_pool *p, size_t cap);
void pf_bin_push(pf_bin_pool *p, pf_bin *array, pf_bin *item);
void pf_bin_put(pf_bin_pool *p, pf_bin *map, pf_bin *key, pf_bin *value);
pf_bin *pf_bin_tag(pf_bin_pool *p, int64_t tag, pf_bin *inner);

/* The element count of a container, which pf_bin_push/put grow. */
size_t pf_bin_cap(const pf_bin *container);

/* decimal128 by its words (BID: the sign and combination field in the
 * top bits of high), and back. */
pf_bin *pf_bin_decimal(pf_bin_pool *p, uint64_t high, uint64_t low);
void pf_bin_decimal_words(const pf_bin *v, uint64_t *high, uint64_t *low);
/* Whether a decimal128's text (to string, then from string) keeps its
 * bits: a finite value whose coefficient is below 10^34 (a larger one
 * reads as 0), an infinity with no payload, or the positive quiet NaN
 * with none (the text "NaN" carries no sign or payload). */
bool pf_bin_decimal_text_exact(const pf_bin *v);
/* A float's value as a double (16 and 32 bits widened exactly). */
double pf_bin_float_value(const pf_bin *v);
/* True when v or anything inside it has a claimed size. */
bool pf_bin_has_claimed(const pf_bin *v);
/* The first non-NULL result of fn over v and everything inside it (pre-
 * order; map keys before values; a repeated element once), or NULL: a
 * target's "first value this restriction excludes" in one line. */
typedef const char *pf_bin_visit(const pf_bin *node, const void *ctx);
const char *pf_bin_find(const pf_bin *v, pf_bin_visit *fn, const void *ctx);

/* ------------------------------------------------------------------ */
/* The strategy and its inverse.                                       */
/* ------------------------------------------------------------------ */

/* Sizes where binary formats change their header (with a neighbour), the
 * set a size class draw picks from: 15/16 (fix forms), 31/32, 255/256
 * (8-bit lengths), 65535/65536 (16-bit lengths). */
enum { PF_BIN_N_BOUNDARIES = 8 };
extern const uint32_t pf_bin_boundaries[PF_BIN_N_BOUNDARIES];
/* The size a claimed class writes: 2^32, past every 32-bit length. */
#define PF_BIN_CLAIMED_SIZE ((size_t)1 << 32)

/* What a target's format and library hold. Zero-initialised means every
 * kind but TAG, any width, floats of 16, 32 and 64 bits, valid UTF-8 text,
 * depth 4, 6 elements per container, 40 bytes per payload, keys of every
 * leaf kind, duplicate keys allowed, no boundary sizes, no claimed sizes. */
typedef struct pf_bin_limits pf_bin_limits;
struct pf_bin_limits {
    unsigned kinds;        /* PF_BIN_BIT(...) mask (0: all but TAG) */
    unsigned top_kinds;    /* kinds of a whole value (0: kinds), e.g. a
                              document for BSON */
    unsigned key_kinds;    /* kinds of map keys (0: the leaf kinds of kinds) */
    unsigned max_depth;    /* containers nest at most this deep (0: 4) */
    size_t max_items;      /* elements of an ordinary container (0: 6) */
    size_t max_bytes;      /* bytes of an ordinary payload (0: 40) */
    unsigned int_widths;   /* bit w-1 set: INT/UINT of w bytes (0: 1,2,4,8) */
    unsigned float_widths; /* bit 0: 16, 1: 32, 2: 64 (0: all three) */
    bool text_invalid;     /* text may be invalid UTF-8 */
    bool text_no_nul;      /* text never holds a 0x00 byte */
    bool keys_no_nul;      /* text keys never hold a 0x00 byte */
    bool unique_keys;      /* keys within a map are distinct */
    bool no_nan;           /* floats are never NaN */
    bool quiet_nan;        /* 16- and 32-bit NaNs are quiet: a library that
                              holds floats as doubles quiets a signalling
                              NaN as it widens one (msgpack-c) */
    bool int_negative;     /* INT values are below 0: a format with one
                              encoding per integer writes 0.. as UINT
                              (MessagePack, CBOR) */
    bool ext_bounded;      /* EXT types only in [ext_min, ext_max] */
    int64_t ext_min, ext_max;
    /* Sizes: with `boundaries`, a size class draw also offers
     * pf_bin_boundaries (payloads and containers of those sizes, one drawn
     * element or pattern repeated): payloads up to boundary_max (0:
     * 65536), containers up to items_boundary_max (0: 256; a 65,536-element
     * container costs about a second under the sanitizers: a format whose
     * container header changes there sets 65536). 65,535 and 65,536 are
     * drawn behind a pf_bool_p of 1/256 (only the byte 0xff: mutations
     * write small words far more often), a container's behind two (its
     * cost would otherwise set the execution rate; seeds of those sizes
     * reach them at once); with `claimed` the class draw
     * also offers PF_BIN_CLAIMED_SIZE, as a claimed size. */
    bool boundaries;
    size_t boundary_max;
    size_t items_boundary_max;
    bool claimed;
    /* Nesting: with nest_limit (> max_depth + 1), a size class draw of an
     * array also offers a chain: single-element arrays around one ordinary
     * leaf, the leaf nest_limit or nest_limit - 1 containers deep (counting
     * those around the array): a reader's nesting limit and one below. */
    unsigned nest_limit;
    /* TAG values: the target draws them (its format's compound types)
     * with pf_bin_draw_at for nested values; enc_tag writes the bytes its
     * draw_tag reads back as v. NULL: a tag number below 2^16 and any
     * value. */
    pf_bin *(*draw_tag)(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l,
                        unsigned depth);
    void (*enc_tag)(pf_buf *e, const pf_bin_limits *l, const pf_bin *v,
                    unsigned depth);
    const void *ctx; /* the target's, for its hooks */
};

/* Draws one value: a tree kind (leaves at the depth cap), then its
 * payload. Simplest (all zeros): nil (the first allowed kind). */
pf_bin *pf_bin_draw(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l);
/* A value of kind `kind` (a map of text keys for a document), or any
 * allowed kind at `depth` (kind PF_BIN_N_KINDS), for draw_tag hooks. */
pf_bin *pf_bin_draw_kind(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l,
                         unsigned depth, pf_bin_kind kind);
pf_bin *pf_bin_draw_at(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l,
                       unsigned depth);
/* The size class draw: an ordinary size in [0, max] or, as the limits
 * allow, a boundary size or a claimed one (*claimed set). */
size_t pf_bin_draw_size(pf_src *s, const pf_bin_limits *l, size_t max,
                        bool *claimed);

/* The inverse: bytes pf_bin_draw with the same limits decodes to v (v
 * must be drawable: a boundary-sized container repeats one element). */
void pf_bin_enc_value(pf_buf *e, const pf_bin_limits *l, const pf_bin *v);
void pf_bin_enc_kind(pf_buf *e, const pf_bin_limits *l, const pf_bin *v,
                     unsigned depth, pf_bin_kind kind);
void pf_bin_enc_at(pf_buf *e, const pf_bin_limits *l, const pf_bin *v,
                   unsigned depth);
void pf_bin_enc_size(pf_buf *e, const pf_bin_limits *l, size_t max,
                     size_t n, bool claimed);

/* ------------------------------------------------------------------ */
/* Equality, printing.                                                 */
/* ------------------------------------------------------------------ */

/* Zero: strict (kinds, widths, float bits, bytes, tags; maps in order). */
typedef struct pf_bin_eq {
    bool any_width;   /* integers compare by value whatever their width */
    bool unordered;   /* maps as sets of pairs (in any order) */
} pf_bin_eq;

/* On a difference, when path is not NULL, extends it to the first
 * difference (map values by key: ["k"], items by index: [3]). */
bool pf_bin_equal(const pf_bin *a, const pf_bin *b, const pf_bin_eq *how,
                  pf_path *path);

/* One line for reports: nil, true, i32(-5), u8(7), f16(0x3c00 1),
 * f64(-0), f32(nan 0x7fc00001), b"\x00a", "text", ext(5, b".."),
 * date(1500), dec128(0x..), [..], {k: v}, tag(1, ..); containers past
 * 16 elements and payloads past 64 bytes are cut, and a claimed size
 * shows as claimed(n). Output past limit bytes (0: 4096) is cut. */
void pf_bin_print(pf_buf *b, const pf_bin *v, size_t limit);
const char *pf_bin_show(pf_bin_pool *p, const pf_bin *v);
/* Bytes as hex for a report line, as the family's properties show them
 * (cut past 512 bytes); the text lives until the input ends. */
const char *pf_bin_hex(pf_src *s, const void *data, size_t len);

/* ------------------------------------------------------------------ */
/* Codecs and the properties, written once.                            */
/* ------------------------------------------------------------------ */

typedef struct pf_bin_codec pf_bin_codec;
struct pf_bin_codec {
    const char *name;        /* the library, for reports */
    pf_bin_limits values;    /* the strategy: what the library holds */
    pf_bin_eq eq;            /* how a value and its reading compare */
    bool maps_unordered;     /* the format says maps are unordered:
                                key_order applies */
    /* The library writes v: 0, or non-zero when it refuses v. */
    int (*encode)(const pf_bin_codec *c, const pf_bin *v, pf_buf *out);
    /* The library reads one value from the start of data: the value (in
     * p) and *used (bytes it took), or NULL when it refuses them. */
    pf_bin *(*decode)(const pf_bin_codec *c, pf_bin_pool *p,
                      const uint8_t *data, size_t len, size_t *used);
    /* Optional: the format's smallest encoding of v, written from its
     * specification (claimed sizes written as claimed): 0, or non-zero
     * when the format cannot hold v. smallest_encoding and claimed_size
     * need it. */
    int (*reference)(const pf_bin_codec *c, const pf_bin *v, pf_buf *out);
    /* Optional: the library's stream reader over data fed in chunks
     * (sizes sum to len): the values in order (at most max) until the end
     * or a refusal; returns their count, or SIZE_MAX when it failed. */
    size_t (*decode_stream)(const pf_bin_codec *c, pf_bin_pool *p,
                            const uint8_t *data, const size_t *sizes,
                            size_t n_chunks, pf_bin **out, size_t max);
    /* Optional: a value drawn or read that the target cannot check (a
     * restriction's name), or NULL. */
    const char *(*unfit)(const pf_bin_codec *c, const pf_bin *v);
    const void *ctx;
};

enum { PF_BIN_MAX_BATCH = 4 };

/* What a mode's setup hands the properties. */
typedef struct pf_bin_case {
    const pf_bin_codec *codec;
    pf_bin_pool *pool;
    const pf_bin *values[PF_BIN_MAX_BATCH]; /* value mode: 1..4 values */
    size_t n;
    pf_plan chunks;          /* batch_stream's chunk sizes */
    size_t perm_seed;        /* key_order's permutation seed, drawn up
                                front (0..2^32-1): a target's own
                                properties may take their variation from
                                it too (a reader's buffer, an order) */
    const uint8_t *raw;      /* raw mode: the rest of the input */
    size_t len;
} pf_bin_case;

pf_bin_case *pf_bin_value_case(pf_src *s, const pf_bin_codec *c);
pf_bin_case *pf_bin_raw_case(pf_src *s, const pf_bin_codec *c);
/* The case's codec as the core oracles' pf_codec (propfuzz.h), for a
 * target's own checks with pf_check_*: values are pf_bin, compared with
 * codec->eq and printed with pf_bin_print (lives until the input ends). */
const pf_codec *pf_bin_oracle(pf_src *s, const pf_bin_case *k);

/* The properties, as pf_property run functions over a pf_bin_case:
 *   round_trip         decode(encode(v)) == v, exactly (codec->eq)
 *   deterministic      encode(v) twice, and encode of a copy of v, give
 *                      identical bytes
 *   smallest_encoding  encode(v) == reference(v) (needs reference)
 *   key_order          maps' pairs permuted (unique keys): decode(encode)
 *                      of the permuted copy equals v as a map
 *   batch_stream       the values' encodings concatenated, fed to
 *                      decode_stream in drawn chunks, read back as the
 *                      values one by one (needs decode_stream)
 *   claimed_size       a value with a claimed size, written by reference
 *                      (its header claims more than follows): decode
 *                      refuses it without crashing (needs reference)
 * Raw mode:
 *   canonical_fixed_point  what decodes re-encodes to bytes that decode
 *                      to the same value and re-encode unchanged
 *   decode_safety      decode of any bytes never crashes, takes no more
 *                      than it was given, reads them the same way twice,
 *                      and what it accepts prints */
void pf_bin_round_trip(pf_src *s, void *bin_case);
void pf_bin_deterministic(pf_src *s, void *bin_case);
void pf_bin_smallest_encoding(pf_src *s, void *bin_case);
void pf_bin_key_order(pf_src *s, void *bin_case);
void pf_bin_batch_stream(pf_src *s, void *bin_case);
void pf_bin_claimed_size(pf_src *s, void *bin_case);
void pf_bin_canonical_fixed_point(pf_src *s, void *bin_case);
void pf_bin_decode_safety(pf_src *s, void *bin_case);

/* ------------------------------------------------------------------ */
/* Tag schemas: a format's own compound types as a table.              */
/* ------------------------------------------------------------------ */

/* A format's own type (BSON's ObjectId, regex, timestamp, ...) is a TAG
 * value numbered as the format numbers it, over 0..2 parts: none is
 * tag(nil), one is tag(part), two tag([a, b]) (so a lone part is never an
 * array). A table of each type's parts draws, inverts and checks them:
 * set the codec's values.draw_tag = pf_bin_schema_draw, enc_tag =
 * pf_bin_schema_enc, ctx = the schema, and unfit = pf_bin_schema_unfit. */
typedef enum pf_bin_part_kind {
    PF_BIN_PART_NONE,    /* no (more) parts */
    PF_BIN_PART_BYTES,   /* BYTES of exactly `size` bytes (an id) */
    PF_BIN_PART_UINT,    /* UINT of `size` bytes (1, 2, 4, 8), any value */
    PF_BIN_PART_TEXT,    /* TEXT as the limits draw it */
    PF_BIN_PART_CSTRING, /* TEXT as a C string: no 0x00, ordinary sizes */
    PF_BIN_PART_FLAGS,   /* TEXT: a subset of `chars` (up to 16) in their
                            order, one pf_bool each (regex options) */
    PF_BIN_PART_MAP,     /* a MAP as the limits draw one (a document) */
} pf_bin_part_kind;

typedef struct pf_bin_part {
    pf_bin_part_kind kind;
    const char *label;   /* the draw's label (BYTES, UINT, FLAGS) */
    size_t size;         /* BYTES, UINT */
    const char *chars;   /* FLAGS */
} pf_bin_part;

/* A table row's parts. */
#define PF_BIN_BYTES_PART(label, size) {PF_BIN_PART_BYTES, label, size, NULL}
#define PF_BIN_UINT_PART(label, size) {PF_BIN_PART_UINT, label, size, NULL}
#define PF_BIN_TEXT_PART {PF_BIN_PART_TEXT, NULL, 0, NULL}
#define PF_BIN_CSTRING_PART {PF_BIN_PART_CSTRING, NULL, 0, NULL}
#define PF_BIN_FLAGS_PART(label, chars) {PF_BIN_PART_FLAGS, label, 0, chars}
#define PF_BIN_MAP_PART {PF_BIN_PART_MAP, NULL, 0, NULL}

typedef struct pf_bin_tag_type {
    int64_t tag;
    pf_bin_part parts[2]; /* none: {.tag = ...} */
} pf_bin_tag_type;

typedef struct pf_bin_schema {
    const char *label;             /* the type choice's label */
    const pf_bin_tag_type *types;  /* in the order the strategy offers them */
    size_t n;
    /* The restrictions pf_bin_schema_unfit names for values read from
     * bytes (drawn ones keep them): a CSTRING holding 0x00, FLAGS that
     * are not a subset of chars in their order. */
    const char *cstring_rule, *flags_rule;
} pf_bin_schema;

pf_bin *pf_bin_tag_parts(pf_bin_pool *p, int64_t tag, pf_bin *a, pf_bin *b);
/* Part i (0, 1) of a TAG value made by pf_bin_tag_parts. */
const pf_bin *pf_bin_tag_part(const pf_bin *v, size_t i);
/* The schema's type numbered tag, or NULL. */
const pf_bin_tag_type *pf_bin_schema_type(const pf_bin_schema *sc, int64_t tag);
/* The strategy's hooks (l->ctx: the schema): a type (one pf_choice),
 * then its parts; enc writes the bytes draw reads back as v. */
pf_bin *pf_bin_schema_draw(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l,
                           unsigned depth);
void pf_bin_schema_enc(pf_buf *e, const pf_bin_limits *l, const pf_bin *v,
                       unsigned depth);
/* A codec's unfit (c->values.ctx: the schema): the rule the first TAG
 * value of the schema's types inside v breaks, part by part, or NULL. */
const char *pf_bin_schema_unfit(const pf_bin_codec *c, const pf_bin *v);

/* ------------------------------------------------------------------ */
/* A read handle over chunks.                                          */
/* ------------------------------------------------------------------ */

/* For libraries whose stream reader pulls bytes through a read(2)-like
 * callback (bson_reader_new_from_handle): data in the given chunks, each
 * call returning at most the rest of one chunk, then 0 at the end. */
typedef struct pf_bin_chunks {
    const uint8_t *data;
    const size_t *sizes;
    size_t n, at, off;
} pf_bin_chunks;
void pf_bin_chunks_init(pf_bin_chunks *h, const uint8_t *data,
                        const size_t *sizes, size_t n_chunks);
ssize_t pf_bin_chunks_read(void *handle, void *buf, size_t count);

/* ------------------------------------------------------------------ */
/* Seeds, written as values.                                           */
/* ------------------------------------------------------------------ */

typedef void pf_bin_emit(const char *name, const uint8_t *data, size_t len);

/* One value-mode input: the mode choice (of n_modes; none for one), the
 * case's variation (no chunks, identity permutation), then the values. */
void pf_bin_seed_values(pf_bin_emit *emit, const char *name, size_t mode,
                        size_t n_modes, const pf_bin_codec *c,
                        const pf_bin *const *values, size_t n);
/* The same with the case's variation given: batch_stream's chunks (NULL:
 * none) and perm_seed (below 2^32). */
void pf_bin_seed_case(pf_bin_emit *emit, const char *name, size_t mode,
                      size_t n_modes, const pf_bin_codec *c,
                      const pf_bin *const *values, size_t n,
                      const pf_plan *chunks, size_t perm_seed);
/* One raw-mode input: the mode choice, then the bytes. */
void pf_bin_seed_raw(pf_bin_emit *emit, const char *name, size_t mode,
                     size_t n_modes, const uint8_t *data, size_t len);
/* One value written both ways: the value-mode seed `name` and the
 * raw-mode seed "raw-<name>" of its bytes as c->encode writes them. */
void pf_bin_seed_both(pf_bin_emit *emit, const char *name, size_t value_mode,
                      size_t raw_mode, size_t n_modes, const pf_bin_codec *c,
                      const pf_bin *v);

#ifdef __cplusplus
}
#endif

#endif /* PROPFUZZ_BINARY_H */
