/* jsonc — JSON through json-c 0.16 (Debian 0.16-2).
 *
 * The first draw picks a mode. In value mode one JSON value is drawn with
 * the shared JSON strategy (include/propfuzz_json.h: null, booleans, the
 * full int64 range and uint64 above it, doubles including NaN and the
 * infinities, strings of any Unicode with U+0000, arrays and objects
 * nested four deep), built as a json_object tree, and these properties are
 * checked:
 *
 *   round_trip         parse(json_object_to_json_string_ext(v, PLAIN)) ==
 *                      v, type-strictly (int64 is not uint64 is not
 *                      double), doubles bit-exact (NaN as any NaN, C2);
 *                      and parse(canonical JSON text of v) == v
 *   deterministic      printing the same tree twice is identical (plain,
 *                      and with drawn SPACED/PRETTY/PRETTY_TAB/NOZERO/
 *                      NOSLASHESCAPE flags)
 *   format_neutral     printing with drawn flags (C6: not NOZERO) parses to
 *                      what the plain print parses to; the canonical text with drawn
 *                      whitespace between tokens, and with every string
 *                      character escaped, parses to what the compact
 *                      canonical text parses to
 *   key_order          every object's members permuted:
 *                      json_object_object_get_ex finds equal values for
 *                      every key, json_object_equal holds, and the permuted
 *                      print parses equal to v as a map
 *   batch_incremental  one json_tokener fed the text in drawn chunk sizes
 *                      (json_tokener_parse_ex per chunk) gives exactly what
 *                      it gives fed whole: both refuse, or both give equal
 *                      values. In value mode the text is the print of v;
 *                      in chunked mode it is any drawn bytes.
 *
 * In raw mode the rest of the input is JSON text:
 *
 *   canonical_fixed_point  whatever json-c accepts prints to a text that
 *                      parses to the same value and prints unchanged
 *
 * "Parse" is json_tokener_parse_ex with the default flags and depth (as
 * json_tokener_parse), given the text's length; when the tokener wants
 * more (json_tokener_continue, e.g. after a top-level number) a final
 * NUL byte ends the text, as json_tokener_parse does. A text is accepted
 * when a value is complete and what follows it is whitespace or comments
 * json-c skips after a value (judged by parsing "[]" + the rest in one
 * call, so chunk boundaries do not change the judgement); json-c alone
 * would ignore the rest.
 *
 * Restrictions, each shown against the real library by
 * tests/restrict/jsonc.c:
 *   C1 keys hold no U+0000: keys are C strings, "a\u0000b" reads as "a".
 *   C2 a NaN compares equal to any NaN: json-c prints every NaN as NaN and
 *      reads it back as one quiet NaN (sign and payload are not kept).
 *      json_object_equal compares doubles with ==, so key_order checks it
 *      only on values without NaN.
 *   C3 strings are valid UTF-8 (no lone surrogates): json-c reads a lone
 *      \uD800-\uDFFF escape as U+FFFD.
 *   C4 keys within one object are distinct: the last value of a repeated
 *      key wins.
 *   C5 a non-negative integer up to INT64_MAX is always int64 (its text
 *      reads back as int64); uint64 is drawn only above INT64_MAX.
 *      Integers outside [INT64_MIN, UINT64_MAX] in raw text saturate.
 *   C6 format_neutral does not draw JSON_C_TO_STRING_NOZERO: it strips
 *      "trailing zeros" up to the end of the number, exponent included, so
 *      1.0223439315167754e-10 prints as 1.0223439315167754e-1 (a real bug,
 *      /work/notes/findings-jsonc.md). deterministic still draws it.
 *   C7 batch_incremental puts no chunk boundary between a digit or '.' and
 *      a '-': a tokener resuming inside a number takes a '-' as part of it,
 *      so "-1" then "-1" parses as -1 where "-1-1" whole is refused (a real
 *      bug, /work/notes/findings-jsonc.md); such a boundary moves one byte
 *      on.
 *   C8 format_neutral does not compare the every-character-escaped text of
 *      a value holding a code point above U+FFFF whose low 16 bits fall in
 *      D800-DFFF (U+1D800-U+1DFFF, U+2D800-U+2DFFF, ...): json-c decodes the
 *      escaped surrogate pair and then takes the result for a surrogate
 *      (IS_HIGH_SURROGATE ignores the upper bits), giving U+FFFD (a real
 *      bug, known upstream: json-c PR #893; /work/notes/findings-jsonc.md).
 */
