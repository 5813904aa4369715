/* Shared by the structure-aware mutator's files (properties/mutator/):
 * the decode of an input into its draws and spans (mutator_decode.c), the
 * edits of values (mutator_values.c) and of structure (mutator_spans.c),
 * the pool of subtrees crossover takes from (mutator_pool.c), and the
 * choice between them and the engine's byte mutator (mutator.c). The
 * engines' entry points are in libfuzzer_hooks.c (libFuzzer) and
 * afl_hooks.c (AFL++). */
#ifndef PF_MUTATOR_INTERNAL_H
#define PF_MUTATOR_INTERNAL_H

#include "../core/pf_internal.h"
#include "../shrink/shrink_internal.h"

/* --- randomness (a small xorshift: the engine gives a seed per call) ---- */

typedef struct pf__rng {
    uint64_t s;
} pf__rng;

static inline uint64_t pf__rng_next(pf__rng *r)
{
    uint64_t x = r->s ? r->s : 0x9e3779b97f4a7c15u;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    r->s = x;
    return x;
}
/* Uniform in [0, n); 0 when n is 0. */
static inline uint64_t pf__rng_below(pf__rng *r, uint64_t n)
{
    return n ? pf__rng_next(r) % n : 0;
}

/* --- one decoded input (mutator_decode.c) ------------------------------- */

/* A span as the mutator sees it: the shrinker's span, plus the span it is
 * directly inside (SIZE_MAX: none), so siblings are spans with the same
 * parent and label. */
typedef struct pf__mspan {
    pf__span sp;
    size_t parent;
    bool flagged;   /* a list element past the minimum: a continue-flag
                       byte just before start announces it */
} pf__mspan;

typedef struct pf__decoded {
    pf__outcome run;    /* the records (passing or failing run) */
    pf__rec **draws;    /* value draws, flags included */
    size_t n_draws;
    pf__mspan *spans;
    size_t n_spans;
    uint8_t *view;      /* the input zero-extended to all its draws read */
    size_t view_len;
    bool raw;           /* a pf_rest draw: the input's length matters */
    size_t raw_at;      /* where its bytes start */
} pf__decoded;

/* Runs the linked target on data in record mode, quietly (a failure is
 * not reported, not saved: it is not a finding of the mutator's), and
 * indexes its draws; or takes the draws of the engine's last execution
 * when that was data (see pf__watch_executions). False when nothing was
 * drawn (no target linked, or a target that draws nothing), or when the
 * target would have to run and may_run is false. */
bool pf__decode(const uint8_t *data, size_t len, pf__decoded *d,
                bool may_run);
void pf__decoded_free(pf__decoded *d);
/* From now on every execution of the target records its draws (the
 * switch is process-wide), and the last one is kept: decoding the input
 * the engine just ran costs no run. Counted: decodes that ran the target
 * and decodes that reused the last execution. */
void pf__watch_executions(void);
extern uint64_t pf__decode_runs, pf__decode_reused;

/* --- making the mutated input ------------------------------------------- */

/* The candidate: the view with [a, b) replaced by n bytes of `with`. */
typedef struct pf__cand {
    uint8_t *data;
    size_t len, cap;
} pf__cand;
void pf__cand_splice(pf__cand *c, const pf__decoded *d, size_t a, size_t b,
                     const uint8_t *with, size_t n);
void pf__cand_free(pf__cand *c);

/* The engine's byte mutator on a buffer (LLVMFuzzerMutate under libFuzzer;
 * a few random byte edits elsewhere). Returns the new size. */
size_t pf__engine_mutate(pf__rng *r, uint8_t *data, size_t size,
                         size_t max_size);

/* --- the edits: each returns whether it made a candidate ----------------- */

typedef enum pf__edit {
    PF__EDIT_VALUE,      /* an integer, bool or float within its range */
    PF__EDIT_CHOICE,     /* a choice (small range) switched to another */
    PF__EDIT_STRING,     /* a string's payload: engine-mutated, a token */
    PF__EDIT_DELETE,     /* a span deleted (a list element with its flag) */
    PF__EDIT_DUPLICATE,  /* a list element repeated */
    PF__EDIT_SWAP,       /* two siblings exchanged */
    PF__EDIT_MOVE,       /* an element moved before a sibling */
    PF__EDIT_CROSSOVER,  /* a span replaced by one of the same label */
    PF__EDIT_FLAG,       /* a continue-flag flipped (list ends or grows) */
    PF__EDIT_RAW,        /* pf_rest's bytes, by the engine's byte mutator */
    PF__EDIT_COUNT
} pf__edit;

bool pf__edit_value(pf__rng *r, const pf__decoded *d, pf__cand *c,
                    pf__edit *kind);
bool pf__edit_string(pf__rng *r, const pf__decoded *d, pf__cand *c);
bool pf__edit_flag(pf__rng *r, const pf__decoded *d, pf__cand *c);
/* The raw rest (pf_rest) mutated by the engine, what comes before kept:
 * bytes taken as they are want byte mutations. */
bool pf__edit_raw(pf__rng *r, const pf__decoded *d, pf__cand *c,
                  size_t max_size);
bool pf__edit_delete(pf__rng *r, const pf__decoded *d, pf__cand *c);
bool pf__edit_duplicate(pf__rng *r, const pf__decoded *d, pf__cand *c);
bool pf__edit_swap(pf__rng *r, const pf__decoded *d, pf__cand *c);
bool pf__edit_move(pf__rng *r, const pf__decoded *d, pf__cand *c);
/* Span of d replaced by a span of the same label from `from`, another
 * input's decode (crossover), or from the pool when from is NULL. */
bool pf__edit_crossover(pf__rng *r, const pf__decoded *d,
                        const pf__decoded *from, pf__cand *c);

/* --- the pool of subtrees from recent inputs (mutator_pool.c) ----------- */

void pf__pool_add(pf__rng *r, const pf__decoded *d);
/* A pooled span's bytes with this label, or NULL. */
const uint8_t *pf__pool_pick(pf__rng *r, const char *label, size_t *len);

/* --- dictionary tokens (mutator_dict.c) --------------------------------- */

/* A token of the engine's dictionary (-dict= on the command line, or
 * PF_DICT), or NULL when there is none. */
const uint8_t *pf__dict_pick(pf__rng *r, size_t *len);

/* --- the whole mutation (mutator.c) ------------------------------------- */

/* One mutation of data in place; returns the new size (<= max_size). */
size_t pf__mutate(const uint8_t *data, size_t size, uint8_t *out,
                  size_t max_size, unsigned seed);
size_t pf__crossover(const uint8_t *d1, size_t s1, const uint8_t *d2,
                     size_t s2, uint8_t *out, size_t max_size, unsigned seed);
/* One structural edit of data, already decoded into d (AFL++'s mutator
 * keeps a queue entry's decode for its whole stage): a crossover from
 * `from` when given, else an edit picked as pf__mutate picks them; a
 * byte edit when none applies. Counted in PF_MUTATOR_STATS. */
size_t pf__mutate_decoded(const pf__decoded *d, const pf__decoded *from,
                          const uint8_t *data, size_t size, uint8_t *out,
                          size_t max_size, unsigned seed);
/* Whether the mutator is on (PF_MUTATOR, else the target's default). */
bool pf__mutator_on(void);

#endif
