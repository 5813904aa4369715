/* yajl — JSON through yajl 2.1.0 (Debian 2.1.0-3+deb12u2).
 *
 * The first draw picks a mode. In value mode one JSON value is drawn with
 * the shared JSON strategy (include/propfuzz_json.h: null, booleans, the
 * full long long range, finite doubles, strings and keys of any Unicode
 * with U+0000, arrays and objects nested four deep), written with the
 * yajl_gen generator, and these properties are checked:
 *
 *   round_trip         the callback parser (yajl_parse with integer and
 *                      double callbacks) reads yajl_gen's text of v back
 *                      as v, type-strictly, doubles bit-exact; and reads
 *                      the canonical JSON text of v as v
 *   deterministic      generating the same value twice is identical
 *                      (plain, and with drawn beautify/indent/escape
 *                      options)
 *   format_neutral     yajl_gen with drawn options (yajl_gen_beautify with
 *                      an indent string of the whitespace yajl allows,
 *                      yajl_gen_escape_solidus, yajl_gen_validate_utf8)
 *                      parses to what the plain text parses to; the
 *                      canonical text with drawn whitespace between tokens,
 *                      and with every string character escaped, parses to
 *                      what the compact canonical text parses to
 *   key_order          every object's members permuted: yajl_tree_get
 *                      finds equal values for every key in the yajl_tree of
 *                      the permuted text as in that of the original, and
 *                      the permuted text parses equal to v as a map
 *   batch_incremental  one handle fed the text in drawn chunk sizes
 *                      (yajl_parse per chunk, then yajl_complete_parse)
 *                      gives exactly what it gives fed whole: both refuse,
 *                      or both give equal values. In value mode the text is
 *                      yajl_gen's; in chunked mode any drawn bytes.
 *
 * In raw mode the rest of the input is JSON text:
 *
 *   canonical_fixed_point  whatever the callback parser accepts generates
 *                      a text that parses to the same value and generates
 *                      unchanged
 *
 * Parsing uses yajl's defaults: no comments, UTF-8 validated, no trailing
 * garbage, one value. The tree the callbacks build keeps U+0000 in strings
 * and keys, and every member of an object (duplicates too, in order).
 *
 * Restrictions, each shown against the real library by
 * tests/restrict/yajl.c:
 *   Y1 integers are long long, drawn in [INT64_MIN + 1, INT64_MAX]: the
 *      parser refuses -9223372036854775808 ("integer overflow") although
 *      yajl_gen writes it (a real bug, known upstream: lloyd/yajl #130;
 *      /work/notes/findings-yajl.md). Larger text is refused too.
 *   Y2 doubles are finite: yajl_gen_double refuses NaN and infinities
 *      (yajl_gen_invalid_number); overflowing text is refused.
 *   Y3 strings are valid UTF-8 (no lone surrogates drawn): yajl reads
 *      "\ud800" as "?", "\udc00" as the bytes ED B0 80 (not UTF-8; its
 *      validator lets them through) and "\ud800\u0041" as U+10041
 *      (/work/notes/findings-yajl.md). Raw texts keep them: what yajl
 *      reads, it writes and reads back the same.
 *   Y4 keys within one object are distinct (lookup by key has no single
 *      meaning otherwise); key_order does not look into objects with a key
 *      holding U+0000: yajl_tree keeps keys as C strings ("\u0000" and ""
 *      collide) and yajl_tree_get compares them with strcmp. (The
 *      callback parser, which the other properties use, keeps them.)
 *   Y5 raw and chunked texts nested deeper than MAX_RAW_DEPTH are not
 *      checked (the callbacks cancel): yajl has no depth limit, but the
 *      harness compares trees recursively.
 *   Y6 raw and chunked texts holding an integer whose first 18 digits are
 *      922337203685477581..587 followed by more digits are not checked:
 *      yajl_parse_integer multiplies before its range check and overflows
 *      a long long (undefined behaviour; UBSan aborts; known upstream:
 *      lloyd/yajl #262; /work/notes/findings-yajl.md).
 */
#include "propfuzz.h"
#include "propfuzz_json.h"

#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_gen.h>
#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>

enum {
    MAX_DEPTH = 4,
    MAX_ITEMS = 6,
    MAX_STRING = 40,
    MAX_PERMUTED = 4,
    MAX_CHUNKS = 32,
    MAX_RAW_DEPTH = 1000,
};

enum mode { MODE_VALUES, MODE_RAW, MODE_CHUNKED, N_MODES };
static const char *const mode_names[N_MODES] = {"values", "raw", "chunked"};