#include "propfuzz.h"
#include "propfuzz_json.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_DEPTH = 4,
    MAX_ITEMS = 6,
    MAX_STRING = 40,
    MAX_PERMUTED = 4,
    MAX_CHUNKS = 32,
};

enum mode { MODE_VALUES, MODE_RAW, MODE_CHUNKED, N_MODES };
static const char *const mode_names[N_MODES] = {"values", "raw", "chunked"};

/* C1-C5: what json-c can hold. */
static const pf_json_opts jsonc_opts = {
    .max_depth = MAX_DEPTH,
    .max_items = MAX_ITEMS,
    .max_string = MAX_STRING,
    .uint = true,
    .nonfinite = true,
    .no_nul_keys = true,
};

static const pf_json_eq eq_exact = {.nan_any = true};
static const pf_json_eq eq_map = {.nan_any = true, .unordered = true};

#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef JSONC_PARSE_EX
#define JSONC_PARSE_EX json_tokener_parse_ex
#endif
#ifndef JSONC_PRINT
#define JSONC_PRINT json_object_to_json_string_length
#endif
#ifndef JSONC_GET
#define JSONC_GET json_object_object_get_ex
#endif
#ifndef JSONC_EQUAL
#define JSONC_EQUAL json_object_equal
#endif
#ifdef PF_PLANT_ONLY
#define CHECKS(prop) (strcmp((prop), PF_PLANT_ONLY) == 0)
#else
#define CHECKS(prop) 1
#endif

static pf_json_pool *g_pool;

/* ------------------------------------------------------------------ */
/* pf_json <-> json_object (NULL is JSON null in json-c).              */
/* ------------------------------------------------------------------ */

/* Sets *out; false when json-c refuses the value (or runs out of memory). */
static bool to_jsonc(const pf_json *v, struct json_object **out)
{
    struct json_object *j = NULL;
    bool ok = true;
    switch (v->type) {
    case PF_JSON_NULL: break;
    case PF_JSON_BOOL: ok = (j = json_object_new_boolean(v->v.b)) != NULL; break;
    case PF_JSON_INT: ok = (j = json_object_new_int64(v->v.i)) != NULL; break;
    case PF_JSON_UINT: ok = (j = json_object_new_uint64(v->v.u)) != NULL; break;
    case PF_JSON_DOUBLE: ok = (j = json_object_new_double(v->v.d)) != NULL; break;
    case PF_JSON_STRING:
        ok = (j = json_object_new_string_len(v->v.s, (int)v->n)) != NULL;
        break;
    case PF_JSON_ARRAY:
        ok = (j = json_object_new_array()) != NULL;
        for (size_t i = 0; ok && i < v->n; i++) {
            struct json_object *item;
            ok = to_jsonc(v->v.items[i], &item) && json_object_array_add(j, item) == 0;
        }
        break;
    default:
        ok = (j = json_object_new_object()) != NULL;
        for (size_t i = 0; ok && i < v->n; i++) {
            struct json_object *item;
            ok = to_jsonc(v->v.members[i].value, &item) &&
                 json_object_object_add(j, v->v.members[i].key, item) == 0;
        }
        break;
    }
    if (!ok) {
        json_object_put(j);
        return false;
    }
    *out = j;
    return true;
}

