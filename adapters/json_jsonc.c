/* json-c as a pf_json_adapter (adapters/json_adapters.h): pf_json <->
 * json_object (NULL is JSON null in json-c), the tokener whole and in
 * chunks, printing, lookups, json_object_equal. */
#include "json_adapters.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

/* A planted-bug build wraps json-c functions here (see json_adapters.h). */
#ifdef PF_PLANT
#include PF_PLANT
#endif

typedef struct jsonc_config {
    int flags;        /* json_tokener_set_flags */
    bool strict_tail; /* only JSON whitespace after the value */
} jsonc_config;

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

static pf_json *from_jsonc(pf_json_pool *p, struct json_object *j)
{
    switch (json_object_get_type(j)) {
    case json_type_null: return pf_json_null(p);
    case json_type_boolean: return pf_json_bool(p, json_object_get_boolean(j));
    case json_type_double: return pf_json_double(p, json_object_get_double(j));
    case json_type_int: {
        /* json-c holds int64 or uint64; a uint64 above INT64_MAX reads as
         * INT64_MAX through get_int64. */
        int64_t i = json_object_get_int64(j);
        uint64_t u = json_object_get_uint64(j);
        if (i == INT64_MAX && u > (uint64_t)INT64_MAX)
            return pf_json_uint(p, u);
        return pf_json_int(p, i);
    }
    case json_type_string:
        return pf_json_string(p, json_object_get_string(j),
                              (size_t)json_object_get_string_len(j));
    case json_type_array: {
        size_t n = json_object_array_length(j);
        pf_json *a = pf_json_array(p, n);
        for (size_t i = 0; i < n; i++)
            pf_json_push(p, a, from_jsonc(p, json_object_array_get_idx(j, i)));
        return a;
    }
    default: {
        pf_json *o = pf_json_object(p, 4);
        json_object_object_foreach(j, key, val)
            pf_json_put(p, o, key, strlen(key), from_jsonc(p, val));
        return o;
    }
    }
}

static bool only_ws(const uint8_t *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (t[i] != ' ' && t[i] != '\t' && t[i] != '\n' && t[i] != '\r')
            return false;
    return true;
}

/* Whether json-c takes rest, following a complete value, as trailing
 * whitespace or comments (as it does when both come in one call): the
 * same question asked of "[]" + rest in one call. */
static bool tail_skipped(const uint8_t *rest, size_t n)
{
    char *buf = malloc(n + 2);
    struct json_tokener *tok = json_tokener_new();
    bool ok = false;
    if (buf && tok) {
        memcpy(buf, "[]", 2);
        memcpy(buf + 2, rest, n);
        struct json_object *o = json_tokener_parse_ex(tok, buf, (int)(n + 2));
        enum json_tokener_error e = json_tokener_get_error(tok);
        ok = e == json_tokener_success && json_tokener_get_parse_end(tok) == n + 2;
        if (e == json_tokener_continue) {
            /* Inside a comment at the end: the final NUL, as below. */
            json_object_put(o);
            o = json_tokener_parse_ex(tok, "", 1);
            ok = json_tokener_get_error(tok) == json_tokener_success;
        }
        json_object_put(o);
    }
    free(buf);
    if (tok)
        json_tokener_free(tok);
    return ok;
}

static bool tail_ok(const jsonc_config *cfg, const uint8_t *rest, size_t n)
{
    return only_ws(rest, n) || (!cfg->strict_tail && tail_skipped(rest, n));
}

/* One tokener fed the chunks; the end of the text is a final NUL when the
 * tokener wants more. The value (*out) or false when refused. */
