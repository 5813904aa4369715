/* cjson — JSON through cJSON 1.7.15 (Debian 1.7.15-1+deb12u4).
 *
 * The first draw picks a mode. In value mode one JSON value is drawn with
 * the shared JSON strategy (include/propfuzz_json.h: null, booleans,
 * numbers, strings of any Unicode, arrays and objects nested four deep),
 * built as a cJSON tree, and four properties are checked:
 *
 *   round_trip       cJSON_Parse(cJSON_PrintUnformatted(v)) == v, and
 *                    cJSON_Parse(canonical JSON text of v) == v exactly
 *   deterministic    printing the same tree twice (compact and formatted)
 *                    gives identical text
 *   format_neutral   cJSON_Print (formatted) and cJSON_PrintUnformatted
 *                    parse to the same value; the canonical text with
 *                    whitespace drawn between all tokens, and with every
 *                    string character written as an escape, parses to what
 *                    the compact canonical text parses to
 *   key_order        every object's members permuted (pf_permutation):
 *                    cJSON_GetObjectItemCaseSensitive finds the same value
 *                    for every key, the sizes agree, and the permuted tree
 *                    printed and parsed equals v as a map
 *
 * In raw mode the rest of the input is JSON text:
 *
 *   canonical_fixed_point  whatever cJSON accepts prints to a text that
 *                    re-parses to the same value and re-prints unchanged
 *
 * batch_incremental is not checked: cJSON has no incremental or callback
 * parser (cJSON_Parse* take the whole text at once).
 *
 * Restrictions, each shown against the real library by
 * tests/restrict/cjson.c:
 *   R1 numbers are doubles: cJSON has no integer type (valueint is a
 *      saturated int copy of valuedouble), so numbers are drawn as finite
 *      doubles; NaN and infinities print as null and are not drawn.
 *   R2 doubles compare within cjson_print_tolerance (rel = DBL_EPSILON):
 *      print_number writes %1.15g whenever that reads back within
 *      DBL_EPSILON relative (compare_double), so 0.1+0.2 prints as 0.3 and
 *      comes back 1 ulp off (see /work/notes/findings-cjson.md). Texts cJSON
 *      only reads (the canonical text, %.17g) must come back bit-exactly.
 *   R3 strings and keys hold no U+0000: cJSON strings are C strings and
 *      "\u0000" ends them.
 *   R4 strings are valid UTF-8 (no lone surrogates): cJSON refuses a lone
 *      \uD800-\uDFFF escape, so no text can carry one.
 *   R5 keys within one object are distinct: with duplicate keys "the same
 *      object" and "lookup by key" have no single meaning.
 *   R6 raw mode: a text whose numbers overflow to infinity (1e400) is
 *      treated as refused: cJSON reads it as inf and prints null, a
 *      different value (/work/notes/findings-cjson.md). Text is parsed
 *      with cJSON_ParseWithLengthOpts(require_null_terminated) on a copy
 *      with a NUL appended, so trailing text is refused (plain
 *      cJSON_ParseWithLength ignores it).
 *   R7 doubles above 1.79769313486231e308 in magnitude are not drawn, and
 *      raw texts holding them are treated as refused: %1.15g rounds the top
 *      ~36 doubles (up to DBL_MAX) to 1.79769313486232e+308, compare_double
 *      calls inf "equal" to them, and the printed number reads back as
 *      infinity (a real bug, /work/notes/findings-cjson.md).
 */
#include "propfuzz.h"
#include "propfuzz_json.h"

#include <cjson/cJSON.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_DEPTH = 4,
    MAX_ITEMS = 6,
    MAX_STRING = 40,
    MAX_PERMUTED = 4, /* objects permuted per input for key_order */
};

enum mode { MODE_VALUES, MODE_RAW, N_MODES };
static const char *const mode_names[N_MODES] = {"values", "raw"};

/* R7: above this, %1.15g rounds up past DBL_MAX (see the header). */
#define CJSON_PRINTABLE_MAX 1.79769313486231e308

/* R1, R3, R7: what cJSON can hold. */
static const pf_json_opts cjson_opts = {
    .max_depth = MAX_DEPTH,
    .max_items = MAX_ITEMS,
    .max_string = MAX_STRING,
    .no_int = true,
    .no_nul = true,
    .double_max = CJSON_PRINTABLE_MAX, /* R7 */
};

/* R2: the tolerance of cJSON's own printer. */
static const pf_tolerance cjson_print_tolerance = {.rel = DBL_EPSILON};
static const pf_json_eq eq_printed = {.tol = &cjson_print_tolerance};
static const pf_json_eq eq_exact = {0};
static const pf_json_eq eq_printed_map = {.tol = &cjson_print_tolerance,
                                          .unordered = true};

