/* yajl-only properties of the value mode (harness/yajl.c lists them). */
#ifndef YAJL_EXTRA_H
#define YAJL_EXTRA_H

#include "propfuzz.h"
#include "propfuzz_json.h"

void yajl_parse_options(pf_src *s, void *json_case);
void yajl_layout(pf_src *s, void *json_case);
void yajl_generator(pf_src *s, void *json_case);
void yajl_tree_holds(pf_src *s, void *json_case);

/* yajl_gen's plain text of the case's v (the property fails when yajl_gen
 * refuses it), in a buffer freed when the input ends. */
pf_buf *yajl_plain_text(pf_src *s, const pf_json_case *c);

#endif