static pf_json *from_jsonc(struct json_object *j)
{
    switch (json_object_get_type(j)) {
    case json_type_null: return pf_json_null(g_pool);
    case json_type_boolean: return pf_json_bool(g_pool, json_object_get_boolean(j));
    case json_type_double: return pf_json_double(g_pool, json_object_get_double(j));
    case json_type_int: {
        /* json-c holds int64 or uint64; a uint64 above INT64_MAX reads as
         * INT64_MAX through get_int64. */
        int64_t i = json_object_get_int64(j);
        uint64_t u = json_object_get_uint64(j);
        if (i == INT64_MAX && u > (uint64_t)INT64_MAX)
            return pf_json_uint(g_pool, u);
        return pf_json_int(g_pool, i);
    }
    case json_type_string:
        return pf_json_string(g_pool, json_object_get_string(j),
                              (size_t)json_object_get_string_len(j));
    case json_type_array: {
        size_t n = json_object_array_length(j);
        pf_json *a = pf_json_array(g_pool, n);
        for (size_t i = 0; i < n; i++)
            pf_json_push(g_pool, a, from_jsonc(json_object_array_get_idx(j, i)));
        return a;
    }
    default: {
        pf_json *o = pf_json_object(g_pool, 4);
        json_object_object_foreach(j, key, val)
            pf_json_put(g_pool, o, key, strlen(key), from_jsonc(val));
        return o;
    }
    }
}

static bool only_ws(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != ' ' && p[i] != '\t' && p[i] != '\n' && p[i] != '\r')
            return false;
    return true;
}

/* Whether json-c takes rest, following a complete value, as trailing
 * whitespace or comments (as it does when both come in one call): the
 * same question asked of "[]" + rest in one call. */
static bool trailing_ok(const uint8_t *rest, size_t n)
{
    if (only_ws(rest, n))
        return true;
    char *buf = malloc(n + 2);
    struct json_tokener *tok = json_tokener_new();
    bool ok = false;
    if (buf && tok) {
        memcpy(buf, "[]", 2);
        memcpy(buf + 2, rest, n);
        struct json_object *o = JSONC_PARSE_EX(tok, buf, (int)(n + 2));
        enum json_tokener_error e = json_tokener_get_error(tok);
        ok = e == json_tokener_success && json_tokener_get_parse_end(tok) == n + 2;
        if (e == json_tokener_continue) {
            /* Inside a comment at the end: the final NUL, as in parse_chunks. */
            json_object_put(o);
            o = JSONC_PARSE_EX(tok, "", 1);
            ok = json_tokener_get_error(tok) == json_tokener_success;
        }
        json_object_put(o);
    }
    free(buf);
    if (tok)
        json_tokener_free(tok);
    return ok;
}

/* One tokener fed the text in chunks (one chunk: whole). Returns whether
 * the text is accepted (see the header); *out is the value then. */
static bool parse_chunks(const uint8_t *text, const size_t *sizes, size_t n,
                         struct json_object **out)
{
    struct json_tokener *tok = json_tokener_new();
    if (!tok)
        return false;
    struct json_object *obj = NULL;
    bool done = false, ok = false;
    size_t at = 0, len = 0;
    for (size_t i = 0; i < n; i++)
        len += sizes[i];
    for (size_t i = 0; i < n && !done; at += sizes[i], i++) {
        obj = JSONC_PARSE_EX(tok, (const char *)text + at, (int)sizes[i]);
        enum json_tokener_error e = json_tokener_get_error(tok);
        if (e == json_tokener_continue)
            continue;
        if (e != json_tokener_success)
            goto out;
        done = true;
        /* What follows the value, in this chunk and the next ones. */
        size_t end = at + json_tokener_get_parse_end(tok);
        if (!trailing_ok(text + end, len - end))
            goto out;
    }
    if (!done) {
        /* The end of the text: a NUL, as json_tokener_parse gives it. */
        obj = JSONC_PARSE_EX(tok, "", 1);
        if (json_tokener_get_error(tok) != json_tokener_success)
            goto out;
    }
    ok = true;
out:
    json_tokener_free(tok);
    if (!ok) {
        json_object_put(obj);
        obj = NULL;
    }
    *out = obj;
    return ok;
}

static pf_json *load_value(const uint8_t *data, size_t len)
{
    struct json_object *j;
    if (!parse_chunks(data, &len, 1, &j))
        return NULL;
    pf_json *v = from_jsonc(j);
    json_object_put(j);
    return v;
}

