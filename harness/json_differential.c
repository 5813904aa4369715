/* json_differential — the same JSON text through cJSON 1.7.15, json-c 0.16,
 * jansson 2.14 and yajl 2.1.0, against a strict RFC 8259 reference parser
 * (pf_json_parse, include/propfuzz_json.h).
 *
 * The first draw picks a mode: raw (the rest of the input is the text) or
 * value (a value drawn with the shared JSON strategy, uint64 included,
 * written as canonical JSON text, with drawn whitespace between tokens or
 * every string character escaped, as drawn). Each library parses the text
 * through its adapter (adapters/json_adapters.h) in its strictest
 * documented configuration:
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
 *      jansson more than 2048 levels of values (JSON_PARSER_MAX_DEPTH),
 *      json-c more than 32 (JSON_TOKENER_DEFAULT_DEPTH); both count the
 *      innermost scalar too: 32 nested [] pass, 32 nested arrays around a
 *      1 do not (jansson's J6); yajl has no limit.
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
 *        json-c and yajl, though both validate UTF-8: a sequence of the
 *                 right shape (a lead byte C0-F7 and its continuation
 *                 bytes) that is no UTF-8 — an overlong form ("\xc1\x84"),
 *                 an encoded surrogate ("\xed\xbb\xbf"), a code point
 *                 above U+10FFFF: json_tokener_validate_utf8 and
 *                 yajl_lex_utf8_char count continuation bytes only
 *        jansson  a NUL byte right after a number or a literal is skipped
 *                 ("[1\0]" is [1], "true\0" is true: the lexer's unget of
 *                 the byte that ends the token loses a NUL)
 *   D10 yajl is not run on texts its adapter calls unsafe: integers that
 *      overflow inside yajl_parse_integer (undefined behaviour; Y6 of
 *      harness/yajl.c).
 */
#include "propfuzz.h"
#include "propfuzz_json.h"
#include "json_adapters.h"

#include <stdlib.h>
#include <string.h>

enum lib { L_CJSON, L_JSONC, L_JANSSON, L_YAJL, N_LIBS };
static const pf_json_adapter *const libs[N_LIBS] = {
    &pf_json_cjson, &pf_json_jsonc_strict, &pf_json_jansson,
    &pf_json_yajl_any_depth, /* D8: yajl has no limit */
};

enum mode { MODE_RAW, MODE_VALUE, N_MODES };
enum style { STYLE_COMPACT, STYLE_WHITESPACE, STYLE_ESCAPED, N_STYLES };
static const char *const style_names[N_STYLES] = {"compact", "whitespace", "escaped"};

enum { CJSON_MAX_DEPTH = 1000, JSONC_MAX_DEPTH = 32, JANSSON_MAX_DEPTH = 2048 };

static const pf_json_opts value_opts = {.uint = true};

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
static pf_json *fffd_string(pf_json_pool *p, const char *s, size_t n)
{
    if (!memchr(s, 0xED, n))
        return pf_json_string(p, s, n);
    pf_buf b = {0};
    for (size_t i = 0; i < n; i++) {
        bool lone = (uint8_t)s[i] == 0xED && i + 2 < n && (uint8_t)s[i + 1] >= 0xA0;
        pf_buf_put(&b, lone ? "\xef\xbf\xbd" : s + i, lone ? 3 : 1);
        i += lone ? 2 : 0;
    }
    pf_json *v = pf_json_string(p, b.len ? (const char *)b.data : "", b.len);
    pf_buf_free(&b);
    return v;
}

static pf_json *view(pf_json_pool *p, enum lib l, const pf_json *v);

static pf_json *view_number(pf_json_pool *p, enum lib l, const pf_json *v)
{
    if (l == L_CJSON) /* D1 */
        return pf_json_double(p, v->lit ? strtod(v->lit, NULL)
                                        : v->type == PF_JSON_INT ? (double)v->v.i
                                        : v->type == PF_JSON_UINT ? (double)v->v.u
                                                                  : v->v.d);
    if (l == L_JSONC && v->type == PF_JSON_DOUBLE && v->lit &&
        !strpbrk(v->lit, ".eE")) /* D4: saturated */
        return v->lit[0] == '-' ? pf_json_int(p, INT64_MIN)
                                : pf_json_uint(p, UINT64_MAX);
    return pf_json_copy(p, v);
}

