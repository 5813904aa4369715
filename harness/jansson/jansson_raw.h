/* jansson's own raw-mode property (harness/jansson/raw.c). */
#ifndef JANSSON_RAW_H
#define JANSSON_RAW_H

#include "propfuzz.h"
#include "propfuzz_json.h"

void jansson_reference(pf_src *s, void *json_case);

#endif
