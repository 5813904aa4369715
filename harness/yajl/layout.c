/* layout — yajl_gen's text of v, with drawn options (beautify and its
 * indent string, escape_solidus, validate_utf8), is byte for byte the text
 * a reference writer lays out as yajl_gen.c does:
 *   - null, true, false; integers as %lld; doubles as %.20g, with ".0"
 *     added when that is only digits and a minus sign;
 *   - strings quoted, with \" \\ \b \f \n \r \t escaped, other bytes below
 *     0x20 as \u00XX (upper-case hex), "/" as \/ only with escape_solidus,
 *     every other byte as it is;
 *   - compact: no whitespace at all;
 *   - beautified: a newline after every opening bracket and after every
 *     comma, each item and key on its own line behind the indent string
 *     once per enclosing container, ": " between key and value, a newline
 *     and the container's own indentation before its closing bracket (so
 *     an empty array is "[\n\n]"), and a newline after the whole value.
 * The shared properties only read yajl_gen's texts back, so they cannot
 * see a layout or an escape that reads back the same. */
#include "yajl_extra.h"
#include "json_adapters.h"

#include <stdio.h>
#include <string.h>

typedef struct writer {
    pf_buf *out;
    const pf_json_yajl_format *o;
} writer;

static void put(writer *w, const char *s) { pf_buf_put(w->out, s, strlen(s)); }

static void put_pretty(writer *w, const char *s)
{
    if (w->o->beautify)
        put(w, s);
}

static void put_indent(writer *w, size_t depth)
{
    for (size_t i = 0; w->o->beautify && i < depth; i++)
        put(w, w->o->indent ? w->o->indent : "    ");
}

static void put_string(writer *w, const char *s, size_t n)
{
    pf_buf_putc(w->out, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        const char *esc = strchr("\"\\\b\f\n\r\t", ch);
        if (ch && esc)
            pf_buf_printf(w->out, "\\%c", "\"\\bfnrt"[esc - "\"\\\b\f\n\r\t"]);
        else if (ch < 0x20)
            pf_buf_printf(w->out, "\\u00%02X", ch);
        else if (ch == '/' && w->o->escape_solidus)
            put(w, "\\/");
        else
            pf_buf_putc(w->out, (char)ch);
    }
    pf_buf_putc(w->out, '"');
}

static void put_double(writer *w, double d)
{
    char text[40];
    snprintf(text, sizeof text, "%.20g", d);
    put(w, text);
    if (strspn(text, "0123456789-") == strlen(text))
        put(w, ".0");
}

static void put_value(writer *w, const pf_json *v, size_t depth)
{
    switch (v->type) {
    case PF_JSON_NULL: put(w, "null"); return;
    case PF_JSON_BOOL: put(w, v->v.b ? "true" : "false"); return;
    case PF_JSON_INT: pf_buf_printf(w->out, "%lld", (long long)v->v.i); return;
    case PF_JSON_DOUBLE: put_double(w, v->v.d); return;
    case PF_JSON_STRING: put_string(w, v->v.s, v->n); return;
    default: break;
    }
    bool array = v->type == PF_JSON_ARRAY;
    put(w, array ? "[" : "{");
    put_pretty(w, "\n");
    for (size_t i = 0; i < v->n; i++) {
        if (i > 0) {
            put(w, ",");
            put_pretty(w, "\n");
        }
        put_indent(w, depth + 1);
        if (!array) {
            put_string(w, v->v.members[i].key, v->v.members[i].key_len);
            put(w, ":");
            put_pretty(w, " ");
        }
        put_value(w, array ? v->v.items[i] : v->v.members[i].value, depth + 1);
    }
    put_pretty(w, "\n");
    put_indent(w, depth);
    put(w, array ? "]" : "}");
}

void yajl_layout(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    const pf_json_adapter *lib = c->suite->lib;
    const pf_json_yajl_format *o = c->suite->draw_format(s, PF_JSON_FOR_DETERMINISTIC);
    pf_buf *got = pf_json_scratch(s), *want = pf_json_scratch(s);
    if (lib->write(lib, c->value, o, got) != 0)
        pf_fail(s, NULL, "yajl_gen could not write v", NULL, 0, NULL);
    writer w = {want, o};
    put_value(&w, c->value, 0);
    put_pretty(&w, "\n");
    if (got->len != want->len || memcmp(got->data, want->data, got->len) != 0) {
        pf_line lines[] = {{"v", pf_json_show(c->pool, c->value)},
                           {"yajl_gen", pf_json_show_text(c, got)},
                           {"laid out", pf_json_show_text(c, want)}};
        pf_fail(s, NULL, "yajl_gen's text of v is not laid out as yajl_gen lays it out",
                lines, PF_LEN(lines), NULL);
    }
}
