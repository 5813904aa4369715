/* json_differential — the same JSON text through cJSON 1.7.15, json-c 0.16,
 * jansson 2.14 and yajl 2.1.0, against a strict RFC 8259 reference parser
 * (pf_json_parse, include/propfuzz_json.h).
 *
 * The first draw picks a mode: raw (the rest of the input is the text) or
 * value (a value drawn with the shared JSON strategy, uint64 included,
 * written as canonical JSON text, with drawn whitespace between tokens or
 * every string character escaped, as drawn). Each library parses the text
 * in its strictest documented configuration:
 *   cJSON    cJSON_ParseWithLengthOpts(require_null_terminated) on a copy
 *            with a NUL appended
 *   json-c   json_tokener_parse_ex with JSON_TOKENER_STRICT |
 *            JSON_TOKENER_VALIDATE_UTF8, default depth; only whitespace
 *            may follow the value (json-c is linked through
 *            build/lib-jsonc_iso.sh: it cannot share a link with jansson)
 *   jansson  json_loadb(JSON_DECODE_ANY | JSON_ALLOW_NUL)
 *   yajl     yajl_parse + yajl_complete_parse with integer and double
 *            callbacks and the default options
 * and two properties are checked:
 *
 *   same_verdict  each library accepts exactly the texts the reference
 *                 accepts, except where a restriction below says it
 *                 refuses an accepted text (it must then refuse) or may
 *                 accept a refused one (a leniency)
 *   same_value    each library's value is the reference's value as that
 *                 library is documented to hold it (its "view", below),
 *                 type-strictly, doubles bit-exact
 *
 * The restrictions, in one place. Each is shown against the real library
 * by tests/restrict/json_differential.c (the per-library restrict tests
 * show more of the same behaviour).
 *   D1 cJSON's numbers are doubles: view = strtod of the number's text
 *      (integers too; "-0" is -0.0).
 *   D2 strings are C strings in cJSON (values and keys) and json-c (keys):
 *      view = cut at the first U+0000.
 *   D3 duplicate keys: cJSON and yajl keep every member in order; jansson
 *      and json-c keep one member per key, at the first one's place, with
 *      the last one's value: view = so collapsed.
 *   D4 integers: jansson and yajl refuse integers outside int64 (yajl also
 *      -9223372036854775808, its known bug); json-c reads integers above
 *      INT64_MAX as uint64 and saturates beyond uint64; the reference reads
 *      integers outside int64 and uint64 as doubles: view = saturated
 *      (json-c), strtod (cJSON).
 *   D5 numbers that overflow a double: jansson and yajl refuse them; cJSON
 *      and json-c read infinity (as the reference does).
 *   D6 lone surrogate escapes: cJSON and jansson refuse them; json-c reads
 *      each as U+FFFD (view); yajl reads them lossily ("?", or the encoded
 *      surrogate, or a wrongly combined pair): its value is not compared.
 *      json-c also reads an escaped pair for U+1D800-U+1DFFF, U+2D800-...
 *      (low 16 bits in D800-DFFF) as U+FFFD (its known bug, PR #893): its
 *      value is not compared for texts holding such a pair.
 *   D7 U+0000 in keys: jansson refuses it ("NUL byte in object key not
 *      supported").
 *   D8 depth: cJSON refuses nesting deeper than 1000 (CJSON_NESTING_LIMIT),
 *      jansson deeper than 2048 (JSON_PARSER_MAX_DEPTH), json-c more than
 *      32 levels of values (JSON_TOKENER_DEFAULT_DEPTH; it counts the
 *      innermost scalar too: 32 nested [] pass, 32 nested arrays around a
 *      1 do not); yajl has no limit.
 *   D9 leniencies (the reference refuses; the library may accept; its value
 *      is then not compared):
 *        cJSON    numbers in strtod's grammar (01, 1., -.5, 1.e5), raw
 *                 control characters and invalid UTF-8 in strings, any
 *                 byte <= 0x20 as whitespace (NUL included), a leading
 *                 UTF-8 byte order mark, \u escapes with non-hex digits
 *                 (read as U+0000: a known bug, DaveGamble/cJSON #635)
 *        json-c   numbers with leading zeros or a bare point (00, -01, 1.),
 *                 NaN, Infinity, -Infinity, raw control characters in
 *                 strings
 *        yajl     \v and \f as whitespace; a complete value followed by
 *                 a string that never ends ("1 \"abc": yajl_complete_parse
 *                 does not look at the unfinished token)
 *        jansson  a NUL byte right after a number or a literal is skipped
 *                 ("[1\0]" is [1], "true\0" is true: the lexer's unget of
 *                 the byte that ends the token loses a NUL)
 *   D10 yajl is not run on texts whose integers overflow inside
 *      yajl_parse_integer (undefined behaviour, see harness/yajl.c Y6).
 */
