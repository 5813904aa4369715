/* The strict RFC 8259 reference parser (include/propfuzz_json.h): no
 * recursion (an explicit stack of open containers), every refusal named,
 * and the features libraries treat differently flagged. */
#include "json_internal.h"

#include <math.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* The strict reference parser.                                        */
/* ------------------------------------------------------------------ */

const char *const pf_json_err_names[PF_JSON_N_ERRS] = {
    "ok", "empty", "trailing", "token", "number", "control", "escape",
    "utf8", "syntax", "eof", "nul", "ws", "bom",
};

typedef struct frame {
    pf_json *c;
    const char *key; /* object: the member being read */
    size_t key_len;
} frame;

typedef struct parser {
    pf_json_pool *pool;
    const uint8_t *t;
    size_t len, pos;
    pf_json_parse_info *info;
    pf_buf scratch;
    frame *stack;    /* the open containers, innermost last */
    size_t depth, cap;
} parser;

static bool fail(parser *ps, pf_json_err e)
{
    ps->info->err = e;
    ps->info->offset = ps->pos;
    return false;
}

static bool is_ws(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void skip_ws(parser *ps)
{
    while (ps->pos < ps->len && is_ws(ps->t[ps->pos]))
        ps->pos++;
}

/* The error for an unexpected byte where a token or whitespace may go. */
static bool unexpected(parser *ps, pf_json_err otherwise)
{
    if (ps->pos >= ps->len)
        return fail(ps, PF_JSON_ERR_EOF);
    uint8_t c = ps->t[ps->pos];
    if (c == 0)
        return fail(ps, PF_JSON_ERR_NUL);
    if (c < 0x20)
        return fail(ps, PF_JSON_ERR_WS);
    return fail(ps, otherwise);
}

static int hex4(const uint8_t *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        uint8_t c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= c - '0';
        else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
        else return -1;
    }
    return v;
}

