/* propfuzz_json — a JSON value model shared by the JSON targets.
 *
 * One tree type (pf_json) that every JSON library under test converts to
 * and from, so the strategy, its inverse, type-strict equality with a path
 * of first difference, the report printer, the canonical text writer and a
 * strict RFC 8259 reference parser exist once instead of once per target.
 * Every symbol starts with pf_json_ / PF_JSON_.
 *
 * Memory: every node and string lives in a pf_json_pool and is freed with
 * it (pf_json_pool_reset keeps the first block for the next input, so a
 * fuzz loop allocates almost nothing).
 */
#ifndef PROPFUZZ_JSON_H
#define PROPFUZZ_JSON_H

#include "propfuzz.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pf_json_type {
    PF_JSON_NULL, PF_JSON_BOOL,
    PF_JSON_INT,    /* int64_t */
    PF_JSON_UINT,   /* uint64_t above INT64_MAX (see pf_json_opts.uint) */
    PF_JSON_DOUBLE,
    PF_JSON_STRING, /* bytes; usually UTF-8; may hold NULs */
    PF_JSON_ARRAY, PF_JSON_OBJECT,
    PF_JSON_N_TYPES
} pf_json_type;

typedef struct pf_json pf_json;
typedef struct pf_json_member {
    const char *key; /* NUL-terminated copy; key_len bytes (may hold NULs) */
    size_t key_len;
    pf_json *value;
} pf_json_member;

struct pf_json {
    pf_json_type type;
    size_t n;   /* string bytes, array items, object members */
    size_t cap; /* room in items/members (pf_json_push, pf_json_put) */
    union {
        bool b;
        int64_t i;
        uint64_t u;
        double d;
        const char *s;            /* NUL-terminated; n bytes */
        pf_json **items;
        pf_json_member *members;
    } v;
    /* Numbers read by pf_json_parse keep their literal text here (else
     * NULL): a library's view of a number is a function of its text. */
    const char *lit;
    size_t lit_len;
};

/* ------------------------------------------------------------------ */
/* Pools and constructors. Allocation failure aborts.                  */
/* ------------------------------------------------------------------ */

typedef struct pf_json_pool pf_json_pool;
pf_json_pool *pf_json_pool_new(void);
void pf_json_pool_reset(pf_json_pool *p); /* frees all but the first block */
void pf_json_pool_free(pf_json_pool *p);
void *pf_json_alloc(pf_json_pool *p, size_t n); /* 16-byte aligned */

pf_json *pf_json_null(pf_json_pool *p);
pf_json *pf_json_bool(pf_json_pool *p, bool b);
pf_json *pf_json_int(pf_json_pool *p, int64_t i);
pf_json *pf_json_uint(pf_json_pool *p, uint64_t u);
pf_json *pf_json_double(pf_json_pool *p, double d);
pf_json *pf_json_string(pf_json_pool *p, const char *s, size_t len);
/* Containers with room for cap elements (they grow as needed). */
pf_json *pf_json_array(pf_json_pool *p, size_t cap);
pf_json *pf_json_object(pf_json_pool *p, size_t cap);
void pf_json_push(pf_json_pool *p, pf_json *array, pf_json *item);
void pf_json_put(pf_json_pool *p, pf_json *object, const char *key,
                 size_t key_len, pf_json *value);
/* A deep copy of v into p. */
pf_json *pf_json_copy(pf_json_pool *p, const pf_json *v);
/* The first member with exactly this key, or NULL. */
const pf_json *pf_json_get(const pf_json *object, const char *key,
                           size_t key_len);

/* ------------------------------------------------------------------ */
/* The strategy and its inverse.                                       */
/* ------------------------------------------------------------------ */

/* What a library can hold. Zero-initialised means: every type, the full
 * int64 range, finite doubles, any Unicode text with U+0000, depth 4,
 * 6 elements per container, strings of up to 40 code points. */
