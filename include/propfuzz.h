/* propfuzz — property-based, coverage-guided fuzzing for C.
 *
 * One public header. Every exported symbol starts with pf_ / PF_.
 *
 * A fuzz target turns the fuzzer's bytes into values with the draw functions
 * below (the byte-stream strategy decoder), runs the library under test on
 * them, and checks properties with the oracle functions. A failed property
 * prints a report (design §5) and calls abort(), so every engine records it.
 *
 * The decoder contract (design §3), which every draw keeps:
 *   1. Total: any byte string decodes; reading past the end yields zero bytes
 *      and sets the overrun flag. No draw fails.
 *   2. Zero is simplest: all-zero input gives the simplest value of every
 *      strategy (see each draw for what "simplest" is).
 *   3. Stable widths: the bytes a draw consumes depend on its constraints and
 *      the bytes it reads, never on how much input remains. Words are 1, 2, 4
 *      or 8 bytes, little-endian.
 *   4. Verbatim where possible: an integer word already in range is returned
 *      as is; other words fold into range, simplest values first.
 *   5. Lists by continue-flags, one flag byte before each optional element.
 *   6. Strings as contiguous payloads ended by 0x00, with 0x01 escaping the
 *      next byte.
 *   7. Floats: one tag byte picks a nasty value (0, -0, ±1, ±inf, NaN, the
 *      subnormal minimum, DBL_MIN, DBL_MAX, DBL_EPSILON, 2^53±1, the range's
 *      bounds and their neighbours) or a mode for the following word.
 *   8. Record mode logs every draw inside labelled spans.
 *   9. Invertible: pf_enc_* writes the bytes that decode to a given value.
 */
#ifndef PROPFUZZ_H
#define PROPFUZZ_H

/* The release: make install writes it into propfuzz.pc and the CMake
 * package's version file; `propfuzz --version` prints it (read from the
 * next line). */
#define PROPFUZZ_VERSION "0.9.0"
#define PROPFUZZ_VERSION_MAJOR 0
#define PROPFUZZ_VERSION_MINOR 9
#define PROPFUZZ_VERSION_PATCH 0

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* The source: a cursor over the fuzzer's bytes.                       */
/* ------------------------------------------------------------------ */

typedef struct pf_src pf_src;

/* Starts decoding one input for the named target. Never fails (allocation
 * failure aborts: there is nothing useful a fuzz target can do without it).
 * Every pointer a draw returns lives until pf_end. */
pf_src *pf_begin(const char *target, const uint8_t *data, size_t size);
void pf_end(pf_src *s);

bool pf_overrun(const pf_src *s);    /* true once a draw read past the end */
size_t pf_offset(const pf_src *s);   /* bytes consumed so far */

/* The unread rest of the input, consumed whole: for properties on raw bytes
 * ("whatever the parser accepts ..."). Never NULL; *len may be 0. */
const uint8_t *pf_rest(pf_src *s, const char *label, size_t *len);

/* Labelled spans group draws for the report and the shrinker. They nest. */
void pf_span_begin(pf_src *s, const char *label);
void pf_span_end(pf_src *s);
unsigned pf_depth(const pf_src *s); /* current span nesting */

/* ------------------------------------------------------------------ */
/* Draws. `label` names the draw in reports; NULL is allowed.          */
/*                                                                    */
/* Constraints that leave a draw no value at all (a float range       */
/* without a float in it, a text minimum from an empty alphabet, a    */
/* tree without leaf kinds, ...) are a misuse: the draw prints one    */
/* line naming itself, its label and the problem, and aborts, at its  */
/* first call, in every mode (fuzzing too: it is a harness bug).      */
/* Each draw below lists its cases.                                   */
/* ------------------------------------------------------------------ */

/* 1 byte; low bit. Simplest: false. */
bool pf_bool(pf_src *s, const char *label);
/* 1 byte; true with probability p: the top ceil(256p) byte values are
 * true, clamped to 1..255 for 0 < p < 1, so 0x00 is false and 0xff true.
 * Simplest: false unless p >= 1. */
bool pf_bool_p(pf_src *s, const char *label, double p);

/* An integer in [lo, hi] (lo <= hi, else the bounds are swapped). Width:
 * the smallest word (1, 2, 4 or 8 bytes) in which every value of the range
 * is its own word: it holds hi (pf_u64_range, or lo >= 0), or lo and hi
 * as a signed word (lo < 0). A word in range is returned verbatim (signed
 * words are sign-extended); others fold into range: lo + w mod (hi-lo+1)
 * when lo >= 0, else index w mod (hi-lo+1) of the order 0, 1, -1, 2, -2,
 * ... clipped to the range, i.e. nearest zero first.
 * Simplest: the value in range nearest 0 (positive side first). */