static void put_utf8(pf_buf *b, uint32_t cp)
{
    uint8_t o[4];
    size_t n;
    if (cp < 0x80) { o[0] = (uint8_t)cp; n = 1; }
    else if (cp < 0x800) {
        o[0] = (uint8_t)(0xC0 | cp >> 6); o[1] = (uint8_t)(0x80 | (cp & 0x3F)); n = 2;
    } else if (cp < 0x10000) {
        o[0] = (uint8_t)(0xE0 | cp >> 12); o[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (uint8_t)(0x80 | (cp & 0x3F)); n = 3;
    } else {
        o[0] = (uint8_t)(0xF0 | cp >> 18); o[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
        o[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F)); o[3] = (uint8_t)(0x80 | (cp & 0x3F));
        n = 4;
    }
    pf_buf_put(b, o, n);
}

/* A \u escape at ps->pos (its 6 bytes are there), with the low half of a
 * surrogate pair when one follows: the code point, or -1 for bad hex. */
static int read_u_escape(parser *ps)
{
    int cp = hex4(ps->t + ps->pos + 2);
    if (cp < 0)
        return -1;
    ps->pos += 6;
    if (cp >= 0xD800 && cp <= 0xDBFF && ps->len - ps->pos >= 6 &&
        ps->t[ps->pos] == '\\' && ps->t[ps->pos + 1] == 'u') {
        int lo = hex4(ps->t + ps->pos + 2);
        if (lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            ps->pos += 6;
        }
    }
    return cp;
}

/* An escape at ps->pos (a backslash); its character goes to ps->scratch. */
static bool parse_escape(parser *ps, bool is_key)
{
    if (ps->len - ps->pos < 2) {
        ps->pos = ps->len;
        return fail(ps, PF_JSON_ERR_EOF);
    }
    uint8_t e = ps->t[ps->pos + 1];
    const char *simple = strchr("\"\\/bfnrt", e);
    if (e && simple) {
        static const char out[] = "\"\\/\b\f\n\r\t";
        pf_buf_putc(&ps->scratch, (uint8_t)out[simple - "\"\\/bfnrt"]);
        ps->pos += 2;
        return true;
    }
    if (e != 'u')
        return fail(ps, PF_JSON_ERR_ESCAPE);
    if (ps->len - ps->pos < 6) {
        ps->pos = ps->len;
        return fail(ps, PF_JSON_ERR_EOF);
    }
    int cp = read_u_escape(ps);
    if (cp < 0)
        return fail(ps, PF_JSON_ERR_ESCAPE);
    if (cp >= 0xD800 && cp <= 0xDFFF)
        ps->info->flags |= PF_JSON_F_LONE_SURROGATE;
    if (cp == 0)
        ps->info->flags |= is_key ? PF_JSON_F_NUL_KEY : PF_JSON_F_NUL_STR;
    put_utf8(&ps->scratch, (uint32_t)cp);
    return true;
}

/* Reads a string at ps->pos (a '"'); its bytes go to ps->scratch. */
static bool parse_string(parser *ps, bool is_key)
{
    ps->scratch.len = 0;
    ps->pos++;
    for (;;) {
        if (ps->pos >= ps->len)
            return fail(ps, PF_JSON_ERR_EOF);
        uint8_t c = ps->t[ps->pos];
        if (c == '"') {
            ps->pos++;
            return true;
        }
        if (c == 0)
            return fail(ps, PF_JSON_ERR_NUL);
        if (c < 0x20)
            return fail(ps, PF_JSON_ERR_CONTROL);
        if (c == '\\') {
            if (!parse_escape(ps, is_key))
                return false;
            continue;
        }
        if (c < 0x80) {
            pf_buf_putc(&ps->scratch, c);
            ps->pos++;
            continue;
        }
        size_t n = pf__json_utf8_len(c);
        if (n > ps->len - ps->pos || pf_utf8_count(ps->t + ps->pos, n) != 1)
            return fail(ps, PF_JSON_ERR_UTF8);
        pf_buf_put(&ps->scratch, ps->t + ps->pos, n);
        ps->pos += n;
    }
}

static bool is_number_byte(uint8_t c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' ||
           c == 'e' || c == 'E';
}

static size_t skip_digits(const uint8_t *p, size_t i, size_t n)
{
    while (i < n && p[i] >= '0' && p[i] <= '9')
        i++;
    return i;
}

/* Matches p[0..n) against the number grammar, all of it: true, or false
 * with *at where the match stops. *int_end: the end of the integer part;
 * *integral: no fraction and no exponent. */
static bool match_number(const uint8_t *p, size_t n, size_t *at,
                         size_t *int_end, bool *integral)
{
    size_t i = 0, d;
    *integral = true;
    if (i < n && p[i] == '-')
        i++;
    if (i < n && p[i] == '0')
        i++;
    else if (i < n && p[i] >= '1' && p[i] <= '9')
        i = skip_digits(p, i, n);
    else
        goto stop;
    *int_end = i;
    if (i < n && p[i] == '.') {
        *integral = false;
        d = i + 1;
        if ((i = skip_digits(p, d, n)) == d)
            goto stop;
    }
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        *integral = false;
        i++;
        if (i < n && (p[i] == '+' || p[i] == '-'))
            i++;
        d = i;
        if ((i = skip_digits(p, d, n)) == d)
            goto stop;
    }
    if (i == n)
        return true;
stop:
    *at = i;
    return false;
}

/* An integer literal (digits p[0..int_end), '-' first when negative) as
 * int64 or uint64, or NULL when it fits neither. */
static pf_json *integer_value(parser *ps, const uint8_t *p, size_t int_end)
{
    bool neg = p[0] == '-';
    uint64_t mag = 0;
    for (size_t k = neg ? 1 : 0; k < int_end; k++) {
        unsigned dgt = p[k] - '0';
        if (mag > (UINT64_MAX - dgt) / 10) {
            ps->info->flags |= PF_JSON_F_HUGE_INT | PF_JSON_F_INT_AS_DOUBLE;
            return NULL;
        }
        mag = mag * 10 + dgt;
    }
    if (neg && mag <= (uint64_t)INT64_MAX + 1) {
        if (mag == 0)
            ps->info->flags |= PF_JSON_F_NEG_ZERO;
        return pf_json_int(ps->pool, mag == (uint64_t)INT64_MAX + 1
                                         ? INT64_MIN : -(int64_t)mag);
    }
    if (!neg && mag <= (uint64_t)INT64_MAX)
        return pf_json_int(ps->pool, (int64_t)mag);
    if (!neg) {
        ps->info->flags |= PF_JSON_F_BIG_INT;
        return pf_json_uint(ps->pool, mag);
    }
    ps->info->flags |= PF_JSON_F_HUGE_INT | PF_JSON_F_INT_AS_DOUBLE;
    return NULL;
}