#include "propfuzz.h"
#include "propfuzz_json.h"

#include <cjson/cJSON.h>
#include <jansson.h>
#include <pf_jsonc_iso.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

enum lib { L_CJSON, L_JSONC, L_JANSSON, L_YAJL, N_LIBS };
static const char *const lib_names[N_LIBS] = {"cJSON", "json-c", "jansson", "yajl"};

enum mode { MODE_RAW, MODE_VALUE, N_MODES };
static const char *const mode_names[N_MODES] = {"raw", "value"};
enum style { STYLE_COMPACT, STYLE_WHITESPACE, STYLE_ESCAPED, N_STYLES };
static const char *const style_names[N_STYLES] = {"compact", "whitespace", "escaped"};

/* json_tokener.h's flags (its header cannot be included beside jansson's). */
enum { JSONC_STRICT = 0x01, JSONC_VALIDATE_UTF8 = 0x10 };

enum { CJSON_MAX_DEPTH = 1000, JSONC_MAX_DEPTH = 32, JANSSON_MAX_DEPTH = 2048 };

static const pf_json_opts value_opts = {.uint = true};

#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef DIFF_CJSON_PARSE
#define DIFF_CJSON_PARSE cJSON_ParseWithLengthOpts
#endif
#ifndef DIFF_JSONC_PARSE
#define DIFF_JSONC_PARSE pf_jsonc_iso_parse
#endif
#ifndef DIFF_JANSSON_LOADB
#define DIFF_JANSSON_LOADB json_loadb
#endif
#ifndef DIFF_YAJL_PARSE
#define DIFF_YAJL_PARSE yajl_parse
#endif
#ifdef PF_PLANT_ONLY
#define CHECKS(prop) (strcmp((prop), PF_PLANT_ONLY) == 0)
#else
#define CHECKS(prop) 1
#endif

static pf_json_pool *g_pool;

/* ------------------------------------------------------------------ */
/* The four parsers, each giving a pf_json or NULL.                    */
/* ------------------------------------------------------------------ */

static pf_json *from_cjson(const cJSON *c)
{
    if (cJSON_IsNull(c))
        return pf_json_null(g_pool);
    if (cJSON_IsBool(c))
        return pf_json_bool(g_pool, cJSON_IsTrue(c));
    if (cJSON_IsNumber(c))
        return pf_json_double(g_pool, c->valuedouble);
    if (cJSON_IsString(c))
        return pf_json_string(g_pool, c->valuestring, strlen(c->valuestring));
    if (cJSON_IsArray(c)) {
        pf_json *a = pf_json_array(g_pool, 4);
        for (const cJSON *i = c->child; i; i = i->next)
            pf_json_push(g_pool, a, from_cjson(i));
        return a;
    }
    pf_json *o = pf_json_object(g_pool, 4);
    for (const cJSON *i = c->child; i; i = i->next)
        pf_json_put(g_pool, o, i->string, strlen(i->string), from_cjson(i));
    return o;
}