typedef struct pf_json_opts {
    unsigned max_depth;    /* containers nest at most this deep (0: 4) */
    size_t max_items;      /* elements of one array or object (0: 6) */
    size_t max_string;     /* code points of a string or key (0: 40) */
    bool no_int;           /* no integer type: numbers are doubles */
    bool uint;             /* also PF_JSON_UINT in (INT64_MAX, UINT64_MAX] */
    bool int_bounded;      /* integers only in [int_min, int_max] */
    int64_t int_min, int_max;
    bool nonfinite;        /* doubles may be NaN or infinite */
    double double_max;     /* > 0: doubles only in [-double_max, double_max]
                              (finite; overrides nonfinite) */
    bool no_nul;           /* strings and keys never hold U+0000 */
    bool no_nul_keys;      /* keys never hold U+0000 */
} pf_json_opts;

/* Draws one value: a tree kind (leaves at the depth cap), then its
 * payload. Object keys within one object are distinct (pf_list_unique),
 * so "the same object" has one meaning. U+0000 removed by no_nul is simply
 * dropped from the drawn text. Simplest (all zeros): null. */
pf_json *pf_json_draw(pf_src *s, pf_json_pool *p, const pf_json_opts *o);
/* The inverse: bytes that pf_json_draw with the same options decodes to v.
 * v must be drawable under o (else the result decodes to something else;
 * pf_json_drawable says whether it is). */
void pf_json_enc(pf_buf *e, const pf_json_opts *o, const pf_json *v);
bool pf_json_drawable(const pf_json_opts *o, const pf_json *v);
/* The depth of v: scalars 0, [] 1, [[]] 2, ... */
unsigned pf_json_depth(const pf_json *v);
/* Levels of values, as json-c and jansson count nesting: a scalar 1,
 * [] 1, [0] 2, [[]] 2, ... */
unsigned pf_json_levels(const pf_json *v);

/* ------------------------------------------------------------------ */
/* Equality, printing.                                                 */
/* ------------------------------------------------------------------ */

/* How two trees compare. Zero: type-strict (1 is not 1.0 is not true),
 * doubles bit-exact (-0 != 0, NaN payloads count), objects member by
 * member in order. */
typedef struct pf_json_eq {
    const pf_tolerance *tol; /* doubles within this (NaN == NaN; -0 and 0
                                still differ) */
    bool nan_any;            /* any NaN equals any NaN */
    bool unordered;          /* objects as maps: same keys, equal values in
                                any order (keys must be unique) */
} pf_json_eq;

/* On a difference, when path is not NULL, extends it to the first
 * difference (call with NULL first: building a path costs). */
bool pf_json_equal(const pf_json *a, const pf_json *b, const pf_json_eq *how,
                   pf_path *path);

/* A one-line rendering for reports: null, true, 5, 18446744073709551615u,
 * f64(0.5), f64(-0), f64(nan 0x7ff8000000000001), "text", [..], {"k": ..}.
 * Long output is cut (limit bytes, 0: 4096). */
void pf_json_print(pf_buf *b, const pf_json *v, size_t limit);
/* pf_json_print into a pool string (for pf_line texts). */
const char *pf_json_show(pf_json_pool *p, const pf_json *v);

/* ------------------------------------------------------------------ */
/* JSON text.                                                          */
/* ------------------------------------------------------------------ */

typedef struct pf_json_write_opts {
    bool ascii;      /* escape every non-ASCII code point as \uXXXX (with
                        surrogate pairs); needs valid UTF-8 strings */
    bool escape_all; /* escape every character (\u or short form) */
    /* When not NULL, whitespace drawn from ws (JSON's four whitespace
     * characters, up to 3 each) goes before and after every token. */
    pf_src *ws;
} pf_json_write_opts;

/* Canonical JSON text of v (NULL opts: compact, UTF-8 raw, short escapes
 * for \b \f \n \r \t \" \\, \u00XX for other controls). Integers in
 * decimal; doubles as %.17g with ".0" added when that looks like an
 * integer, so a parser can tell them apart; NaN and infinities (not JSON)
 * as NaN, Infinity, -Infinity. Strings' bytes are written as they are
 * (invalid UTF-8 stays invalid). */
void pf_json_write(pf_buf *b, const pf_json *v, const pf_json_write_opts *o);

/* Where a byte of a JSON text lies, for a walk that changes a text only
 * outside its strings (or only inside them): start at PF_JSON_OUTSIDE and
 * step with each byte. */