/* Every cJSON call a property depends on goes through these names, so
 * tests/planted/cjson/ can wrap them with planted bugs. */
#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef CJSON_PARSE
#define CJSON_PARSE cJSON_ParseWithLengthOpts
#endif
#ifndef CJSON_PRINT
#define CJSON_PRINT cJSON_PrintUnformatted
#endif
#ifndef CJSON_PRINT_PRETTY
#define CJSON_PRINT_PRETTY cJSON_Print
#endif
#ifndef CJSON_GET
#define CJSON_GET cJSON_GetObjectItemCaseSensitive
#endif
#ifdef PF_PLANT_ONLY
#define CHECKS(prop) (strcmp((prop), PF_PLANT_ONLY) == 0)
#else
#define CHECKS(prop) 1
#endif

/* The pool of every pf_json of one input (reset at its end). */
static pf_json_pool *g_pool;

/* ------------------------------------------------------------------ */
/* pf_json <-> cJSON.                                                  */
/* ------------------------------------------------------------------ */

/* NULL only when cJSON runs out of memory. */
static cJSON *to_cjson(const pf_json *v)
{
    cJSON *c = NULL;
    bool ok = true;
    switch (v->type) {
    case PF_JSON_NULL: c = cJSON_CreateNull(); break;
    case PF_JSON_BOOL: c = cJSON_CreateBool(v->v.b); break;
    case PF_JSON_DOUBLE: c = cJSON_CreateNumber(v->v.d); break;
    case PF_JSON_STRING: c = cJSON_CreateString(v->v.s); break;
    case PF_JSON_ARRAY:
        c = cJSON_CreateArray();
        for (size_t i = 0; c && ok && i < v->n; i++) {
            cJSON *item = to_cjson(v->v.items[i]);
            ok = item && cJSON_AddItemToArray(c, item);
        }
        break;
    case PF_JSON_OBJECT:
        c = cJSON_CreateObject();
        for (size_t i = 0; c && ok && i < v->n; i++) {
            cJSON *item = to_cjson(v->v.members[i].value);
            ok = item && cJSON_AddItemToObject(c, v->v.members[i].key, item);
        }
        break;
    default:
        break; /* integers are not drawn (R1) */
    }
    if (!ok) {
        cJSON_Delete(c);
        return NULL;
    }
    return c;
}

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
    if (cJSON_IsObject(c)) {
        pf_json *o = pf_json_object(g_pool, 4);
        for (const cJSON *i = c->child; i; i = i->next)
            pf_json_put(g_pool, o, i->string, strlen(i->string), from_cjson(i));
        return o;
    }
    abort(); /* cJSON_Raw or invalid: the parser never makes them */
}

/* R6, R7: every number finite and within CJSON_PRINTABLE_MAX. */
static bool printable(const pf_json *v)
{
    if (v->type == PF_JSON_DOUBLE)
        return fabs(v->v.d) <= CJSON_PRINTABLE_MAX;
    if (v->type == PF_JSON_ARRAY) {
        for (size_t i = 0; i < v->n; i++)
            if (!printable(v->v.items[i]))
                return false;
    }
    if (v->type == PF_JSON_OBJECT) {
        for (size_t i = 0; i < v->n; i++)
            if (!printable(v->v.members[i].value))
                return false;
    }
    return true;
}

/* Parses text of any bytes: a copy with a NUL appended, the NUL required
 * to follow the value (R6), so trailing text is refused. */
static cJSON *parse_text(const uint8_t *data, size_t len)
{
    char *copy = malloc(len + 1);
    if (!copy)
        return NULL;
    if (len)
        memcpy(copy, data, len);
    copy[len] = 0;
    cJSON *c = CJSON_PARSE(copy, len + 1, NULL, 1);
    free(copy);
    return c;
}

static pf_json *parse_value(const uint8_t *data, size_t len)
{
    cJSON *c = parse_text(data, len);
    if (!c)
        return NULL;
    pf_json *v = from_cjson(c);
    cJSON_Delete(c);
    return v;
}

/* ------------------------------------------------------------------ */
/* The codecs as the oracles see them: values are pf_json trees.       */
/* ------------------------------------------------------------------ */

typedef struct codec_ctx {
    bool pretty;           /* cJSON_Print instead of cJSON_PrintUnformatted */
    bool refuse_unprintable; /* R6, R7 */
    const pf_json_eq *eq;
} codec_ctx;