static size_t member_index(const pf_json *o, const char *k, size_t kn)
{
    size_t j = 0;
    while (j < o->n && !(o->v.members[j].key_len == kn &&
                         memcmp(o->v.members[j].key, k, kn) == 0))
        j++;
    return j;
}

/* One member into the view o: keys cut (D2), lone surrogates (D6), and
 * duplicate keys collapsed to the first's place, the last's value (D3). */
static void view_member(pf_json_pool *p, enum lib l, pf_json *o,
                        const pf_json_member *m)
{
    const char *k = m->key;
    size_t kn = l == L_CJSON || l == L_JSONC ? cut_len(k, m->key_len) : m->key_len;
    if (l == L_JSONC) {
        const pf_json *fixed = fffd_string(p, k, kn);
        k = fixed->v.s;
        kn = fixed->n;
    }
    pf_json *val = view(p, l, m->value);
    size_t j = l == L_JSONC || l == L_JANSSON ? member_index(o, k, kn) : o->n;
    if (j < o->n)
        o->v.members[j].value = val;
    else
        pf_json_put(p, o, k, kn, val);
}

static pf_json *view(pf_json_pool *p, enum lib l, const pf_json *v)
{
    switch (v->type) {
    case PF_JSON_INT:
    case PF_JSON_UINT:
    case PF_JSON_DOUBLE:
        return view_number(p, l, v);
    case PF_JSON_STRING:
        if (l == L_CJSON) /* D2 */
            return pf_json_string(p, v->v.s, cut_len(v->v.s, v->n));
        if (l == L_JSONC) /* D6 */
            return fffd_string(p, v->v.s, v->n);
        return pf_json_copy(p, v);
    case PF_JSON_ARRAY: {
        pf_json *a = pf_json_array(p, v->n);
        for (size_t i = 0; i < v->n; i++)
            pf_json_push(p, a, view(p, l, v->v.items[i]));
        return a;
    }
    case PF_JSON_OBJECT: {
        pf_json *o = pf_json_object(p, v->n);
        for (size_t i = 0; i < v->n; i++)
            view_member(p, l, o, &v->v.members[i]);
        return o;
    }
    default:
        return pf_json_copy(p, v);
    }
}

/* ------------------------------------------------------------------ */
/* Verdicts: which refusals and leniencies each library documents.     */
/* ------------------------------------------------------------------ */

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
        if (in->depth >= JSONC_MAX_DEPTH && pf_json_levels(ref) > JSONC_MAX_DEPTH)
            return "D8 more than 32 levels";
        return NULL;
    case L_JANSSON:
        if (f & (PF_JSON_F_BIG_INT | PF_JSON_F_HUGE_INT)) return "D4 integer outside int64";
        if (f & PF_JSON_F_OVERFLOW) return "D5 overflow";
        if (f & PF_JSON_F_NUL_KEY) return "D7 U+0000 in a key";
        if (f & PF_JSON_F_LONE_SURROGATE) return "D6 lone surrogate";
        if (in->depth >= JANSSON_MAX_DEPTH && pf_json_levels(ref) > JANSSON_MAX_DEPTH)
            return "D8 more than 2048 levels";
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

/* D9 (json-c, yajl): the reference's UTF-8 refusal at byte `at` is of a
 * sequence whose shape is right, as a validator that only counts
 * continuation bytes sees it. */
static bool utf8_shape_only(const uint8_t *t, size_t len, size_t at)
{
    if (at >= len || t[at] < 0xc0 || t[at] > 0xf7)
        return false;
    size_t n = t[at] < 0xe0 ? 1 : t[at] < 0xf0 ? 2 : 3;
    for (size_t i = 1; i <= n; i++)
        if (at + i >= len || (t[at + i] & 0xc0) != 0x80)
            return false;
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
               e == PF_JSON_ERR_CONTROL ||
               (e == PF_JSON_ERR_UTF8 && utf8_shape_only(text, len, in->offset));
    case L_JANSSON:
        return e == PF_JSON_ERR_NUL && in->offset > 0 &&
               ((text[in->offset - 1] >= '0' && text[in->offset - 1] <= '9') ||
                (text[in->offset - 1] >= 'a' && text[in->offset - 1] <= 'z'));
    case L_YAJL:
        return e == PF_JSON_ERR_WS ||
               (e == PF_JSON_ERR_TRAILING && unterminated_string_tail(text, len, in->offset)) ||
               (e == PF_JSON_ERR_UTF8 && utf8_shape_only(text, len, in->offset));
    default:
        return false;
    }
}