static pf_json *parse_cjson(const uint8_t *text, size_t len)
{
    char *copy = malloc(len + 1);
    if (!copy)
        return NULL;
    if (len)
        memcpy(copy, text, len);
    copy[len] = 0;
    cJSON *c = DIFF_CJSON_PARSE(copy, len + 1, NULL, 1);
    free(copy);
    if (!c)
        return NULL;
    pf_json *v = from_cjson(c);
    cJSON_Delete(c);
    return v;
}

static pf_json *parse_jsonc(const uint8_t *text, size_t len)
{
    int err;
    return DIFF_JSONC_PARSE(g_pool, text, len, JSONC_STRICT | JSONC_VALIDATE_UTF8,
                            0, &err);
}

static pf_json *from_jansson(const json_t *j)
{
    switch (json_typeof(j)) {
    case JSON_NULL: return pf_json_null(g_pool);
    case JSON_TRUE: return pf_json_bool(g_pool, true);
    case JSON_FALSE: return pf_json_bool(g_pool, false);
    case JSON_INTEGER: return pf_json_int(g_pool, json_integer_value(j));
    case JSON_REAL: return pf_json_double(g_pool, json_real_value(j));
    case JSON_STRING:
        return pf_json_string(g_pool, json_string_value(j), json_string_length(j));
    case JSON_ARRAY: {
        pf_json *a = pf_json_array(g_pool, json_array_size(j));
        for (size_t i = 0; i < json_array_size(j); i++)
            pf_json_push(g_pool, a, from_jansson(json_array_get(j, i)));
        return a;
    }
    default: {
        pf_json *o = pf_json_object(g_pool, json_object_size(j));
        for (void *it = json_object_iter((json_t *)j); it;
             it = json_object_iter_next((json_t *)j, it))
            pf_json_put(g_pool, o, json_object_iter_key(it),
                        json_object_iter_key_len(it),
                        from_jansson(json_object_iter_value(it)));
        return o;
    }
    }
}

static pf_json *parse_jansson(const uint8_t *text, size_t len)
{
    json_error_t e;
    json_t *j = DIFF_JANSSON_LOADB((const char *)text, len,
                                   JSON_DECODE_ANY | JSON_ALLOW_NUL, &e);
    if (!j)
        return NULL;
    pf_json *v = from_jansson(j);
    json_decref(j);
    return v;
}

/* yajl: callbacks build the tree (see harness/yajl.c). */
typedef struct frame {
    pf_json *c;
    const char *key;
    size_t key_len;
} frame;

typedef struct builder {
    pf_json *root;
    frame *stack;
    size_t depth, cap;
} builder;

static int y_add(builder *b, pf_json *v)
{
    if (b->depth == 0) {
        b->root = v;
        return 1;
    }
    frame *f = &b->stack[b->depth - 1];
    if (f->c->type == PF_JSON_ARRAY)
        pf_json_push(g_pool, f->c, v);
    else
        pf_json_put(g_pool, f->c, f->key, f->key_len, v);
    return 1;
}

static int y_open(builder *b, pf_json *c)
{
    y_add(b, c);
    if (b->depth == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 16;
        frame *s = realloc(b->stack, cap * sizeof *s);
        if (!s)
            return 0;
        b->stack = s;
        b->cap = cap;
    }
    b->stack[b->depth++] = (frame){c, NULL, 0};
    return 1;
}

static int y_null(void *ctx) { return y_add(ctx, pf_json_null(g_pool)); }
static int y_bool(void *ctx, int v) { return y_add(ctx, pf_json_bool(g_pool, v != 0)); }
static int y_int(void *ctx, long long v) { return y_add(ctx, pf_json_int(g_pool, v)); }
static int y_double(void *ctx, double v) { return y_add(ctx, pf_json_double(g_pool, v)); }
static int y_string(void *ctx, const unsigned char *s, size_t n)
{
    return y_add(ctx, pf_json_string(g_pool, (const char *)s, n));
}
static int y_start_map(void *ctx) { return y_open(ctx, pf_json_object(g_pool, 4)); }
static int y_key(void *ctx, const unsigned char *s, size_t n)
{
    builder *b = ctx;
    frame *f = &b->stack[b->depth - 1];
    char *k = pf_json_alloc(g_pool, n + 1);
    if (n)
        memcpy(k, s, n);
    k[n] = 0;
    f->key = k;
    f->key_len = n;
    return 1;
}
static int y_end(void *ctx)
{
    ((builder *)ctx)->depth--;
    return 1;
}
static int y_start_array(void *ctx) { return y_open(ctx, pf_json_array(g_pool, 4)); }

