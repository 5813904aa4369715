/* json-c-only properties of the value mode (harness/jsonc.c lists them),
 * and the texts made from v they share beyond include/propfuzz_json.h's
 * (harness/jsonc/variants.c). */
#ifndef JSONC_EXTRA_H
#define JSONC_EXTRA_H

#include "propfuzz.h"
#include "propfuzz_json.h"

void jsonc_layout(pf_src *s, void *json_case);
void jsonc_dialect(pf_src *s, void *json_case);
void jsonc_limits(pf_src *s, void *json_case);
void jsonc_getters(pf_src *s, void *json_case);

/* Texts made from a text t of v (the plain print, or for the hex digits
 * the canonical text with every character escaped): */
void jsonc_vary_case(pf_src *s, pf_buf *t, bool in_strings);
void jsonc_add_dangling_exponents(pf_src *s, const pf_buf *t, pf_buf *out);
/* Offsets of the hex digits of t's \u escapes (at most max). */
size_t jsonc_hex_digits(const pf_buf *t, size_t *at, size_t max);

#endif
