/* Shared by the shrinker's files (properties/shrink*.c): the evaluation of
 * a candidate (shrink_eval.c), the order (shrink_order.c), string
 * elements (shrink_payload.c), the current best and its candidates
 * (shrink_candidate.c), and the passes (shrink_pass_*.c) that pf_shrink
 * (shrink.c) runs to a fixpoint. */
#ifndef PF_SHRINK_INTERNAL_H
#define PF_SHRINK_INTERNAL_H

#include "../core/pf_internal.h"

void pf__outcome_free(pf__outcome *o);
/* Copies s's records (at most 200,000) into o->recs, whose buffer is
 * reused when it holds them; the shrinker's evaluations and the mutator's
 * decodes both keep a run's draws this way. */
void pf__capture_records(const pf_src *s, pf__outcome *o);
bool pf__eval_in_process(const uint8_t *data, size_t len, pf__outcome *o);
bool pf__eval_in_child(const uint8_t *data, size_t len, unsigned timeout,
                       pf__outcome *o);

/* --- the order (shrink_order.c) ----------------------------------------- */

/* A draw's place in its strategy's simplicity order (0 = simplest); for a
 * string, its element count (its elements decide ties: pf__compare). */
uint64_t pf__simplicity(const pf__rec *r);
uint64_t pf__float_simplicity(double d);
double pf__bits_double(uint64_t bits);
size_t pf__value_draws(const pf__outcome *o); /* not spans, not flags */
/* What the order counts first: the bytes the draws reach (zeros past the
 * end included), less the bytes strings spend on escapes and UTF-8
 * continuations, so a string costs one per element (and its end). */
size_t pf__size(const pf__outcome *o, const uint8_t *data, size_t len);
/* The length the input can be cut to without changing its run. */
size_t pf__trimmed(const pf__outcome *o, const uint8_t *data, size_t len);
/* <0 when input a (with its run ao) is smaller than b. Strict and total. */
int pf__compare(const uint8_t *a, size_t alen, const pf__outcome *ao,
                const uint8_t *b, size_t blen, const pf__outcome *bo);
/* Evaluates data once and gives the order's first keys, for tools that
 * report a shrink; false when data does not fail. */
bool pf__shrink_measure(const uint8_t *data, size_t len, bool in_child,
                        size_t *size, size_t *draws);

/* --- string elements (shrink_payload.c) --------------------------------- */

/* Code points a text byte does not encode (it selects an awkward code
 * point instead) sort after every real one. */
#define PF__AWKWARD_BASE 0x110000u

/* One element of a byte string or text: its bytes in the input and its
 * value (a byte, or a code point; 0 is the simplest). */
typedef struct pf__elem {
    size_t at, len;
    uint32_t value;
} pf__elem;

typedef struct pf__elems {
    const uint8_t *data;
    size_t len, pos, end;
    bool utf8;        /* text whose elements are code points */
} pf__elems;

/* Walks the elements of payload draw r in data (zeros past len). */
void pf__elems_begin(pf__elems *it, const pf__rec *r, const uint8_t *data,
                     size_t len);
bool pf__elems_next(pf__elems *it, pf__elem *e);
/* The bytes of an element of the given value (at most 4); 0 when the
 * value has no encoding in this kind of payload. */
size_t pf__elem_encode(bool utf8, uint32_t value, uint8_t out[4]);
bool pf__is_payload(const pf__rec *r);

/* --- the current best and its candidates (shrink_candidate.c) ----------- */

typedef struct pf__span {
    size_t start, end;   /* byte offsets */
    size_t first, last;  /* value draws inside: [first, last) */
    unsigned depth;
    const char *label;
} pf__span;