/* The print of v with flags into out; -1 when json-c refuses. */
static int dump_value(const pf_json *v, int flags, pf_buf *out)
{
    struct json_object *j;
    if (!to_jsonc(v, &j))
        return -1;
    size_t n = 0;
    const char *text = JSONC_PRINT(j, flags, &n);
    if (!text) {
        json_object_put(j);
        return -1;
    }
    pf_buf_put(out, text, n);
    json_object_put(j);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The codecs as the oracles see them: values are pf_json trees.       */
/* ------------------------------------------------------------------ */

typedef struct codec_ctx {
    int dump_flags;
} codec_ctx;

static int codec_encode(void *ctx, const void *value, pf_buf *out)
{
    const codec_ctx *cx = ctx;
    return dump_value(value, cx->dump_flags, out);
}

static int codec_decode(void *ctx, const uint8_t *data, size_t len,
                        void **value)
{
    (void)ctx;
    pf_json *v = load_value(data, len);
    if (!v)
        return -1;
    *value = v;
    return 0;
}

static void codec_release(void *ctx, void *value)
{
    (void)ctx;
    (void)value; /* pool memory */
}

static bool codec_equal(void *ctx, const void *a, const void *b, pf_path *p)
{
    (void)ctx;
    return pf_json_equal(a, b, &eq_exact, p);
}

static void codec_print(void *ctx, const void *value, pf_buf *out)
{
    (void)ctx;
    pf_json_print(out, value, 0);
}

static codec_ctx compact_ctx = {.dump_flags = JSON_C_TO_STRING_PLAIN};
static const pf_codec compact_codec = {codec_encode, codec_decode, codec_release,
                                       codec_equal, codec_print, &compact_ctx};

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

static void expect_load(pf_src *s, const char *property, const char *what,
                        const pf_buf *text, const pf_json *want,
                        const char *want_name, const pf_json_eq *how)
{
    pf_json *got = load_value(text->data, text->len);
    pf_path path = {0};
    if (got && pf_json_equal(want, got, how, NULL))
        return;
    if (got)
        pf_json_equal(want, got, how, &path);
    pf_line l[] = {{want_name, pf_json_show(g_pool, want)},
                   {what, text_of(text)},
                   {"json-c parse(...)", got ? pf_json_show(g_pool, got) : "refused"}};
    pf_fail(s, property, got ? "json-c parsed the text as a different value"
                             : "json-c refused the text",
            l, 3, got ? path.text : NULL);
}

/* Print flags drawn for deterministic and format_neutral. */
static int draw_dump_flags(pf_src *s, bool nozero_allowed)
{
    pf_span_begin(s, "print_flags");
    int f = JSON_C_TO_STRING_PLAIN;
    if (pf_bool(s, "spaced"))
        f |= JSON_C_TO_STRING_SPACED;
    if (pf_bool(s, "pretty"))
        f |= JSON_C_TO_STRING_PRETTY;
    if (pf_bool(s, "pretty_tab"))
        f |= JSON_C_TO_STRING_PRETTY_TAB;
    if (nozero_allowed && pf_bool(s, "nozero"))
        f |= JSON_C_TO_STRING_NOZERO; /* C6 */
    if (pf_bool(s, "noslashescape"))
        f |= JSON_C_TO_STRING_NOSLASHESCAPE;
    pf_span_end(s);
    return f;
}

static void check_round_trip(pf_src *s, const pf_json *v)
{
    pf_check_round_trip(s, "round_trip", &compact_codec, v);
    pf_buf canon = {0};
    pf_json_write(&canon, v, NULL);
    expect_load(s, "round_trip", "canonical JSON text", &canon, v, "value",
                &eq_exact);
    pf_buf_free(&canon);
}

static void check_deterministic(pf_src *s, const pf_json *v)
{
    pf_check_deterministic(s, "deterministic", &compact_codec, v);
    codec_ctx cx = {.dump_flags = draw_dump_flags(s, true)};
    pf_codec c = compact_codec;
    c.ctx = &cx;
    pf_check_deterministic(s, "deterministic", &c, v);
}

/* C8: whether a string or key of v holds a code point above U+FFFF whose
 * low 16 bits look like a surrogate (U+1D800-U+1DFFF, U+2D800-..., ...):
 * json-c decodes their escaped surrogate pairs as U+FFFD. */
static bool text_misdecoded(const char *t, size_t n)
{
    const unsigned char *p = (const unsigned char *)t;
    for (size_t i = 0; i + 3 < n; i++) {
        if (p[i] < 0xF0 || p[i] > 0xF4)
            continue;
        uint32_t cp = (uint32_t)(p[i] & 7) << 18 | (uint32_t)(p[i + 1] & 0x3F) << 12 |
                      (uint32_t)(p[i + 2] & 0x3F) << 6 | (p[i + 3] & 0x3F);
        if ((cp & 0xF800) == 0xD800)
            return true;
    }
    return false;
}

static bool has_misdecoded_astral(const pf_json *v)
{
    if (v->type == PF_JSON_STRING)
        return text_misdecoded(v->v.s, v->n);
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        if (has_misdecoded_astral(v->v.items[i]))
            return true;
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++)
        if (text_misdecoded(v->v.members[i].key, v->v.members[i].key_len) ||
            has_misdecoded_astral(v->v.members[i].value))
            return true;
    return false;
}

