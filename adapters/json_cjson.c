/* cJSON as a pf_json_adapter (adapters/json_adapters.h): pf_json <-> cJSON
 * trees, parsing, printing, lookups. */
#include "json_adapters.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A planted-bug build wraps cJSON functions here (see json_adapters.h). */
#ifdef PF_PLANT
#include PF_PLANT
#endif

const int pf_json_cjson_pretty = 1;

/* NULL when cJSON runs out of memory, or for an integer (cJSON has no
 * integer type: its target draws none). By reference: strings are
 * cJSON_CreateStringReference to v's own and keys cJSON_AddItemToObjectCS
 * (cJSON neither copies nor frees them). */
static cJSON *build(const pf_json *v, bool by_reference)
{
    cJSON *c = NULL;
    bool ok = true;
    switch (v->type) {
    case PF_JSON_NULL: c = cJSON_CreateNull(); break;
    case PF_JSON_BOOL: c = cJSON_CreateBool(v->v.b); break;
    case PF_JSON_DOUBLE: c = cJSON_CreateNumber(v->v.d); break;
    case PF_JSON_STRING:
        c = by_reference ? cJSON_CreateStringReference(v->v.s) : cJSON_CreateString(v->v.s);
        break;
    case PF_JSON_ARRAY:
        c = cJSON_CreateArray();
        for (size_t i = 0; c && ok && i < v->n; i++) {
            cJSON *item = build(v->v.items[i], by_reference);
            ok = item && cJSON_AddItemToArray(c, item);
        }
        break;
    case PF_JSON_OBJECT:
        c = cJSON_CreateObject();
        for (size_t i = 0; c && ok && i < v->n; i++) {
            cJSON *item = build(v->v.members[i].value, by_reference);
            const char *key = v->v.members[i].key;
            ok = item && (by_reference ? cJSON_AddItemToObjectCS(c, key, item)
                                       : cJSON_AddItemToObject(c, key, item));
        }
        break;
    default: return NULL;
    }
    if (!ok) {
        cJSON_Delete(c);
        return NULL;
    }
    return c;
}

static cJSON *to_cjson(const pf_json *v) { return build(v, false); }

/* A copy of text with a NUL after it, as cjson_parse reads texts. */
static char *nul_terminated(const uint8_t *text, size_t len)
{
    char *copy = malloc(len + 1);
    if (copy) {
        if (len)
            memcpy(copy, text, len);
        copy[len] = 0;
    }
    return copy;
}

/* cJSON's tree of text, read from a copy with a NUL after it (the NUL
 * required to follow the value), or NULL when it refuses the text. */
static cJSON *parse_terminated(const uint8_t *text, size_t len)
{
    char *copy = nul_terminated(text, len);
    cJSON *c = copy ? cJSON_ParseWithLengthOpts(copy, len + 1, NULL, 1) : NULL;
    free(copy);
    return c;
}

static pf_json *from_cjson(pf_json_pool *p, const cJSON *c)
{
    if (cJSON_IsNull(c))
        return pf_json_null(p);
    if (cJSON_IsBool(c))
        return pf_json_bool(p, cJSON_IsTrue(c));
    if (cJSON_IsNumber(c))
        return pf_json_double(p, c->valuedouble);
    if (cJSON_IsString(c))
        return pf_json_string(p, c->valuestring, strlen(c->valuestring));
    if (cJSON_IsArray(c)) {
        pf_json *a = pf_json_array(p, 4);
        for (const cJSON *i = c->child; i; i = i->next)
            pf_json_push(p, a, from_cjson(p, i));
        return a;
    }
    if (cJSON_IsObject(c)) {
        pf_json *o = pf_json_object(p, 4);
        for (const cJSON *i = c->child; i; i = i->next)
            pf_json_put(p, o, i->string, strlen(i->string), from_cjson(p, i));
        return o;
    }
    abort(); /* cJSON_Raw or invalid: the parser never makes them */
}

static pf_json *cjson_parse(const pf_json_adapter *a, pf_json_pool *p,
                            const uint8_t *text, size_t len)
{
    (void)a;
    cJSON *c = parse_terminated(text, len);
    if (!c)
        return NULL;
    pf_json *v = from_cjson(p, c);
    cJSON_Delete(c);
    return v;
}

static int cjson_write_tree(const pf_json_adapter *a, const void *tree,
                            const void *format, pf_buf *out)
{
    (void)a;
    char *text = format ? cJSON_Print(tree) : cJSON_PrintUnformatted(tree);
    if (!text)
        return -1;
    pf_buf_put(out, text, strlen(text));
    cJSON_free(text);
    return 0;
}