/* ------------------------------------------------------------------ */
/* One text read by the reference and the four libraries.              */
/* ------------------------------------------------------------------ */

typedef struct readings {
    pf_json_pool *pool;
    const uint8_t *text;
    size_t len;
    pf_json *ref;              /* NULL: the reference refuses the text */
    pf_json_parse_info in;
    bool ran[N_LIBS];          /* D10 */
    pf_json *got[N_LIBS];      /* NULL: refused */
} readings;

static readings *read_all(pf_src *s, pf_json_pool *pool, const uint8_t *text,
                          size_t len)
{
    readings *r = pf_alloc(s, sizeof *r);
    *r = (readings){.pool = pool, .text = text, .len = len};
    r->ref = pf_json_parse(pool, text, len, &r->in);
    for (int l = 0; l < N_LIBS; l++) {
        const pf_json_adapter *lib = libs[l];
        r->ran[l] = !(lib->unsafe && lib->unsafe(text, len));
        if (!r->ran[l])
            pf_event(s, "D10 not run");
        r->got[l] = r->ran[l] ? lib->parse(lib, pool, text, len) : NULL;
    }
    return r;
}

static void *take_raw(pf_src *s)
{
    size_t len;
    const uint8_t *raw = pf_rest(s, "raw", &len);
    return read_all(s, pf_json_input_pool(s), raw, len);
}

static void *draw_value(pf_src *s)
{
    pf_json_pool *pool = pf_json_input_pool(s);
    pf_json *v = pf_json_draw(s, pool, &value_opts);
    size_t style = pf_choice(s, "style", N_STYLES);
    pf_name_values(s, style_names, N_STYLES);
    pf_json_write_opts w = {.ws = style == STYLE_WHITESPACE ? s : NULL,
                            .escape_all = style == STYLE_ESCAPED};
    pf_buf text = {0};
    pf_json_write(&text, v, &w);
    uint8_t *copy = pf_alloc(s, text.len + 1);
    memcpy(copy, pf_buf_str(&text), text.len + 1);
    size_t len = text.len;
    pf_buf_free(&text);
    return read_all(s, pool, copy, len);
}

static const char *quoted(pf_src *s, const uint8_t *t, size_t n)
{
    pf_buf b = {0};
    pf_buf_quote(&b, t, n > 400 ? 400 : n);
    if (n > 400)
        pf_buf_printf(&b, " ...(%zu bytes)", n);
    return pf_buf_defer(s, &b);
}

static const char *describe_ref(pf_src *s, const readings *r)
{
    pf_buf b = {0};
    if (r->ref)
        pf_json_print(&b, r->ref, 1024);
    else
        pf_buf_printf(&b, "refused: %s at byte %zu", pf_json_err_names[r->in.err],
                      r->in.offset);
    pf_buf_printf(&b, " (flags 0x%x, depth %u)", r->in.flags, r->in.depth);
    return pf_buf_defer(s, &b);
}

static void verdict_differs(pf_src *s, const readings *r, int l, const char *refuse)
{
    pf_buf why = {0};
    pf_buf_printf(&why, "%s %s a text the reference %s%s%s", libs[l]->name,
                  r->got[l] ? "accepted" : "refused", r->ref ? "accepts" : "refuses",
                  refuse ? "; expected a refusal: " : "", refuse ? refuse : "");
    pf_line lines[2 + N_LIBS];
    lines[0] = (pf_line){"text", quoted(s, r->text, r->len)};
    lines[1] = (pf_line){"reference", describe_ref(s, r)};
    for (int k = 0; k < N_LIBS; k++)
        lines[2 + k] = (pf_line){libs[k]->name,
                                 !r->ran[k] ? "not run (D10)"
                                 : r->got[k] ? pf_json_show(r->pool, r->got[k]) : "refused"};
    pf_fail(s, NULL, pf_buf_defer(s, &why), lines, 2 + N_LIBS, NULL);
}