static void check_format_neutral(pf_src *s, const pf_json *v)
{
    pf_buf compact = {0}, other = {0};
    PF_ASSERT(s, dump_value(v, JSON_C_TO_STRING_PLAIN, &compact) == 0);
    pf_json *a = load_value(compact.data, compact.len);
    PF_ASSERT(s, a != NULL); /* round_trip's business */
    int flags = draw_dump_flags(s, false);
    PF_ASSERT(s, dump_value(v, flags, &other) == 0);
    expect_load(s, "format_neutral", "print(v, drawn flags)", &other, a,
                "parse(print(v, PLAIN))", &eq_exact);

    pf_buf canon = {0}, spaced = {0}, escaped = {0};
    pf_json_write(&canon, v, NULL);
    pf_json *c = load_value(canon.data, canon.len);
    PF_ASSERT(s, c != NULL);
    pf_span_begin(s, "whitespace");
    pf_json_write_opts ws = {.ws = s};
    pf_json_write(&spaced, v, &ws);
    pf_span_end(s);
    expect_load(s, "format_neutral", "canonical text with whitespace", &spaced,
                c, "parse(compact canonical text)", &eq_exact);
    pf_json_write_opts esc = {.escape_all = true};
    pf_json_write(&escaped, v, &esc);
    if (!has_misdecoded_astral(v)) /* C8 */
        expect_load(s, "format_neutral", "canonical text, every character escaped",
                    &escaped, c, "parse(compact canonical text)", &eq_exact);
    pf_buf_free(&compact);
    pf_buf_free(&other);
    pf_buf_free(&canon);
    pf_buf_free(&spaced);
    pf_buf_free(&escaped);
}

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

static void lookup_failure(pf_src *s, const char *key, struct json_object *orig,
                           struct json_object *perm, struct json_object *a,
                           bool fa, struct json_object *b, bool fb, pf_path *path)
{
    pf_path where = {0};
    pf_path_key(&where, (const uint8_t *)key, strlen(key));
    size_t m = strlen(where.text);
    if (path && path->len) {
        size_t room = sizeof where.text - 1 - m;
        size_t n = path->len < room ? path->len : room;
        memcpy(where.text + m, path->text, n);
        where.text[m + n] = 0;
    }
    pf_buf k = {0};
    pf_buf_quote(&k, (const uint8_t *)key, strlen(key));
    pf_line l[] = {{"key", text_of(&k)},
                   {"object", pf_json_show(g_pool, from_jsonc(orig))},
                   {"permuted", pf_json_show(g_pool, from_jsonc(perm))},
                   {"lookup in object", fa ? pf_json_show(g_pool, from_jsonc(a)) : "not found"},
                   {"lookup in permuted", fb ? pf_json_show(g_pool, from_jsonc(b)) : "not found"}};
    pf_buf_free(&k);
    pf_fail(s, "key_order", "json_object_object_get_ex differs after permuting",
            l, 5, where.text);
}