static const yajl_callbacks y_callbacks = {
    y_null, y_bool, y_int, y_double, NULL, y_string,
    y_start_map, y_key, y_end, y_start_array, y_end,
};

static pf_json *parse_yajl(const uint8_t *text, size_t len)
{
    builder b = {0};
    yajl_handle h = yajl_alloc(&y_callbacks, NULL, &b);
    if (!h)
        return NULL;
    bool ok = DIFF_YAJL_PARSE(h, text, len) == yajl_status_ok &&
              yajl_complete_parse(h) == yajl_status_ok;
    yajl_free(h);
    free(b.stack);
    return ok ? b.root : NULL;
}

/* D10: see harness/yajl.c (Y6). */
static bool integer_overflows_yajl(const uint8_t *t, size_t len)
{
    for (size_t i = 0; i < len;) {
        if (t[i] < '0' || t[i] > '9') {
            i++;
            continue;
        }
        size_t j = i;
        uint64_t prefix = 0;
        while (j < len && t[j] >= '0' && t[j] <= '9') {
            if (j - i < 18)
                prefix = prefix * 10 + (uint64_t)(t[j] - '0');
            j++;
        }
        if (j - i >= 19 && prefix > 922337203685477580u && prefix <= 922337203685477587u)
            return true;
        i = j;
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* Views: the reference value as each library holds it (D1-D6).        */
/* ------------------------------------------------------------------ */

static size_t cut_len(const char *s, size_t n)
{
    const char *z = memchr(s, 0, n);
    return z ? (size_t)(z - s) : n;
}

/* Each encoded lone surrogate (ED A0-BF xx: the reference's form) becomes
 * U+FFFD, as json-c reads it. */
static pf_json *fffd_string(const char *s, size_t n, bool key, const char **ks,
                            size_t *kn)
{
    pf_buf b = {0};
    for (size_t i = 0; i < n; i++) {
        if ((uint8_t)s[i] == 0xED && i + 2 < n && (uint8_t)s[i + 1] >= 0xA0) {
            pf_buf_put(&b, "\xef\xbf\xbd", 3);
            i += 2;
        } else {
            pf_buf_putc(&b, (uint8_t)s[i]);
        }
    }
    pf_json *v = NULL;
    if (key) {
        char *k = pf_json_alloc(g_pool, b.len + 1);
        if (b.len)
            memcpy(k, b.data, b.len);
        k[b.len] = 0;
        *ks = k;
        *kn = b.len;
    } else {
        v = pf_json_string(g_pool, b.len ? (const char *)b.data : "", b.len);
    }
    pf_buf_free(&b);
    return v;
}

static pf_json *view(enum lib l, const pf_json *v)
{
    switch (v->type) {
    case PF_JSON_INT:
    case PF_JSON_UINT:
    case PF_JSON_DOUBLE:
        if (l == L_CJSON) /* D1 */
            return pf_json_double(g_pool, v->lit ? strtod(v->lit, NULL)
                                                 : v->type == PF_JSON_INT ? (double)v->v.i
                                                 : v->type == PF_JSON_UINT ? (double)v->v.u
                                                                           : v->v.d);
        if (l == L_JSONC && v->type == PF_JSON_DOUBLE && v->lit &&
            !strpbrk(v->lit, ".eE")) /* D4: saturated */
            return v->lit[0] == '-' ? pf_json_int(g_pool, INT64_MIN)
                                    : pf_json_uint(g_pool, UINT64_MAX);
        return pf_json_copy(g_pool, v);
    case PF_JSON_STRING:
        if (l == L_CJSON) /* D2 */
            return pf_json_string(g_pool, v->v.s, cut_len(v->v.s, v->n));
        if (l == L_JSONC) /* D6 */
            return fffd_string(v->v.s, v->n, false, NULL, NULL);
        return pf_json_copy(g_pool, v);
    case PF_JSON_ARRAY: {
        pf_json *a = pf_json_array(g_pool, v->n);
        for (size_t i = 0; i < v->n; i++)
            pf_json_push(g_pool, a, view(l, v->v.items[i]));
        return a;
    }
    case PF_JSON_OBJECT: {
        pf_json *o = pf_json_object(g_pool, v->n);
        for (size_t i = 0; i < v->n; i++) {
            const char *k = v->v.members[i].key;
            size_t kn = v->v.members[i].key_len;
            if (l == L_CJSON || l == L_JSONC) /* D2 */
                kn = cut_len(k, kn);
            if (l == L_JSONC) /* D6 */
                fffd_string(k, kn, true, &k, &kn);
            pf_json *val = view(l, v->v.members[i].value);
            if (l == L_JSONC || l == L_JANSSON) { /* D3 */
                size_t j = 0;
                while (j < o->n && !(o->v.members[j].key_len == kn &&
                                     memcmp(o->v.members[j].key, k, kn) == 0))
                    j++;
                if (j < o->n) {
                    o->v.members[j].value = val;
                    continue;
                }
            }
            pf_json_put(g_pool, o, k, kn, val);
        }
        return o;
    }
    default:
        return pf_json_copy(g_pool, v);
    }
}

/* D6: json-c turns an escaped surrogate pair whose code point has low 16
 * bits in D800-DFFF (U+1D800..., PR #893 upstream) into U+FFFD. Whether
 * the text holds such a pair (escapes read wherever they stand). */
static int hex4(const uint8_t *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        int c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= c - '0';
        else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
        else return -1;
    }
    return v;
}

static bool jsonc_misdecoded_pair(const uint8_t *t, size_t len)
{
    for (size_t i = 0; i + 1 < len;) {
        if (t[i] != '\\') {
            i++;
            continue;
        }
        if (t[i + 1] != 'u' || len - i < 12 || t[i + 6] != '\\' || t[i + 7] != 'u') {
            i += 2;
            continue;
        }
        int hi = hex4(t + i + 2), lo = hex4(t + i + 8);
        if (hi >= 0xD800 && hi <= 0xDBFF && lo >= 0xDC00 && lo <= 0xDFFF &&
            ((((hi & 0x3FF) << 10) + (lo & 0x3FF) + 0x10000) & 0xF800) == 0xD800)
            return true;
        i += 6;
    }
    return false;
}

/* The value holds the integer INT64_MIN (D4, yajl). */
static bool has_int64_min(const pf_json *v)
{
    if (v->type == PF_JSON_INT)
        return v->v.i == INT64_MIN;
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        if (has_int64_min(v->v.items[i]))
            return true;
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++)
        if (has_int64_min(v->v.members[i].value))
            return true;
    return false;
}

