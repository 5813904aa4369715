/* The canonical JSON text writer (include/propfuzz_json.h), with drawn
 * whitespace between tokens and escapes on request. */
#include "json_internal.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

/* ------------------------------------------------------------------ */
/* Writing JSON text.                                                  */
/* ------------------------------------------------------------------ */

static const uint32_t ws_alphabet[] = {' ', '\t', '\n', '\r'};

static void put_ws(pf_buf *b, const pf_json_write_opts *o)
{
    if (!o || !o->ws)
        return;
    pf_text_opts t = {.max_len = 3, .alphabet = ws_alphabet, .alphabet_len = 4};
    size_t n;
    const char *w = pf_text(o->ws, "ws", &t, &n);
    pf_buf_put(b, w, n);
}

static void put_u_escape(pf_buf *b, uint32_t cp)
{
    if (cp >= 0x10000) {
        cp -= 0x10000;
        pf_buf_printf(b, "\\u%04x\\u%04x", 0xD800 + (cp >> 10),
                      0xDC00 + (cp & 0x3FF));
    } else {
        pf_buf_printf(b, "\\u%04x", cp);
    }
}

static void write_string(pf_buf *b, const char *s, size_t len,
                         const pf_json_write_opts *o)
{
    const uint8_t *p = (const uint8_t *)s;
    bool ascii = o && (o->ascii || o->escape_all);
    bool all = o && o->escape_all;
    pf_buf_putc(b, '"');
    for (size_t i = 0; i < len;) {
        uint8_t c = p[i];
        if (c >= 0x80) {
            size_t n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            if (!ascii || n > len - i || pf_utf8_count(p + i, n) != 1) {
                pf_buf_putc(b, c); /* raw (invalid UTF-8 stays invalid) */
                i++;
                continue;
            }
            uint32_t cp = n == 2 ? (c & 0x1Fu) : n == 3 ? (c & 0x0Fu) : (c & 0x07u);
            for (size_t k = 1; k < n; k++)
                cp = cp << 6 | (p[i + k] & 0x3Fu);
            put_u_escape(b, cp);
            i += n;
            continue;
        }
        switch (c) {
        case '"': pf_buf_put(b, "\\\"", 2); break;
        case '\\': pf_buf_put(b, "\\\\", 2); break;
        case '\b': pf_buf_put(b, "\\b", 2); break;
        case '\f': pf_buf_put(b, "\\f", 2); break;
        case '\n': pf_buf_put(b, "\\n", 2); break;
        case '\r': pf_buf_put(b, "\\r", 2); break;
        case '\t': pf_buf_put(b, "\\t", 2); break;
        default:
            if (c < 0x20 || all)
                put_u_escape(b, c);
            else
                pf_buf_putc(b, c);
        }
        i++;
    }
    pf_buf_putc(b, '"');
}

static void write_double(pf_buf *b, double d)
{
    if (isnan(d)) {
        pf_buf_printf(b, "NaN");
    } else if (isinf(d)) {
        pf_buf_printf(b, d > 0 ? "Infinity" : "-Infinity");
    } else {
        char tmp[40];
        snprintf(tmp, sizeof tmp, "%.17g", d);
        pf_buf_printf(b, "%s", tmp);
        if (strspn(tmp, "-0123456789") == strlen(tmp))
            pf_buf_printf(b, ".0");
    }
}

static void write_at(pf_buf *b, const pf_json *v, const pf_json_write_opts *o)
{
    put_ws(b, o);
    switch (v->type) {
    case PF_JSON_NULL: pf_buf_printf(b, "null"); break;
    case PF_JSON_BOOL: pf_buf_printf(b, v->v.b ? "true" : "false"); break;
    case PF_JSON_INT: pf_buf_printf(b, "%" PRId64, v->v.i); break;
    case PF_JSON_UINT: pf_buf_printf(b, "%" PRIu64, v->v.u); break;
    case PF_JSON_DOUBLE: write_double(b, v->v.d); break;
    case PF_JSON_STRING: write_string(b, v->v.s, v->n, o); break;
    case PF_JSON_ARRAY:
        pf_buf_putc(b, '[');
        for (size_t i = 0; i < v->n; i++) {
            if (i) {
                put_ws(b, o);
                pf_buf_putc(b, ',');
            }
            write_at(b, v->v.items[i], o);
        }
        put_ws(b, o);
        pf_buf_putc(b, ']');
        break;
    default:
        pf_buf_putc(b, '{');
        for (size_t i = 0; i < v->n; i++) {
            if (i) {
                put_ws(b, o);
                pf_buf_putc(b, ',');
            }
            put_ws(b, o);
            write_string(b, v->v.members[i].key, v->v.members[i].key_len, o);
            put_ws(b, o);
            pf_buf_putc(b, ':');
            write_at(b, v->v.members[i].value, o);
        }
        put_ws(b, o);
        pf_buf_putc(b, '}');
        break;
    }
}

void pf_json_write(pf_buf *b, const pf_json *v, const pf_json_write_opts *o)
{
    write_at(b, v, o);
    put_ws(b, o);
}


pf_json_text_place pf_json_text_step(pf_json_text_place *at, uint8_t ch)
{
    pf_json_text_place here = *at;
    switch (here) {
    case PF_JSON_OUTSIDE:
        *at = ch == '"' ? PF_JSON_IN_STRING : PF_JSON_OUTSIDE;
        break;
    case PF_JSON_IN_STRING:
        *at = ch == '"' ? PF_JSON_OUTSIDE : ch == '\\' ? PF_JSON_ESCAPED : PF_JSON_IN_STRING;
        break;
    case PF_JSON_ESCAPED:
        *at = PF_JSON_IN_STRING;
        break;
    }
    return here;
}
