/* The JSON libraries under test, each as a pf_json_adapter
 * (include/propfuzz_json.h): how it is called, written once in
 * adapters/json_<lib>.c and compiled into every target that names it in
 * build/targets/<target>.mk (ADAPTERS_<target>). A planted-bug build
 * (tests/planted/<target>/<property>.h) wraps the library's functions in
 * the adapter, which includes it right after the library's headers. */
#ifndef PF_JSON_ADAPTERS_H
#define PF_JSON_ADAPTERS_H

#include "propfuzz_json.h"

/* cJSON 1.7.15 (adapters/json_cjson.c). Texts are parsed with
 * cJSON_ParseWithLengthOpts(require_null_terminated) on a copy with a NUL
 * appended, so trailing text is refused. Formats: NULL is
 * cJSON_PrintUnformatted, &pf_json_cjson_pretty is cJSON_Print. No
 * incremental parser. */
extern const pf_json_adapter pf_json_cjson;
extern const int pf_json_cjson_pretty;
/* cJSON calls only its own target checks (harness/cjson/extra.c):
 * cJSON_Compare(tree of v, cJSON's reading of text, case-sensitive): 1
 * equal, 0 not, -1 when v cannot be built or text is refused; and
 * cJSON_ParseWithLength on exactly the len bytes of text (no NUL after
 * them, trailing text ignored), NULL when refused. */
int pf_json_cjson_compare(const pf_json *v, const uint8_t *text, size_t len);
/* cJSON_Compare(tree of a, tree of b, case-sensitive): 1, 0, or -1 when a
 * tree cannot be built. */
int pf_json_cjson_compare_trees(const pf_json *a, const pf_json *b);
pf_json *pf_json_cjson_parse_exact(pf_json_pool *p, const uint8_t *text,
                                   size_t len);
/* Every number of v built by cJSON_CreateNumber, then of cJSON's reading
 * of text: is valueint valuedouble saturated to int (as cJSON sets it)?
 * 0 yes, 1 no (bad says which), -1 when v cannot be built or text is
 * refused. */
typedef struct {
    const char *made_by; /* "cJSON_CreateNumber" or "cJSON_Parse" */
    double valuedouble;
    int valueint, saturated;
} pf_json_cjson_number;
int pf_json_cjson_valueint(const pf_json *v, const uint8_t *text, size_t len,
                           pf_json_cjson_number *bad);
/* The compact text of: v built by copy (by_copy); v built with strings by
 * cJSON_CreateStringReference and keys by cJSON_AddItemToObjectCS
 * (by_reference); [{"k":v,"m":c},v] with both v's added to the tree by
 * copy, and c its first child when it has one, by
 * cJSON_AddItemReferenceTo{Object,Array} (wrapped); and the tree by copy
 * printed again after the other two were deleted (after). 0, or -1 when
 * cJSON runs out of memory or cannot print. */
typedef struct {
    pf_buf *by_copy, *by_reference, *wrapped, *after;
    pf_buf *first_child; /* its first item or member's value, if any */
} pf_json_cjson_views;
int pf_json_cjson_references(const pf_json *v, pf_json_cjson_views *out);
/* cJSON reads text: accepted; refused with cJSON_GetErrorPtr inside the
 * text (its offset); or refused with it NULL or outside. -1 when out of
 * memory. cJSON_GetErrorPtr is not called after an accepted text: it
 * computes NULL + 0 then (FINDINGS.md). */
enum { PF_CJSON_ACCEPTED, PF_CJSON_REFUSED, PF_CJSON_ERROR_OUTSIDE };
int pf_json_cjson_error_ptr(const uint8_t *text, size_t len, size_t *offset);
/* cJSON's reading of text, walked with its type predicates (one holds
 * for each item) and cJSON_GetArraySize and cJSON_GetArrayItem against
 * its child links, then a null appended to
 * every array and a member "": null to every object (cJSON_AddItemTo*,
 * those below first), printed compact into out. NULL, or what was wrong. */
const char *pf_json_cjson_edit_parsed(const uint8_t *text, size_t len, pf_buf *out);

/* jansson 2.14 (adapters/json_jansson.c): json_loadb(JSON_DECODE_ANY |
 * JSON_ALLOW_NUL); in chunks, json_load_callback. A format is a size_t of
 * json_dumps flags (JSON_ENCODE_ANY is added); NULL: JSON_COMPACT. The
 * object hash seed is fixed (json_object_seed(1)) so runs repeat. */