/* Values on the longest path from the root to a leaf: 1 for a scalar or
 * an empty container (json-c's tokener counts its levels so, D8). */
static unsigned levels(const pf_json *v)
{
    unsigned d = 0;
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++) {
        unsigned k = levels(v->v.items[i]);
        d = k > d ? k : d;
    }
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++) {
        unsigned k = levels(v->v.members[i].value);
        d = k > d ? k : d;
    }
    return d + 1;
}

/* Why library l must refuse a text the reference accepts, or NULL. */
static const char *must_refuse(enum lib l, const pf_json *ref,
                               const pf_json_parse_info *in)
{
    unsigned f = in->flags;
    switch (l) {
    case L_CJSON:
        if (f & PF_JSON_F_LONE_SURROGATE) return "D6 lone surrogate";
        if (in->depth > CJSON_MAX_DEPTH) return "D8 depth > 1000";
        return NULL;
    case L_JSONC:
        if (in->depth >= JSONC_MAX_DEPTH && levels(ref) > JSONC_MAX_DEPTH)
            return "D8 more than 32 levels";
        return NULL;
    case L_JANSSON:
        if (f & (PF_JSON_F_BIG_INT | PF_JSON_F_HUGE_INT)) return "D4 integer outside int64";
        if (f & PF_JSON_F_OVERFLOW) return "D5 overflow";
        if (f & PF_JSON_F_NUL_KEY) return "D7 U+0000 in a key";
        if (f & PF_JSON_F_LONE_SURROGATE) return "D6 lone surrogate";
        if (in->depth > JANSSON_MAX_DEPTH) return "D8 depth > 2048";
        return NULL;
    default:
        if (f & (PF_JSON_F_BIG_INT | PF_JSON_F_HUGE_INT)) return "D4 integer outside int64";
        if (has_int64_min(ref)) return "D4 -9223372036854775808";
        if (f & PF_JSON_F_OVERFLOW) return "D5 overflow";
        return NULL;
    }
}

