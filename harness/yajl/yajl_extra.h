/* yajl-only properties of the value mode (harness/yajl.c lists them). */
#ifndef YAJL_EXTRA_H
#define YAJL_EXTRA_H

#include "propfuzz.h"
#include "propfuzz_json.h"

void yajl_parse_options(pf_src *s, void *json_case);
void yajl_layout(pf_src *s, void *json_case);
void yajl_generator(pf_src *s, void *json_case);
void yajl_tree_holds(pf_src *s, void *json_case);

#endif