/* A number literal as strtod reads it, flagging overflow and underflow. */
static pf_json *double_value(parser *ps, const char *lit, size_t n)
{
    double d = strtod(lit, NULL);
    if (isinf(d))
        ps->info->flags |= PF_JSON_F_OVERFLOW;
    if (d == 0) {
        /* Any non-zero digit in the significand: it underflowed. */
        for (size_t k = 0; k < n && lit[k] != 'e' && lit[k] != 'E'; k++)
            if (lit[k] >= '1' && lit[k] <= '9') {
                ps->info->flags |= PF_JSON_F_UNDERFLOW;
                break;
            }
    }
    return pf_json_double(ps->pool, d);
}

/* A number: the longest run of number bytes, which must match the
 * grammar as a whole (so "01" is a bad number, not 0 then garbage). */
static pf_json *parse_number(parser *ps)
{
    size_t start = ps->pos, end = start;
    while (end < ps->len && is_number_byte(ps->t[end]))
        end++;
    const uint8_t *p = ps->t + start;
    size_t n = end - start, int_end = 0, at = 0;
    bool integral;
    if (!match_number(p, n, &at, &int_end, &integral)) {
        ps->pos = start + at;
        fail(ps, PF_JSON_ERR_NUMBER);
        return NULL;
    }
    char *lit = pf__json_copy_str(ps->pool, (const char *)p, n);
    pf_json *v = integral ? integer_value(ps, p, int_end) : NULL;
    if (!v)
        v = double_value(ps, lit, n);
    v->lit = lit;
    v->lit_len = n;
    ps->pos = end;
    return v;
}

static pf_json *parse_literal(parser *ps)
{
    static const char *const words[] = {"null", "true", "false"};
    for (int w = 0; w < 3; w++) {
        size_t n = strlen(words[w]);
        if (ps->t[ps->pos] != (uint8_t)words[w][0])
            continue;
        size_t k = 0;
        while (k < n && ps->pos + k < ps->len &&
               ps->t[ps->pos + k] == (uint8_t)words[w][k])
            k++;
        if (k < n) {
            ps->pos += k;
            fail(ps, ps->pos >= ps->len ? PF_JSON_ERR_EOF : PF_JSON_ERR_TOKEN);
            return NULL;
        }
        ps->pos += n;
        /* "nullx": the word must end there. */
        if (ps->pos < ps->len && ((ps->t[ps->pos] >= 'a' && ps->t[ps->pos] <= 'z') ||
                                  (ps->t[ps->pos] >= 'A' && ps->t[ps->pos] <= 'Z') ||
                                  (ps->t[ps->pos] >= '0' && ps->t[ps->pos] <= '9'))) {
            fail(ps, PF_JSON_ERR_TOKEN);
            return NULL;
        }
        return w == 0 ? pf_json_null(ps->pool) : pf_json_bool(ps->pool, w == 1);
    }
    fail(ps, PF_JSON_ERR_TOKEN);
    return NULL;
}

/* Reads `"key" :` at ps->pos (after whitespace) into the frame. */
static bool parse_key(parser *ps, frame *f)
{
    skip_ws(ps);
    if (ps->pos >= ps->len || ps->t[ps->pos] != '"')
        return unexpected(ps, PF_JSON_ERR_SYNTAX);
    if (!parse_string(ps, true))
        return false;
    f->key_len = ps->scratch.len;
    f->key = pf__json_copy_str(ps->pool, (const char *)ps->scratch.data, ps->scratch.len);
    skip_ws(ps);
    if (ps->pos >= ps->len || ps->t[ps->pos] != ':')
        return unexpected(ps, PF_JSON_ERR_SYNTAX);
    ps->pos++;
    return true;
}

static bool has_key(const pf_json *o, const char *key, size_t len)
{
    return pf_json_get(o, key, len) != NULL;
}

static frame *push_frame(parser *ps, pf_json *c)
{
    if (ps->depth == ps->cap) {
        ps->cap = ps->cap ? 2 * ps->cap : 16;
        frame *ns = realloc(ps->stack, ps->cap * sizeof *ns);
        if (!ns)
            abort();
        ps->stack = ns;
    }
    frame *f = &ps->stack[ps->depth++];
    if (ps->depth > ps->info->depth)
        ps->info->depth = (unsigned)ps->depth;
    *f = (frame){c, NULL, 0};
    return f;
}

/* What reading at a point gave: a complete value, a container waiting for
 * its first value, or a refusal (ps->info says why). */
typedef enum step { STEP_VALUE, STEP_OPEN, STEP_ERROR } step;

