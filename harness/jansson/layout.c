/* layout — json_dumps's text of v, with drawn flags (JSON_INDENT(0..31),
 * JSON_COMPACT, JSON_ENSURE_ASCII, JSON_ESCAPE_SLASH, JSON_SORT_KEYS,
 * JSON_EMBED, JSON_REAL_PRECISION(0..31)), is byte for byte the text a
 * reference writer lays out as jansson's documentation says:
 *   - null, true, false; integers as %lld; reals as %.<precision>g (17
 *     when 0) with ".0" added when that has neither '.' nor 'e', and the
 *     exponent without '+' or leading zeros;
 *   - strings quoted, \\ \" \b \f \n \r \t escaped, other bytes below
 *     0x20 as \u00XX (upper-case hex), "/" as \/ with JSON_ESCAPE_SLASH,
 *     past U+007F as \uXXXX (a surrogate pair past U+FFFF) with
 *     JSON_ENSURE_ASCII;
 *   - with an indent: a newline and depth x indent spaces after an
 *     opening bracket, after each comma and before a closing bracket;
 *     without: ", " between elements and ": " after a key, or "," and
 *     ":" with JSON_COMPACT; an empty container is "[]" or "{}";
 *   - JSON_SORT_KEYS: members by their keys' bytes (a prefix first);
 *   - JSON_EMBED: the outermost brackets left out.
 * round_trip and format_neutral read the texts back, so a separator, an
 * indent or an escape that reads back the same is invisible to them. */
#include "jansson_raw.h"
#include "json_adapters.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct writer {
    pf_buf *out;
    size_t flags;
} writer;

static void put(writer *w, const char *s) { pf_buf_put(w->out, s, strlen(s)); }

/* jansson's dump_indent: a newline and the indent, or a space (space)
 * when not compact. */
static void put_break(writer *w, size_t depth, bool space)
{
    size_t indent = w->flags & JSON_MAX_INDENT;
    if (indent) {
        put(w, "\n");
        for (size_t i = 0; i < depth * indent; i++)
            put(w, " ");
    } else if (space && !(w->flags & JSON_COMPACT)) {
        put(w, " ");
    }
}

static uint32_t next_code_point(const unsigned char *s, size_t *i)
{
    unsigned char c = s[*i];
    size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    uint32_t cp = n == 1 ? c : c & (0x7f >> n);
    for (size_t k = 1; k < n; k++)
        cp = cp << 6 | (s[*i + k] & 0x3f);
    *i += n;
    return cp;
}

static void put_string(writer *w, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    put(w, "\"");
    for (size_t i = 0; i < n;) {
        size_t at = i;
        uint32_t cp = next_code_point(s, &i);
        const char *esc = cp && cp < 0x80 ? strchr("\\\"\b\f\n\r\t", (int)cp) : NULL;
        if (esc)
            pf_buf_printf(w->out, "\\%c", "\\\"bfnrt"[esc - "\\\"\b\f\n\r\t"]);
        else if (cp == '/' && (w->flags & JSON_ESCAPE_SLASH))
            put(w, "\\/");
        else if (cp < 0x20 || (cp > 0x7f && (w->flags & JSON_ENSURE_ASCII) && cp < 0x10000))
            pf_buf_printf(w->out, "\\u%04X", (unsigned)cp);
        else if (cp > 0x7f && (w->flags & JSON_ENSURE_ASCII))
            pf_buf_printf(w->out, "\\u%04X\\u%04X", (unsigned)(0xd800 | (cp - 0x10000) >> 10),
                          (unsigned)(0xdc00 | (cp & 0x3ff)));
        else
            pf_buf_put(w->out, s + at, i - at);
    }
    put(w, "\"");
}

static void put_real(writer *w, double d)
{
    int precision = (int)(w->flags >> 11 & 0x1f);
    char text[120];
    snprintf(text, sizeof text, "%.*g", precision ? precision : 17, d);
    if (!strchr(text, '.') && !strchr(text, 'e'))
        strcat(text, ".0");
    char *e = strchr(text, 'e');
    if (e) { /* "e+05" -> "e5", "e-05" -> "e-5" */
        char *digits = e + 1 + (e[1] == '-'), *from = e + 1 + (e[1] == '-' || e[1] == '+');
        while (*from == '0' && from[1])
            from++;
        memmove(digits, from, strlen(from) + 1);
    }
    put(w, text);
}

