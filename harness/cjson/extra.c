/* cJSON-only properties of the value mode (harness/cjson.c lists them):
 *   formatted_layout  cJSON_Print(v) is cJSON_PrintUnformatted(v) laid
 *                     out as cJSON documents its formatted printer: a
 *                     newline after "{" and after every member, members
 *                     indented one tab per open container, ":\t" after
 *                     a key, ", " between array items, "}" indented like
 *                     its object's line
 *   compare           cJSON_Compare(v, cJSON's reading of its own text of
 *                     v, case-sensitive) is true (its number tolerance is
 *                     the printer's, R2); and for a container v, false
 *                     against v with one more item or member, either way
 *                     round
 *   exact_length      cJSON_ParseWithLength given exactly the bytes of its
 *                     text of v (no NUL after them) reads what the
 *                     NUL-terminated parse reads
 *   valueint          every number cJSON_CreateNumber makes of v, and
 *                     every number cJSON reads from its text of v, has
 *                     valueint = valuedouble saturated to int (cJSON's
 *                     int view, read by callers of the documented field)
 *   edit_parsed       cJSON's reading of its text of v, walked by its
 *                     type predicates (exactly one holds for each item,
 *                     cJSON_IsInvalid none), cJSON_GetArraySize and
 *                     cJSON_GetArrayItem, agrees with its types and child
 *                     links; with a null appended to every
 *                     array and "": null to every object (cJSON_AddItemTo*)
 *                     it prints as v so extended, built by copy
 *   references        v built with cJSON_CreateStringReference strings
 *                     and cJSON_AddItemToObjectCS keys prints as v built
 *                     by copy; [{"k":v,"m":c},v] (c v's first child, if
 *                     any) made with cJSON_AddItemReferenceTo{Object,
 *                     Array} prints as that text says; and deleting both
 *                     leaves v's tree and strings as they were (printed
 *                     again after)
 * They catch what the shared properties cannot see: whitespace only
 * changes nothing a parser reads back, and the shared properties never
 * call cJSON_Compare, parse without a NUL after the text, read valueint
 * or build a tree from references, nor edit a tree cJSON read. */
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
    pf_json_text_place at = PF_JSON_OUTSIDE;
    for (size_t i = 0; i < in->len; i++) {
        uint8_t ch = in->data[i];
        if (pf_json_text_step(&at, ch) != PF_JSON_OUTSIDE) {
            pf_buf_putc(out, ch);
            continue;
        }
        bool in_object = depth > 0 && open[(depth - 1) % 64] == '{';
        switch (ch) {
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

/* v with a null appended to every array and "": null to every object. */
static pf_json *extended(pf_json_pool *p, const pf_json *v)
{
    pf_json *e = pf_json_copy(p, v);
    for (size_t i = 0; e->type == PF_JSON_ARRAY && i < e->n; i++)
        e->v.items[i] = extended(p, e->v.items[i]);
    for (size_t i = 0; e->type == PF_JSON_OBJECT && i < e->n; i++)
        e->v.members[i].value = extended(p, e->v.members[i].value);
    if (e->type == PF_JSON_ARRAY)
        pf_json_push(p, e, pf_json_null(p));
    if (e->type == PF_JSON_OBJECT)
        pf_json_put(p, e, "", 0, pf_json_null(p));
    return e;
}

/* Container v with one more item (null), or one more member "": null
 * under a key v lacks (all its keys joined, then "!"). */
static pf_json *one_more(pf_json_pool *p, const pf_json *v)
{
    pf_json *w = pf_json_copy(p, v);
    if (w->type == PF_JSON_ARRAY) {
        pf_json_push(p, w, pf_json_null(p));
        return w;
    }
    pf_buf key = {0};
    for (size_t i = 0; i < w->n; i++)
        pf_buf_put(&key, w->v.members[i].key, w->v.members[i].key_len);
    pf_buf_putc(&key, '!');
    pf_json_put(p, w, (const char *)key.data, key.len, pf_json_null(p));
    pf_buf_free(&key);
    return w;
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
    if (c->value->type != PF_JSON_ARRAY && c->value->type != PF_JSON_OBJECT)
        return;
    /* And values that differ compare unequal, either way round. */
    const pf_json *w = one_more(c->pool, c->value);
    int vw = pf_json_cjson_compare_trees(c->value, w), wv = pf_json_cjson_compare_trees(w, c->value);
    if (vw < 0 || wv < 0)
        pf_fail(s, NULL, "cJSON could not build v", NULL, 0, NULL);
    if (vw || wv) {
        pf_line lines[] = {{"v", pf_json_show(c->pool, c->value)},
                           {"w", pf_json_show(c->pool, w)}};
        pf_fail(s, NULL, "cJSON_Compare(v, w) is true for v and w that differ",
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
    pf_json_cjson_views v = {scratch(s), scratch(s), scratch(s), scratch(s), scratch(s)};
    if (pf_json_cjson_references(c->value, &v) != 0)
        pf_fail(s, NULL, "cJSON could not build or print v", NULL, 0, NULL);
    pf_check_bytes_equal(s, NULL, "v built by reference, printed", v.by_reference->data,
                         v.by_reference->len, "v built by copy, printed",
                         v.by_copy->data, v.by_copy->len);
    pf_buf *want = scratch(s);
    pf_buf_put(want, "[{\"k\":", 6);
    pf_buf_put(want, v.by_copy->data, v.by_copy->len);
    if (v.first_child->len) {
        pf_buf_put(want, ",\"m\":", 5);
        pf_buf_put(want, v.first_child->data, v.first_child->len);
    }
    pf_buf_put(want, "},", 2);
    pf_buf_put(want, v.by_copy->data, v.by_copy->len);
    pf_buf_putc(want, ']');
    pf_check_bytes_equal(s, NULL, "[{\"k\":v,\"m\":v's first child},v] made of item references, printed",
                         v.wrapped->data, v.wrapped->len, "that text", want->data,
                         want->len);
    pf_check_bytes_equal(s, NULL, "v's tree printed after the references were deleted",
                         v.after->data, v.after->len, "before", v.by_copy->data,
                         v.by_copy->len);
}

void cjson_edit_parsed(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf_buf *compact = written(s, c, NULL), *edited = scratch(s);
    const char *why = pf_json_cjson_edit_parsed(compact->data, compact->len, edited);
    if (why)
        pf_fail(s, NULL, why, NULL, 0, NULL);
    pf_json *want = extended(c->pool, c->value);
    pf_buf *want_text = scratch(s);
    if (c->suite->lib->write(c->suite->lib, want, NULL, want_text) != 0)
        pf_fail(s, NULL, "cJSON could not print v extended", NULL, 0, NULL);
    pf_check_bytes_equal(s, NULL, "cJSON's reading of v, extended in place, printed",
                         edited->data, edited->len, "v extended, built by copy, printed",
                         want_text->data, want_text->len);
}