static int cjson_write(const pf_json_adapter *a, const pf_json *v,
                       const void *format, pf_buf *out)
{
    cJSON *c = to_cjson(v);
    int rc = c ? cjson_write_tree(a, c, format, out) : -1;
    cJSON_Delete(c);
    return rc;
}

static bool cjson_tree(const pf_json_adapter *a, const pf_json *v, void **out)
{
    (void)a;
    return (*out = to_cjson(v)) != NULL;
}

static void cjson_tree_free(void *tree) { cJSON_Delete(tree); }

static bool cjson_get(const void *node, const char *key, size_t key_len,
                      const void **out)
{
    (void)key_len; /* cJSON keys are C strings */
    if (!cJSON_IsObject((const cJSON *)node))
        return false;
    return (*out = cJSON_GetObjectItemCaseSensitive(node, key)) != NULL;
}

static bool cjson_item(const void *node, size_t i, const void **out)
{
    if (!cJSON_IsArray((const cJSON *)node) || i > INT_MAX)
        return false;
    return (*out = cJSON_GetArrayItem(node, (int)i)) != NULL;
}

static pf_json *cjson_value(pf_json_pool *p, const void *node)
{
    return from_cjson(p, node);
}

const pf_json_adapter pf_json_cjson = {
    .name = "cJSON",
    .parse = cjson_parse,
    .write = cjson_write,
    .tree = cjson_tree,
    .tree_free = cjson_tree_free,
    .write_tree = cjson_write_tree,
    .get = cjson_get,
    .item = cjson_item,
    .value = cjson_value,
    .c_string_keys = true,
};

/* --- cJSON-only calls for harness/cjson/ (json_adapters.h) ----------- */

int pf_json_cjson_compare(const pf_json *a, const uint8_t *text, size_t len)
{
    cJSON *tree = to_cjson(a);
    cJSON *read = tree ? parse_terminated(text, len) : NULL;
    int rc = !tree || !read ? -1 : cJSON_Compare(tree, read, 1) ? 1 : 0;
    cJSON_Delete(read);
    cJSON_Delete(tree);
    return rc;
}

int pf_json_cjson_compare_trees(const pf_json *a, const pf_json *b)
{
    cJSON *ta = to_cjson(a), *tb = to_cjson(b);
    int rc = !ta || !tb ? -1 : cJSON_Compare(ta, tb, 1) ? 1 : 0;
    cJSON_Delete(ta);
    cJSON_Delete(tb);
    return rc;
}

pf_json *pf_json_cjson_parse_exact(pf_json_pool *p, const uint8_t *text,
                                   size_t len)
{
    /* Exactly len bytes, no NUL after them: ASan sees any read past. */
    char *copy = malloc(len ? len : 1);
    if (!copy)
        return NULL;
    if (len)
        memcpy(copy, text, len);
    cJSON *c = cJSON_ParseWithLength(copy, len);
    free(copy);
    if (!c)
        return NULL;
    pf_json *v = from_cjson(p, c);
    cJSON_Delete(c);
    return v;
}

/* cJSON's int view of a number (cJSON_CreateNumber and parse_number set
 * valueint so): the double saturated to int, truncated toward zero. */
static int saturated(double d)
{
    if (d >= INT_MAX)
        return INT_MAX;
    if (d <= (double)INT_MIN)
        return INT_MIN;
    return (int)d;
}

/* The first number of tree c whose valueint is not that, or NULL. */
static const cJSON *unsaturated(const cJSON *c)
{
    if (cJSON_IsNumber(c) && c->valueint != saturated(c->valuedouble))
        return c;
    for (const cJSON *i = c->child; i; i = i->next) {
        const cJSON *bad = unsaturated(i);
        if (bad)
            return bad;
    }
    return NULL;
}

int pf_json_cjson_valueint(const pf_json *v, const uint8_t *text, size_t len,
                           pf_json_cjson_number *bad)
{
    cJSON *built = to_cjson(v);
    cJSON *read = built ? parse_terminated(text, len) : NULL;
    int rc = -1;
    if (built && read) {
        const cJSON *b = unsaturated(built);
        bad->made_by = "cJSON_CreateNumber";
        if (!b) {
            b = unsaturated(read);
            bad->made_by = "cJSON_Parse";
        }
        rc = b != NULL;
        if (b) {
            bad->valuedouble = b->valuedouble;
            bad->valueint = b->valueint;
            bad->saturated = saturated(b->valuedouble);
        }
    }
    cJSON_Delete(read);
    cJSON_Delete(built);
    return rc;
}

static bool print_to(const cJSON *tree, pf_buf *out)
{
    return cjson_write_tree(NULL, tree, NULL, out) == 0;
}

