/* jansson's own raw-mode property (harness/jansson.c lists it):
 *   reference   a text the strict reference parser (pf_json_parse)
 *               accepts, jansson must accept and read as the reference
 *               does -- unless it holds an integer outside int64, a
 *               number that overflows a double, U+0000 in a key, a lone
 *               surrogate escape, or nests deeper than 2048 (counting a
 *               scalar as a level: J6), which jansson
 *               must refuse (its documented limits; json_differential's D4
 *               to D8). Objects with a repeated key are not compared
 *               (jansson keeps one member per key). A text the reference
 *               refuses, jansson must refuse too, unless it holds a NUL
 *               byte: jansson's one leniency skips a NUL after a number
 *               or a literal (FINDINGS.md).
 * canonical_fixed_point, the raw mode's shared property, holds for a text
 * jansson accepts when it should not, and reads alike twice. */
#include "jansson_raw.h"

#include <string.h>

enum { JANSSON_MAX_DEPTH = 2048 }; /* JSON_PARSER_MAX_DEPTH */

static const char *jansson_must_refuse(const pf_json *ref, const pf_json_parse_info *info)
{
    unsigned f = info->flags;
    return f & (PF_JSON_F_BIG_INT | PF_JSON_F_HUGE_INT) ? "an integer outside int64"
           : f & PF_JSON_F_OVERFLOW                    ? "a number that overflows a double"
           : f & PF_JSON_F_NUL_KEY                     ? "U+0000 in a key"
           : f & PF_JSON_F_LONE_SURROGATE              ? "a lone surrogate escape"
           : info->depth > JANSSON_MAX_DEPTH           ? "nesting deeper than 2048"
           /* J6: a scalar counts as a level; walked only at the limit */
           : info->depth == JANSSON_MAX_DEPTH && pf_json_levels(ref) > JANSSON_MAX_DEPTH
               ? "a value inside 2048 containers (J6)"
               : NULL;
}

static const char *jansson_refused_for(const uint8_t *text, size_t len,
                                       const pf_json_parse_info *info)
{
    if (memchr(text, 0, len))
        return NULL;
    return pf_json_err_names[info->err];
}

static pf_json *jansson_view(pf_json_pool *p, const pf_json *ref, const pf_json_parse_info *info)
{
    return info->flags & PF_JSON_F_DUP_KEY ? NULL : pf_json_copy(p, ref);
}

static const pf_json_reference jansson_rules = {jansson_must_refuse, jansson_refused_for,
                                                jansson_view};

void jansson_reference(pf_src *s, void *in) { pf_json_check_reference(s, in, &jansson_rules); }
