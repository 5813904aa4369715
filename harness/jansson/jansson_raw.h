/* jansson's own properties: reference and error_report, in raw mode
 * (harness/jansson/raw.c, errors.c), and layout, in value mode
 * (harness/jansson/layout.c). */
#ifndef JANSSON_RAW_H
#define JANSSON_RAW_H

#include "propfuzz.h"
#include "propfuzz_json.h"

void jansson_reference(pf_src *s, void *json_case);
void jansson_layout(pf_src *s, void *json_case);
void jansson_error_report(pf_src *s, void *json_case);

#endif