typedef struct member_ref {
    const char *key;
    size_t len;
    const pf_json *value;
} member_ref;

static int by_key(const void *a, const void *b)
{
    const member_ref *x = a, *y = b;
    int c = memcmp(x->key, y->key, x->len < y->len ? x->len : y->len);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

static void put_value(writer *w, const pf_json *v, size_t depth, bool embed)
{
    switch (v->type) {
    case PF_JSON_NULL: put(w, "null"); return;
    case PF_JSON_BOOL: put(w, v->v.b ? "true" : "false"); return;
    case PF_JSON_INT: pf_buf_printf(w->out, "%lld", (long long)v->v.i); return;
    case PF_JSON_DOUBLE: put_real(w, v->v.d); return;
    case PF_JSON_STRING: put_string(w, v->v.s, v->n); return;
    default: break;
    }
    bool array = v->type == PF_JSON_ARRAY;
    if (!embed)
        put(w, array ? "[" : "{");
    member_ref *m = array ? NULL : calloc(v->n ? v->n : 1, sizeof *m);
    for (size_t i = 0; m && i < v->n; i++)
        m[i] = (member_ref){v->v.members[i].key, v->v.members[i].key_len, v->v.members[i].value};
    if (m && (w->flags & JSON_SORT_KEYS))
        qsort(m, v->n, sizeof *m, by_key);
    for (size_t i = 0; i < v->n; i++) {
        put_break(w, depth + 1, i > 0);
        if (!array) {
            put_string(w, m[i].key, m[i].len);
            put(w, (w->flags & JSON_COMPACT) ? ":" : ": ");
        }
        put_value(w, array ? v->v.items[i] : m[i].value, depth + 1, false);
        if (i + 1 < v->n)
            put(w, ",");
    }
    free(m);
    if (v->n)
        put_break(w, depth, false);
    if (!embed)
        put(w, array ? "]" : "}");
}

static size_t draw_flags(pf_src *s)
{
    size_t f = JSON_INDENT(pf_u64_range(s, "indent", 0, JSON_MAX_INDENT));
    static const struct { const char *name; size_t flag; } bits[] = {
        {"compact", JSON_COMPACT},         {"ensure_ascii", JSON_ENSURE_ASCII},
        {"escape_slash", JSON_ESCAPE_SLASH}, {"sort_keys", JSON_SORT_KEYS},
        {"embed", JSON_EMBED},
    };
    for (size_t i = 0; i < PF_LEN(bits); i++)
        if (pf_bool(s, bits[i].name))
            f |= bits[i].flag;
    return f | JSON_REAL_PRECISION(pf_u64_range(s, "precision (0: 17)", 0, 31));
}

void jansson_layout(pf_src *s, void *json_case)
{
    const pf_json_case *c = json_case;
    const pf_json_adapter *lib = c->suite->lib;
    size_t flags = draw_flags(s);
    pf_buf *got = pf_json_scratch(s), *want = pf_json_scratch(s);
    if (lib->write(lib, c->value, &flags, got) != 0)
        pf_fail(s, NULL, "json_dumps could not write v", NULL, 0, NULL);
    writer w = {want, flags};
    put_value(&w, c->value, 0, (flags & JSON_EMBED) != 0);
    if (got->len != want->len || (got->len && memcmp(got->data, want->data, got->len) != 0)) {
        pf_buf shown = {0};
        pf_buf_printf(&shown, "0x%zx", flags);
        pf_line lines[] = {{"v", pf_json_show(c->pool, c->value)},
                           {"flags", pf_buf_defer(s, &shown)},
                           {"json_dumps", pf_json_show_text(c, got)},
                           {"laid out", pf_json_show_text(c, want)}};
        pf_fail(s, NULL, "json_dumps's text of v is not laid out as jansson documents it",
                lines, PF_LEN(lines), NULL);
    }
}