typedef enum pf_json_text_place {
    PF_JSON_OUTSIDE,   /* outside every string (an opening quote is here) */
    PF_JSON_IN_STRING, /* inside a string (its closing quote is here) */
    PF_JSON_ESCAPED,   /* inside a string, right after a backslash */
} pf_json_text_place;
/* The place of byte ch when the walk is at *at; moves *at past it. */
pf_json_text_place pf_json_text_step(pf_json_text_place *at, uint8_t ch);

/* The strict reference parser (RFC 8259): exactly one value surrounded by
 * optional whitespace (space, tab, LF, CR), valid UTF-8, no extensions.
 * Numbers without fraction or exponent are PF_JSON_INT when they fit
 * int64, PF_JSON_UINT when they fit uint64, else PF_JSON_DOUBLE (flagged);
 * "-0" is the integer 0 (flagged). Others are strtod's double (overflow to
 * infinity flagged). Lone surrogate escapes are kept as their 3-byte
 * generalized-UTF-8 form (flagged). Duplicate keys are kept in order
 * (flagged). Objects and arrays nest without limit (the parser does not
 * recurse); the deepest nesting is reported. */
typedef enum pf_json_err {
    PF_JSON_OK,
    PF_JSON_ERR_EMPTY,      /* no value (only whitespace) */
    PF_JSON_ERR_TRAILING,   /* something after the value */
    PF_JSON_ERR_TOKEN,      /* a byte no value starts with; bad literal */
    PF_JSON_ERR_NUMBER,     /* a number outside the grammar */
    PF_JSON_ERR_CONTROL,    /* a raw control character in a string */
    PF_JSON_ERR_ESCAPE,     /* a bad escape sequence */
    PF_JSON_ERR_UTF8,       /* invalid UTF-8 */
    PF_JSON_ERR_SYNTAX,     /* missing or extra , : ] } (incl. trailing ,) */
    PF_JSON_ERR_EOF,        /* the text ends inside a value */
    PF_JSON_ERR_NUL,        /* a NUL byte anywhere in the text */
    PF_JSON_ERR_WS,         /* a control character where whitespace may go */
    PF_JSON_ERR_BOM,        /* the text starts with a UTF-8 byte order mark */
    PF_JSON_N_ERRS
} pf_json_err;
extern const char *const pf_json_err_names[PF_JSON_N_ERRS];

/* Features of an accepted text that libraries treat differently. */
enum {
    PF_JSON_F_BIG_INT = 1u << 0,   /* an integer above INT64_MAX (uint64) */
    PF_JSON_F_HUGE_INT = 1u << 1,  /* an integer outside int64 and uint64 */
    PF_JSON_F_NEG_ZERO = 1u << 2,  /* the integer -0 */
    PF_JSON_F_OVERFLOW = 1u << 3,  /* a number strtod makes infinite */
    PF_JSON_F_NUL_STR = 1u << 4,   /* \u0000 in a string value */
    PF_JSON_F_NUL_KEY = 1u << 5,   /* \u0000 in an object key */
    PF_JSON_F_LONE_SURROGATE = 1u << 6, /* \uD800-\uDFFF not in a pair */
    PF_JSON_F_DUP_KEY = 1u << 7,   /* an object with a repeated key */
    PF_JSON_F_INT_AS_DOUBLE = 1u << 8, /* integer literal is PF_JSON_DOUBLE */
    PF_JSON_F_UNDERFLOW = 1u << 9, /* a non-zero literal strtod makes 0 */
};

typedef struct pf_json_parse_info {
    pf_json_err err;
    size_t offset;     /* where the error was found */
    unsigned flags;    /* PF_JSON_F_* of an accepted text */
    unsigned depth;    /* deepest nesting seen (also when rejected) */
} pf_json_parse_info;

/* Returns the value (in p) or NULL when the text is not strict JSON. */
pf_json *pf_json_parse(pf_json_pool *p, const uint8_t *text, size_t len,
                       pf_json_parse_info *info);

/* ------------------------------------------------------------------ */
/* Adapters: how one JSON library is called.                           */
/* ------------------------------------------------------------------ */

/* A library under test as the shared properties see it. Each library's
 * adapter is written once (adapters/json_<lib>.c) and serves its own
 * target and json_differential. Library trees and their nodes are opaque;
 * a node may be NULL (json-c's JSON null), so lookups say "found" apart. */
