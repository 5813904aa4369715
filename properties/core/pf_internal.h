/* Internals shared by the files of libpropfuzz. Not installed. */
#ifndef PF_INTERNAL_H
#define PF_INTERNAL_H

#include "propfuzz.h"

#include <string.h>

/* Bump allocator for everything a draw returns: freed at pf_end in one go,
 * and its first block is kept across inputs so fuzzing allocates nothing. */
typedef struct pf_arena_block {
    struct pf_arena_block *next;
    size_t used, cap;
    unsigned char mem[];
} pf_arena_block;

typedef struct pf_arena {
    pf_arena_block *head;
} pf_arena;

void *pf__arena_alloc(pf_arena *a, size_t n);
void pf__arena_reset(pf_arena *a);
void pf__arena_free(pf_arena *a);

/* Depth beyond which span labels are not remembered (draws still work). */
#define PF_MAX_SPAN_DEPTH 64

struct pf_src {
    const char *target;
    const uint8_t *data;
    size_t size;
    size_t pos;         /* virtual: may pass size, zeros are read there */
    bool overrun;
    unsigned depth;
    const char *span_labels[PF_MAX_SPAN_DEPTH];
    pf_arena arena;
    bool recording;     /* snapshot of the global switch at pf_begin */
    pf_record *records;
    size_t n_records, cap_records;
    struct pf_src *next_free;
    struct pf__run *run;        /* the pf_run this input is under, or NULL */
    const char *property;       /* the property running now, or NULL */
    struct pf__defer *defers;   /* pf_defer's cleanups, newest first */
    const char *site_file;      /* the outermost public check running now */
    int site_line;              /* (pf__check_begin), or NULL */
};

/* The readers below are on every draw's path. Always inlined: fuzz builds
 * compile libpropfuzz at -O1, where a plain static inline function stays
 * a call. */
#define PF_INLINE static inline __attribute__((always_inline))

/* The little-endian 8-byte word at p. */
PF_INLINE uint64_t pf__load_le64(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w); /* one unaligned load */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

/* The low `width` bytes (1, 2, 4 or 8) of a word. */
PF_INLINE uint64_t pf__width_mask(unsigned width)
{
    return UINT64_MAX >> (64 - 8 * width);
}

/* Bytes left to read; 0 once the cursor has passed the end. */
PF_INLINE size_t pf__avail(const pf_src *s)
{
    return s->pos < s->size ? s->size - s->pos : 0;
}

/* A word within the last 8 bytes of the input or past its end: the bytes
 * that are there, zeros for the rest (and the overrun flag then). Out of
 * line: most words are read with one load. */
static __attribute__((noinline, unused)) uint64_t
pf__read_word_short(pf_src *s, unsigned width)
{
    uint64_t w = 0;
    size_t avail = pf__avail(s);
    for (size_t i = 0; i < width; i++)
        if (i < avail)
            w |= (uint64_t)s->data[s->pos + i] << (8 * i);
    if (avail < width)
        s->overrun = true;
    return w;
}

/* Whether a draw may take its fast path: fuzzing (not recording) with at
 * least n bytes left, so it can read without checking for the end. */
PF_INLINE bool pf__fast(const pf_src *s, size_t n)
{
    return !s->recording && pf__avail(s) >= n;
}

/* w mod d (d > 0), in 32 bits when both fit: a narrow division is several
 * times cheaper on many x86 cores (clang -O2 adds this test itself, the
 * -O1 of fuzz builds does not). */
PF_INLINE uint64_t pf__mod(uint64_t w, uint64_t d)
{
    return (w | d) >> 32 ? w % d : (uint32_t)w % (uint32_t)d;
}

/* Reads a little-endian word of `width` bytes (1, 2, 4 or 8). Past the end
 * the missing bytes read as zero and the overrun flag is set; the cursor
 * always advances by width (rule 3). */
PF_INLINE uint64_t pf__read_word(pf_src *s, unsigned width)
{
    uint64_t w = pf__avail(s) >= 8
                     ? pf__load_le64(s->data + s->pos) & pf__width_mask(width)
                     : pf__read_word_short(s, width);
    s->pos += width;
    return w;
}

PF_INLINE uint8_t pf__read_byte(pf_src *s)
{
    if (s->pos < s->size)
        return s->data[s->pos++];
    s->overrun = true;
    s->pos++;
    return 0;
}

/* String payloads (design §3 rule 6): bytes up to a 0x00 terminator, 0x01
 * making the next byte literal. */
enum { PF_TERMINATOR = 0x00, PF_ESCAPE = 0x01 };

/* Reads one payload byte into *out; returns false at the terminator. Past
 * the end it reads zeros, i.e. the terminator (or a literal 0x00). */
PF_INLINE bool pf__payload_byte(pf_src *s, uint8_t *out)
{
    uint8_t b = pf__read_byte(s);
    if (b == PF_TERMINATOR)
        return false;
    if (b == PF_ESCAPE)
        b = pf__read_byte(s);
    *out = b;
    return true;
}

