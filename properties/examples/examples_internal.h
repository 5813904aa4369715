/* The example runner's generator (properties/examples/): inputs for a
 * target run as an ordinary test, without a fuzzing engine or coverage
 * feedback. Uniform random bytes decode to values that are mostly large
 * and long; the decoder's contract makes zeros the simplest value, 0x00
 * and 0x01 the end and continuation of lists and strings, and whole words
 * land on draws — so the generator favours short inputs, sparse and
 * boundary bytes, words at the boundaries binary formats switch at, and
 * edits of the corpus the target ships. */
#ifndef PF_EXAMPLES_INTERNAL_H
#define PF_EXAMPLES_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* How an example was made (counted for the measurements). */
typedef enum pf__gen_kind {
    PF__GEN_UNIFORM,  /* uniform bytes of a small-biased length */
    PF__GEN_SPARSE,   /* mostly zeros, a few boundary or random bytes */
    PF__GEN_BOUNDARY, /* bytes and words at the decoder's nasty values */
    PF__GEN_MUTATE,   /* a corpus input with a few byte and word edits */
    PF__GEN_SPLICE,   /* the front of one corpus input, the back of another */
    PF__GEN_KINDS
} pf__gen_kind;

extern const char *const pf__gen_kind_names[PF__GEN_KINDS];

typedef struct pf__gen {
    uint64_t state;           /* the generator's random state */
    const uint8_t *const *corpus;
    const size_t *corpus_len;
    size_t n_corpus;
    size_t max_len;           /* longest example (before corpus edits) */
    int uniform_only;         /* PF_GEN=uniform: the baseline to measure */
} pf__gen;

void pf__gen_init(pf__gen *g, uint64_t seed);
uint64_t pf__gen_next(pf__gen *g);
/* Writes one example into buf (cap bytes); returns its length and, in
 * *kind, how it was made. */
size_t pf__gen_example(pf__gen *g, uint8_t *buf, size_t cap,
                       pf__gen_kind *kind);

/* Crashes and hangs (crash_save.c): the example being run now is written
 * to the target's findings directory before the process dies. */
void pf__examples_watch(const char *target);
void pf__examples_current(const uint8_t *data, size_t len);

#endif