/* Y1-Y3: what yajl can hold. <stdint.h> comes with propfuzz.h. */
static const pf_json_opts yajl_opts = {
    .max_depth = MAX_DEPTH,
    .max_items = MAX_ITEMS,
    .max_string = MAX_STRING,
    .int_bounded = true, /* Y1 */
    .int_min = INT64_MIN + 1,
    .int_max = INT64_MAX,
};

static const pf_json_eq eq_exact = {0};
static const pf_json_eq eq_map = {.unordered = true};

#ifdef PF_PLANT
#include PF_PLANT
#endif
#ifndef YAJL_PARSE
#define YAJL_PARSE yajl_parse
#endif
#ifndef YAJL_COMPLETE
#define YAJL_COMPLETE yajl_complete_parse
#endif
#ifndef YAJL_GEN_STRING
#define YAJL_GEN_STRING yajl_gen_string
#endif
#ifndef YAJL_GEN_DOUBLE
#define YAJL_GEN_DOUBLE yajl_gen_double
#endif
#ifndef YAJL_TREE_GET
#define YAJL_TREE_GET yajl_tree_get
#endif
#ifdef PF_PLANT_ONLY
#define CHECKS(prop) (strcmp((prop), PF_PLANT_ONLY) == 0)
#else
#define CHECKS(prop) 1
#endif

static pf_json_pool *g_pool;

/* ------------------------------------------------------------------ */
/* The callback parser builds a pf_json tree.                          */
/* ------------------------------------------------------------------ */

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

static int add(builder *b, pf_json *v)
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