typedef struct pf_json_adapter pf_json_adapter;
struct pf_json_adapter {
    const char *name;  /* the library, for reports: "cJSON" */
    /* Parses text of any bytes as the whole input: the value (in p), or
     * NULL when the library refuses it. */
    pf_json *(*parse)(const pf_json_adapter *a, pf_json_pool *p,
                      const uint8_t *text, size_t len);
    /* One incremental parser fed the text in n chunks of sizes[i] bytes
     * (they sum to len); NULL when the library has none. */
    pf_json *(*parse_chunks)(const pf_json_adapter *a, pf_json_pool *p,
                             const uint8_t *text, const size_t *sizes,
                             size_t n);
    /* Appends the library's text of v in `format` (the adapter's own
     * format type; NULL: its default, compact form): 0, or -1 when the
     * library refuses v. */
    int (*write)(const pf_json_adapter *a, const pf_json *v,
                 const void *format, pf_buf *out);
    /* The library's tree of v, built through its API: true and *out (which
     * tree_free releases), or false when the library refuses v. */
    bool (*tree)(const pf_json_adapter *a, const pf_json *v, void **out);
    void (*tree_free)(void *tree);
    /* Optional: write, for a tree tree() built (spares building it again). */
    int (*write_tree)(const pf_json_adapter *a, const void *tree,
                      const void *format, pf_buf *out);
    /* A node's member by key / array item: false when absent or when the
     * node is not an object / array. */
    bool (*get)(const void *node, const char *key, size_t key_len,
                const void **out);
    bool (*item)(const void *node, size_t i, const void **out);
    pf_json *(*value)(pf_json_pool *p, const void *node);
    /* The library's own equality of two trees, or NULL. */
    bool (*equal)(const void *a, const void *b);
    /* Texts that must not reach the library (they make it misbehave
     * beyond a wrong answer: undefined behaviour), or NULL. */
    bool (*unsafe)(const uint8_t *text, size_t len);
    bool c_string_keys; /* get takes keys as C strings: U+0000 ends them */
    const void *ctx;    /* the adapter's configuration */
};

/* ------------------------------------------------------------------ */
/* The JSON properties, written once for every JSON library.           */
/* ------------------------------------------------------------------ */

/* Which property a write format is drawn for. */
typedef enum pf_json_use {
    PF_JSON_FOR_DETERMINISTIC, /* any format the library writes */
    PF_JSON_FOR_NEUTRAL,       /* formats that must read back as the
                                  default's text does */
} pf_json_use;

/* A JSON target: its library, what it draws, how values compare, and its
 * restrictions. Optional fields are NULL or zero. */
typedef struct pf_json_suite {
    const pf_json_adapter *lib;
    pf_json_opts values;  /* the strategy: what the library holds exactly */
    pf_json_eq written;   /* v against the library's own text of v read back
                             (a tolerance for a printer that rounds) */
    pf_json_eq read;      /* two readings (canonical texts, other formats,
                             chunks) against each other */
    /* A write format for deterministic or format_neutral, drawn from s
     * (pf_alloc'd or static); NULL: the default format only. */
    const void *(*draw_format)(pf_src *s, pf_json_use use);
    /* A format that writes keys sorted: key_order then requires the value
     * and its permuted copy to write identically. */
    const void *sorted;
    /* The restriction under which texts lib->unsafe refuses are skipped. */
    const char *unsafe_restriction;
    /* canonical_fixed_point: a value the library read from raw text that
     * the fixed point cannot hold (its restriction's name), or NULL. */
    const char *(*raw_unfit)(const pf_json *v);
    /* format_neutral: an every-character-escaped text the library cannot
     * read faithfully (its restriction's name), or NULL. */
    const char *(*escapes_unfit)(const uint8_t *text, size_t len);
    /* batch_incremental: moves chunk boundaries the library cannot take;
     * returns the new number of chunks. */
    size_t (*fix_chunks)(const uint8_t *text, size_t *sizes, size_t n);
} pf_json_suite;

/* What a mode's setup hands the properties. The pool holds this input's
 * values and is reset when the input ends, however it ends. */
