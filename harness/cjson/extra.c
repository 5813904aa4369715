/* cJSON-only properties of the value mode (harness/cjson.c lists them):
 *   formatted_layout  cJSON_Print(v) is cJSON_PrintUnformatted(v) laid
 *                     out as cJSON documents its formatted printer: a
 *                     newline after "{" and after every member, members
 *                     indented one tab per open container, ":\t" after
 *                     a key, ", " between array items, "}" indented like
 *                     its object's line
 *   compare           cJSON_Compare(v, cJSON's reading of its own text of
 *                     v, case-sensitive) is true (its number tolerance is
 *                     the printer's, R2)
 *   exact_length      cJSON_ParseWithLength given exactly the bytes of its
 *                     text of v (no NUL after them) reads what the
 *                     NUL-terminated parse reads
 *   valueint          every number cJSON_CreateNumber makes of v, and
 *                     every number cJSON reads from its text of v, has
 *                     valueint = valuedouble saturated to int (cJSON's
 *                     int view, read by callers of the documented field)
 *   references        v built with cJSON_CreateStringReference strings
 *                     and cJSON_AddItemToObjectCS keys prints as v built
 *                     by copy; [{"k":v},v] made with
 *                     cJSON_AddItemReferenceTo{Object,Array} prints as
 *                     that text says; and deleting both leaves v's tree
 *                     and strings as they were (printed again after)
 * and of the raw mode:
 *   reference         a text the strict reference parser (pf_json_parse)
 *                     accepts, cJSON must accept and read as the
 *                     reference does, numbers as strtod of their text
 *                     (cJSON's are doubles, R1) -- unless it holds a lone
 *                     surrogate escape (R4) or nests deeper than
 *                     CJSON_NESTING_LIMIT (1000), which cJSON must refuse;
 *                     texts with U+0000 escapes are not compared (R3)
 * They catch what the shared properties cannot see: whitespace only
 * changes nothing a parser reads back, and the shared properties never
 * call cJSON_Compare, parse without a NUL after the text, read valueint
 * or build a tree from references; and canonical_fixed_point, the raw
 * mode's shared property, holds for a text misread the same way twice. */
#include "cjson_extra.h"

#include "json_adapters.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void free_buf(void *b) { pf_buf_free(b); }

/* An empty buffer freed when the input ends, however it ends. */
static pf_buf *scratch(pf_src *s)
{
    pf_buf *b = pf_alloc(s, sizeof *b);
    memset(b, 0, sizeof *b);
    pf_defer(s, free_buf, b);
    return b;
}

static pf_buf *written(pf_src *s, const pf_json_case *c, const void *format)
{
    pf_buf *b = scratch(s);
    if (c->suite->lib->write(c->suite->lib, c->value, format, b) != 0)
        pf_fail(s, NULL, "cJSON could not print v", NULL, 0, NULL);
    return b;
}

static void tabs(pf_buf *b, unsigned n)
{
    while (n--)
        pf_buf_putc(b, '\t');
}

/* The compact text (no whitespace outside strings) laid out as cJSON_Print
 * lays it out (print_object, print_array in cJSON.c). */
static void lay_out(const pf_buf *in, pf_buf *out)
{
    unsigned depth = 0;
    char open[64] = {0}; /* the kind of each open container */
    bool in_string = false, escaped = false;
    for (size_t i = 0; i < in->len; i++) {
        uint8_t ch = in->data[i];
        if (in_string) {
            pf_buf_putc(out, ch);
            in_string = escaped || ch != '"';
            escaped = !escaped && ch == '\\';
            continue;
        }
        bool in_object = depth > 0 && open[(depth - 1) % 64] == '{';
        switch (ch) {
        case '"': in_string = true; pf_buf_putc(out, ch); break;
        case '{': case '[':
            open[depth++ % 64] = (char)ch;
            pf_buf_putc(out, ch);
            if (ch == '{')
                pf_buf_putc(out, '\n');
            if (ch == '{' && i + 1 < in->len && in->data[i + 1] != '}')
                tabs(out, depth);
            break;
        case '}':
            if (in->data[i - 1] != '{')
                pf_buf_putc(out, '\n');
            tabs(out, --depth);
            pf_buf_putc(out, ch);
            break;
        case ']': depth--; pf_buf_putc(out, ch); break;
        case ':': pf_buf_put(out, in_object ? ":\t" : ":", in_object ? 2 : 1); break;
        case ',':
            pf_buf_put(out, in_object ? ",\n" : ", ", 2);
            if (in_object)
                tabs(out, depth);
            break;
        default: pf_buf_putc(out, ch);
        }
    }
}

