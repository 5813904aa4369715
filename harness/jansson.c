/* jansson — JSON through jansson 2.14 (Debian 2.14-2).
 *
 * The first draw picks a mode. In value mode one JSON value is drawn with
 * the shared JSON strategy (include/propfuzz_json.h: null, booleans, the
 * full json_int_t range, finite doubles, strings of any Unicode with
 * U+0000, arrays and objects nested four deep), built as a json_t tree,
 * and these properties are checked:
 *
 *   round_trip         json_loadb(json_dumps(v, JSON_COMPACT)) == v,
 *                      type-strictly, doubles bit-exact; and json_loadb of
 *                      the canonical JSON text of v == v
 *   deterministic      json_dumps of the same tree twice is identical
 *                      (compact, and with drawn indent/ascii/slash/sort
 *                      flags)
 *   format_neutral     json_dumps with drawn flags (JSON_INDENT(0..31),
 *                      JSON_ENSURE_ASCII, JSON_ESCAPE_SLASH,
 *                      JSON_REAL_PRECISION(0)) parses to what the compact
 *                      dump parses to; the canonical text with drawn
 *                      whitespace between tokens, and with every string
 *                      character escaped, parses to what the compact
 *                      canonical text parses to
 *   key_order          every object's members permuted: json_object_getn
 *                      finds equal values for every key, json_equal holds,
 *                      json_dumps(JSON_SORT_KEYS) gives identical bytes,
 *                      and the permuted dump loads equal to v as a map
 *   batch_incremental  json_load_callback fed the text in drawn chunk
 *                      sizes (pf_chunks) gives exactly what json_loadb
 *                      gives on the whole text: both refuse, or both give
 *                      equal values. In value mode the text is the dump
 *                      of v; in chunked mode it is any drawn bytes.
 *
 * In raw mode the rest of the input is JSON text:
 *
 *   canonical_fixed_point  whatever json_loadb accepts dumps to a text
 *                      that loads to the same value and dumps unchanged
 *
 * jansson has no push parser, but json_load_callback pulls its input
 * through a callback in pieces the caller chooses: batch_incremental
 * checks that path.
 *
 * Restrictions, each shown against the real library by
 * tests/restrict/jansson.c:
 *   J1 integers are json_int_t (long long): the full int64 range is drawn;
 *      no integer above INT64_MAX (json_loadb refuses "too big integer").
 *   J2 doubles are finite: json_real refuses NaN and infinities, and
 *      json_loadb refuses numbers that overflow ("real number overflow").
 *   J3 keys hold no U+0000: json_object_setn accepts such a key and
 *      json_dumps writes it, but json_loadb refuses it ("NUL byte in object
 *      key not supported"). String values may hold U+0000: texts are loaded
 *      with JSON_ALLOW_NUL.
 *   J4 strings are valid UTF-8: json_stringn refuses invalid UTF-8 and
 *      json_loadb refuses lone surrogate escapes.
 *   J5 keys within one object are distinct: json_object_setn replaces a
 *      value under an existing key, so "the same object" would be lost.
 * The object hash seed is fixed (json_object_seed(1)) so runs repeat.
 */
#include "propfuzz.h"
#include "propfuzz_json.h"

#include <jansson.h>
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

/* J1-J4: what jansson can hold. */
static const pf_json_opts jansson_opts = {
    .max_depth = MAX_DEPTH,
    .max_items = MAX_ITEMS,
    .max_string = MAX_STRING,
    .no_nul_keys = true,
};

static const pf_json_eq eq_exact = {0};
static const pf_json_eq eq_map = {.unordered = true};

static const size_t LOAD_FLAGS = JSON_DECODE_ANY | JSON_ALLOW_NUL;
static const size_t DUMP_FLAGS = JSON_COMPACT | JSON_ENCODE_ANY;

#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef JANSSON_LOADB
#define JANSSON_LOADB json_loadb
#endif
#ifndef JANSSON_LOAD_CALLBACK
#define JANSSON_LOAD_CALLBACK json_load_callback
#endif
#ifndef JANSSON_DUMPS
#define JANSSON_DUMPS json_dumps
#endif
#ifndef JANSSON_GETN
#define JANSSON_GETN json_object_getn
#endif
#ifndef JANSSON_EQUAL
#define JANSSON_EQUAL json_equal
#endif
#ifdef PF_PLANT_ONLY
#define CHECKS(prop) (strcmp((prop), PF_PLANT_ONLY) == 0)
#else
#define CHECKS(prop) 1
#endif