extern const pf_json_adapter pf_json_jansson;

/* json-c 0.16 (adapters/json_jsonc.c): json_tokener_parse_ex given the
 * text's length; when the tokener wants more at the end, a final NUL byte
 * ends the text (as json_tokener_parse does). In chunks: one tokener fed
 * each chunk. A format is an int of json_object_to_json_string_ext flags;
 * NULL: JSON_C_TO_STRING_PLAIN.
 *   pf_json_jsonc         default flags and depth (as json_tokener_parse);
 *                         accepted when a value is complete and what
 *                         follows is whitespace or comments json-c skips
 *                         after a value (judged by parsing "[]" + the rest
 *                         in one call, so chunk boundaries do not change
 *                         the judgement)
 *   pf_json_jsonc_strict  JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8;
 *                         only JSON whitespace may follow the value
 * json_differential links json-c through build/lib-jsonc_iso.sh (it cannot
 * share a link with jansson): these three symbols are all it exports. */
extern const pf_json_adapter pf_json_jsonc;
extern const pf_json_adapter pf_json_jsonc_strict;
/* Whether text holds an escaped surrogate pair whose code point has its
 * low 16 bits in D800-DFFF (U+1D800-U+1DFFF, U+2D800-...): json-c 0.16
 * reads it as U+FFFD (fixed upstream in json-c PR #893; FINDINGS.md). */
bool pf_json_jsonc_misdecoded_pair(const uint8_t *text, size_t len);

/* yajl 2.1.0 (adapters/json_yajl.c): yajl_parse with integer and double
 * callbacks building the tree, then yajl_complete_parse, with yajl's
 * defaults (no comments, UTF-8 validated, no trailing garbage, one value);
 * the tree keeps U+0000 in strings and keys and every member of an object.
 * In chunks: yajl_parse per chunk. Trees (for lookups) are yajl_tree_parse
 * of yajl_gen's text; their keys are C strings. A format is a
 * pf_json_yajl_format; NULL: yajl_gen's defaults. unsafe: an integer whose
 * first 18 digits lie in 922337203685477581..587 followed by more digits
 * overflows a long long inside yajl_parse_integer (undefined behaviour,
 * lloyd/yajl #262; FINDINGS.md).
 *   pf_json_yajl          the callbacks refuse nesting deeper than
 *                         PF_JSON_YAJL_MAX_DEPTH: yajl's parser has no
 *                         limit, but yajl_gen refuses a 128th level
 *                         (YAJL_MAX_DEPTH, yajl_max_depth_exceeded), so a
 *                         value read deeper could not be written back
 *   pf_json_yajl_any_depth  no limit */
enum { PF_JSON_YAJL_MAX_DEPTH = 127 };
extern const pf_json_adapter pf_json_yajl;
extern const pf_json_adapter pf_json_yajl_any_depth;
typedef struct pf_json_yajl_format {
    bool beautify, escape_solidus, validate_utf8;
    const char *indent; /* yajl_gen_indent_string when beautifying, or NULL */
} pf_json_yajl_format;
/* yajl_parse of text in one piece, with no depth limit, with the
 * yajl_option bits `options` set by yajl_config, then yajl_complete_parse.
 * Fills the values read at the top level (up to max_roots of them;
 * n_roots counts them all), the bytes yajl_parse consumed and, when a call
 * fails and `error` is not NULL, yajl_get_error's message (not verbose).
 * Returns the status of the call that failed, or of yajl_complete_parse
 * (a yajl_status, as an int). */
typedef struct pf_json_yajl_reading {
    pf_json **roots;
    size_t max_roots, n_roots;
    size_t consumed;
    pf_buf *error;
} pf_json_yajl_reading;
int pf_json_yajl_read(pf_json_pool *p, const uint8_t *text, size_t len, unsigned options,
                      pf_json_yajl_reading *r);
/* v through yajl_gen's calls on g (a yajl_gen): false when one of them
 * does not return yajl_gen_status_ok (or v holds an integer above
 * INT64_MAX). */
struct yajl_gen_t;
bool pf_json_yajl_generate(struct yajl_gen_t *g, const pf_json *v);
/* The options of o set on g by yajl_gen_config. */
void pf_json_yajl_configure(struct yajl_gen_t *g, const pf_json_yajl_format *o);

#endif
