/* json-c-only properties of the value mode (harness/jsonc.c lists them). */
#ifndef JSONC_EXTRA_H
#define JSONC_EXTRA_H

#include "propfuzz.h"
#include "propfuzz_json.h"

void jsonc_layout(pf_src *s, void *json_case);
void jsonc_dialect(pf_src *s, void *json_case);
void jsonc_getters(pf_src *s, void *json_case);

#endif
