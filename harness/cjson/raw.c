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
 *   bom         a UTF-8 byte order mark before a text changes nothing
 *               cJSON reads (it skips one)
 *   error_ptr   cJSON_GetErrorPtr points inside a text cJSON refuses
 *               (not called after an accepted one: cJSON computes NULL + 0
 *               then, undefined behaviour, FINDINGS.md)
 * canonical_fixed_point, the raw mode's shared property, holds for a text
 * cJSON misreads the same way twice, or accepts when it should not. */
#include "cjson_extra.h"

#include "json_adapters.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* R3: strings with U+0000 are not compared. */
static pf_json *cjson_view(pf_json_pool *p, const pf_json *ref, const pf_json_parse_info *info)
{
    return info->flags & (PF_JSON_F_NUL_STR | PF_JSON_F_NUL_KEY) ? NULL : as_cjson(p, ref);
}

static const char *cjson_must_refuse(const pf_json *ref, const pf_json_parse_info *info)
{
    (void)ref;
    return info->flags & PF_JSON_F_LONE_SURROGATE ? "a lone surrogate escape (R4)"
           : info->depth > CJSON_NESTING_LIMIT    ? "nesting deeper than 1000"
                                                  : NULL;
}

/* cJSON's leniencies are all but the structural refusals. */
static const pf_json_reference cjson_rules = {cjson_must_refuse, pf_json_structural_refusal,
                                              cjson_view};

void cjson_reference(pf_src *s, void *in) { pf_json_check_reference(s, in, &cjson_rules); }

void cjson_error_ptr(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    size_t offset;
    if (pf_json_cjson_error_ptr(c->text, c->len, &offset) == PF_CJSON_ERROR_OUTSIDE)
        pf_fail(s, NULL, "cJSON refused the text and cJSON_GetErrorPtr is not inside it",
                NULL, 0, NULL);
}

/* A UTF-8 byte order mark before a text changes nothing cJSON reads
 * (cJSON_ParseWithLengthOpts skips it). */
void cjson_bom(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    if (c->len >= 3 && memcmp(c->text, "\xEF\xBB\xBF", 3) == 0)
        return; /* a second mark is text */
    pf_buf marked = {0};
    pf_buf_put(&marked, "\xEF\xBB\xBF", 3);
    pf_buf_put(&marked, c->text, c->len);
    const pf_json_adapter *lib = c->suite->lib;
    pf_json *plain = lib->parse(lib, c->pool, c->text, c->len);
    pf_json *after_mark = lib->parse(lib, c->pool, marked.data, marked.len);
    pf_buf_free(&marked);
    pf_json_eq exactly = {0};
    if (!plain != !after_mark || (plain && !pf_json_equal(plain, after_mark, &exactly, NULL))) {
        pf_line lines[] = {{"text read", plain ? pf_json_show(c->pool, plain) : "refused"},
                           {"after a BOM", after_mark ? pf_json_show(c->pool, after_mark) : "refused"}};
        pf_fail(s, NULL, "a byte order mark before the text changes what cJSON reads", lines,
                PF_LEN(lines), NULL);
    }
}