static int open_container(builder *b, pf_json *c)
{
    if (b->depth >= MAX_RAW_DEPTH)
        return 0; /* Y5 */
    add(b, c);
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

static int cb_null(void *ctx) { return add(ctx, pf_json_null(g_pool)); }
static int cb_bool(void *ctx, int v) { return add(ctx, pf_json_bool(g_pool, v != 0)); }
static int cb_int(void *ctx, long long v) { return add(ctx, pf_json_int(g_pool, v)); }
static int cb_double(void *ctx, double v) { return add(ctx, pf_json_double(g_pool, v)); }
static int cb_string(void *ctx, const unsigned char *s, size_t n)
{
    return add(ctx, pf_json_string(g_pool, (const char *)s, n));
}
static int cb_start_map(void *ctx) { return open_container(ctx, pf_json_object(g_pool, 4)); }
static int cb_key(void *ctx, const unsigned char *s, size_t n)
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
static int cb_end(void *ctx)
{
    ((builder *)ctx)->depth--;
    return 1;
}
static int cb_start_array(void *ctx) { return open_container(ctx, pf_json_array(g_pool, 4)); }

static const yajl_callbacks callbacks = {
    cb_null, cb_bool, cb_int, cb_double, NULL, cb_string,
    cb_start_map, cb_key, cb_end, cb_start_array, cb_end,
};

/* One handle fed the text in chunks (one chunk: whole), then
 * yajl_complete_parse. The value, or NULL when refused. */
static pf_json *parse_chunks(const uint8_t *text, const size_t *sizes, size_t n)
{
    builder b = {0};
    yajl_handle h = yajl_alloc(&callbacks, NULL, &b);
    if (!h)
        return NULL;
    bool ok = true;
    size_t at = 0;
    for (size_t i = 0; ok && i < n; at += sizes[i], i++)
        ok = YAJL_PARSE(h, text + at, sizes[i]) == yajl_status_ok;
    if (ok)
        ok = YAJL_COMPLETE(h) == yajl_status_ok;
    yajl_free(h);
    free(b.stack);
    return ok ? b.root : NULL;
}

static pf_json *load_value(const uint8_t *data, size_t len)
{
    return parse_chunks(data, &len, 1);
}

/* ------------------------------------------------------------------ */
/* The generator.                                                      */
/* ------------------------------------------------------------------ */

typedef struct gen_opts {
    bool beautify, escape_solidus, validate_utf8;
    const char *indent;
} gen_opts;

static bool gen_value(yajl_gen g, const pf_json *v)
{
    switch (v->type) {
    case PF_JSON_NULL: return yajl_gen_null(g) == yajl_gen_status_ok;
    case PF_JSON_BOOL: return yajl_gen_bool(g, v->v.b) == yajl_gen_status_ok;
    case PF_JSON_INT: return yajl_gen_integer(g, v->v.i) == yajl_gen_status_ok;
    case PF_JSON_DOUBLE: return YAJL_GEN_DOUBLE(g, v->v.d) == yajl_gen_status_ok;
    case PF_JSON_STRING:
        return YAJL_GEN_STRING(g, (const unsigned char *)v->v.s, v->n) == yajl_gen_status_ok;
    case PF_JSON_ARRAY:
        if (yajl_gen_array_open(g) != yajl_gen_status_ok)
            return false;
        for (size_t i = 0; i < v->n; i++)
            if (!gen_value(g, v->v.items[i]))
                return false;
        return yajl_gen_array_close(g) == yajl_gen_status_ok;
    case PF_JSON_OBJECT:
        if (yajl_gen_map_open(g) != yajl_gen_status_ok)
            return false;
        for (size_t i = 0; i < v->n; i++)
            if (YAJL_GEN_STRING(g, (const unsigned char *)v->v.members[i].key,
                                v->v.members[i].key_len) != yajl_gen_status_ok ||
                !gen_value(g, v->v.members[i].value))
                return false;
        return yajl_gen_map_close(g) == yajl_gen_status_ok;
    default:
        return false; /* no uint (Y1) */
    }
}

/* yajl_gen's text of v into out; -1 when yajl refuses. */
static int gen_text(const pf_json *v, const gen_opts *o, pf_buf *out)
{
    yajl_gen g = yajl_gen_alloc(NULL);
    if (!g)
        return -1;
    if (o && o->beautify) {
        yajl_gen_config(g, yajl_gen_beautify, 1);
        if (o->indent)
            yajl_gen_config(g, yajl_gen_indent_string, o->indent);
    }
    if (o && o->escape_solidus)
        yajl_gen_config(g, yajl_gen_escape_solidus, 1);
    if (o && o->validate_utf8)
        yajl_gen_config(g, yajl_gen_validate_utf8, 1);
    int rc = -1;
    if (gen_value(g, v)) {
        const unsigned char *buf;
        size_t len;
        if (yajl_gen_get_buf(g, &buf, &len) == yajl_gen_status_ok) {
            pf_buf_put(out, buf, len);
            rc = 0;
        }
    }
    yajl_gen_free(g);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The codecs as the oracles see them: values are pf_json trees.       */
/* ------------------------------------------------------------------ */

/* Y6: yajl_parse_integer multiplies by 10 before it checks, so an integer
 * whose first 18 digits lie in (LLONG_MAX / 10, MAX_VALUE_TO_MULTIPLY]
 * and that has more digits overflows a long long (undefined behaviour,
 * UBSan aborts). Such texts (digit runs anywhere) are not checked. */
static bool integer_overflows_parser(const uint8_t *t, size_t len)
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

typedef struct codec_ctx {
    gen_opts gen;
    bool skip_integer_ub; /* Y6 (raw mode) */
} codec_ctx;

static int codec_encode(void *ctx, const void *value, pf_buf *out)
{
    const codec_ctx *cx = ctx;
    return gen_text(value, &cx->gen, out);
}

static int codec_decode(void *ctx, const uint8_t *data, size_t len,
                        void **value)
{
    const codec_ctx *cx = ctx;
    if (cx->skip_integer_ub && integer_overflows_parser(data, len))
        return -1;
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

static codec_ctx compact_ctx = {.gen = {0}};
static codec_ctx raw_ctx = {.skip_integer_ub = true};
static const pf_codec compact_codec = {codec_encode, codec_decode, codec_release,
                                       codec_equal, codec_print, &compact_ctx};
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
                   {"yajl_parse(...)", got ? pf_json_show(g_pool, got) : "refused"}};
    pf_fail(s, property, got ? "yajl parsed the text as a different value"
                             : "yajl refused the text",
            l, 3, got ? path.text : NULL);
}

/* Generator options drawn for deterministic and format_neutral. The
 * indent strings use only the whitespace yajl_gen accepts (it refuses
 * others), \v and \f included: yajl's lexer skips them too. */
static const char *const indents[] = {"    ", "", "\t", " ", "\n", "\r\n", "\v\f"};
static const char *const indent_names[] = {"4 spaces", "empty", "tab", "space",
                                           "newline", "crlf", "vt ff"};

static gen_opts draw_gen_opts(pf_src *s)
{
    pf_span_begin(s, "gen_options");
    gen_opts o = {0};
    o.beautify = pf_bool(s, "beautify");
    size_t k = pf_choice(s, "indent", sizeof indents / sizeof indents[0]);
    pf_name_values(s, indent_names, sizeof indents / sizeof indents[0]);
    o.indent = indents[k];
    o.escape_solidus = pf_bool(s, "escape_solidus");
    o.validate_utf8 = pf_bool(s, "validate_utf8");
    pf_span_end(s);
    return o;
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
    codec_ctx cx = {.gen = draw_gen_opts(s)};
    pf_codec c = compact_codec;
    c.ctx = &cx;
    pf_check_deterministic(s, "deterministic", &c, v);
}

static void check_format_neutral(pf_src *s, const pf_json *v)
{
    pf_buf compact = {0}, other = {0};
    PF_ASSERT(s, gen_text(v, NULL, &compact) == 0);
    pf_json *a = load_value(compact.data, compact.len);
    PF_ASSERT(s, a != NULL); /* round_trip's business */
    gen_opts go = draw_gen_opts(s);
    PF_ASSERT(s, gen_text(v, &go, &other) == 0);
    expect_load(s, "format_neutral", "yajl_gen(v, drawn options)", &other, a,
                "yajl_parse(yajl_gen(v))", &eq_exact);

    pf_buf canon = {0}, spaced = {0}, escaped = {0};
    pf_json_write(&canon, v, NULL);
    pf_json *c = load_value(canon.data, canon.len);
    PF_ASSERT(s, c != NULL);
    pf_span_begin(s, "whitespace");
    pf_json_write_opts ws = {.ws = s};
    pf_json_write(&spaced, v, &ws);
    pf_span_end(s);
    expect_load(s, "format_neutral", "canonical text with whitespace", &spaced,
                c, "yajl_parse(compact canonical text)", &eq_exact);
    pf_json_write_opts esc = {.escape_all = true};
    pf_json_write(&escaped, v, &esc);
    expect_load(s, "format_neutral", "canonical text, every character escaped",
                &escaped, c, "yajl_parse(compact canonical text)", &eq_exact);
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

static pf_json *from_tree(yajl_val v)
{
    if (YAJL_IS_NULL(v))
        return pf_json_null(g_pool);
    if (YAJL_IS_TRUE(v) || YAJL_IS_FALSE(v))
        return pf_json_bool(g_pool, YAJL_IS_TRUE(v));
    if (YAJL_IS_NUMBER(v))
        return YAJL_IS_INTEGER(v) ? pf_json_int(g_pool, YAJL_GET_INTEGER(v))
                                  : pf_json_double(g_pool, v->u.number.d);
    if (YAJL_IS_STRING(v))
        return pf_json_string(g_pool, v->u.string, strlen(v->u.string));
    if (YAJL_IS_ARRAY(v)) {
        pf_json *a = pf_json_array(g_pool, v->u.array.len);
        for (size_t i = 0; i < v->u.array.len; i++)
            pf_json_push(g_pool, a, from_tree(v->u.array.values[i]));
        return a;
    }
    pf_json *o = pf_json_object(g_pool, v->u.object.len);
    for (size_t i = 0; i < v->u.object.len; i++)
        pf_json_put(g_pool, o, v->u.object.keys[i], strlen(v->u.object.keys[i]),
                    from_tree(v->u.object.values[i]));
    return o;
}

static void lookup_failure(pf_src *s, const char *key, yajl_val orig,
                           yajl_val perm, yajl_val a, yajl_val b, pf_path *path)
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
                   {"object", pf_json_show(g_pool, from_tree(orig))},
                   {"permuted", pf_json_show(g_pool, from_tree(perm))},
                   {"lookup in object", a ? pf_json_show(g_pool, from_tree(a)) : "not found"},
                   {"lookup in permuted", b ? pf_json_show(g_pool, from_tree(b)) : "not found"}};
    pf_buf_free(&k);
    pf_fail(s, "key_order", "yajl_tree_get differs after permuting", l, 5,
            where.text);
}