/* Smallest word width (1, 2, 4, 8) that holds span. */
PF_INLINE unsigned pf__width_for(uint64_t span)
{
    if (span <= 0xffu) return 1;
    if (span <= 0xffffu) return 2;
    if (span <= 0xffffffffu) return 4;
    return 8;
}

/* Smallest word width whose signed range holds lo..hi (lo < 0): the
 * width w with max(-lo - 1, hi) <= 2^(8w-1) - 1. */
PF_INLINE unsigned pf__signed_width(int64_t lo, int64_t hi)
{
    int64_t need = ~lo > hi ? ~lo : hi; /* >= 0, as ~lo = -lo - 1 >= 0 */
    return pf__width_for((uint64_t)need << 1);
}

/* The sum of a weighted choice's weights (0: nothing can be drawn). */
PF_INLINE uint64_t pf__weight_total(const uint32_t *weights, size_t n)
{
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += weights[i];
    return total;
}

/* A weighted choice's word: wide enough for every index and for every
 * point of the cumulative weights (total > 0, n > 0). */
PF_INLINE unsigned pf__weighted_width(uint64_t total, size_t n)
{
    uint64_t need = total - 1 > (uint64_t)n - 1 ? total - 1 : (uint64_t)n - 1;
    return pf__width_for(need);
}

/* Appends a record; only called when s->recording. Returns it so the caller
 * can fill the kind-specific fields. */
pf_record *pf__record(pf_src *s, pf_draw_kind kind, const char *label,
                      size_t offset);

/* A draw whose constraints leave no value is a bug in the harness: prints
 * one line naming the draw (e.g. "pf_double"), its label and the problem,
 * then aborts, in every mode. s may be NULL (an encoder). */
_Noreturn void pf__misuse(const pf_src *s, const char *draw, const char *label,
                          const char *fmt, ...)
    __attribute__((format(printf, 4, 5), cold));

/* Fold an index (simplest first) into [lo, hi] and back; shared by the
 * integer draws and their inverse. */
int64_t pf__signed_from_index(int64_t lo, int64_t hi, uint64_t k);
uint64_t pf__signed_to_index(int64_t lo, int64_t hi, int64_t v);

/* Appends w as a little-endian word of width bytes. */
void pf__write_le(pf_buf *e, uint64_t w, unsigned width);

/* The record of a string draw (bytes, text): its payload, length in units
 * and bounds. */
void pf__record_payload(pf_src *s, pf_draw_kind kind, const char *label,
                        size_t at, const uint8_t *p, size_t len, size_t units,
                        size_t min, size_t max);
/* Appends one payload byte, escaping 0x00 and 0x01. */
void pf__enc_payload_byte(pf_buf *e, uint8_t b);

/* The shrinker's view of one recorded draw or span marker. */
typedef struct pf__rec {
    pf_draw_kind kind;
    unsigned depth;
    size_t offset, width;
    uint64_t lo, hi, value; /* bits of the record's unions */
    char label[40];
} pf__rec;

/* What one run of an input did: failed or not, and how. */
typedef struct pf__outcome {
    bool failed;
    char signature[160];  /* "property=<p> check=<site>", "crash:<kind>",
                             "timeout" */
    pf__rec *recs;        /* the failing run's records (malloc) */
    size_t n_recs;
} pf__outcome;

/* A failed check, as pf_fail hands it to the mode's handler. */
typedef struct pf__failure {
    const char *property;
    const char *check;      /* its site: "file.c:12", or "file.c:12/oracle.c:86"
                               when a public check failed inside (the
                               caller's site, then the inner check's) */
    const char *summary;
    const pf_line *lines;
    size_t n_lines;
    const char *diff_path;
} pf__failure;

/* A failure's identity: "property=<p> check=<site>" into out (design §5).
 * Shrinking keeps it, findings are de-duplicated by it, known failures
 * match on it. */
void pf__signature(const pf__failure *f, char *out, size_t cap);
/* A public check starts (its caller's file and line): returns whether it
 * is the outermost one, which pf__check_end then clears. A failure inside
 * takes the outermost check's site first. */
bool pf__check_begin(pf_src *s, const char *file, int line);
void pf__check_end(pf_src *s, bool outer);
/* Whether sig (as pf__signature writes it, or "property=<p>") matches the
 * expectation `want`: "<property>" alone matches every check of that
 * property, "<property> check=<site>" only that check. */
bool pf__signature_matches(const char *sig, const char *want);

/* What happens on a failure is the handler the driver chose: reporting
 * (the default: fuzzing and replay), the shrinker's catch, counting for
 * statistics. A handler does not return: it aborts, exits, or abandons
 * the run (pf__abandon). */
typedef void (*pf__fail_handler)(pf_src *s, const pf__failure *f);
void pf__set_fail_handler(pf__fail_handler h); /* NULL: report */
pf__fail_handler pf__fail_handler_now(void);
void pf__report_failure(pf_src *s, const pf__failure *f);
void pf__count_failure(pf_src *s, const pf__failure *f);

/* How a run is left early. */
typedef enum pf__unwind {
    PF__UNWIND_NONE,
    PF__UNWIND_SKIP,      /* pf_skip: the property (or, in setup, the input) */
    PF__UNWIND_OFF,       /* a failed check of a property switched off */
    PF__UNWIND_DISCARD,   /* pf_assume: the input */
    PF__UNWIND_ABANDON,   /* a handled failure: the input */
} pf__unwind;