static int codec_encode(void *ctx, const void *value, pf_buf *out)
{
    const codec_ctx *cx = ctx;
    cJSON *c = to_cjson(value);
    if (!c)
        return -1;
    char *text = cx->pretty ? CJSON_PRINT_PRETTY(c) : CJSON_PRINT(c);
    cJSON_Delete(c);
    if (!text)
        return -1;
    pf_buf_put(out, text, strlen(text));
    cJSON_free(text);
    return 0;
}

static int codec_decode(void *ctx, const uint8_t *data, size_t len,
                        void **value)
{
    const codec_ctx *cx = ctx;
    pf_json *v = parse_value(data, len);
    if (!v || (cx->refuse_unprintable && !printable(v)))
        return -1;
    *value = v;
    return 0;
}

static void codec_release(void *ctx, void *value)
{
    (void)ctx;
    (void)value; /* pool memory: freed at the end of the input */
}

static bool codec_equal(void *ctx, const void *a, const void *b, pf_path *p)
{
    const codec_ctx *cx = ctx;
    return pf_json_equal(a, b, cx->eq, p);
}

static void codec_print(void *ctx, const void *value, pf_buf *out)
{
    (void)ctx;
    pf_json_print(out, value, 0);
}

static codec_ctx compact_ctx = {.eq = &eq_printed};
static codec_ctx pretty_ctx = {.pretty = true, .eq = &eq_printed};
static codec_ctx raw_ctx = {.refuse_unprintable = true, .eq = &eq_printed};
static const pf_codec compact_codec = {codec_encode, codec_decode, codec_release,
                                       codec_equal, codec_print, &compact_ctx};
static const pf_codec pretty_codec = {codec_encode, codec_decode, codec_release,
                                      codec_equal, codec_print, &pretty_ctx};
static const pf_codec raw_codec = {codec_encode, codec_decode, codec_release,
                                   codec_equal, codec_print, &raw_ctx};

/* ------------------------------------------------------------------ */
/* Properties.                                                         */
/* ------------------------------------------------------------------ */

static const char *text_of(const pf_buf *b)
{
    char *t = pf_json_alloc(g_pool, b->len + 1);
    if (b->len)
        memcpy(t, b->data, b->len);
    t[b->len] = 0;
    return t;
}

/* parse(text) must be accepted and equal want (how: eq). */
static void expect_parse(pf_src *s, const char *property, const char *what,
                         const pf_buf *text, const pf_json *want,
                         const char *want_name, const pf_json_eq *how)
{
    pf_json *got = parse_value(text->data, text->len);
    pf_path path = {0};
    if (got && pf_json_equal(want, got, how, NULL))
        return;
    if (got)
        pf_json_equal(want, got, how, &path);
    pf_line l[] = {{want_name, pf_json_show(g_pool, want)},
                   {what, text_of(text)},
                   {"cJSON_Parse(...)", got ? pf_json_show(g_pool, got) : "refused"}};
    pf_fail(s, property, got ? "cJSON parsed the text to a different value"
                             : "cJSON refused the text",
            l, 3, got ? path.text : NULL);
}

static void check_round_trip(pf_src *s, const pf_json *v)
{
    pf_check_round_trip(s, "round_trip", &compact_codec, v);
    pf_buf canon = {0};
    pf_json_write(&canon, v, NULL);
    expect_parse(s, "round_trip", "canonical JSON text", &canon, v, "value",
                 &eq_exact);
    pf_buf_free(&canon);
}

static void check_format_neutral(pf_src *s, const pf_json *v)
{
    pf_buf compact = {0}, pretty = {0};
    PF_ASSERT(s, codec_encode(&compact_ctx, v, &compact) == 0);
    PF_ASSERT(s, codec_encode(&pretty_ctx, v, &pretty) == 0);
    pf_json *a = parse_value(compact.data, compact.len);
    PF_ASSERT(s, a != NULL); /* round_trip's business */
    expect_parse(s, "format_neutral", "cJSON_Print(v)", &pretty, a,
                 "cJSON_Parse(cJSON_PrintUnformatted(v))", &eq_exact);

    pf_buf canon = {0}, spaced = {0}, escaped = {0};
    pf_json_write(&canon, v, NULL);
    pf_json *c = parse_value(canon.data, canon.len);
    PF_ASSERT(s, c != NULL);
    pf_span_begin(s, "whitespace");
    pf_json_write_opts ws = {.ws = s};
    pf_json_write(&spaced, v, &ws);
    pf_span_end(s);
    expect_parse(s, "format_neutral", "canonical text with whitespace", &spaced,
                 c, "cJSON_Parse(compact canonical text)", &eq_exact);
    pf_json_write_opts esc = {.escape_all = true};
    pf_json_write(&escaped, v, &esc);
    expect_parse(s, "format_neutral", "canonical text, every character escaped",
                 &escaped, c, "cJSON_Parse(compact canonical text)", &eq_exact);
    pf_buf_free(&compact);
    pf_buf_free(&pretty);
    pf_buf_free(&canon);
    pf_buf_free(&spaced);
    pf_buf_free(&escaped);
}