int pf_json_cjson_references(const pf_json *v, pf_json_cjson_views *out)
{
    cJSON *tree = to_cjson(v), *refs = build(v, true);
    cJSON *wrap = cJSON_CreateArray(), *obj = cJSON_CreateObject();
    bool ok = tree && refs && wrap && obj &&
              cJSON_AddItemReferenceToObject(obj, "k", tree);
    /* A member referred to under another key: its own key must stay. */
    if (ok && tree->child)
        ok = cJSON_AddItemReferenceToObject(obj, "m", tree->child) &&
             print_to(tree->child, out->first_child);
    bool obj_owned = ok && cJSON_AddItemToArray(wrap, obj);
    if (!obj_owned)
        cJSON_Delete(obj);
    ok = obj_owned && cJSON_AddItemReferenceToArray(wrap, tree) &&
         print_to(tree, out->by_copy) && print_to(refs, out->by_reference);
    /* Deleting the trees that refer to tree's items and v's strings must
     * leave both as they were: tree printed again after. */
    cJSON_Delete(refs);
    ok = ok && print_to(wrap, out->wrapped);
    cJSON_Delete(wrap);
    ok = ok && print_to(tree, out->after);
    cJSON_Delete(tree);
    return ok ? 0 : -1;
}

int pf_json_cjson_error_ptr(const uint8_t *text, size_t len, size_t *offset)
{
    char *copy = nul_terminated(text, len);
    if (!copy)
        return -1;
    cJSON *c = cJSON_ParseWithLengthOpts(copy, len + 1, NULL, 1);
    /* Not called after an accepted text: it would compute NULL + 0. */
    const char *err = c ? NULL : cJSON_GetErrorPtr();
    int rc = c ? PF_CJSON_ACCEPTED
               : !err || err < copy || err > copy + len ? PF_CJSON_ERROR_OUTSIDE
                                                        : PF_CJSON_REFUSED;
    *offset = rc == PF_CJSON_REFUSED ? (size_t)(err - copy) : 0;
    cJSON_Delete(c);
    free(copy);
    return rc;
}

/* Exactly one of cJSON's type predicates holds for an item it read. */
static bool one_type(const cJSON *c)
{
    int n = cJSON_IsFalse(c) + cJSON_IsTrue(c) + cJSON_IsNull(c) + cJSON_IsNumber(c) +
            cJSON_IsString(c) + cJSON_IsArray(c) + cJSON_IsObject(c) + cJSON_IsRaw(c);
    return n == 1 && !cJSON_IsInvalid(c) &&
           cJSON_IsBool(c) == (cJSON_IsTrue(c) || cJSON_IsFalse(c));
}

/* What cJSON's type predicates and array calls say of item a and those
 * below it that its type and child links do not, or NULL. */
static const char *walk(const cJSON *a)
{
    if (!one_type(a))
        return "not exactly one of cJSON_IsFalse, IsTrue, IsNull, IsNumber, IsString, "
               "IsArray, IsObject, IsRaw holds (or IsInvalid does, or IsBool disagrees)";
    int n = 0;
    for (const cJSON *i = a->child; i; i = i->next) {
        const char *why = walk(i);
        if (why)
            return why;
        if (cJSON_IsArray(a) && cJSON_GetArrayItem(a, n) != i)
            return "cJSON_GetArrayItem(a, i) is not the i-th child";
        n++;
    }
    if (!cJSON_IsArray(a))
        return NULL;
    if (cJSON_GetArraySize(a) != n)
        return "cJSON_GetArraySize(a) is not the number of children";
    if (cJSON_GetArrayItem(a, n) || cJSON_GetArrayItem(a, -1))
        return "cJSON_GetArrayItem(a, i) is not NULL outside the array";
    return NULL;
}

/* A null appended to every array and "": null to every object, those
 * below first (cJSON appends after child->prev, the last child). */
static bool append_nulls(cJSON *c)
{
    for (cJSON *i = c->child; i; i = i->next)
        if (!append_nulls(i))
            return false;
    if (cJSON_IsArray(c))
        return cJSON_AddItemToArray(c, cJSON_CreateNull());
    if (cJSON_IsObject(c))
        return cJSON_AddItemToObject(c, "", cJSON_CreateNull());
    return true;
}

const char *pf_json_cjson_edit_parsed(const uint8_t *text, size_t len, pf_buf *out)
{
    cJSON *c = parse_terminated(text, len);
    const char *why = c ? walk(c) : "cJSON refused its own text of v";
    if (!why && !append_nulls(c))
        why = "cJSON could not append to what it read";
    if (!why && !print_to(c, out))
        why = "cJSON could not print what it read";
    cJSON_Delete(c);
    return why;
}