/* Y4: whether a key anywhere in v holds U+0000. */
static bool nul_keys(const pf_json *v)
{
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        if (nul_keys(v->v.items[i]))
            return true;
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++)
        if (memchr(v->v.members[i].key, 0, v->v.members[i].key_len) ||
            nul_keys(v->v.members[i].value))
            return true;
    return false;
}

/* Looking up every key gives equal values (as maps) in both trees. Objects
 * with a key holding U+0000 are not looked into, nor compared (Y4). */
/* Whether tree node t has v's shape: the same kind, and for containers
 * the same size (so walking both together stays in bounds). */
static bool same_shape(const pf_json *v, yajl_val t)
{
    if (v->type == PF_JSON_ARRAY)
        return YAJL_IS_ARRAY(t) && t->u.array.len == v->n;
    if (v->type == PF_JSON_OBJECT)
        return YAJL_IS_OBJECT(t) && t->u.object.len == v->n;
    return t && !YAJL_IS_ARRAY(t) && !YAJL_IS_OBJECT(t);
}

static void check_lookups(pf_src *s, const pf_json *v, yajl_val orig, yajl_val perm)
{
    if (v->type == PF_JSON_ARRAY) {
        for (size_t i = 0; i < v->n; i++)
            check_lookups(s, v->v.items[i], orig->u.array.values[i],
                          perm->u.array.values[i]);
        return;
    }
    if (v->type != PF_JSON_OBJECT)
        return;
    for (size_t i = 0; i < v->n; i++)
        if (memchr(v->v.members[i].key, 0, v->v.members[i].key_len))
            return; /* Y4: the tree's C-string keys may collide */
    for (size_t i = 0; i < v->n; i++) {
        const pf_json_member *m = &v->v.members[i];
        const char *path[] = {m->key, NULL};
        yajl_val a = YAJL_TREE_GET(orig, path, yajl_t_any);
        yajl_val b = YAJL_TREE_GET(perm, path, yajl_t_any);
        pf_path where = {0};
        /* The key is there: both lookups must find a value of its shape. */
        if (!a || !b || !same_shape(m->value, a) || !same_shape(m->value, b))
            lookup_failure(s, m->key, orig, perm, a, b, NULL);
        if (!nul_keys(m->value) &&
            !pf_json_equal(from_tree(a), from_tree(b), &eq_map, &where))
            lookup_failure(s, m->key, orig, perm, a, b, &where);
        check_lookups(s, m->value, a, b);
    }
}