/* A copy of v with the members of (up to MAX_PERMUTED) objects permuted. */
static pf_json *permuted(pf_src *s, const pf_json *v, unsigned *budget)
{
    if (v->type == PF_JSON_ARRAY) {
        pf_json *a = pf_json_array(g_pool, v->n);
        for (size_t i = 0; i < v->n; i++)
            pf_json_push(g_pool, a, permuted(s, v->v.items[i], budget));
        return a;
    }
    if (v->type != PF_JSON_OBJECT)
        return pf_json_copy(g_pool, v);
    size_t perm[MAX_ITEMS];
    for (size_t i = 0; i < v->n; i++)
        perm[i] = i;
    if (v->n > 1 && *budget > 0) {
        (*budget)--;
        pf_permutation(s, "members", perm, v->n);
    }
    pf_json *o = pf_json_object(g_pool, v->n);
    for (size_t i = 0; i < v->n; i++) {
        const pf_json_member *m = &v->v.members[perm[i]];
        pf_json_put(g_pool, o, m->key, m->key_len, permuted(s, m->value, budget));
    }
    return o;
}

/* Walks the original and the permuted cJSON trees together: looking up
 * every key gives equal values (as maps: deeper objects are permuted too)
 * in both. */
static void check_lookups(pf_src *s, const cJSON *orig, const cJSON *perm)
{
    if (cJSON_IsArray(orig)) {
        const cJSON *b = perm->child;
        for (const cJSON *a = orig->child; a && b; a = a->next, b = b->next)
            check_lookups(s, a, b);
        return;
    }
    if (!cJSON_IsObject(orig))
        return;
    if (cJSON_GetArraySize(orig) != cJSON_GetArraySize(perm)) {
        pf_line l[] = {{"object", pf_json_show(g_pool, from_cjson(orig))},
                       {"permuted", pf_json_show(g_pool, from_cjson(perm))}};
        pf_fail(s, "key_order", "permuting members changed the object's size",
                l, 2, NULL);
    }
    for (const cJSON *m = orig->child; m; m = m->next) {
        const cJSON *a = CJSON_GET(orig, m->string);
        const cJSON *b = CJSON_GET(perm, m->string);
        pf_json *va = a ? from_cjson(a) : NULL;
        pf_json *vb = b ? from_cjson(b) : NULL;
        pf_path path = {0};
        if (!va != !vb || (va && !pf_json_equal(va, vb, &eq_printed_map, &path))) {
            pf_path_key(&path, (const uint8_t *)m->string, strlen(m->string));
            pf_line l[] = {{"key", m->string},
                           {"object", pf_json_show(g_pool, from_cjson(orig))},
                           {"permuted", pf_json_show(g_pool, from_cjson(perm))},
                           {"lookup in object", va ? pf_json_show(g_pool, va) : "not found"},
                           {"lookup in permuted", vb ? pf_json_show(g_pool, vb) : "not found"}};
            pf_fail(s, "key_order",
                    "cJSON_GetObjectItemCaseSensitive differs after permuting",
                    l, 5, path.text);
        }
        if (a && b)
            check_lookups(s, a, b);
    }
}

static void check_key_order(pf_src *s, const pf_json *v)
{
    unsigned budget = MAX_PERMUTED;
    pf_json *p = permuted(s, v, &budget);
    cJSON *a = to_cjson(v), *b = to_cjson(p);
    PF_ASSERT(s, a != NULL && b != NULL);
    check_lookups(s, a, b);
    char *text = CJSON_PRINT(b);
    PF_ASSERT(s, text != NULL);
    pf_buf t = {0};
    pf_buf_put(&t, text, strlen(text));
    cJSON_free(text);
    expect_parse(s, "key_order", "cJSON_PrintUnformatted(permuted)", &t, v,
                 "value", &eq_printed_map);
    pf_buf_free(&t);
    cJSON_Delete(a);
    cJSON_Delete(b);
}