typedef struct pf_json_case {
    const pf_json_suite *suite;
    pf_json_pool *pool;
    const pf_json *value;  /* value mode: the drawn value, else NULL */
    const uint8_t *text;   /* raw and chunked modes: the text */
    size_t len;
} pf_json_case;

/* The pool of the input running now (one per process, reset at its end). */
pf_json_pool *pf_json_input_pool(pf_src *s);
/* Setups: a value drawn with suite->values; the rest of the input
 * (label "raw"); drawn bytes (label "text"). */
pf_json_case *pf_json_value_case(pf_src *s, const pf_json_suite *suite);
pf_json_case *pf_json_raw_case(pf_src *s, const pf_json_suite *suite);
pf_json_case *pf_json_chunked_case(pf_src *s, const pf_json_suite *suite);
/* The library's tree of v (suite->lib->tree), released when the input
 * ends however it ends; the property fails when the library refuses to
 * build it. For a target's own properties on the library's tree. */
void *pf_json_tree_of(pf_src *s, const pf_json_case *c, const pf_json *v);

/* For a target's own properties on texts of v (properties/json/
 * json_variants.c). An empty buffer freed when the input ends, however it
 * ends; a reading and a text as report lines ("refused" for NULL). */
pf_buf *pf_json_scratch(pf_src *s);
const char *pf_json_shown(const pf_json_case *c, const pf_json *v);
const char *pf_json_show_text(const pf_json_case *c, const pf_buf *t);
/* Texts made from a text t into out, at places a drawn mask picks outside
 * strings: a drawn comment (slash-star or double-slash, holding stars and
 * slashes) before or after brackets, commas and colons; a comma after the
 * last item of non-empty arrays and objects. */
void pf_json_add_comments(pf_src *s, const pf_buf *t, pf_buf *out);
void pf_json_add_trailing_commas(pf_src *s, const pf_buf *t, pf_buf *out);
/* t with a drawn sequence that is no UTF-8 after the opening quote of a
 * drawn string; NULL when t has no string. */
pf_buf *pf_json_with_bad_utf8(pf_src *s, const pf_buf *t);

/* The properties, as pf_property run functions over a pf_json_case:
 *   round_trip        parse(write(v)) == v (suite->written), and parse of
 *                     the canonical text of v == v (suite->read)
 *   deterministic     write(v) twice is identical, in the default and in
 *                     a drawn format
 *   format_neutral    a drawn format reads back as the default does; the
 *                     canonical text with drawn whitespace between tokens,
 *                     and with every character escaped, reads back as the
 *                     compact canonical text
 *   key_order         members of up to four objects permuted: lookups by
 *                     key find equal values in the library's trees of v
 *                     and of the permuted copy, the library's equality (if
 *                     any, on values without NaN) holds, sorted formats
 *                     agree, and the permuted text reads back as v as a map
 *   batch_incremental the text (value mode: write(v)) fed in drawn chunks
 *                     reads as it reads whole: both refused, or equal
 *   canonical_fixed_point  (raw mode) an accepted text writes to a text
 *                     that reads back equal and writes unchanged */
void pf_json_round_trip(pf_src *s, void *json_case);
void pf_json_deterministic(pf_src *s, void *json_case);
void pf_json_format_neutral(pf_src *s, void *json_case);
void pf_json_key_order(pf_src *s, void *json_case);
void pf_json_batch_incremental(pf_src *s, void *json_case);
void pf_json_canonical_fixed_point(pf_src *s, void *json_case);

/* A library against the strict reference parser (pf_json_parse), for a
 * raw-mode property of its own target: a text the reference accepts, the
 * library must read as view says (unless must_refuse says it refuses it);
 * a text the reference refuses, it must refuse too unless refused_for
 * says the refusal may be one of its leniencies (NULL). A NULL view:
 * the value is not compared (a restriction's). */
typedef struct pf_json_reference {
    const char *(*must_refuse)(const pf_json *ref, const pf_json_parse_info *info);
    const char *(*refused_for)(const uint8_t *text, size_t len,
                               const pf_json_parse_info *info);
    pf_json *(*view)(pf_json_pool *p, const pf_json *ref,
                     const pf_json_parse_info *info);
} pf_json_reference;
void pf_json_check_reference(pf_src *s, const pf_json_case *c,
                             const pf_json_reference *r);