/* Leaves the current property (SKIP, OFF) or the whole input (DISCARD,
 * ABANDON) of the pf_run that s is under. Returns only when s is not under
 * pf_run, so the caller decides what a hand-written harness gets. */
void pf__unwind_run(pf_src *s, pf__unwind how);
/* Whether a failure of `property` is reported in this run (PF_CHECKS, a
 * planted build's `only`); names that are not the target's properties
 * (harness_assert) always are. */
bool pf__checked(const pf_src *s, const char *property);
/* Asks the pf_run that s is under to run its input again with recording
 * on once it has been abandoned (the report's re-run). False when s is
 * not under pf_run. */
bool pf__request_rerun(pf_src *s);

/* The report's side of a re-run (report.c): the re-run is starting; it
 * has ended — reported and going on (PF_KEEP_GOING), or back without
 * failing (then the first run's report is printed as FLAKY and, unless
 * the run goes on, abort()). */
void pf__rerun_begin(void);
void pf__rerun_end(void);

/* Findings (findings.c): the input saved first, under PF_FINDINGS_DIR or
 * propfuzz-findings/<target> (PF_FINDINGS_DIR set but empty: nowhere, and
 * pf__findings_dir returns NULL); the path (or NULL) stays until
 * forgotten. */
const char *pf__findings_dir(const char *target, char *buf, size_t cap);
const char *pf__save_finding(const pf_src *s, const char *property);
const char *pf__saved_path(void);
void pf__forget_saved(void);
bool pf__write_file(const char *path, const void *data, size_t len);
uint64_t pf__fnv1a(const uint8_t *p, size_t n);
/* Known failures (PF_KNOWN, pf__add_known) and repeats (PF_KEEP_GOING):
 * each signature is counted; a known one, or a repeat, stops nothing. The
 * distinct failures are listed at exit. */
typedef enum pf__seen {
    PF__SEEN_NEW, PF__SEEN_REPEAT, PF__SEEN_KNOWN
} pf__seen;
pf__seen pf__classify_failure(const char *sig);
bool pf__is_known(const char *sig);
void pf__add_known(const char *expectation);
void pf__note_saved(const char *sig, const char *path);
size_t pf__distinct_failures(void);
/* Lists them now (a driver's summary) instead of at exit. */
void pf__failures_summary(void);
bool pf__keep_going(void);

/* Input files (inputs.c): a whole file (malloc, NULL with errno set);
 * whether a directory entry is a sidecar, not an input; the inputs under
 * a file or directory, recursively, in name order (-1: not there). */
uint8_t *pf__read_file(const char *path, size_t *len);
bool pf__is_sidecar(const char *name);
typedef struct pf__inputs {
    char **paths;
    size_t n, cap;
} pf__inputs;
int pf__collect_inputs(const char *path, pf__inputs *in);
void pf__inputs_free(pf__inputs *in);

/* The name of the table target pf_run ran last, or NULL. */
const char *pf__target_name(void);

/* Runs and forgets the cleanups registered with pf_defer. */
void pf__run_defers(pf_src *s);

/* Statistics (stats.c). Counting is always on; printing is asked for. */
typedef enum pf__stat {
    PF__STAT_INPUT, PF__STAT_OVERRUN, PF__STAT_MODE, PF__STAT_RUN,
    PF__STAT_CHECKED, PF__STAT_SKIP, PF__STAT_FAILED, PF__STAT_OFF,
    PF__STAT_DISCARD, PF__STAT_EVENT, PF__STAT_TRIALS, PF__STAT_PASSES,
} pf__stat;
void pf__count(pf__stat kind, const char *property, const char *name,
               uint64_t n);
/* At pf_end in record mode with statistics on: the labelled draws. */
void pf__stats_draws(const pf_src *s);
bool pf__stats_on(void);
/* A counter's total, names matched by text (tests, tools). */
uint64_t pf__stats_total(pf__stat kind, const char *property, const char *name);
/* The source being decoded now (for a sanitizer's death callback). */
pf_src *pf__active_src(void);

/* Registers a sanitizer death callback that prints the draws decoded so
 * far (replay and shrink tools call it). */
void pf__report_crashes(void);

/* At pf_end in record mode: hands the draws to the structure-aware
 * mutator (properties/mutator/) when it is decoding an input or keeping
 * the engine's last run, else nothing. Also what links the mutator's
 * libFuzzer hooks into every binary. */
void pf__mut_observe(const pf_src *s);

/* The report of an input, written beside it as <input_path>.report.txt:
 * the input replayed recorded in a child whose stderr is that file (the
 * shrink tool, the example runner). False when it could not be written. */
bool pf__write_report(const char *input_path, const uint8_t *data, size_t len);

/* Prints every recorded draw to stderr (make show-<target>). */
void pf__show_draws(const pf_src *s);

/* The codec oracles' helper for rendering a value in a report (freed when
 * the input ends). */
const char *pf__print_value(pf_src *s, const pf_codec *c, const void *value);

#endif
