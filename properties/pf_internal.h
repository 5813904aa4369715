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
};

/* Reads a little-endian word of `width` bytes (1, 2, 4 or 8). Past the end
 * the missing bytes read as zero and the overrun flag is set; the cursor
 * always advances by width (rule 3). */
static inline uint64_t pf__read_word(pf_src *s, unsigned width)
{
    uint64_t w = 0;
    size_t avail = s->pos < s->size ? s->size - s->pos : 0;
    if (avail >= width) {
        const uint8_t *p = s->data + s->pos;
        for (unsigned i = 0; i < width; i++)
            w |= (uint64_t)p[i] << (8 * i);
    } else {
        for (size_t i = 0; i < avail; i++)
            w |= (uint64_t)s->data[s->pos + i] << (8 * i);
        s->overrun = true;
    }
    s->pos += width;
    return w;
}

static inline uint8_t pf__read_byte(pf_src *s)
{
    if (s->pos < s->size)
        return s->data[s->pos++];
    s->overrun = true;
    s->pos++;
    return 0;
}

/* Smallest word width (1, 2, 4, 8) that holds span. */
static inline unsigned pf__width_for(uint64_t span)
{
    if (span <= 0xffu) return 1;
    if (span <= 0xffffu) return 2;
    if (span <= 0xffffffffu) return 4;
    return 8;
}

/* Smallest word width whose signed range holds lo..hi (lo < 0). */
static inline unsigned pf__signed_width(int64_t lo, int64_t hi)
{
    for (unsigned w = 1; w < 8; w *= 2) {
        int64_t max = (int64_t)((UINT64_C(1) << (8 * w - 1)) - 1);
        if (lo >= -max - 1 && hi <= max)
            return w;
    }
    return 8;
}

/* Appends a record; only called when s->recording. Returns it so the caller
 * can fill the kind-specific fields. */
pf_record *pf__record(pf_src *s, pf_draw_kind kind, const char *label,
                      size_t offset);

/* Fold an index (simplest first) into [lo, hi] and back; shared by the
 * integer draws and their inverse. */
int64_t pf__signed_from_index(int64_t lo, int64_t hi, uint64_t k);
uint64_t pf__signed_to_index(int64_t lo, int64_t hi, int64_t v);

/* Appends w as a little-endian word of width bytes. */
void pf__write_le(pf_buf *e, uint64_t w, unsigned width);

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
    char signature[128];  /* "property=<name>", "crash:<kind>", "timeout" */
    pf__rec *recs;        /* the failing run's records (malloc) */
    size_t n_recs;
} pf__outcome;

/* A failed check, as pf_fail hands it to the mode's handler. */
typedef struct pf__failure {
    const char *property;
    const char *summary;
    const pf_line *lines;
    size_t n_lines;
    const char *diff_path;
} pf__failure;

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
 * came back without failing (prints the first run's report as FLAKY and
 * aborts). */
void pf__rerun_begin(void);
_Noreturn void pf__report_flaky(void);

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

/* Prints every recorded draw to stderr (make show-<target>). */
void pf__show_draws(const pf_src *s);

/* The codec oracles' helper for rendering a value in a report (freed when
 * the input ends). */
const char *pf__print_value(pf_src *s, const pf_codec *c, const void *value);

#endif
