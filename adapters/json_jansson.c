/* jansson as a pf_json_adapter (adapters/json_adapters.h): pf_json <->
 * json_t, json_loadb, json_load_callback, json_dumps, lookups, json_equal. */
#include "json_adapters.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* A planted-bug build wraps jansson functions here (see json_adapters.h). */
#ifdef PF_PLANT
#include PF_PLANT
#endif

static const size_t LOAD_FLAGS = JSON_DECODE_ANY | JSON_ALLOW_NUL;
static const size_t DEFAULT_DUMP = JSON_COMPACT;

/* Before the first object: a fixed hash seed, so member order repeats. */
static void ready(void)
{
    static bool seeded;
    if (!seeded) {
        json_object_seed(1);
        seeded = true;
    }
}

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
        break; /* no integer above INT64_MAX */
    }
    if (!ok) {
        json_decref(j);
        return NULL;
    }
    return j;
}

static pf_json *from_jansson(pf_json_pool *p, const json_t *j)
{
    switch (json_typeof(j)) {
    case JSON_NULL: return pf_json_null(p);
    case JSON_TRUE: return pf_json_bool(p, true);
    case JSON_FALSE: return pf_json_bool(p, false);
    case JSON_INTEGER: return pf_json_int(p, json_integer_value(j));
    case JSON_REAL: return pf_json_double(p, json_real_value(j));
    case JSON_STRING:
        return pf_json_string(p, json_string_value(j), json_string_length(j));
    case JSON_ARRAY: {
        pf_json *a = pf_json_array(p, json_array_size(j));
        for (size_t i = 0; i < json_array_size(j); i++)
            pf_json_push(p, a, from_jansson(p, json_array_get(j, i)));
        return a;
    }
    default: {
        pf_json *o = pf_json_object(p, json_object_size(j));
        for (void *it = json_object_iter((json_t *)j); it;
             it = json_object_iter_next((json_t *)j, it))
            pf_json_put(p, o, json_object_iter_key(it),
                        json_object_iter_key_len(it),
                        from_jansson(p, json_object_iter_value(it)));
        return o;
    }
    }
}

static pf_json *value_of(pf_json_pool *p, json_t *j)
{
    if (!j)
        return NULL;
    pf_json *v = from_jansson(p, j);
    json_decref(j);
    return v;
}

static pf_json *jansson_parse(const pf_json_adapter *a, pf_json_pool *p,
                              const uint8_t *text, size_t len)
{
    (void)a;
    ready();
    json_error_t err;
    return value_of(p, json_loadb((const char *)text, len, LOAD_FLAGS, &err));
}

/* json_load_callback's source: hands out the text in the given chunks
 * (the rest of a chunk larger than jansson's buffer comes next call). */
typedef struct chunk_feed {
    const uint8_t *data;
    const size_t *sizes;
    size_t n, next, at, taken; /* taken: bytes of chunk `next` handed out */
} chunk_feed;

static size_t feed_chunk(void *buffer, size_t buflen, void *arg)
{
    chunk_feed *f = arg;
    if (f->next >= f->n)
        return 0;
    size_t n = f->sizes[f->next] - f->taken;
    if (n > buflen) {
        n = buflen;
        f->taken += n;
    } else {
        f->taken = 0;
        f->next++;
    }
    memcpy(buffer, f->data + f->at, n);
    f->at += n;
    return n;
}

static pf_json *jansson_parse_chunks(const pf_json_adapter *a, pf_json_pool *p,
                                     const uint8_t *text, const size_t *sizes,
                                     size_t n)
{
    (void)a;
    ready();
    chunk_feed f = {.data = text, .sizes = sizes, .n = n};
    json_error_t err;
    return value_of(p, json_load_callback(feed_chunk, &f, LOAD_FLAGS, &err));
}

static int jansson_write_tree(const pf_json_adapter *a, const void *tree,
                              const void *format, pf_buf *out)
{
    (void)a;
    size_t flags = format ? *(const size_t *)format : DEFAULT_DUMP;
    char *text = json_dumps(tree, flags | JSON_ENCODE_ANY);
    if (!text)
        return -1;
    pf_buf_put(out, text, strlen(text));
    free(text);
    return 0;
}

static int jansson_write(const pf_json_adapter *a, const pf_json *v,
                         const void *format, pf_buf *out)
{
    ready();
    json_t *j = to_jansson(v);
    int rc = j ? jansson_write_tree(a, j, format, out) : -1;
    json_decref(j);
    return rc;
}

static bool jansson_tree(const pf_json_adapter *a, const pf_json *v, void **out)
{
    (void)a;
    ready();
    return (*out = to_jansson(v)) != NULL;
}

static void jansson_tree_free(void *tree) { json_decref(tree); }

static bool jansson_get(const void *node, const char *key, size_t key_len,
                        const void **out)
{
    return json_is_object((const json_t *)node) &&
           (*out = json_object_getn(node, key, key_len)) != NULL;
}

static bool jansson_item(const void *node, size_t i, const void **out)
{
    return json_is_array((const json_t *)node) &&
           (*out = json_array_get(node, i)) != NULL;
}

static pf_json *jansson_value(pf_json_pool *p, const void *node)
{
    return from_jansson(p, node);
}

static bool jansson_equal(const void *a, const void *b)
{
    return json_equal(a, b);
}

const pf_json_adapter pf_json_jansson = {
    .name = "jansson",
    .parse = jansson_parse,
    .parse_chunks = jansson_parse_chunks,
    .write = jansson_write,
    .tree = jansson_tree,
    .tree_free = jansson_tree_free,
    .write_tree = jansson_write_tree,
    .get = jansson_get,
    .item = jansson_item,
    .value = jansson_value,
    .equal = jansson_equal,
};
