/* cJSON-only properties (harness/cjson/extra.c). */
#ifndef CJSON_EXTRA_H
#define CJSON_EXTRA_H

#include "propfuzz.h"
#include "propfuzz_json.h"

void cjson_formatted_layout(pf_src *s, void *json_case);
void cjson_compare(pf_src *s, void *json_case);
void cjson_exact_length(pf_src *s, void *json_case);
void cjson_valueint(pf_src *s, void *json_case);
void cjson_references(pf_src *s, void *json_case);
void cjson_reference(pf_src *s, void *json_case);

#endif