/* Opens the container at ps->pos; an empty one is complete at once. */
static step open_container(parser *ps, pf_json **v)
{
    bool array = ps->t[ps->pos] == '[';
    frame *f = push_frame(ps, array ? pf_json_array(ps->pool, 4)
                                    : pf_json_object(ps->pool, 4));
    ps->pos++;
    skip_ws(ps);
    if (ps->pos < ps->len && ps->t[ps->pos] == (array ? ']' : '}')) {
        ps->pos++;
        *v = f->c;
        ps->depth--;
        return STEP_VALUE;
    }
    if (!array && !parse_key(ps, f))
        return STEP_ERROR;
    return STEP_OPEN;
}

/* Reads the value that starts at ps->pos (whitespace skipped). */
static step read_value(parser *ps, pf_json **v)
{
    if (ps->pos >= ps->len) {
        fail(ps, PF_JSON_ERR_EOF);
        return STEP_ERROR;
    }
    uint8_t c = ps->t[ps->pos];
    if (c == '[' || c == '{')
        return open_container(ps, v);
    if (c == '"') {
        if (!parse_string(ps, false))
            return STEP_ERROR;
        *v = pf_json_string(ps->pool, (const char *)ps->scratch.data,
                            ps->scratch.len);
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        *v = parse_number(ps);
    } else if (c == 'n' || c == 't' || c == 'f') {
        *v = parse_literal(ps);
    } else if (c == ']' || c == '}' || c == ',' || c == ':') {
        *v = NULL;
        fail(ps, PF_JSON_ERR_SYNTAX);
    } else {
        *v = NULL;
        unexpected(ps, PF_JSON_ERR_TOKEN);
    }
    return *v ? STEP_VALUE : STEP_ERROR;
}

/* After the top-level value: only whitespace. */
static bool at_end(parser *ps)
{
    skip_ws(ps);
    if (ps->pos >= ps->len)
        return true;
    uint8_t t = ps->t[ps->pos];
    return fail(ps, t == 0 ? PF_JSON_ERR_NUL
                   : t < 0x20 ? PF_JSON_ERR_WS : PF_JSON_ERR_TRAILING);
}

/* A value v is complete: adds it to its container and closes the
 * containers that end here. STEP_OPEN: a container wants its next value;
 * STEP_VALUE: the top-level value is complete, in *v. */
static step complete(parser *ps, pf_json **v)
{
    while (ps->depth > 0) {
        frame *f = &ps->stack[ps->depth - 1];
        bool array = f->c->type == PF_JSON_ARRAY;
        if (array) {
            pf_json_push(ps->pool, f->c, *v);
        } else {
            if (has_key(f->c, f->key, f->key_len))
                ps->info->flags |= PF_JSON_F_DUP_KEY;
            pf_json_put(ps->pool, f->c, f->key, f->key_len, *v);
        }
        skip_ws(ps);
        if (ps->pos < ps->len && ps->t[ps->pos] == ',') {
            ps->pos++;
            return array || parse_key(ps, f) ? STEP_OPEN : STEP_ERROR;
        }
        if (ps->pos >= ps->len || ps->t[ps->pos] != (array ? ']' : '}')) {
            unexpected(ps, PF_JSON_ERR_SYNTAX);
            return STEP_ERROR;
        }
        ps->pos++;
        *v = f->c;
        ps->depth--;
    }
    return at_end(ps) ? STEP_VALUE : STEP_ERROR;
}

/* The whole text: values until the top-level one is complete. */
static pf_json *parse_text(parser *ps)
{
    const uint8_t *t = ps->t;
    if (ps->len >= 3 && t[0] == 0xEF && t[1] == 0xBB && t[2] == 0xBF) {
        fail(ps, PF_JSON_ERR_BOM);
        return NULL;
    }
    skip_ws(ps);
    if (ps->pos >= ps->len) {
        fail(ps, PF_JSON_ERR_EMPTY);
        return NULL;
    }
    for (;;) {
        pf_json *v = NULL;
        skip_ws(ps);
        step st = read_value(ps, &v);
        if (st == STEP_VALUE)
            st = complete(ps, &v);
        if (st == STEP_ERROR)
            return NULL;
        if (st == STEP_VALUE)
            return v;
    }
}

pf_json *pf_json_parse(pf_json_pool *pool, const uint8_t *text, size_t len,
                       pf_json_parse_info *info)
{
    pf_json_parse_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    parser ps = {.pool = pool, .t = text, .len = len, .info = info};
    pf_json *result = parse_text(&ps);
    free(ps.stack);
    pf_buf_free(&ps.scratch);
    if (result)
        info->err = PF_JSON_OK;
    return result;
}
