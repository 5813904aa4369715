/* yajl as a pf_json_adapter (adapters/json_adapters.h): the callback
 * parser builds a pf_json tree, yajl_gen writes one, yajl_tree serves the
 * lookups. */
#include "json_adapters.h"

#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_gen.h>
#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>

/* A planted-bug build wraps yajl functions here (see json_adapters.h). */
#ifdef PF_PLANT
#include PF_PLANT
#endif

typedef struct yj_config {
    size_t max_depth; /* containers the callbacks open before cancelling;
                         0: no limit */
} yj_config;

/* ------------------------------------------------------------------ */
/* The callback parser builds a pf_json tree.                          */
/* ------------------------------------------------------------------ */

typedef struct frame {
    pf_json *c;
    const char *key;
    size_t key_len;
} frame;

typedef struct builder {
    pf_json_pool *pool;
    size_t max_depth;
    pf_json *root;
    pf_json_yajl_reading *reading; /* NULL, or where top-level values go */
    frame *stack;
    size_t depth, cap;
} builder;

static int add(builder *b, pf_json *v)
{
    if (b->depth == 0) {
        b->root = v;
        pf_json_yajl_reading *r = b->reading;
        if (r && r->n_roots++ < r->max_roots)
            r->roots[r->n_roots - 1] = v;
        return 1;
    }
    frame *f = &b->stack[b->depth - 1];
    if (f->c->type == PF_JSON_ARRAY)
        pf_json_push(b->pool, f->c, v);
    else
        pf_json_put(b->pool, f->c, f->key, f->key_len, v);
    return 1;
}