uint64_t pf_u64_range(pf_src *s, const char *label, uint64_t lo, uint64_t hi);
int64_t pf_i64_range(pf_src *s, const char *label, int64_t lo, int64_t hi);

/* Full-range shorthands. */
uint8_t pf_u8(pf_src *s, const char *label);
uint16_t pf_u16(pf_src *s, const char *label);
uint32_t pf_u32(pf_src *s, const char *label);
uint64_t pf_u64(pf_src *s, const char *label);
int8_t pf_i8(pf_src *s, const char *label);
int16_t pf_i16(pf_src *s, const char *label);
int32_t pf_i32(pf_src *s, const char *label);
int64_t pf_i64(pf_src *s, const char *label);

/* An index in [0, n) — sampled_from / choice. n == 0 is treated as 1. */
size_t pf_choice(pf_src *s, const char *label, size_t n);
/* pf_choice that also opens a span named `label`; close it with
 * pf_span_end after drawing the chosen branch. */
size_t pf_one_of(pf_src *s, const char *label, size_t n);
/* An index in [0, n) drawn by weight: index i about weights[i] / total
 * of the time (total: the sum of the weights); a weight of 0 is never
 * drawn. Width: the smallest word holding both n - 1 and total - 1. A word
 * w < n whose weight is positive is index w (verbatim, so pf_enc_* and
 * the shrinker write indices); any other word picks the index whose
 * interval of cumulative weight holds w mod total. Simplest: index 0, or
 * the first index with a positive weight. No positive weight (or n == 0)
 * is a misuse. */
size_t pf_choice_weighted(pf_src *s, const char *label, const uint32_t *weights,
                          size_t n);

/* Floats. Zero-initialised options mean: unbounded, NaN and infinities
 * allowed. Width: 1 tag byte + one word (8 for double, 4 for float).
 * Simplest: 0.0, or the bound nearest 0 when 0 is out of range (for
 * pf_float the float nearest it inside the bounds). Misuse: bounds that
 * are NaN or reversed (min > max), and bounds that hold no allowed value
 * ([-inf, -inf] or [inf, inf] with no_inf; for pf_float, no float
 * between min and max). */
typedef struct pf_float_opts {
    bool bounded;    /* when true, values lie in [min, max] */
    double min, max;
    bool no_nan;     /* exclude NaN */
    bool no_inf;     /* exclude ±infinity */
} pf_float_opts;
double pf_double(pf_src *s, const char *label, const pf_float_opts *opts);
float pf_float(pf_src *s, const char *label, const pf_float_opts *opts);

/* Bytes: payload bytes up to a 0x00 terminator; 0x01 makes the next byte
 * literal. Stops without a terminator at max_len (PF_UNBOUNDED for none);
 * pads with 0x00 up to min_len. Returns a pointer valid until pf_end.
 * Simplest: min_len zeros. */
#define PF_UNBOUNDED SIZE_MAX
const uint8_t *pf_bytes(pf_src *s, const char *label, size_t min_len,
                        size_t max_len, size_t *len);

/* Code points of valid UTF-8 (RFC 3629: shortest forms, no surrogates,
 * nothing past U+10FFFF), or SIZE_MAX when p's len bytes are not. */
size_t pf_utf8_count(const uint8_t *p, size_t len);

/* A released build of the library under test, for properties that compare
 * it with the one being fuzzed (comparison with a reference): the shared
 * library soname (or the file the environment variable env names) opened
 * at run time, its symbols kept local so that they never meet the build
 * under test's, and each symbols[i] stored as a function pointer at
 * table + symbols[i].offset. NULL when every one was found, else why not
 * (the caller skips, naming its restriction). Links with -ldl before
 * glibc 2.34. */
typedef struct pf_symbol {
    const char *name;
    size_t offset; /* offsetof(the table's type, its field) */
} pf_symbol;
const char *pf_release_open(const char *env, const char *soname,
                            const pf_symbol *symbols, size_t n, void *table);

/* UTF-8 text, lengths in code points. Payload bytes as in pf_bytes; valid
 * UTF-8 sequences are taken verbatim, every other byte selects one of the
 * awkward code points (NUL, controls, quotes, backslash, U+0085, U+2028,
 * U+FEFF, U+202E, U+FFFD, U+10FFFF, astral emoji, ...): byte b gives
 * entry b % 41 of the table in draw_text.c; 0x01 then byte b gives code
 * point b. With an alphabet, a code point outside it maps to
 * alphabet[cp % n]. Pads up to min_len with alphabet[0], else '0'. Returns
 * a NUL-terminated string whose byte length is *len (it may contain NULs).
 * Simplest: "" (or min_len pads). An empty alphabet (non-NULL, length 0)
 * spells only "" and reads nothing. Misuse: alphabet_len > 0 with a NULL
 * alphabet, a member that is not a Unicode scalar value (a surrogate, or
 * above U+10FFFF), min_len > 0 from an empty alphabet. */
