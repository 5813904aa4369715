/* Internals shared by the binary family's files (properties/binary/).
 * Not installed; the public API is include/propfuzz_binary.h. */
#ifndef PF_BIN_INTERNAL_H
#define PF_BIN_INTERNAL_H

#include "../core/pf_internal.h"
#include "propfuzz_binary.h"

/* The limits with their zero defaults filled in. */
typedef struct pf__bin_lim {
    const pf_bin_limits *user;
    unsigned kinds, top_kinds, key_kinds, int_widths, float_widths;
    unsigned max_depth;
    size_t max_items, max_bytes, boundary_max, items_boundary_max;
} pf__bin_lim;
void pf__bin_lim_of(const pf_bin_limits *l, pf__bin_lim *out);

/* The allowed kinds of a mask, in kind order: leaves, then branches. */
size_t pf__bin_kinds_of(unsigned mask, pf_bin_kind *out, size_t *n_leaf);

/* The size classes of a payload (max: its max_bytes) or a container
 * (max_items): ordinary, the boundary sizes up to 256, claimed, an
 * array's chain (`chain`: nest_limit); `huge` the sizes above 256 behind
 * their pf_bool_p. */
typedef struct pf__bin_classes {
    size_t n, n_huge;
    unsigned gates; /* pf_bool_p draws before a huge size: 1, containers 2 */
    uint32_t weights[PF_BIN_N_BOUNDARIES + 3];
    size_t sizes[PF_BIN_N_BOUNDARIES + 3]; /* [0]: ordinary (unused) */
    size_t huge[PF_BIN_N_BOUNDARIES];
} pf__bin_classes;
#define PF__BIN_HUGE_P (1.0 / 256)
#define PF__BIN_CHAIN_SIZE SIZE_MAX /* the chain class's size */
void pf__bin_classes_of(const pf__bin_lim *L, bool items, bool boundaries,
                        bool chain, pf__bin_classes *c);
/* Whether the limits draw chains (nest_limit above max_depth + 1). */
bool pf__bin_chains(const pf__bin_lim *L);

/* The repeat period (<= 16) a boundary-sized payload was drawn with. */
size_t pf__bin_period(const uint8_t *p, size_t n);
/* A boundary-sized map's i-th key (distinct for each i). */
pf_bin *pf__bin_index_key(pf_bin_pool *p, const pf__bin_lim *L, size_t i);
bool pf__bin_index_keys_ok(const pf__bin_lim *L);

/* A key's identity for pf_list_unique: kind, width, payload. */
void pf__bin_key_bytes(pf_buf *b, const pf_bin *key);

#endif