/* Looking up every key gives equal values (as maps) in both trees. */
static void check_lookups(pf_src *s, struct json_object *orig,
                          struct json_object *perm)
{
    if (json_object_is_type(orig, json_type_array)) {
        size_t n = json_object_array_length(orig);
        for (size_t i = 0; i < n && i < json_object_array_length(perm); i++)
            check_lookups(s, json_object_array_get_idx(orig, i),
                          json_object_array_get_idx(perm, i));
        return;
    }
    if (!json_object_is_type(orig, json_type_object))
        return;
    json_object_object_foreach(orig, key, val) {
        (void)val;
        struct json_object *a = NULL, *b = NULL;
        bool fa = JSONC_GET(orig, key, &a), fb = JSONC_GET(perm, key, &b);
        pf_path path = {0};
        if (fa != fb)
            lookup_failure(s, key, orig, perm, a, fa, b, fb, NULL);
        if (fa && !pf_json_equal(from_jsonc(a), from_jsonc(b), &eq_map, &path))
            lookup_failure(s, key, orig, perm, a, fa, b, fb, &path);
        if (fa)
            check_lookups(s, a, b);
    }
}

/* C2: json_object_equal compares doubles with ==, so NaN != NaN. */
static bool has_nan(const pf_json *v)
{
    if (v->type == PF_JSON_DOUBLE)
        return v->v.d != v->v.d;
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        if (has_nan(v->v.items[i]))
            return true;
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++)
        if (has_nan(v->v.members[i].value))
            return true;
    return false;
}

static void check_key_order(pf_src *s, const pf_json *v)
{
    unsigned budget = MAX_PERMUTED;
    pf_json *p = permuted(s, v, &budget);
    struct json_object *a, *b;
    PF_ASSERT(s, to_jsonc(v, &a) && to_jsonc(p, &b));
    check_lookups(s, a, b);
    if (!has_nan(v) && !JSONC_EQUAL(a, b)) {
        pf_line l[] = {{"value", pf_json_show(g_pool, v)},
                       {"permuted", pf_json_show(g_pool, p)}};
        pf_fail(s, "key_order", "json_object_equal(value, permuted) is false",
                l, 2, NULL);
    }
    pf_buf t = {0};
    size_t n = 0;
    const char *text = JSONC_PRINT(b, JSON_C_TO_STRING_PLAIN, &n);
    PF_ASSERT(s, text != NULL);
    pf_buf_put(&t, text, n);
    expect_load(s, "key_order", "print(permuted)", &t, v, "value", &eq_map);
    pf_buf_free(&t);
    json_object_put(a);
    json_object_put(b);
}

/* C7: moves each boundary that falls between a digit or '.' and a '-'
 * one byte on (json-c would take the '-' into the number there). */
static size_t avoid_sign_boundaries(const uint8_t *text, size_t *sizes, size_t n)
{
    size_t at = 0, k = 0;
    for (size_t i = 0; i < n; i++) {
        if (k > 0 && at > 0 && text[at] == '-' &&
            ((text[at - 1] >= '0' && text[at - 1] <= '9') || text[at - 1] == '.')) {
            sizes[k - 1]++; /* the '-' joins the previous chunk */
            if (--sizes[i] == 0) {
                at++;
                continue;
            }
            at++;
        }
        at += sizes[i];
        sizes[k++] = sizes[i];
    }
    return k;
}

