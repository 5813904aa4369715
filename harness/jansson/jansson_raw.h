/* jansson's own properties: reference, error_report and load_flags, in
 * raw mode (harness/jansson/raw.c, errors.c, flags.c), and layout,
 * typed_accessors and depth_limit, in value mode (harness/jansson/
 * layout.c, accessors.c, depth.c). */
#ifndef JANSSON_RAW_H
#define JANSSON_RAW_H

#include "propfuzz.h"
#include "propfuzz_json.h"

void jansson_reference(pf_src *s, void *json_case);
void jansson_layout(pf_src *s, void *json_case);
void jansson_error_report(pf_src *s, void *json_case);
void jansson_load_flags(pf_src *s, void *json_case);
void jansson_typed_accessors(pf_src *s, void *json_case);
void jansson_depth_limit(pf_src *s, void *json_case);

#endif