typedef struct pf__shrinker {
    const pf_shrink_opts *opts;
    bool in_child;
    char sig[160];
    uint8_t *best;      /* the smallest failing input, trailing zeros cut */
    size_t len;
    uint8_t *view;      /* best zero-extended to all its draws read: the */
    size_t view_len;    /* bytes the passes edit (past the end reads 0) */
    pf__outcome out;    /* best's failing run */
    pf__rec **draws;    /* out's value draws (no span markers) */
    size_t n_draws;
    pf__span *spans;
    size_t n_spans;
    size_t evals;
    double t0;
    bool stopped;
    uint8_t *scratch;   /* candidate buffer */
    size_t scratch_cap;
} pf__shrinker;

bool pf__sh_start(pf__shrinker *sh, const uint8_t *data, size_t len);
void pf__sh_free(pf__shrinker *sh);
double pf__sh_now(void);
bool pf__sh_stop(pf__shrinker *sh);
/* Runs a candidate; makes it the best when it fails the same way and is
 * smaller. */
bool pf__sh_attempt(pf__shrinker *sh, const uint8_t *cand, size_t clen);
/* A copy of the view in the candidate buffer, zero-extended to at least
 * need bytes (*clen gets its length), with room for `grow` more. */
uint8_t *pf__sh_copy(pf__shrinker *sh, size_t need, size_t grow,
                     size_t *clen);
/* Replaces view bytes [a, b) by `with` zero bytes (0: deletes them). */
bool pf__sh_replace(pf__shrinker *sh, size_t a, size_t b, size_t with);
bool pf__sh_delete(pf__shrinker *sh, size_t a, size_t b);
/* Overwrites width bytes at offset with the little-endian word w. */
bool pf__sh_word(pf__shrinker *sh, size_t offset, size_t width, uint64_t w);
void pf__put_word(uint8_t *c, size_t offset, size_t width, uint64_t w);
/* Replaces view bytes [a, b) by n bytes of `with`. */
bool pf__sh_splice(pf__shrinker *sh, size_t a, size_t b, const uint8_t *with,
                   size_t n);

static inline size_t pf__draw_end(const pf__rec *r)
{
    return r->offset + r->width;
}
static inline bool pf__is_int(const pf__rec *r)
{
    return r->kind == PF_DRAW_UINT || r->kind == PF_DRAW_INT;
}
/* The simplest value of an integer draw's range. */
static inline int64_t pf__int_target(const pf__rec *r)
{
    if (r->kind == PF_DRAW_UINT)
        return (int64_t)r->lo;
    int64_t lo = (int64_t)r->lo, hi = (int64_t)r->hi;
    return lo >= 0 ? lo : hi <= 0 ? hi : 0;
}
/* Whether a continue-flag byte announces span sp (it is a list element
 * past the list's minimum). */
bool pf__flag_before(const pf__shrinker *sh, const pf__span *sp);

/* --- passes: each returns whether it made best smaller ------------------ */

bool pf__pass_delete_runs(pf__shrinker *sh);      /* shrink_pass_delete.c */
bool pf__pass_delete_with_count(pf__shrinker *sh);
bool pf__pass_delete_spans(pf__shrinker *sh);
bool pf__pass_delete_reindex(pf__shrinker *sh);
bool pf__pass_zero(pf__shrinker *sh);
bool pf__pass_descendants(pf__shrinker *sh);      /* shrink_pass_tree.c */
bool pf__pass_siblings(pf__shrinker *sh);
bool pf__pass_switch_branch(pf__shrinker *sh);
bool pf__pass_ints(pf__shrinker *sh);             /* shrink_pass_ints.c */
bool pf__pass_pairs(pf__shrinker *sh);            /* shrink_pass_pairs.c */
bool pf__pass_floats(pf__shrinker *sh);           /* shrink_pass_floats.c */
bool pf__pass_strings(pf__shrinker *sh);          /* shrink_pass_strings.c */
bool pf__pass_raw(pf__shrinker *sh);              /* shrink_pass_raw.c */
bool pf__pass_swap(pf__shrinker *sh);             /* shrink_pass_swap.c */

#endif