static void prop_same_verdict(pf_src *s, void *in)
{
    const readings *r = in;
    for (int l = 0; l < N_LIBS; l++) {
        if (!r->ran[l])
            continue;
        const char *refuse = r->ref ? must_refuse((enum lib)l, r->ref, &r->in) : NULL;
        bool ok = r->ref ? (refuse ? r->got[l] == NULL : r->got[l] != NULL)
                         : (r->got[l] == NULL ||
                            lenient((enum lib)l, &r->in, r->text, r->len));
        if (!ok)
            verdict_differs(s, r, l, refuse);
    }
}

static void prop_same_value(pf_src *s, void *in)
{
    const readings *r = in;
    for (int l = 0; l < N_LIBS; l++) {
        if (!r->ref || !r->got[l])
            continue;
        /* D6: yajl's lone surrogates, json-c's misdecoded pairs. */
        if ((l == L_YAJL && (r->in.flags & PF_JSON_F_LONE_SURROGATE)) ||
            (l == L_JSONC && pf_json_jsonc_misdecoded_pair(r->text, r->len))) {
            pf_event(s, "D6 not compared");
            continue;
        }
        pf_json *want = view(r->pool, (enum lib)l, r->ref);
        if (pf_json_equal(want, r->got[l], NULL, NULL))
            continue;
        pf_path path = {0};
        pf_json_equal(want, r->got[l], NULL, &path);
        pf_buf why = {0};
        pf_buf_printf(&why, "%s's value differs from the reference's as %s holds it",
                      libs[l]->name, libs[l]->name);
        pf_line lines[] = {{"text", quoted(s, r->text, r->len)},
                           {"reference", describe_ref(s, r)},
                           {"expected (view)", pf_json_show(r->pool, want)},
                           {libs[l]->name, pf_json_show(r->pool, r->got[l])}};
        pf_fail(s, NULL, pf_buf_defer(s, &why), lines, 4, path.text);
    }
}

static const pf_property properties[] = {
    {"same_verdict", prop_same_verdict},
    {"same_value", prop_same_value},
};
static const pf_mode modes[] = {
    {"raw", take_raw, properties, PF_LEN(properties)},
    {"value", draw_value, properties, PF_LEN(properties)},
};
static const pf_target target = {"json_differential", modes, PF_LEN(modes), NULL};
PF_TARGET(target)

/* --- Seeds, written as values (design §6) ---------------------------- */

static const pf_json_seed value_seeds[] = {
    {"null", "null"},
    {"scalars", "[true,false,-1,0.5,-0.0,\"\"]"},
    {"integers", "[9223372036854775807,-9223372036854775807,9223372036854775808,18446744073709551615]"},
    {"doubles", "[1e300,5e-324,2.2250738585072014e-308,0.30000000000000004]"},
    {"strings", "[\"\\u0000\",\"a\\u0000b\",\"\\ud83d\\ude00\",\"\\u00e9\\u2028\",\"\\\"\\\\/\"]"},
    {"objects", "{\"a\":1,\"b\":[null],\"\":{},\"\\u0000k\":2}"},
    {"nested", "[[[[1]]],{\"x\":{\"y\":[]}}]"},
};

/* Raw seeds: strict JSON, and each restriction's text. */
static const pf_json_seed raw_seeds[] = {
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
    {"raw-utf8-shape-only", "[\"\xc1\x84\",\"\xe0\x80\xaf\",\"\xed\xbb\xbf\",\"\xf4\x90\x80\x80\"]"},
    {"raw-whitespace", "[\x0b" "1\x0c,\x01 2]"},
    {"raw-bom", "\xef\xbb\xbf[]"},
    {"raw-trailing", "[1] 2"},
    {"raw-comment", "/* c */ [1]"},
    {"raw-depth-32", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"},
};

void pf_target_seeds(pf_json_emit *emit)
{
    /* Value seeds alternate the compact and the escaped style. */
    for (size_t i = 0; i < PF_LEN(value_seeds); i++) {
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_VALUE);
        pf_json_enc_text(&e, &value_opts, value_seeds[i].json);
        pf_enc_choice(&e, N_STYLES, i % 2 ? STYLE_ESCAPED : STYLE_COMPACT);
        emit(value_seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
    pf_json_seed_raw(emit, MODE_RAW, N_MODES, raw_seeds, PF_LEN(raw_seeds));
}