static void check_batch(pf_src *s, const uint8_t *text, size_t len)
{
    size_t sizes[MAX_CHUNKS];
    size_t n = pf_chunks(s, "chunks", len, sizes, MAX_CHUNKS);
    n = avoid_sign_boundaries(text, sizes, n);
    struct json_object *whole, *parts;
    bool ok1 = parse_chunks(text, &len, 1, &whole);
    bool ok2 = parse_chunks(text, sizes, n, &parts);
    pf_json *a = ok1 ? from_jsonc(whole) : NULL;
    pf_json *b = ok2 ? from_jsonc(parts) : NULL;
    json_object_put(whole);
    json_object_put(parts);
    pf_path path = {0};
    if (!a != !b || (a && !pf_json_equal(a, b, &eq_exact, &path))) {
        pf_buf ch = {0}, t = {0};
        for (size_t i = 0; i < n; i++)
            pf_buf_printf(&ch, "%s%zu", i ? " " : "", sizes[i]);
        pf_buf_quote(&t, text, len);
        pf_line l[] = {{"text", text_of(&t)},
                       {"chunk sizes", text_of(&ch)},
                       {"parsed whole", a ? pf_json_show(g_pool, a) : "refused"},
                       {"parsed in chunks", b ? pf_json_show(g_pool, b) : "refused"}};
        pf_buf_free(&ch);
        pf_buf_free(&t);
        pf_fail(s, "batch_incremental",
                "parsing in chunks differs from parsing whole", l, 4,
                a && b ? path.text : NULL);
    }
}

static void check_values(pf_src *s)
{
    pf_json *v = pf_json_draw(s, g_pool, &jsonc_opts);
    if (CHECKS("round_trip"))
        check_round_trip(s, v);
    if (CHECKS("deterministic"))
        check_deterministic(s, v);
    if (CHECKS("format_neutral"))
        check_format_neutral(s, v);
    if (CHECKS("key_order"))
        check_key_order(s, v);
    if (CHECKS("batch_incremental")) {
        pf_buf t = {0};
        PF_ASSERT(s, dump_value(v, JSON_C_TO_STRING_PLAIN, &t) == 0);
        check_batch(s, t.data, t.len);
        pf_buf_free(&t);
    }
}

static void check_raw(pf_src *s)
{
    size_t len;
    const uint8_t *raw = pf_rest(s, "raw", &len);
    if (CHECKS("canonical_fixed_point"))
        pf_check_fixed_point(s, "canonical_fixed_point", &compact_codec, raw, len);
}

static void check_chunked(pf_src *s)
{
    size_t len;
    const uint8_t *text = pf_bytes(s, "text", 0, PF_UNBOUNDED, &len);
    if (CHECKS("batch_incremental"))
        check_batch(s, text, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!g_pool)
        g_pool = pf_json_pool_new();
    pf_src *s = pf_begin("jsonc", data, size);
    size_t mode = pf_choice(s, "mode", N_MODES);
    pf_name_values(s, mode_names, N_MODES);
    if (mode == MODE_RAW)
        check_raw(s);
    else if (mode == MODE_CHUNKED)
        check_chunked(s);
    else
        check_values(s);
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
} seeds[] = {
    {"null", "null"},
    {"bools", "[true,false]"},
    {"integers", "[0,1,-1,-128,65536,2147483648]"},
    {"int64-extremes", "[9223372036854775807,-9223372036854775808]"},
    {"uint64", "[9223372036854775808,18446744073709551615]"},
    {"doubles", "[0.0,-0.0,1.0,-2.25,1e300,0.30000000000000004]"},
    {"double-extremes", "[1.7976931348623157e308,-1.7976931348623157e308,2.2250738585072014e-308,5e-324]"},
    {"empty-string", "\"\""},
    {"escapes", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f\""},
    {"nul-in-string", "[\"\\u0000\",\"a\\u0000b\"]"},
    {"unicode", "[\"\\u00e9\\u2028\\u2029\\ufeff\\u202e\",\"\\ud83d\\ude00\\udbff\\udfff\"]"},
    {"empty-containers", "[[],{}]"},
    {"object", "{\"a\":1,\"b\":[true,null],\"\":\"empty key\"}"},
    {"keys-same-length", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}"},
    {"nested", "[[[[1]]],{\"x\":{\"y\":[]}}]"},
    {"mixed", "{\"n\":null,\"i\":-7,\"d\":-0.125,\"s\":\"x\\ny\",\"a\":[1.5,\"\"],\"o\":{}}"},
};