static yajl_val tree_of(pf_src *s, const pf_json *v)
{
    pf_buf t = {0};
    PF_ASSERT(s, gen_text(v, NULL, &t) == 0);
    char err[128];
    yajl_val tree = yajl_tree_parse(pf_buf_str(&t), err, sizeof err);
    pf_buf_free(&t);
    PF_ASSERT(s, tree != NULL); /* round_trip's business */
    return tree;
}

static void check_key_order(pf_src *s, const pf_json *v)
{
    unsigned budget = MAX_PERMUTED;
    pf_json *p = permuted(s, v, &budget);
    yajl_val a = tree_of(s, v), b = tree_of(s, p);
    check_lookups(s, v, a, b);
    yajl_tree_free(a);
    yajl_tree_free(b);
    pf_buf t = {0};
    PF_ASSERT(s, gen_text(p, NULL, &t) == 0);
    expect_load(s, "key_order", "yajl_gen(permuted)", &t, v, "value", &eq_map);
    pf_buf_free(&t);
}

static void check_batch(pf_src *s, const uint8_t *text, size_t len)
{
    size_t sizes[MAX_CHUNKS];
    size_t n = pf_chunks(s, "chunks", len, sizes, MAX_CHUNKS);
    pf_json *a = parse_chunks(text, &len, 1);
    pf_json *b = parse_chunks(text, sizes, n);
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
    pf_json *v = pf_json_draw(s, g_pool, &yajl_opts);
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
        PF_ASSERT(s, gen_text(v, NULL, &t) == 0);
        check_batch(s, t.data, t.len);
        pf_buf_free(&t);
    }
}

static void check_raw(pf_src *s)
{
    size_t len;
    const uint8_t *raw = pf_rest(s, "raw", &len);
    if (CHECKS("canonical_fixed_point"))
        pf_check_fixed_point(s, "canonical_fixed_point", &raw_codec, raw, len);
}

static void check_chunked(pf_src *s)
{
    size_t len;
    const uint8_t *text = pf_bytes(s, "text", 0, PF_UNBOUNDED, &len);
    if (CHECKS("batch_incremental") && !integer_overflows_parser(text, len))
        check_batch(s, text, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!g_pool)
        g_pool = pf_json_pool_new();
    pf_src *s = pf_begin("yajl", data, size);
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
    {"int64-extremes", "[9223372036854775807,-9223372036854775807]"},
    {"doubles", "[0.0,-0.0,1.0,-2.25,1e300,0.30000000000000004]"},
    {"double-extremes", "[1.7976931348623157e308,-1.7976931348623157e308,2.2250738585072014e-308,5e-324]"},
    {"empty-string", "\"\""},
    {"escapes", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f\""},
    {"nul-in-string", "[\"\\u0000\",\"a\\u0000b\"]"},
    {"nul-in-key", "{\"\\u0000\":1,\"k\\u0000\":[]}"},
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
    {"raw-vt-ff-whitespace", "[\v1,\f2]"},
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
        if (!v || !pf_json_drawable(&yajl_opts, v))
            abort(); /* a typo in the table above */
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_VALUES);
        pf_json_enc(&e, &yajl_opts, v);
        pf_src *s = pf_begin("yajl", e.data, e.len);
        PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_VALUES);
        pf_json *back = pf_json_draw(s, g_pool, &yajl_opts);
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