typedef struct pf_text_opts {
    size_t min_len, max_len;   /* code points; max 0 means unbounded */
    const uint32_t *alphabet;  /* NULL: all of Unicode */
    size_t alphabet_len;
    bool allow_invalid;        /* any bytes, as pf_bytes: lengths count
                                  bytes, pads are 0x00, no alphabet */
} pf_text_opts;
const char *pf_text(pf_src *s, const char *label, const pf_text_opts *opts,
                    size_t *len);

/* Lists by continue-flags:
 *     pf_list l;
 *     pf_list_begin(s, &l, "items", 0, 10);
 *     while (pf_list_more(s, &l)) { ... draw one element ... }
 * The first `min` elements are taken without a flag; then a flag byte
 * (non-zero: one more) precedes each element until `max`. Each element is a
 * span labelled "<label>[]", the list a span labelled `label`; the loop ends
 * the list span itself. Simplest: min elements. */
typedef struct pf_list {
    size_t count;     /* elements accepted so far */
    size_t min, max;
    size_t rejected;  /* duplicates refused by pf_list_unique */
    bool open;        /* an element span is open */
    const char *item_label; /* "<label>[]" when recording */
    void *keys;       /* pf_list_unique's key set (arena memory) */
} pf_list;
void pf_list_begin(pf_src *s, pf_list *l, const char *label, size_t min,
                   size_t max);
bool pf_list_more(pf_src *s, pf_list *l);
/* For unique lists: call after drawing an element with its key. Returns
 * false (and un-counts the element, which the caller then discards) when
 * the key was already seen. After 16 duplicates in a row the list ends. */
bool pf_list_unique(pf_src *s, pf_list *l, const void *key, size_t key_len);

/* Recursion with a depth cap: returns a kind in [0, n_leaf + n_branch)
 * with the leaf kinds first, and only leaf kinds once `depth` reaches
 * max_depth — so exhausted input (zeros) always draws a leaf. Drawn as
 * pf_choice of n_leaf (at the cap) or n_leaf + n_branch kinds. n_leaf == 0
 * is a misuse (the cap could not end the recursion). */
size_t pf_tree_kind(pf_src *s, const char *label, unsigned depth,
                    unsigned max_depth, size_t n_leaf, size_t n_branch);
/* The same by weight: weights[] has n_leaf + n_branch entries, leaf kinds
 * first; drawn as pf_choice_weighted of the first n_leaf weights (at the
 * cap) or of all of them. Zeros give the first leaf kind with a positive
 * weight. Leaf weights that are all 0 are a misuse, reported at any
 * depth. */
size_t pf_tree_kind_weighted(pf_src *s, const char *label, unsigned depth,
                             unsigned max_depth, const uint32_t *weights,
                             size_t n_leaf, size_t n_branch);

/* A permutation of [0, n) into perm (Fisher-Yates, each swap drawn as a
 * distance so that zeros give the identity). */
void pf_permutation(pf_src *s, const char *label, size_t *perm, size_t n);

/* Chunk sizes that split `total` bytes: sizes[i] >= 1, summing to total.
 * Returns the number of chunks (at most max_chunks; the last takes the
 * rest; 0 when total is 0). Zeros give one chunk. total > 0 with
 * max_chunks == 0 is a misuse. */
size_t pf_chunks(pf_src *s, const char *label, size_t total, size_t *sizes,
                 size_t max_chunks);

/* ------------------------------------------------------------------ */
/* Record mode (replay, reports, shrinking).                           */
/* ------------------------------------------------------------------ */

typedef enum pf_draw_kind {
    PF_DRAW_BOOL, PF_DRAW_UINT, PF_DRAW_INT, PF_DRAW_DOUBLE, PF_DRAW_FLOAT,
    PF_DRAW_BYTES, PF_DRAW_TEXT, PF_DRAW_FLAG, PF_DRAW_RAW, PF_DRAW_SPAN_BEGIN,
    PF_DRAW_SPAN_END
} pf_draw_kind;

typedef struct pf_record {
    pf_draw_kind kind;
    const char *label;  /* the draw's label, else its span's; may be NULL */
    unsigned depth;     /* span nesting at the draw */
    size_t offset;      /* first byte read */
    size_t width;       /* bytes consumed */
    union { uint64_t u; int64_t i; double d; } lo, hi; /* constraints */
    union { uint64_t u; int64_t i; double d; } value;
    const uint8_t *bytes; /* PF_DRAW_BYTES/TEXT/RAW payload (arena) */
    size_t bytes_len;
    const char *const *names; /* names of a choice's values, or NULL */
    size_t n_names;
} pf_record;