static void check_values(pf_src *s)
{
    pf_json *v = pf_json_draw(s, g_pool, &cjson_opts);
    if (CHECKS("round_trip"))
        check_round_trip(s, v);
    if (CHECKS("deterministic")) {
        pf_check_deterministic(s, "deterministic", &compact_codec, v);
        pf_check_deterministic(s, "deterministic", &pretty_codec, v);
    }
    if (CHECKS("format_neutral"))
        check_format_neutral(s, v);
    if (CHECKS("key_order"))
        check_key_order(s, v);
}

static void check_raw(pf_src *s)
{
    size_t len;
    const uint8_t *raw = pf_rest(s, "raw", &len);
    if (CHECKS("canonical_fixed_point"))
        pf_check_fixed_point(s, "canonical_fixed_point", &raw_codec, raw, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!g_pool)
        g_pool = pf_json_pool_new();
    pf_src *s = pf_begin("cjson", data, size);
    size_t mode = pf_choice(s, "mode", N_MODES);
    pf_name_values(s, mode_names, N_MODES);
    if (mode == MODE_RAW)
        check_raw(s);
    else
        check_values(s);
    pf_end(s);
    pf_json_pool_reset(g_pool);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6): JSON texts read by the         */
/* reference parser, numbers made doubles (R1), encoded with the        */
/* strategy's inverse and checked to decode back to the same value.     */
/* ------------------------------------------------------------------ */

static const struct seed {
    const char *name;
    const char *json;
} seeds[] = {
    {"null", "null"},
    {"bools", "[true,false]"},
    {"zero-and-negzero", "[0.0,-0.0]"},
    {"small-numbers", "[1,-1,0.5,-2.25,100]"},
    {"point-three", "[0.30000000000000004,0.3,0.1]"},
    {"extremes", "[1.79769313486231e308,-1.79769313486231e308,2.2250738585072014e-308,5e-324]"},
    {"int-boundaries", "[2147483647,2147483648,-2147483648,-2147483649,9007199254740993]"},
    {"empty-string", "\"\""},
    {"escapes", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f\""},
    {"unicode", "[\"\\u00e9\\u2028\\u2029\\ufeff\\u202e\",\"\\ud83d\\ude00\\udbff\\udfff\"]"},
    {"empty-containers", "[[],{}]"},
    {"object", "{\"a\":1,\"b\":[true,null],\"\":\"empty key\"}"},
    {"case-keys", "{\"k\":1,\"K\":2,\"\\u00e9\":3}"},
    {"nested", "[[[[1]]],{\"x\":{\"y\":[]}}]"},
    {"mixed", "{\"n\":null,\"t\":true,\"d\":-0.125,\"s\":\"x\\ny\",\"a\":[1.5,\"\"],\"o\":{}}"},
};

/* Raw-mode seeds: texts cJSON accepts in forms it does not print. */
static const struct seed raw_seeds[] = {
    {"raw-whitespace", " \t\n[ 1 , {\"a\" : null } ]\r\n"},
    {"raw-exponents", "[1E2,1e-2,-0.0e+0,12.50]"},
    {"raw-escapes", "\"\\u0041\\/\\ud83d\\ude00\""},
    {"raw-dup-keys", "{\"a\":1,\"a\":2}"},
    {"raw-deep", "[[[[[[[[[[[[[[[[null]]]]]]]]]]]]]]]]"},
    {"raw-nul-escape", "[\"a\\u0000b\"]"},
    {"raw-bom", "\xef\xbb\xbf{}"},
};

static pf_json *as_doubles(pf_json *v)
{
    if (v->type == PF_JSON_INT)
        return pf_json_double(g_pool, (double)v->v.i);
    if (v->type == PF_JSON_ARRAY)
        for (size_t i = 0; i < v->n; i++)
            v->v.items[i] = as_doubles(v->v.items[i]);
    if (v->type == PF_JSON_OBJECT)
        for (size_t i = 0; i < v->n; i++)
            v->v.members[i].value = as_doubles(v->v.members[i].value);
    return v;
}

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    if (!g_pool)
        g_pool = pf_json_pool_new();
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        pf_json *v = pf_json_parse(g_pool, (const uint8_t *)seeds[i].json,
                                   strlen(seeds[i].json), NULL);
        if (!v || !pf_json_drawable(&cjson_opts, (v = as_doubles(v))))
            abort(); /* a typo in the table above */
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_VALUES);
        pf_json_enc(&e, &cjson_opts, v);
        pf_src *s = pf_begin("cjson", e.data, e.len);
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_VALUES);
        pf_json *back = pf_json_draw(s, g_pool, &cjson_opts);
        PF_ASSERT(s, pf_json_equal(v, back, NULL, NULL));
        pf_end(s);
        emit(seeds[i].name, e.data, e.len);
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
