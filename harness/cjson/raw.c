/* cJSON-only properties of the raw mode (harness/cjson.c lists them):
 *   reference   a text the strict reference parser (pf_json_parse)
 *               accepts, cJSON must accept and read as the reference
 *               does, numbers as strtod of their text (cJSON's are
 *               doubles, R1) -- unless it holds a lone surrogate escape
 *               (R4) or nests deeper than CJSON_NESTING_LIMIT (1000),
 *               which cJSON must refuse. A text the reference refuses for
 *               a token, a separator, its end or emptiness, or for
 *               something after the value that is not a byte <= 0x20,
 *               cJSON must refuse too; its other refusals are cJSON's
 *               leniencies (numbers in strtod's grammar, control bytes
 *               as whitespace or in strings, invalid UTF-8, a byte order
 *               mark, non-hex \u digits, a NUL) and are not compared.
 *               Texts with U+0000 escapes are not compared (R3).
 *   error_ptr   cJSON_GetErrorPtr points inside a text cJSON refuses
 *               (not called after an accepted one: cJSON computes NULL + 0
 *               then, undefined behaviour, FINDINGS.md)
 * canonical_fixed_point, the raw mode's shared property, holds for a text
 * cJSON misreads the same way twice, or accepts when it should not. */
#include "cjson_extra.h"

#include "json_adapters.h"

#include <stdio.h>
#include <stdlib.h>

enum { CJSON_NESTING_LIMIT = 1000 };

/* The reference's value as cJSON holds it: numbers strtod of their text. */
static pf_json *as_cjson(pf_json_pool *p, const pf_json *v)
{
    switch (v->type) {
    case PF_JSON_INT:
    case PF_JSON_UINT:
    case PF_JSON_DOUBLE:
        return pf_json_double(p, strtod(v->lit, NULL));
    case PF_JSON_ARRAY: {
        pf_json *a = pf_json_array(p, v->n);
        for (size_t i = 0; i < v->n; i++)
            pf_json_push(p, a, as_cjson(p, v->v.items[i]));
        return a;
    }
    case PF_JSON_OBJECT: {
        pf_json *o = pf_json_object(p, v->n);
        for (size_t i = 0; i < v->n; i++)
            pf_json_put(p, o, v->v.members[i].key, v->v.members[i].key_len,
                        as_cjson(p, v->v.members[i].value));
        return o;
    }
    default:
        return pf_json_copy(p, v);
    }
}

/* Why cJSON must refuse a text the reference refuses, or NULL when the
 * refusal may be one of cJSON's leniencies. The reference stops at the
 * first error: all before it is strict JSON, which cJSON reads alike. */
static const char *refused_for(const pf_json_case *c, const pf_json_parse_info *info)
{
    switch (info->err) {
    case PF_JSON_ERR_EMPTY: return "no value";
    case PF_JSON_ERR_TOKEN: return "a byte no value starts with, or a bad literal";
    case PF_JSON_ERR_SYNTAX: return "a missing or extra , : ] or }";
    case PF_JSON_ERR_EOF: return "the text ends inside a value";
    case PF_JSON_ERR_TRAILING:
        /* cJSON skips any byte <= 0x20 after the value */
        return info->offset < c->len && c->text[info->offset] > 0x20
                   ? "something after the value" : NULL;
    default: return NULL;
    }
}

void cjson_reference(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf_json_parse_info info;
    const pf_json *ref = pf_json_parse(c->pool, c->text, c->len, &info);
    if (ref && info.flags & (PF_JSON_F_NUL_STR | PF_JSON_F_NUL_KEY))
        return; /* R3 */
    const char *refuse = !ref ? refused_for(c, &info)
                         : info.flags & PF_JSON_F_LONE_SURROGATE ? "a lone surrogate escape (R4)"
                         : info.depth > CJSON_NESTING_LIMIT      ? "nesting deeper than 1000"
                                                                 : NULL;
    if (!ref && !refuse)
        return; /* one of cJSON's leniencies, perhaps */
    pf_json *got = c->suite->lib->parse(c->suite->lib, c->pool, c->text, c->len);
    if (refuse && got) {
        pf_line lines[] = {{"it holds", refuse}, {"cJSON read", pf_json_show(c->pool, got)}};
        pf_fail(s, NULL, "cJSON accepted a text it must refuse", lines, PF_LEN(lines), NULL);
    }
    if (refuse)
        return;
    pf_json *want = as_cjson(c->pool, ref);
    pf_json_eq exactly = {0};
    pf_path path = {0};
    if (!got || !pf_json_equal(got, want, &exactly, &path)) {
        pf_line lines[] = {{"the reference reads", pf_json_show(c->pool, want)},
                           {"cJSON read", got ? pf_json_show(c->pool, got) : "refused"}};
        pf_fail(s, NULL, "cJSON's reading differs from the reference's", lines,
                PF_LEN(lines), got ? path.text : NULL);
    }
}

void cjson_error_ptr(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    size_t offset;
    if (pf_json_cjson_error_ptr(c->text, c->len, &offset) == PF_CJSON_ERROR_OUTSIDE)
        pf_fail(s, NULL, "cJSON refused the text and cJSON_GetErrorPtr is not inside it",
                NULL, 0, NULL);
}