/* Recording is process-wide: replay and shrink turn it on; fuzzing leaves
 * it off and pays one predictable branch per draw. */
void pf_set_recording(bool on);
bool pf_recording(void);
size_t pf_record_count(const pf_src *s);
/* Names the values of the draw just made (a choice, a tree kind) so reports
 * say "kind = 10 (map)". Costs nothing when not recording. */
void pf_name_values(pf_src *s, const char *const *names, size_t n);
const pf_record *pf_record_at(const pf_src *s, size_t i);

/* ------------------------------------------------------------------ */
/* The inverse: write bytes that decode to given values (rule 9).      */
/* Each pf_enc_* mirrors the draw of the same name and constraints.    */
/* ------------------------------------------------------------------ */

typedef struct pf_buf {
    uint8_t *data;
    size_t len, cap;
} pf_buf;
void pf_buf_free(pf_buf *b);
void pf_buf_put(pf_buf *b, const void *data, size_t len);
/* Appends code point cp (at most U+10FFFF, not a surrogate) as UTF-8. */
void pf_buf_put_utf8(pf_buf *b, uint32_t cp);
void pf_buf_putc(pf_buf *b, uint8_t c);
void pf_buf_printf(pf_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void pf_buf_hex(pf_buf *b, const uint8_t *data, size_t len, size_t limit);
/* A quoted, escaped rendering of bytes (JSON-like; non-ASCII as \xNN
 * unless it is valid UTF-8 text). */
void pf_buf_quote(pf_buf *b, const uint8_t *data, size_t len);
const char *pf_buf_str(pf_buf *b); /* NUL-terminated view */
/* b's text for a failure report; b's memory is freed when the input ends
 * (b is left empty), so a failure that abandons the run leaks nothing. */
const char *pf_buf_defer(pf_src *s, pf_buf *b);

void pf_enc_bool(pf_buf *e, bool v);
void pf_enc_bool_p(pf_buf *e, double p, bool v);
void pf_enc_u64_range(pf_buf *e, uint64_t lo, uint64_t hi, uint64_t v);
void pf_enc_i64_range(pf_buf *e, int64_t lo, int64_t hi, int64_t v);
void pf_enc_choice(pf_buf *e, size_t n, size_t index);
void pf_enc_double(pf_buf *e, const pf_float_opts *opts, double v);
void pf_enc_float(pf_buf *e, const pf_float_opts *opts, float v);
void pf_enc_bytes(pf_buf *e, size_t min_len, size_t max_len,
                  const uint8_t *data, size_t len);
/* `text` must be valid UTF-8 (or opts->allow_invalid) and, with an
 * alphabet, use only its code points. */
void pf_enc_text(pf_buf *e, const pf_text_opts *opts, const char *text,
                 size_t len);
/* Before each element past min (and not at max): more = true; after the
 * last element (when count < max): more = false. */
void pf_enc_more(pf_buf *e, bool more);
void pf_enc_tree_kind(pf_buf *e, unsigned depth, unsigned max_depth,
                      size_t n_leaf, size_t n_branch, size_t kind);
/* perm must be a permutation of [0, n); sizes must split total as
 * pf_chunks does (each >= 1, at most max_chunks): else a misuse. */
void pf_enc_permutation(pf_buf *e, const size_t *perm, size_t n);
void pf_enc_chunks(pf_buf *e, size_t total, const size_t *sizes, size_t n,
                   size_t max_chunks);
/* Only indices with a positive weight can be encoded (others: misuse). */
void pf_enc_choice_weighted(pf_buf *e, const uint32_t *weights, size_t n,
                            size_t index);
void pf_enc_tree_kind_weighted(pf_buf *e, unsigned depth, unsigned max_depth,
                               const uint32_t *weights, size_t n_leaf,
                               size_t n_branch, size_t kind);

/* ------------------------------------------------------------------ */
/* Comparisons.                                                        */
/* ------------------------------------------------------------------ */

/* A tolerance is a named parameter of a property, never a bare number. */
typedef struct pf_tolerance {
    double rel;       /* |a-b| <= rel * max(|a|,|b|) ... */
    double abs;       /* ... or |a-b| <= abs ... */
    uint64_t ulps;    /* ... or a and b are at most ulps apart. */
} pf_tolerance;

bool pf_f64_bits_equal(double a, double b);  /* -0 != 0; NaN payloads */
bool pf_f32_bits_equal(float a, float b);
uint64_t pf_ulp_distance(double a, double b); /* UINT64_MAX if NaN */
bool pf_close(double a, double b, pf_tolerance tol); /* NaN == NaN */

/* The path of the first difference in nested values, e.g. [""][1]. */
typedef struct pf_path {
    char text[256];
    size_t len;
} pf_path;
void pf_path_index(pf_path *p, size_t index);
void pf_path_key(pf_path *p, const uint8_t *key, size_t len);
void pf_path_pop(pf_path *p, size_t saved_len);

/* ------------------------------------------------------------------ */
/* Property oracles.                                                   */
/* ------------------------------------------------------------------ */

/* A codec as the oracles see it. Values are opaque to propfuzz. */
typedef struct pf_codec {
    /* Appends the encoding of value to out; returns 0, or non-zero when the
     * encoder refuses the value. */
    int (*encode)(void *ctx, const void *value, pf_buf *out);
    /* Decodes one value; returns 0 and sets *value when accepted, non-zero
     * when refused. A decoded value is released with release. */
    int (*decode)(void *ctx, const uint8_t *data, size_t len, void **value);
    void (*release)(void *ctx, void *value);
    /* Type-strict equality; on a difference, extends path to it. */
    bool (*equal)(void *ctx, const void *a, const void *b, pf_path *path);
    void (*print)(void *ctx, const void *value, pf_buf *out);
    void *ctx;
} pf_codec;

/* Each check is a macro that passes its caller's file and line: a failure's
 * identity (its signature) is the property and the place of the check that
 * failed, "property=<name> check=<file>:<line>" (design §5), so two bugs
 * that fail one property at different checks are told apart by the
 * shrinker, by de-duplication and by known/ expectations. The *_at
 * functions are the checks themselves; call them directly to pass a site
 * of your own (a helper that checks on its caller's behalf). A check run
 * inside another keeps the outer one's site. */

/* decode(encode(value)) == value, type-strictly. */
void pf_check_round_trip_at(pf_src *s, const char *file, int line,
                            const char *property, const pf_codec *c,
                            const void *value);
#define pf_check_round_trip(s, ...) \
    pf_check_round_trip_at((s), __FILE__, __LINE__, __VA_ARGS__)
/* encode(value) twice gives identical bytes. */
void pf_check_deterministic_at(pf_src *s, const char *file, int line,
                               const char *property, const pf_codec *c,
                               const void *value);
#define pf_check_deterministic(s, ...) \
    pf_check_deterministic_at((s), __FILE__, __LINE__, __VA_ARGS__)
/* If decode accepts raw: v1 = decode(raw), c1 = encode(v1); then
 * decode(c1) must be accepted and equal v1, and encode(decode(c1)) == c1.
 * Returns whether raw was accepted (so a test can see that it ran). */
bool pf_check_fixed_point_at(pf_src *s, const char *file, int line,
                             const char *property, const pf_codec *c,
                             const uint8_t *raw, size_t len);
#define pf_check_fixed_point(s, ...) \
    pf_check_fixed_point_at((s), __FILE__, __LINE__, __VA_ARGS__)
/* Two sequences of values equal element by element. */
void pf_check_values_equal_at(pf_src *s, const char *file, int line,
                              const char *property, const pf_codec *c,
                              const char *name_a, const void *const *a,
                              size_t na, const char *name_b,
                              const void *const *b, size_t nb);
#define pf_check_values_equal(s, ...) \
    pf_check_values_equal_at((s), __FILE__, __LINE__, __VA_ARGS__)
/* Two byte strings identical. */
void pf_check_bytes_equal_at(pf_src *s, const char *file, int line,
                             const char *property, const char *name_a,
                             const uint8_t *a, size_t na,
                             const char *name_b, const uint8_t *b,
                             size_t nb);
#define pf_check_bytes_equal(s, ...) \
    pf_check_bytes_equal_at((s), __FILE__, __LINE__, __VA_ARGS__)
/* Two doubles within tolerance (tol_name names the parameter). */
void pf_check_close_at(pf_src *s, const char *file, int line,
                       const char *property, const char *name_a, double a,
                       const char *name_b, double b, pf_tolerance tol,
                       const char *tol_name);
#define pf_check_close(s, ...) \
    pf_check_close_at((s), __FILE__, __LINE__, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* Failure reports.                                                    */
/* ------------------------------------------------------------------ */

/* One named line of a report: "  name = text". */
typedef struct pf_line {
    const char *name;
    const char *text;
} pf_line;

/* Reports a failed property. `property` NULL means the property running
 * now (see pf_target). What happens depends on the mode (the handler the
 * driver chose), never on the caller:
 *   - fuzzing (libFuzzer, AFL++, OSS-Fuzz): the input is saved first (see
 *     PF_FINDINGS_DIR); under pf_run the run is then abandoned — the
 *     cleanups registered with pf_defer run, the harness's frames are gone —
 *     and the input is run again from the top with recording on, so the
 *     report lists every draw; the report is printed and saved, then
 *     abort(). A failure that does not come back is reported as FLAKY.
 *   - replay and show: the report is printed, then abort() (in the child
 *     the replay driver runs each input in).
 *   - shrinking: the failure is handed to the shrinker and the run is
 *     abandoned as above; pf_fail does not return to the harness.
 *   - statistics (PF_STATS) and properties whose checks are switched off
 *     (PF_CHECKS, planted-bug builds): the failure is counted and the
 *     property's run is abandoned; the next property runs.
 * Outside pf_run (a hand-written LLVMFuzzerTestOneInput) the input is
 * re-run from inside pf_fail for the report: the harness's static state is
 * then reused while the first run still holds it, so prefer PF_TARGET.
 * Lines whose text is NULL are skipped. */
_Noreturn void pf_fail_at(pf_src *s, const char *file, int line,
                          const char *property, const char *summary,
                          const pf_line *lines, size_t n_lines,
                          const char *diff_path);
/* pf_fail(s, property, summary, lines, n_lines, diff_path): the failure's
 * check is the line that calls it. */
#define pf_fail(s, ...) pf_fail_at((s), __FILE__, __LINE__, __VA_ARGS__)

/* The harness's own always-on assertion (not a property: a bug in the
 * harness or an impossible library state). */
#define PF_ASSERT(s, cond)                                                  \
    do {                                                                    \
        if (!(cond))                                                        \
            pf_fail((s), "harness_assert", #cond, NULL, 0, NULL);           \
    } while (0)

/* The name of the input being replayed, for reports (set by the replay
 * driver; NULL when unknown). */
void pf_set_input_name(const char *name);

/* ------------------------------------------------------------------ */
/* Shrinking (design §6): the smallest failing value, not bytes.       */
/* ------------------------------------------------------------------ */

/* Zero-initialised options mean: 30 s, no evaluation cap, automatic
 * isolation, quiet. */
typedef struct pf_shrink_opts {
    double max_seconds;  /* time cap (0: 30 s); the best so far is kept */
    size_t max_evals;    /* evaluation cap (0: none) */
    int isolation;       /* 0 auto: property failures in-process, crashes
                            in a child per attempt; 1 always a child;
                            -1 always in-process (property failures only) */
    bool verbose;        /* progress lines on stderr */
} pf_shrink_opts;

typedef struct pf_shrink_result {
    uint8_t *data;        /* the smallest failing input found (malloc) */
    size_t len;
    char signature[160];  /* "property=<p> check=<site>" or "crash:<kind>" */
    size_t evals;         /* property evaluations made */
    size_t draws;         /* draws (not spans, not flags) in the final value */
    double seconds;
    bool fixpoint;        /* false when a cap stopped it */
} pf_shrink_result;

/* Shrinks a failing input of the linked target (LLVMFuzzerTestOneInput):
 * replays it in record mode and searches over its draws — deleting spans
 * and runs of draws, zeroing, lowering integers and pairs of integers,
 * simplifying floats, shortening strings and lowering their elements,
 * replacing a subtree by a descendant with the same label, sorting and
 * exchanging siblings, switching choices — keeping the same failure
 * signature, until a fixpoint or a cap. Smaller means: fewer bytes read
 * (zeros past the end included, a string's element counting one), then
 * fewer draws, then simpler draws one by one. Returns 0, or -1 when the
 * input does not fail (out is then untouched). */
int pf_shrink(const uint8_t *data, size_t len, const pf_shrink_opts *opts,
              pf_shrink_result *out);
void pf_shrink_result_free(pf_shrink_result *r);

/* Runs one input of the linked target in-process and says whether a
 * property failed (signature "property=<name>" into sig); crashes are not
 * caught here. For tools and tests that generate failing inputs. */
bool pf_fails(const uint8_t *data, size_t len, char *sig, size_t cap);

/* ------------------------------------------------------------------ */
/* Targets: a table of named properties, one entry point.              */
/* ------------------------------------------------------------------ */

/* A property: draws what it needs beyond the mode's input (its own
 * variation: chunk sizes, a permutation), calls the library, and checks.
 * Its checks (pf_check_*, pf_fail with property NULL) carry its name. */
typedef struct pf_property {
    const char *name;
    void (*run)(pf_src *s, void *input);
} pf_property;

/* A mode: how an input is drawn and which properties it is checked by.
 * setup draws the input (and may call the library for what several
 * properties share); it returns what the properties receive (pf_alloc'd,
 * or static), or NULL. setup may be NULL. */
typedef struct pf_mode {
    const char *name;
    void *(*setup)(pf_src *s);
    const pf_property *properties;
    size_t n_properties;
} pf_mode;

typedef struct pf_target {
    const char *name;            /* the target's name, as in harness/<name>.c */
    const pf_mode *modes;
    size_t n_modes;              /* more than one: the first draw picks one,
                                    pf_choice(s, "mode", n_modes) */
    void (*init)(void);          /* optional: called once, before the first
                                    input (create contexts, silence logs) */
} pf_target;

#define PF_LEN(array) (sizeof(array) / sizeof((array)[0]))

/* Runs one input: picks the mode, runs its setup, then every property of
 * the mode in table order, each inside its own span (so reports group the
 * draws by property). Every property always runs and always draws: when a
 * property's checks are switched off only its verdicts are ignored, so an
 * input decodes the same in every build. `only` names the one property
 * whose checks are on (planted-bug builds), or NULL for all.
 *
 * The environment can narrow it further: PF_CHECKS=none switches every
 * check off (decode, library calls and sanitizers only: what a crash-only
 * harness sees), PF_CHECKS=a,b keeps only those properties. A name that
 * is not one of the target's properties is a one-line error (exit 2).
 * Harness assertions (PF_ASSERT) are never switched off. */
int pf_run(const pf_target *t, const char *only, const uint8_t *data,
           size_t size);

#ifdef PF_PLANT_ONLY
#define PF__ONLY PF_PLANT_ONLY
#else
#define PF__ONLY NULL
#endif
/* The entry point of a table target:   PF_TARGET(codec_target)   */
#define PF_TARGET(t)                                                        \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)           \
    {                                                                       \
        return pf_run(&(t), PF__ONLY, data, size);                         \
    }

/* Switches the structure-aware mutator (README "Structure-aware
 * mutation") on by default in this target's libFuzzer binaries, for a
 * target where bench/mutator.sh measured that it kills faster at no loss
 * of coverage: once, at file scope, beside PF_TARGET. PF_MUTATOR=0 or 1
 * in the environment still decides; AFL++ loads it only on PF_MUTATOR=1. */
extern const int pf_mutator_default_on;
#define PF_MUTATOR_DEFAULT_ON const int pf_mutator_default_on = 1

/* The property running now, or NULL (in setup, outside pf_run). */
const char *pf_property_name(const pf_src *s);

/* --- inside a run ---------------------------------------------------- */

/* A documented restriction stops the property here: counted under
 * `restriction` (e.g. "R6", as the target's header names it), and the
 * next property runs. In setup it skips the whole input. Outside pf_run it
 * is a misuse (one line, abort). Never returns. */
_Noreturn void pf_skip(pf_src *s, const char *restriction);

/* A precondition (Hypothesis's assume): when cond is false the input is
 * discarded — counted under `reason`, no further property runs, and the
 * shrinker treats such a candidate as not failing. Returns only when cond
 * holds. Outside pf_run a false cond is a misuse (one line, abort). */
void pf_assume(pf_src *s, bool cond, const char *reason);

/* Counts a named event (Hypothesis's event()): make stats-<target> shows
 * how often each happened. Costs a table lookup. */
void pf_event(pf_src *s, const char *name);

/* Memory that lives until the input ends (pf_end, or the run abandoned by
 * a failure): never freed by hand. Not zeroed. Never NULL. */
void *pf_alloc(pf_src *s, size_t n);
/* Calls fn(arg) when the input ends, however it ends (last registered,
 * first called): how a harness releases library objects so that a failure,
 * a skip or a discard leaks nothing. */
void pf_defer(pf_src *s, void (*fn)(void *), void *arg);

/* ------------------------------------------------------------------ */
/* Variation drawn up front.                                           */
/* ------------------------------------------------------------------ */

/* A property's variation (chunk boundaries, a shuffle) drawn at the end of
 * the input sits where fuzzers keep the fewest bytes: past the end it
 * reads as zeros, the simplest plan, and corpus reduction trims it away
 * (make stats-codec counted batch_stream fed in one chunk on 93% of a
 * fuzzed corpus). These draw it before the data it applies to, whose size
 * is not known yet.
 *
 * A chunk plan: up to PF_PLAN_MAX sizes in [1, max_size] by
 * continue-flags (zeros: no sizes, one chunk). */
enum { PF_PLAN_MAX = 16 };
typedef struct pf_plan {
    size_t n;
    size_t sizes[PF_PLAN_MAX];
} pf_plan;
void pf_plan_draw(pf_src *s, const char *label, pf_plan *p, size_t max_size);
void pf_enc_plan(pf_buf *e, const pf_plan *p, size_t max_size);
/* Splits `total` bytes by the plan: its sizes in order while they fit,
 * the rest as a last chunk; at most max_chunks chunks (the last takes
 * what is left). Returns the count (0 when total is 0). */
size_t pf_plan_apply(const pf_plan *p, size_t total, size_t *sizes,
                     size_t max_chunks);
/* A permutation of [0, max), 1 <= max <= 20, drawn as one integer: its
 * rank in lexicographic order (a word of the width max! needs; zeros give
 * the identity, lower ranks move fewer of the first elements). And the
 * permutation it induces on [0, n), n <= max: the indices below n in the
 * order they appear. The identity induces the identity. */
void pf_shuffle_draw(pf_src *s, const char *label, size_t *perm, size_t max);
void pf_enc_shuffle(pf_buf *e, const size_t *perm, size_t max);
void pf_permutation_restrict(const size_t *perm, size_t max, size_t n,
                             size_t *out);

/* ------------------------------------------------------------------ */
/* Statistics (make stats-<target>).                                   */
/* ------------------------------------------------------------------ */

/* With PF_STATS set (1: stderr; else a file path) the process counts, per
 * property, the runs, the runs that reached their end (checked), the skips
 * by restriction and the failures; the inputs discarded by pf_assume by
 * reason; events; overruns; and in record mode a distribution of every
 * labelled draw. They are printed at exit, or by pf_stats_print. */
void pf_stats_print(void *file /* FILE * */);
void pf_stats_reset(void);

/* ------------------------------------------------------------------ */
/* What a target defines.                                              */
/* ------------------------------------------------------------------ */

/* The fuzz entry point every engine calls (libFuzzer's convention):
 * PF_TARGET writes it, or the harness does (pf_begin ... pf_end). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Optional: the target's seeds, written as values. The seed writer
 * (make seeds-<target>) calls it; emit stores one corpus file. */
void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len));

/* ------------------------------------------------------------------ */
/* Properties on a rate (flakiness budgets).                           */
/* ------------------------------------------------------------------ */

/* Some systems are right most of the time by design (a recogniser, a
 * heuristic, anything trained): a property of theirs holds on a rate, not
 * on a run. pf_check_rate runs k trials of it and fails the property when
 * fewer than m pass (k = 5, m = 4 is a reasonable start).
 *
 * A trial may draw its own variation (a rendering, a noise seed, a
 * parameter) from the input: trial i runs inside a span "trial[i]", so
 * reports list each trial's draws and the shrinker simplifies them, and
 * the same input always gives the same trials (replay is deterministic as
 * long as the trial is). A trial says whether it passed by its return
 * value; pf_trial_note adds lines to its part of the report (the two
 * sides of a failed comparison, what it rendered). A pf_fail inside a
 * trial fails the property at once, for what must hold in every trial.
 *
 * Every trial always runs, so an input decodes the same whatever the
 * outcomes, and the counts are honest: per property, trials run and
 * passed are counted (make stats-<target> prints the observed rate with a
 * 95% Wilson interval; with PF_STATS_DIR set the process appends them to
 * $PF_STATS_DIR/rates.tsv at exit, see make rates-<target>).
 *
 * Below budget, one failure names the property and lists every trial:
 *     budget     = at least 4 of 5 trials pass
 *     trial[0]   = pass
 *     trial[1]   = FAIL
 *     trial[1].got = ...      (that trial's notes, in the order made)
 * Its signature is the property's, so the shrinker keeps "fewer than m of
 * k" and ends on the simplest input below budget.
 *
 * Returns the number of trials that passed (when it does not fail): a
 * harness may branch on it, so that coverage feedback keeps inputs that
 * sit at the edge of their budget. k is 1..PF_RATE_MAX_TRIALS, m is
 * 0..k; other values are a misuse (one line, abort). property NULL means
 * the property running now. Trials must leave nothing to free by hand:
 * allocate with pf_alloc, release with pf_defer (a failure abandons the
 * run). */
#define PF_RATE_MAX_TRIALS 64

typedef struct pf_trial pf_trial;

/* One trial: draws its variation, runs the system, returns whether it
 * passed. index is 0..k-1 (a trial may vary by it too). */
typedef bool (*pf_trial_fn)(pf_src *s, void *ctx, unsigned index,
                            pf_trial *t);

unsigned pf_check_rate_at(pf_src *s, const char *file, int line,
                          const char *property, unsigned k, unsigned m,
                          pf_trial_fn trial, void *ctx);
#define pf_check_rate(s, ...) \
    pf_check_rate_at((s), __FILE__, __LINE__, __VA_ARGS__)

/* A line of this trial's report, "trial[i].<name> = <text>" (both copied;
 * they live until the input ends). */
void pf_trial_note(pf_trial *t, const char *name, const char *text);
void pf_trial_notef(pf_trial *t, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif
#endif /* PROPFUZZ_H */
