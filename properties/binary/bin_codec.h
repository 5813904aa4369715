/* The binary family's codec plumbing shared by its properties. */
#ifndef PF_BIN_CODEC_H
#define PF_BIN_CODEC_H

#include "bin_internal.h"

/* Chunk sizes up to a byte: boundaries fall anywhere in a small value
 * and inside the header of a large one. */
enum { PF__BIN_CHUNK_MAX = 255 };

typedef struct pf__bin_ctx {
    const pf_bin_codec *c;
    pf_bin_pool *pool;
    const pf_bin_eq *eq;
} pf__bin_ctx;

/* The case's codec as a pf_codec for the core oracles (pf_alloc'd: it
 * lives until the input ends); eq NULL: the codec's. */
pf_codec *pf__bin_oracle_codec(pf_src *s, const pf_bin_case *c, const pf_bin_eq *eq);

/* A deep copy (containers of one repeated element stay so); with
 * perm_seed non-zero, maps of distinct keys and at most 64 pairs have
 * their pairs permuted. */
pf_bin *pf__bin_copy(pf_bin_pool *p, const pf_bin *v, uint64_t *perm_seed);

#endif