/* D9 (yajl): what follows the value is a string that never ends. */
static bool unterminated_string_tail(const uint8_t *t, size_t len, size_t at)
{
    if (at >= len || t[at] != '"')
        return false;
    for (size_t i = at + 1; i < len; i++) {
        if (t[i] == '\\')
            i++;
        else if (t[i] == '"')
            return false;
    }
    return true;
}

/* D9: the reference's refusals each library may overrule. */
static bool lenient(enum lib l, const pf_json_parse_info *in, const uint8_t *text,
                    size_t len)
{
    pf_json_err e = in->err;
    switch (l) {
    case L_CJSON:
        return e == PF_JSON_ERR_NUMBER || e == PF_JSON_ERR_CONTROL ||
               e == PF_JSON_ERR_UTF8 || e == PF_JSON_ERR_WS ||
               e == PF_JSON_ERR_NUL || e == PF_JSON_ERR_BOM ||
               e == PF_JSON_ERR_ESCAPE;
    case L_JSONC:
        return e == PF_JSON_ERR_NUMBER || e == PF_JSON_ERR_TOKEN ||
               e == PF_JSON_ERR_CONTROL;
    case L_JANSSON:
        return e == PF_JSON_ERR_NUL && in->offset > 0 &&
               ((text[in->offset - 1] >= '0' && text[in->offset - 1] <= '9') ||
                (text[in->offset - 1] >= 'a' && text[in->offset - 1] <= 'z'));
    case L_YAJL:
        return e == PF_JSON_ERR_WS ||
               (e == PF_JSON_ERR_TRAILING && unterminated_string_tail(text, len, in->offset));
    default:
        return false;
    }
}

/* ------------------------------------------------------------------ */
/* The comparison.                                                     */
/* ------------------------------------------------------------------ */

static const char *quoted(const uint8_t *t, size_t n)
{
    pf_buf b = {0};
    pf_buf_quote(&b, t, n > 400 ? 400 : n);
    if (n > 400)
        pf_buf_printf(&b, " ...(%zu bytes)", n);
    char *s = pf_json_alloc(g_pool, b.len + 1);
    memcpy(s, b.data, b.len);
    s[b.len] = 0;
    pf_buf_free(&b);
    return s;
}

static const char *describe_ref(const pf_json *ref, const pf_json_parse_info *in)
{
    pf_buf b = {0};
    if (ref)
        pf_json_print(&b, ref, 1024);
    else
        pf_buf_printf(&b, "refused: %s at byte %zu", pf_json_err_names[in->err],
                      in->offset);
    pf_buf_printf(&b, " (flags 0x%x, depth %u)", in->flags, in->depth);
    char *s = pf_json_alloc(g_pool, b.len + 1);
    memcpy(s, b.data, b.len);
    s[b.len] = 0;
    pf_buf_free(&b);
    return s;
}