/* The reference's refusals no lenient library shares: no value, a byte no
 * value starts with or a bad literal, a missing or extra separator, an
 * end inside a value, a byte above 0x20 after the value (their name), or
 * NULL. The reference stops at its first error: all before it is JSON. */
const char *pf_json_structural_refusal(const uint8_t *text, size_t len,
                                       const pf_json_parse_info *info);

/* The modes' tables, in the order above: value mode (batch_incremental
 * last, so a library without an incremental parser takes the first
 * PF_JSON_N_VALUE_PROPERTIES - 1), raw mode, chunked mode. */
enum { PF_JSON_N_VALUE_PROPERTIES = 5 };
extern const pf_property pf_json_value_properties[PF_JSON_N_VALUE_PROPERTIES];
/* Those five as initialisers, for a target whose value mode lists its own
 * properties after them. */
#define PF_JSON_VALUE_PROPERTIES                                              \
    {"round_trip", pf_json_round_trip}, {"deterministic", pf_json_deterministic}, \
        {"format_neutral", pf_json_format_neutral}, {"key_order", pf_json_key_order}, \
        {"batch_incremental", pf_json_batch_incremental}
extern const pf_property pf_json_raw_properties[1];      /* canonical_fixed_point */
extern const pf_property pf_json_chunked_properties[1];  /* batch_incremental */

/* ------------------------------------------------------------------ */
/* Seeds, written as values.                                           */
/* ------------------------------------------------------------------ */

typedef void pf_json_emit(const char *name, const uint8_t *data, size_t len);
typedef struct pf_json_seed {
    const char *name;
    const char *json; /* JSON text (value seeds: strict, as the reference
                         parser reads it) */
} pf_json_seed;

/* Appends the bytes pf_json_draw(o) decodes to v, after checking that
 * they do. Aborts when o cannot draw v: seeds are written by hand. */
void pf_json_enc_checked(pf_buf *e, const pf_json_opts *o, const pf_json *v);
/* The same for a value given as strict JSON text (integers become doubles
 * when o->no_int). Aborts on a text the reference parser refuses. */
void pf_json_enc_text(pf_buf *e, const pf_json_opts *o, const char *json);
/* One corpus file per seed: the mode's choice (of n_modes; none for one
 * mode, as pf_run draws none), then a value
 * (o), the text as raw rest, or the text as a chunked-mode input (the
 * bytes, then chunks of 3 and 1 bytes and the rest). */
void pf_json_seed_values(pf_json_emit *emit, size_t mode, size_t n_modes,
                         const pf_json_opts *o, const pf_json_seed *seeds,
                         size_t n);
void pf_json_seed_raw(pf_json_emit *emit, size_t mode, size_t n_modes,
                      const pf_json_seed *seeds, size_t n);
void pf_json_seed_chunked(pf_json_emit *emit, size_t mode, size_t n_modes,
                          const pf_json_seed *seeds, size_t n);

/* A target's own seeds, by mode. */
typedef struct pf_json_seed_set {
    const pf_json_seed *values;
    size_t n_values;
    const pf_json_seed *raw;
    size_t n_raw;
    const pf_json_seed *chunked;
    size_t n_chunked;
} pf_json_seed_set;
/* The seeds of a JSON target whose modes are values, raw and, when it has
 * three, chunked (in that order): the ones every JSON target starts from,
 * then its own. Common values: null, booleans, the empty string, every
 * short escape and awkward Unicode, empty containers, an object with an
 * empty key, nesting; when the strategy draws integers and U+0000 also
 * integers, doubles and their extremes, U+0000, keys of one length and a
 * mix. Common raw texts: whitespace everywhere, escapes of printable
 * characters and a surrogate pair, a duplicate key, depth 16. Common
 * chunked texts: an object, an escape to split, trailing garbage. */
void pf_json_seed_target(pf_json_emit *emit, const pf_json_suite *suite,
                         size_t n_modes, const pf_json_seed_set *own);

#ifdef __cplusplus
}
#endif
#endif /* PROPFUZZ_JSON_H */