void cjson_formatted_layout(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf_buf *compact = written(s, c, NULL);
    pf_buf *pretty = written(s, c, &pf_json_cjson_pretty);
    pf_buf *want = scratch(s);
    lay_out(compact, want);
    pf_check_bytes_equal(s, NULL, "cJSON_Print(v)", pretty->data, pretty->len,
                         "cJSON_PrintUnformatted(v) laid out", want->data,
                         want->len);
}

void cjson_compare(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf_buf *compact = written(s, c, NULL);
    int rc = pf_json_cjson_compare(c->value, compact->data, compact->len);
    if (rc < 0)
        pf_fail(s, NULL, "cJSON refused its own text of v", NULL, 0, NULL);
    if (rc == 0) {
        pf_line lines[] = {{"text", pf_json_show(c->pool, c->value)}};
        pf_fail(s, NULL, "cJSON_Compare(v, parse(its text of v)) is false",
                lines, PF_LEN(lines), NULL);
    }
}

void cjson_exact_length(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf_buf *compact = written(s, c, NULL);
    pf_json *exact = pf_json_cjson_parse_exact(c->pool, compact->data, compact->len);
    pf_json *nul = c->suite->lib->parse(c->suite->lib, c->pool, compact->data,
                                        compact->len);
    if (!nul)
        pf_fail(s, NULL, "cJSON refused its own text of v", NULL, 0, NULL);
    pf_json_eq exactly = {0};
    if (!exact || !pf_json_equal(exact, nul, &exactly, NULL)) {
        pf_line lines[] = {{"exact-length reading", exact ? pf_json_show(c->pool, exact) : "refused"},
                           {"NUL-terminated reading", pf_json_show(c->pool, nul)}};
        pf_fail(s, NULL, "cJSON_ParseWithLength(text, its length) differs", lines,
                PF_LEN(lines), NULL);
    }
}

void cjson_valueint(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf_buf *compact = written(s, c, NULL);
    pf_json_cjson_number bad = {0};
    int rc = pf_json_cjson_valueint(c->value, compact->data, compact->len, &bad);
    if (rc < 0)
        pf_fail(s, NULL, "cJSON refused its own text of v", NULL, 0, NULL);
    if (rc == 1) {
        char d[40], got[16], want[16];
        snprintf(d, sizeof d, "%.17g", bad.valuedouble);
        snprintf(got, sizeof got, "%d", bad.valueint);
        snprintf(want, sizeof want, "%d", bad.saturated);
        pf_line lines[] = {{"made by", bad.made_by}, {"valuedouble", d},
                           {"valueint", got}, {"saturated to int", want}};
        pf_fail(s, NULL, "a number's valueint is not its valuedouble saturated to int",
                lines, PF_LEN(lines), NULL);
    }
}

void cjson_references(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf_json_cjson_views v = {scratch(s), scratch(s), scratch(s), scratch(s)};
    if (pf_json_cjson_references(c->value, &v) != 0)
        pf_fail(s, NULL, "cJSON could not build or print v", NULL, 0, NULL);
    pf_check_bytes_equal(s, NULL, "v built by reference, printed", v.by_reference->data,
                         v.by_reference->len, "v built by copy, printed",
                         v.by_copy->data, v.by_copy->len);
    pf_buf *want = scratch(s);
    pf_buf_put(want, "[{\"k\":", 6);
    pf_buf_put(want, v.by_copy->data, v.by_copy->len);
    pf_buf_put(want, "},", 2);
    pf_buf_put(want, v.by_copy->data, v.by_copy->len);
    pf_buf_putc(want, ']');
    pf_check_bytes_equal(s, NULL, "[{\"k\":v},v] made of item references, printed",
                         v.wrapped->data, v.wrapped->len, "that text", want->data,
                         want->len);
    pf_check_bytes_equal(s, NULL, "v's tree printed after the references were deleted",
                         v.after->data, v.after->len, "before", v.by_copy->data,
                         v.by_copy->len);
}

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

void cjson_reference(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf_json_parse_info info;
    const pf_json *ref = pf_json_parse(c->pool, c->text, c->len, &info);
    if (!ref || info.flags & (PF_JSON_F_NUL_STR | PF_JSON_F_NUL_KEY))
        return; /* cJSON's leniencies are not compared; R3 */
    const char *refuse = info.flags & PF_JSON_F_LONE_SURROGATE ? "a lone surrogate escape (R4)"
                         : info.depth > CJSON_NESTING_LIMIT    ? "nesting deeper than 1000"
                                                               : NULL;
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
