/* cJSON-only properties: value mode (harness/cjson/extra.c), raw mode
 * (harness/cjson/raw.c). */
#ifndef CJSON_EXTRA_H
#define CJSON_EXTRA_H

#include "propfuzz.h"
#include "propfuzz_json.h"

void cjson_formatted_layout(pf_src *s, void *json_case);
void cjson_compare(pf_src *s, void *json_case);
void cjson_exact_length(pf_src *s, void *json_case);
void cjson_valueint(pf_src *s, void *json_case);
void cjson_references(pf_src *s, void *json_case);
void cjson_edit_parsed(pf_src *s, void *json_case);
/* raw mode (harness/cjson/raw.c) */
void cjson_reference(pf_src *s, void *json_case);
void cjson_error_ptr(pf_src *s, void *json_case);
void cjson_bom(pf_src *s, void *json_case);

#endif