static void compare(pf_src *s, const uint8_t *text, size_t len)
{
    pf_json_parse_info in;
    pf_json *ref = pf_json_parse(g_pool, text, len, &in);
    pf_json *got[N_LIBS];
    bool ran[N_LIBS] = {true, true, true, !integer_overflows_yajl(text, len)};
    got[L_CJSON] = parse_cjson(text, len);
    got[L_JSONC] = parse_jsonc(text, len);
    got[L_JANSSON] = parse_jansson(text, len);
    got[L_YAJL] = ran[L_YAJL] ? parse_yajl(text, len) : NULL;

    for (int l = 0; l < N_LIBS; l++) {
        if (!ran[l])
            continue;
        const char *refuse = ref ? must_refuse((enum lib)l, ref, &in) : NULL;
        bool verdict_ok = ref ? (refuse ? got[l] == NULL : got[l] != NULL)
                              : (got[l] == NULL || lenient((enum lib)l, &in, text, len));
        if (!verdict_ok && CHECKS("same_verdict")) {
            pf_buf why = {0};
            pf_buf_printf(&why, "%s %s a text the reference %s%s%s", lib_names[l],
                          got[l] ? "accepted" : "refused", ref ? "accepts" : "refuses",
                          refuse ? "; expected a refusal: " : "", refuse ? refuse : "");
            pf_line lines[2 + N_LIBS];
            lines[0] = (pf_line){"text", quoted(text, len)};
            lines[1] = (pf_line){"reference", describe_ref(ref, &in)};
            for (int k = 0; k < N_LIBS; k++)
                lines[2 + k] = (pf_line){lib_names[k],
                                         !ran[k] ? "not run (D10)"
                                         : got[k] ? pf_json_show(g_pool, got[k]) : "refused"};
            pf_fail(s, "same_verdict", pf_buf_str(&why), lines, 2 + N_LIBS, NULL);
        }
        /* D6: yajl's lone surrogates, json-c's misdecoded pairs are not
         * compared. */
        if (!ref || !got[l] || !CHECKS("same_value") ||
            (l == L_YAJL && (in.flags & PF_JSON_F_LONE_SURROGATE)) ||
            (l == L_JSONC && jsonc_misdecoded_pair(text, len)))
            continue;
        pf_json *want = view((enum lib)l, ref);
        pf_path path = {0};
        if (!pf_json_equal(want, got[l], NULL, NULL)) {
            pf_json_equal(want, got[l], NULL, &path);
            pf_buf why = {0};
            pf_buf_printf(&why, "%s's value differs from the reference's as %s holds it",
                          lib_names[l], lib_names[l]);
            pf_line lines[] = {{"text", quoted(text, len)},
                               {"reference", describe_ref(ref, &in)},
                               {"expected (view)", pf_json_show(g_pool, want)},
                               {lib_names[l], pf_json_show(g_pool, got[l])}};
            pf_fail(s, "same_value", pf_buf_str(&why), lines, 4, path.text);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!g_pool) {
        g_pool = pf_json_pool_new();
        json_object_seed(1);
    }
    pf_src *s = pf_begin("json_differential", data, size);
    size_t mode = pf_choice(s, "mode", N_MODES);
    pf_name_values(s, mode_names, N_MODES);
    if (mode == MODE_RAW) {
        size_t len;
        const uint8_t *raw = pf_rest(s, "raw", &len);
        compare(s, raw, len);
    } else {
        pf_json *v = pf_json_draw(s, g_pool, &value_opts);
        size_t style = pf_choice(s, "style", N_STYLES);
        pf_name_values(s, style_names, N_STYLES);
        pf_json_write_opts w = {.ws = style == STYLE_WHITESPACE ? s : NULL,
                                .escape_all = style == STYLE_ESCAPED};
        pf_buf text = {0};
        pf_json_write(&text, v, &w);
        compare(s, text.data, text.len);
        pf_buf_free(&text);
    }
    pf_end(s);
    pf_json_pool_reset(g_pool);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6).                               */
/* ------------------------------------------------------------------ */

static const struct seed {
    const char *name;
    const char *json;
} value_seeds[] = {
    {"null", "null"},
    {"scalars", "[true,false,-1,0.5,-0.0,\"\"]"},
    {"integers", "[9223372036854775807,-9223372036854775807,9223372036854775808,18446744073709551615]"},
    {"doubles", "[1e300,5e-324,2.2250738585072014e-308,0.30000000000000004]"},
    {"strings", "[\"\\u0000\",\"a\\u0000b\",\"\\ud83d\\ude00\",\"\\u00e9\\u2028\",\"\\\"\\\\/\"]"},
    {"objects", "{\"a\":1,\"b\":[null],\"\":{},\"\\u0000k\":2}"},
    {"nested", "[[[[1]]],{\"x\":{\"y\":[]}}]"},
};

/* Raw seeds: strict JSON, and each restriction's text. */
static const struct seed raw_seeds[] = {
    {"raw-object", "{\"a\": [1, 2.5, \"s\"], \"b\": null}"},
    {"raw-dup-keys", "{\"a\":1,\"b\":2,\"a\":3}"},
    {"raw-big-ints", "[18446744073709551615,18446744073709551616,-9223372036854775809]"},
    {"raw-int64-min", "-9223372036854775808"},
    {"raw-neg-zero", "[-0,-0.0,0e5]"},
    {"raw-overflow", "[1e400,-1e400,1e-400]"},
    {"raw-nul", "{\"k\\u0000\":\"v\\u0000w\"}"},
    {"raw-surrogates", "[\"\\ud800\",\"\\udc00\",\"\\ud800\\u0041\",\"\\ud83d\\ude00\"]"},
    {"raw-pair-U+1D800", "[\"\\ud836\\udc00\",\"\\ud836\\udfff\"]"},
    {"raw-numbers-lenient", "[01,1.,-.5,1.e5,00,-01]"},
    {"raw-nonfinite", "[NaN,Infinity,-Infinity]"},
    {"raw-control", "[\"a\tb\",\"\x01\"]"},
    {"raw-whitespace", "[\x0b" "1\x0c,\x01 2]"},
    {"raw-bom", "\xef\xbb\xbf[]"},
    {"raw-trailing", "[1] 2"},
    {"raw-comment", "/* c */ [1]"},
    {"raw-depth-32", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"},
};

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    if (!g_pool)
        g_pool = pf_json_pool_new();
    for (size_t i = 0; i < sizeof value_seeds / sizeof value_seeds[0]; i++) {
        pf_json *v = pf_json_parse(g_pool, (const uint8_t *)value_seeds[i].json,
                                   strlen(value_seeds[i].json), NULL);
        if (!v || !pf_json_drawable(&value_opts, v))
            abort(); /* a typo in the table above */
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_VALUE);
        pf_json_enc(&e, &value_opts, v);
        pf_enc_choice(&e, N_STYLES, i % 2 ? STYLE_ESCAPED : STYLE_COMPACT);
        pf_src *s = pf_begin("json_differential", e.data, e.len);
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_VALUE);
        pf_json *back = pf_json_draw(s, g_pool, &value_opts);
        PF_ASSERT(s, pf_json_equal(v, back, NULL, NULL));
        pf_end(s);
        emit(value_seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
    for (size_t i = 0; i < sizeof raw_seeds / sizeof raw_seeds[0]; i++) {
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_RAW);
        pf_buf_put(&e, raw_seeds[i].json, strlen(raw_seeds[i].json));
        emit(raw_seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
    pf_json_pool_free(g_pool);
    g_pool = NULL;
}