static pf_json_pool *g_pool;

/* ------------------------------------------------------------------ */
/* pf_json <-> json_t.                                                 */
/* ------------------------------------------------------------------ */

/* NULL when jansson refuses the value (or runs out of memory). */
static json_t *to_jansson(const pf_json *v)
{
    json_t *j = NULL;
    bool ok = true;
    switch (v->type) {
    case PF_JSON_NULL: j = json_null(); break;
    case PF_JSON_BOOL: j = json_boolean(v->v.b); break;
    case PF_JSON_INT: j = json_integer(v->v.i); break;
    case PF_JSON_DOUBLE: j = json_real(v->v.d); break;
    case PF_JSON_STRING: j = json_stringn(v->v.s, v->n); break;
    case PF_JSON_ARRAY:
        j = json_array();
        for (size_t i = 0; j && ok && i < v->n; i++)
            ok = json_array_append_new(j, to_jansson(v->v.items[i])) == 0;
        break;
    case PF_JSON_OBJECT:
        j = json_object();
        for (size_t i = 0; j && ok && i < v->n; i++)
            ok = json_object_setn_new(j, v->v.members[i].key,
                                      v->v.members[i].key_len,
                                      to_jansson(v->v.members[i].value)) == 0;
        break;
    default:
        break; /* no uint (J1) */
    }
    if (!ok) {
        json_decref(j);
        return NULL;
    }
    return j;
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

static pf_json *load_value(const uint8_t *data, size_t len)
{
    json_error_t err;
    json_t *j = JANSSON_LOADB((const char *)data, len, LOAD_FLAGS, &err);
    if (!j)
        return NULL;
    pf_json *v = from_jansson(j);
    json_decref(j);
    return v;
}

/* json_dumps of v with flags into out; -1 when jansson refuses. */
static int dump_value(const pf_json *v, size_t flags, pf_buf *out)
{
    json_t *j = to_jansson(v);
    if (!j)
        return -1;
    char *text = JANSSON_DUMPS(j, flags | JSON_ENCODE_ANY);
    json_decref(j);
    if (!text)
        return -1;
    pf_buf_put(out, text, strlen(text));
    free(text);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The codecs as the oracles see them: values are pf_json trees.       */
/* ------------------------------------------------------------------ */

typedef struct codec_ctx {
    size_t dump_flags;
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

static codec_ctx compact_ctx = {.dump_flags = DUMP_FLAGS};
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
                   {"json_loadb(...)", got ? pf_json_show(g_pool, got) : "refused"}};
    pf_fail(s, property, got ? "jansson loaded the text as a different value"
                             : "jansson refused the text",
            l, 3, got ? path.text : NULL);
}

/* Dump flags drawn for deterministic and format_neutral. */
static size_t draw_dump_flags(pf_src *s, bool sort_allowed)
{
    pf_span_begin(s, "dump_flags");
    size_t f = JSON_INDENT(pf_u64_range(s, "indent", 0, JSON_MAX_INDENT));
    if (pf_bool(s, "compact"))
        f |= JSON_COMPACT;
    if (pf_bool(s, "ensure_ascii"))
        f |= JSON_ENSURE_ASCII;
    if (pf_bool(s, "escape_slash"))
        f |= JSON_ESCAPE_SLASH;
    if (sort_allowed && pf_bool(s, "sort_keys"))
        f |= JSON_SORT_KEYS;
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

static void check_format_neutral(pf_src *s, const pf_json *v)
{
    pf_buf compact = {0}, other = {0};
    PF_ASSERT(s, dump_value(v, DUMP_FLAGS, &compact) == 0);
    pf_json *a = load_value(compact.data, compact.len);
    PF_ASSERT(s, a != NULL); /* round_trip's business */
    size_t flags = draw_dump_flags(s, false);
    PF_ASSERT(s, dump_value(v, flags, &other) == 0);
    expect_load(s, "format_neutral", "json_dumps(v, drawn flags)", &other, a,
                "json_loadb(json_dumps(v, JSON_COMPACT))", &eq_exact);

    pf_buf canon = {0}, spaced = {0}, escaped = {0};
    pf_json_write(&canon, v, NULL);
    pf_json *c = load_value(canon.data, canon.len);
    PF_ASSERT(s, c != NULL);
    pf_span_begin(s, "whitespace");
    pf_json_write_opts ws = {.ws = s};
    pf_json_write(&spaced, v, &ws);
    pf_span_end(s);
    expect_load(s, "format_neutral", "canonical text with whitespace", &spaced,
                c, "json_loadb(compact canonical text)", &eq_exact);
    pf_json_write_opts esc = {.escape_all = true};
    pf_json_write(&escaped, v, &esc);
    expect_load(s, "format_neutral", "canonical text, every character escaped",
                &escaped, c, "json_loadb(compact canonical text)", &eq_exact);
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

static void lookup_failure(pf_src *s, const char *key, size_t key_len,
                           const json_t *orig, const json_t *perm,
                           const json_t *a, const json_t *b, pf_path *path)
{
    pf_path where = {0};
    pf_path_key(&where, (const uint8_t *)key, key_len);
    size_t m = strlen(where.text);
    if (path && path->len) {
        size_t room = sizeof where.text - 1 - m;
        size_t n = path->len < room ? path->len : room;
        memcpy(where.text + m, path->text, n);
        where.text[m + n] = 0;
    }
    pf_buf k = {0};
    pf_buf_quote(&k, (const uint8_t *)key, key_len);
    pf_line l[] = {{"key", text_of(&k)},
                   {"object", pf_json_show(g_pool, from_jansson(orig))},
                   {"permuted", pf_json_show(g_pool, from_jansson(perm))},
                   {"lookup in object", a ? pf_json_show(g_pool, from_jansson(a)) : "not found"},
                   {"lookup in permuted", b ? pf_json_show(g_pool, from_jansson(b)) : "not found"}};
    pf_buf_free(&k);
    pf_fail(s, "key_order", "json_object_getn differs after permuting", l, 5,
            where.text);
}

/* Looking up every key gives equal values (as maps) in both trees. */
static void check_lookups(pf_src *s, const json_t *orig, const json_t *perm)
{
    if (json_is_array(orig)) {
        for (size_t i = 0; i < json_array_size(orig) && i < json_array_size(perm); i++)
            check_lookups(s, json_array_get(orig, i), json_array_get(perm, i));
        return;
    }
    if (!json_is_object(orig))
        return;
    for (void *it = json_object_iter((json_t *)orig); it;
         it = json_object_iter_next((json_t *)orig, it)) {
        const char *key = json_object_iter_key(it);
        size_t len = json_object_iter_key_len(it);
        const json_t *a = JANSSON_GETN(orig, key, len);
        const json_t *b = JANSSON_GETN(perm, key, len);
        pf_path path = {0};
        if (!a != !b)
            lookup_failure(s, key, len, orig, perm, a, b, NULL);
        if (a && !pf_json_equal(from_jansson(a), from_jansson(b), &eq_map, &path))
            lookup_failure(s, key, len, orig, perm, a, b, &path);
        if (a)
            check_lookups(s, a, b);
    }
}

static void check_key_order(pf_src *s, const pf_json *v)
{
    unsigned budget = MAX_PERMUTED;
    pf_json *p = permuted(s, v, &budget);
    json_t *a = to_jansson(v), *b = to_jansson(p);
    PF_ASSERT(s, a != NULL && b != NULL);
    check_lookups(s, a, b);
    if (!JANSSON_EQUAL(a, b)) {
        pf_line l[] = {{"value", pf_json_show(g_pool, v)},
                       {"permuted", pf_json_show(g_pool, p)}};
        pf_fail(s, "key_order", "json_equal(value, permuted) is false", l, 2, NULL);
    }
    char *ta = JANSSON_DUMPS(a, DUMP_FLAGS | JSON_SORT_KEYS);
    char *tb = JANSSON_DUMPS(b, DUMP_FLAGS | JSON_SORT_KEYS);
    PF_ASSERT(s, ta != NULL && tb != NULL);
    if (strcmp(ta, tb) != 0) {
        pf_line l[] = {{"json_dumps(value, JSON_SORT_KEYS)", pf_json_show(g_pool, pf_json_string(g_pool, ta, strlen(ta)))},
                       {"json_dumps(permuted, JSON_SORT_KEYS)", pf_json_show(g_pool, pf_json_string(g_pool, tb, strlen(tb)))}};
        pf_fail(s, "key_order", "sorted dumps differ after permuting", l, 2, NULL);
    }
    free(ta);
    free(tb);
    pf_buf t = {0};
    char *text = JANSSON_DUMPS(b, DUMP_FLAGS);
    PF_ASSERT(s, text != NULL);
    pf_buf_put(&t, text, strlen(text));
    free(text);
    expect_load(s, "key_order", "json_dumps(permuted)", &t, v, "value", &eq_map);
    pf_buf_free(&t);
    json_decref(a);
    json_decref(b);
}

/* json_load_callback's source: hands out the text in the drawn chunks. */
typedef struct chunk_feed {
    const uint8_t *data;
    size_t *sizes;
    size_t n, next, at;
} chunk_feed;

static size_t feed_chunk(void *buffer, size_t buflen, void *arg)
{
    chunk_feed *f = arg;
    if (f->next >= f->n)
        return 0;
    size_t n = f->sizes[f->next];
    if (n > buflen) {
        /* The rest of this chunk comes next call. */
        memcpy(buffer, f->data + f->at, buflen);
        f->at += buflen;
        f->sizes[f->next] -= buflen;
        return buflen;
    }
    memcpy(buffer, f->data + f->at, n);
    f->at += n;
    f->next++;
    return n;
}

static void check_batch(pf_src *s, const uint8_t *text, size_t len)
{
    size_t sizes[MAX_CHUNKS];
    size_t n = pf_chunks(s, "chunks", len, sizes, MAX_CHUNKS);
    size_t shown[MAX_CHUNKS];
    memcpy(shown, sizes, n * sizeof sizes[0]);
    json_error_t e1, e2;
    json_t *whole = JANSSON_LOADB((const char *)text, len, LOAD_FLAGS, &e1);
    chunk_feed f = {.data = text, .sizes = sizes, .n = n};
    json_t *parts = JANSSON_LOAD_CALLBACK(feed_chunk, &f, LOAD_FLAGS, &e2);
    pf_json *a = whole ? from_jansson(whole) : NULL;
    pf_json *b = parts ? from_jansson(parts) : NULL;
    json_decref(whole);
    json_decref(parts);
    pf_path path = {0};
    if (!a != !b || (a && !pf_json_equal(a, b, &eq_exact, &path))) {
        pf_buf ch = {0}, t = {0};
        for (size_t i = 0; i < n; i++)
            pf_buf_printf(&ch, "%s%zu", i ? " " : "", shown[i]);
        pf_buf_quote(&t, text, len);
        pf_line l[] = {{"text", text_of(&t)},
                       {"chunk sizes", text_of(&ch)},
                       {"json_loadb(text)", a ? pf_json_show(g_pool, a) : e1.text},
                       {"json_load_callback(chunks)", b ? pf_json_show(g_pool, b) : e2.text}};
        pf_buf_free(&ch);
        pf_buf_free(&t);
        pf_fail(s, "batch_incremental",
                "loading in chunks differs from loading whole", l, 4,
                a && b ? path.text : NULL);
    }
}

static void check_values(pf_src *s)
{
    pf_json *v = pf_json_draw(s, g_pool, &jansson_opts);
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
        PF_ASSERT(s, dump_value(v, DUMP_FLAGS, &t) == 0);
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
    if (!g_pool) {
        g_pool = pf_json_pool_new();
        json_object_seed(1);
    }
    pf_src *s = pf_begin("jansson", data, size);
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
    {"raw-big-int", "[9223372036854775808,-9223372036854775809]"},
    {"raw-nul-key", "{\"a\\u0000\":1}"},
};

/* Chunked-mode seeds: texts (good and bad) and chunk boundaries. */
static const struct seed chunked_seeds[] = {
    {"chunked-object", "{\"key\": [1, 2.5, \"s\\u00e9\", null, true]}"},
    {"chunked-escape-split", "\"\\ud83d\\ude00\\n\""},
    {"chunked-bad-utf8", "[\"\xc3\"]"},
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

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    if (!g_pool)
        g_pool = pf_json_pool_new();
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        pf_json *v = pf_json_parse(g_pool, (const uint8_t *)seeds[i].json,
                                   strlen(seeds[i].json), NULL);
        if (!v || !pf_json_drawable(&jansson_opts, v))
            abort(); /* a typo in the table above */
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_VALUES);
        pf_json_enc(&e, &jansson_opts, v);
        pf_src *s = pf_begin("jansson", e.data, e.len);
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_VALUES);
        pf_json *back = pf_json_draw(s, g_pool, &jansson_opts);
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
    for (size_t i = 0; i < sizeof chunked_seeds / sizeof chunked_seeds[0]; i++)
        emit_chunked(emit, chunked_seeds[i].name, chunked_seeds[i].json);
    pf_json_pool_free(g_pool);
    g_pool = NULL;
}