static bool tokenize(const jsonc_config *cfg, const uint8_t *text,
                     const size_t *sizes, size_t n, struct json_object **out)
{
    struct json_tokener *tok = json_tokener_new();
    if (!tok)
        return false;
    json_tokener_set_flags(tok, cfg->flags);
    struct json_object *obj = NULL;
    bool done = false, ok = false;
    size_t at = 0, len = 0;
    for (size_t i = 0; i < n; i++)
        len += sizes[i];
    for (size_t i = 0; i < n && !done; at += sizes[i], i++) {
        obj = json_tokener_parse_ex(tok, (const char *)text + at, (int)sizes[i]);
        enum json_tokener_error e = json_tokener_get_error(tok);
        if (e == json_tokener_continue)
            continue;
        if (e != json_tokener_success)
            goto out;
        done = true;
        size_t end = at + json_tokener_get_parse_end(tok);
        if (!tail_ok(cfg, text + end, len - end))
            goto out;
    }
    if (!done) {
        obj = json_tokener_parse_ex(tok, "", 1);
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

static pf_json *jsonc_parse_chunks(const pf_json_adapter *a, pf_json_pool *p,
                                   const uint8_t *text, const size_t *sizes,
                                   size_t n)
{
    struct json_object *j;
    if (!tokenize(a->ctx, text, sizes, n, &j))
        return NULL;
    pf_json *v = from_jsonc(p, j);
    json_object_put(j);
    return v;
}

static pf_json *jsonc_parse(const pf_json_adapter *a, pf_json_pool *p,
                            const uint8_t *text, size_t len)
{
    return jsonc_parse_chunks(a, p, text, &len, 1);
}

static int jsonc_write_tree(const pf_json_adapter *a, const void *tree,
                            const void *format, pf_buf *out)
{
    (void)a;
    int flags = format ? *(const int *)format : JSON_C_TO_STRING_PLAIN;
    size_t n = 0;
    const char *text =
        json_object_to_json_string_length((struct json_object *)tree, flags, &n);
    if (!text)
        return -1;
    pf_buf_put(out, text, n);
    return 0;
}

static int jsonc_write(const pf_json_adapter *a, const pf_json *v,
                       const void *format, pf_buf *out)
{
    struct json_object *j;
    if (!to_jsonc(v, &j))
        return -1;
    int rc = jsonc_write_tree(a, j, format, out);
    json_object_put(j);
    return rc;
}

static bool jsonc_tree(const pf_json_adapter *a, const pf_json *v, void **out)
{
    (void)a;
    struct json_object *j;
    if (!to_jsonc(v, &j))
        return false;
    *out = j;
    return true;
}

static void jsonc_tree_free(void *tree) { json_object_put(tree); }

static bool jsonc_get(const void *node, const char *key, size_t key_len,
                      const void **out)
{
    (void)key_len; /* json-c keys are C strings */
    struct json_object *o = (struct json_object *)node, *v = NULL;
    if (!json_object_is_type(o, json_type_object) ||
        !json_object_object_get_ex(o, key, &v))
        return false;
    *out = v;
    return true;
}

static bool jsonc_item(const void *node, size_t i, const void **out)
{
    struct json_object *o = (struct json_object *)node;
    if (!json_object_is_type(o, json_type_array) || i >= json_object_array_length(o))
        return false;
    *out = json_object_array_get_idx(o, i);
    return true;
}

static pf_json *jsonc_value(pf_json_pool *p, const void *node)
{
    return from_jsonc(p, (struct json_object *)node);
}

static bool jsonc_equal(const void *a, const void *b)
{
    return json_object_equal((struct json_object *)a, (struct json_object *)b);
}

static int hex_digit(uint8_t c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') return (c | 0x20) - 'a' + 10;
    return -1;
}

/* The four hex digits at t as a code unit, or -1. */
static long hex_unit(const uint8_t *t)
{
    long u = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_digit(t[i]);
        if (d < 0)
            return -1;
        u = u << 4 | d;
    }
    return u;
}

/* Escapes are read wherever they stand (in strings or not): a text that
 * holds such a pair anywhere is treated as holding one. */
bool pf_json_jsonc_misdecoded_pair(const uint8_t *t, size_t len)
{
    for (size_t i = 0; i + 1 < len;) {
        if (t[i] != '\\') {
            i++;
            continue;
        }
        if (t[i + 1] != 'u' || len - i < 12 || t[i + 6] != '\\' || t[i + 7] != 'u') {
            i += 2; /* another escape: skip the escaped byte */
            continue;
        }
        long hi = hex_unit(t + i + 2), lo = hex_unit(t + i + 8);
        if (hi >= 0xD800 && hi <= 0xDBFF && lo >= 0xDC00 && lo <= 0xDFFF &&
            ((((hi & 0x3FF) << 10) + (lo & 0x3FF) + 0x10000) & 0xF800) == 0xD800)
            return true;
        i += 6;
    }
    return false;
}

static const jsonc_config default_config = {0};
static const jsonc_config strict_config = {
    .flags = JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8,
    .strict_tail = true,
};

#define JSONC_ADAPTER(config)                                               \
    {                                                                       \
        .name = "json-c", .parse = jsonc_parse,                             \
        .parse_chunks = jsonc_parse_chunks, .write = jsonc_write,           \
        .tree = jsonc_tree, .tree_free = jsonc_tree_free,                   \
        .write_tree = jsonc_write_tree, .get = jsonc_get,                   \
        .item = jsonc_item, .value = jsonc_value, .equal = jsonc_equal,     \
        .c_string_keys = true, .ctx = &(config),                            \
    }
const pf_json_adapter pf_json_jsonc = JSONC_ADAPTER(default_config);
const pf_json_adapter pf_json_jsonc_strict = JSONC_ADAPTER(strict_config);
