/* Shared by the shrinker's files. */
#ifndef PF_SHRINK_INTERNAL_H
#define PF_SHRINK_INTERNAL_H

#include "pf_internal.h"

void pf__outcome_free(pf__outcome *o);
bool pf__eval_in_process(const uint8_t *data, size_t len, pf__outcome *o);
bool pf__eval_in_child(const uint8_t *data, size_t len, unsigned timeout,
                       pf__outcome *o);

#endif