static const struct seed raw_seeds[] = {
    {"raw-whitespace", " \t\n[ 1 , {\"a\" : null } ]\r\n"},
    {"raw-exponents", "[1E2,1e-2,-0.0e+0,12.50,-0]"},
    {"raw-escapes", "\"\\u0041\\/\\ud83d\\ude00\""},
    {"raw-dup-keys", "{\"a\":1,\"a\":2}"},
    {"raw-deep", "[[[[[[[[[[[[[[[[null]]]]]]]]]]]]]]]]"},
    {"raw-big-int", "[18446744073709551616,-9223372036854775809]"},
    {"raw-nonstandard", "[NaN,Infinity,-Infinity,'single',/* c */ 1,]"},
    {"raw-lone-surrogate", "\"\\ud800\\udc00\\ud800\""},
};

static const struct seed chunked_seeds[] = {
    {"chunked-object", "{\"key\": [1, 2.5, \"s\\u00e9\", null, true]}"},
    {"chunked-escape-split", "\"\\ud83d\\ude00\\n\""},
    {"chunked-number", "-12.5e+3"},
    {"chunked-literals", "[true,false,null,NaN,-Infinity]"},
    {"chunked-trailing", "[1] x"},
};

static void emit_chunked(void (*emit)(const char *, const uint8_t *, size_t),
                         const char *name, const char *text)
{
    size_t len = strlen(text);
    pf_buf e = {0};
    pf_enc_choice(&e, N_MODES, MODE_CHUNKED);
    pf_enc_bytes(&e, 0, PF_UNBOUNDED, (const uint8_t *)text, len);
    /* pf_chunks: chunks of 3 and 1 bytes, then the rest. */
    size_t left = len;
    for (size_t k = 0; k < 2 && left > 1; k++) {
        size_t n = k == 0 ? (left > 3 ? 3 : 1) : 1;
        pf_buf_putc(&e, 1); /* one more chunk */
        pf_enc_u64_range(&e, 1, left, n);
        left -= n;
    }
    if (left > 0)
        pf_buf_putc(&e, 0);
    emit(name, e.data, e.len);
    pf_buf_free(&e);
}

static void emit_value(void (*emit)(const char *, const uint8_t *, size_t),
                       const char *name, const pf_json *v)
{
    if (!pf_json_drawable(&jsonc_opts, v))
        abort(); /* a typo in the tables */
    pf_buf e = {0};
    pf_enc_choice(&e, N_MODES, MODE_VALUES);
    pf_json_enc(&e, &jsonc_opts, v);
    pf_src *s = pf_begin("jsonc", e.data, e.len);
    PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_VALUES);
    pf_json *back = pf_json_draw(s, g_pool, &jsonc_opts);
    PF_ASSERT(s, pf_json_equal(v, back, NULL, NULL));
    pf_end(s);
    emit(name, e.data, e.len);
    pf_buf_free(&e);
}

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    if (!g_pool)
        g_pool = pf_json_pool_new();
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        pf_json *v = pf_json_parse(g_pool, (const uint8_t *)seeds[i].json,
                                   strlen(seeds[i].json), NULL);
        if (!v)
            abort();
        emit_value(emit, seeds[i].name, v);
    }
    /* NaN and the infinities: json-c prints and reads them (not JSON). */
    pf_json *nonfinite = pf_json_array(g_pool, 3);
    pf_json_push(g_pool, nonfinite, pf_json_double(g_pool, __builtin_nan("")));
    pf_json_push(g_pool, nonfinite, pf_json_double(g_pool, __builtin_inf()));
    pf_json_push(g_pool, nonfinite, pf_json_double(g_pool, -__builtin_inf()));
    emit_value(emit, "nonfinite", nonfinite);
    for (size_t i = 0; i < sizeof raw_seeds / sizeof raw_seeds[0]; i++) {
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_RAW);
        pf_buf_put(&e, raw_seeds[i].json, strlen(raw_seeds[i].json));
        emit(raw_seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
    for (size_t i = 0; i < sizeof chunked_seeds / sizeof chunked_seeds[0]; i++)
        emit_chunked(emit, chunked_seeds[i].name, chunked_seeds[i].json);
    pf_json_pool_free(g_pool);
    g_pool = NULL;
}