static int open_container(builder *b, pf_json *c)
{
    if (b->max_depth && b->depth >= b->max_depth)
        return 0; /* cancels the parse */
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

static int cb_null(void *ctx)
{
    builder *b = ctx;
    return add(b, pf_json_null(b->pool));
}
static int cb_bool(void *ctx, int v)
{
    builder *b = ctx;
    return add(b, pf_json_bool(b->pool, v != 0));
}
static int cb_int(void *ctx, long long v)
{
    builder *b = ctx;
    return add(b, pf_json_int(b->pool, v));
}
static int cb_double(void *ctx, double v)
{
    builder *b = ctx;
    return add(b, pf_json_double(b->pool, v));
}
static int cb_string(void *ctx, const unsigned char *s, size_t n)
{
    builder *b = ctx;
    return add(b, pf_json_string(b->pool, (const char *)s, n));
}
static int cb_start_map(void *ctx)
{
    builder *b = ctx;
    return open_container(b, pf_json_object(b->pool, 4));
}
static int cb_key(void *ctx, const unsigned char *s, size_t n)
{
    builder *b = ctx;
    frame *f = &b->stack[b->depth - 1];
    char *k = pf_json_alloc(b->pool, n + 1);
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
static int cb_start_array(void *ctx)
{
    builder *b = ctx;
    return open_container(b, pf_json_array(b->pool, 4));
}

static const yajl_callbacks callbacks = {
    cb_null, cb_bool, cb_int, cb_double, NULL, cb_string,
    cb_start_map, cb_key, cb_end, cb_start_array, cb_end,
};

/* One handle fed the chunks, then yajl_complete_parse. */
static pf_json *yj_parse_chunks(const pf_json_adapter *a, pf_json_pool *p,
                                   const uint8_t *text, const size_t *sizes,
                                   size_t n)
{
    const yj_config *cfg = a->ctx;
    builder b = {.pool = p, .max_depth = cfg->max_depth};
    yajl_handle h = yajl_alloc(&callbacks, NULL, &b);
    if (!h)
        return NULL;
    bool ok = true;
    size_t at = 0;
    for (size_t i = 0; ok && i < n; at += sizes[i], i++)
        ok = yajl_parse(h, text + at, sizes[i]) == yajl_status_ok;
    if (ok)
        ok = yajl_complete_parse(h) == yajl_status_ok;
    yajl_free(h);
    free(b.stack);
    return ok ? b.root : NULL;
}

static pf_json *yj_parse(const pf_json_adapter *a, pf_json_pool *p,
                            const uint8_t *text, size_t len)
{
    return yj_parse_chunks(a, p, text, &len, 1);
}

int pf_json_yajl_read(pf_json_pool *p, const uint8_t *text, size_t len, unsigned options,
                      pf_json_yajl_reading *r)
{
    builder b = {.pool = p, .reading = r};
    yajl_handle h = yajl_alloc(&callbacks, NULL, &b);
    if (!h)
        return yajl_status_error;
    for (unsigned bit = 1; bit <= yajl_allow_partial_values; bit <<= 1)
        if (options & bit)
            yajl_config(h, (yajl_option)bit, 1);
    yajl_status st = yajl_parse(h, text, len);
    r->consumed = yajl_get_bytes_consumed(h);
    if (st == yajl_status_ok)
        st = yajl_complete_parse(h);
    if (st != yajl_status_ok && r->error) {
        unsigned char *msg = yajl_get_error(h, 0, text, len);
        if (msg)
            pf_buf_put(r->error, msg, strlen((const char *)msg));
        yajl_free_error(h, msg);
    }
    yajl_free(h);
    free(b.stack);
    return (int)st;
}

/* ------------------------------------------------------------------ */
/* The generator.                                                      */
/* ------------------------------------------------------------------ */

bool pf_json_yajl_generate(struct yajl_gen_t *g, const pf_json *v)
{
    switch (v->type) {
    case PF_JSON_NULL: return yajl_gen_null(g) == yajl_gen_status_ok;
    case PF_JSON_BOOL: return yajl_gen_bool(g, v->v.b) == yajl_gen_status_ok;
    case PF_JSON_INT: return yajl_gen_integer(g, v->v.i) == yajl_gen_status_ok;
    case PF_JSON_DOUBLE: return yajl_gen_double(g, v->v.d) == yajl_gen_status_ok;
    case PF_JSON_STRING:
        return yajl_gen_string(g, (const unsigned char *)v->v.s, v->n) ==
               yajl_gen_status_ok;
    case PF_JSON_ARRAY:
        if (yajl_gen_array_open(g) != yajl_gen_status_ok)
            return false;
        for (size_t i = 0; i < v->n; i++)
            if (!pf_json_yajl_generate(g, v->v.items[i]))
                return false;
        return yajl_gen_array_close(g) == yajl_gen_status_ok;
    case PF_JSON_OBJECT:
        if (yajl_gen_map_open(g) != yajl_gen_status_ok)
            return false;
        for (size_t i = 0; i < v->n; i++)
            if (yajl_gen_string(g, (const unsigned char *)v->v.members[i].key,
                                v->v.members[i].key_len) != yajl_gen_status_ok ||
                !pf_json_yajl_generate(g, v->v.members[i].value))
                return false;
        return yajl_gen_map_close(g) == yajl_gen_status_ok;
    default:
        return false; /* no integer above INT64_MAX */
    }
}

void pf_json_yajl_configure(struct yajl_gen_t *g, const pf_json_yajl_format *o)
{
    if (o->beautify) {
        yajl_gen_config(g, yajl_gen_beautify, 1);
        if (o->indent)
            yajl_gen_config(g, yajl_gen_indent_string, o->indent);
    }
    if (o->escape_solidus)
        yajl_gen_config(g, yajl_gen_escape_solidus, 1);
    if (o->validate_utf8)
        yajl_gen_config(g, yajl_gen_validate_utf8, 1);
}

static int yj_write(const pf_json_adapter *a, const pf_json *v,
                      const void *format, pf_buf *out)
{
    (void)a;
    yajl_gen g = yajl_gen_alloc(NULL);
    if (!g)
        return -1;
    if (format)
        pf_json_yajl_configure(g, format);
    int rc = -1;
    const unsigned char *buf;
    size_t len;
    if (pf_json_yajl_generate(g, v) && yajl_gen_get_buf(g, &buf, &len) == yajl_gen_status_ok) {
        pf_buf_put(out, buf, len);
        rc = 0;
    }
    yajl_gen_free(g);
    return rc;
}

/* ------------------------------------------------------------------ */
/* yajl_tree, for lookups.                                             */
/* ------------------------------------------------------------------ */

static bool yj_tree(const pf_json_adapter *a, const pf_json *v, void **out)
{
    pf_buf t = {0};
    bool ok = yj_write(a, v, NULL, &t) == 0;
    char err[128];
    yajl_val tree = ok ? yajl_tree_parse(pf_buf_str(&t), err, sizeof err) : NULL;
    pf_buf_free(&t);
    *out = tree;
    return tree != NULL;
}

static void yj_tree_free(void *tree) { yajl_tree_free(tree); }

static bool yj_get(const void *node, const char *key, size_t key_len,
                     const void **out)
{
    (void)key_len; /* yajl_tree keys are C strings */
    const char *path[] = {key, NULL};
    yajl_val n = (yajl_val)node;
    return YAJL_IS_OBJECT(n) && (*out = yajl_tree_get(n, path, yajl_t_any)) != NULL;
}

static bool yj_item(const void *node, size_t i, const void **out)
{
    yajl_val n = (yajl_val)node;
    if (!YAJL_IS_ARRAY(n) || i >= n->u.array.len)
        return false;
    *out = n->u.array.values[i];
    return true;
}

static pf_json *yj_value(pf_json_pool *p, const void *node)
{
    yajl_val v = (yajl_val)node;
    if (YAJL_IS_NULL(v))
        return pf_json_null(p);
    if (YAJL_IS_TRUE(v) || YAJL_IS_FALSE(v))
        return pf_json_bool(p, YAJL_IS_TRUE(v));
    if (YAJL_IS_NUMBER(v))
        return YAJL_IS_INTEGER(v) ? pf_json_int(p, YAJL_GET_INTEGER(v))
                                  : pf_json_double(p, v->u.number.d);
    if (YAJL_IS_STRING(v))
        return pf_json_string(p, v->u.string, strlen(v->u.string));
    if (YAJL_IS_ARRAY(v)) {
        pf_json *a = pf_json_array(p, v->u.array.len);
        for (size_t i = 0; i < v->u.array.len; i++)
            pf_json_push(p, a, yj_value(p, v->u.array.values[i]));
        return a;
    }
    pf_json *o = pf_json_object(p, v->u.object.len);
    for (size_t i = 0; i < v->u.object.len; i++)
        pf_json_put(p, o, v->u.object.keys[i], strlen(v->u.object.keys[i]),
                    yj_value(p, v->u.object.values[i]));
    return o;
}

/* yajl_parse_integer multiplies by 10 before it checks, so an integer
 * whose first 18 digits lie in (LLONG_MAX / 10, MAX_VALUE_TO_MULTIPLY]
 * and that has more digits overflows a long long. Digit runs anywhere
 * count (inside strings too: the check errs on the safe side). */
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

static const yj_config capped = {.max_depth = PF_JSON_YAJL_MAX_DEPTH};
static const yj_config any_depth = {0};

#define YAJL_ADAPTER(config)                                                \
    {                                                                       \
        .name = "yajl", .parse = yj_parse,                               \
        .parse_chunks = yj_parse_chunks, .write = yj_write,            \
        .tree = yj_tree, .tree_free = yj_tree_free, .get = yj_get,   \
        .item = yj_item, .value = yj_value,                             \
        .unsafe = integer_overflows_parser, .c_string_keys = true,          \
        .ctx = &(config),                                                   \
    }
const pf_json_adapter pf_json_yajl = YAJL_ADAPTER(capped);
const pf_json_adapter pf_json_yajl_any_depth = YAJL_ADAPTER(any_depth);
