/* typed_accessors — jansson's tree of v answers every typed accessor as
 * jansson.h documents it, node by node:
 *   - json_typeof and each json_is_* agree with the node's type;
 *   - json_integer_value, json_real_value, json_number_value,
 *     json_boolean_value, json_string_value/_length, json_array_size and
 *     json_object_size give the node's value, and 0, 0.0, NULL or false on
 *     a node of another type;
 *   - json_array_get past the end and json_object_getn of a missing key
 *     give NULL; json_object_iter_at(key) is the member of that key;
 *   - json_copy and json_deep_copy are json_equal to the node (which
 *     returns 1 for equal values, as documented);
 *   - setters on a deep copy: json_integer_set, json_real_set and
 *     json_string_set(n) give back what they set (json_string_setn refuses
 *     bytes that are not UTF-8, json_real(_set) NaN and infinities: J2);
 *     json_array_set replaces an item; json_array_insert then
 *     json_array_remove at a drawn index, and json_object_del of a member
 *     then json_object_setn of it again, leave the copy equal to the node
 *     (out-of-range indexes refused); json_array_extend doubles an array,
 *     and extended again, it dumps and loads back though it holds some
 *     items twice;
 *     json_object_update into an empty object copies every member.
 * The shared properties see jansson's tree only through json_dumps and
 * the adapter's lookups: an accessor that answers wrong for a type they
 * never ask, or a setter, goes unseen. */
#include "jansson_raw.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A planted-bug build (tests/planted/jansson/) wraps accessors here too. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

typedef struct walk {
    pf_src *s;
    const pf_json_case *c;
} walk;

static _Noreturn void wrong(const walk *w, const pf_json *node, const char *why)
{
    pf_line lines[] = {{"v", pf_json_show(w->c->pool, w->c->value)},
                       {"node", pf_json_show(w->c->pool, node)}};
    pf_fail(w->s, NULL, why, lines, PF_LEN(lines), NULL);
}

static bool same_bits(double a, double b) { return !memcmp(&a, &b, sizeof a); }

static json_type type_of(const pf_json *v)
{
    switch (v->type) {
    case PF_JSON_NULL: return JSON_NULL;
    case PF_JSON_BOOL: return v->v.b ? JSON_TRUE : JSON_FALSE;
    case PF_JSON_INT: return JSON_INTEGER;
    case PF_JSON_DOUBLE: return JSON_REAL;
    case PF_JSON_STRING: return JSON_STRING;
    case PF_JSON_ARRAY: return JSON_ARRAY;
    default: return JSON_OBJECT;
    }
}

static const char *predicates_wrong(const json_t *j, json_type t)
{
    if (json_typeof(j) != t)
        return "json_typeof is not the node's type";
    bool is[] = {json_is_object(j), json_is_array(j), json_is_string(j), json_is_integer(j),
                 json_is_real(j),   json_is_true(j),  json_is_false(j),  json_is_null(j)};
    for (json_type k = JSON_OBJECT; k <= JSON_NULL; k++)
        if (is[k] != (k == t))
            return "a json_is_* predicate disagrees with the node's type";
    if (json_is_number(j) != (t == JSON_INTEGER || t == JSON_REAL) ||
        json_is_boolean(j) != (t == JSON_TRUE || t == JSON_FALSE))
        return "json_is_number or json_is_boolean disagrees with the node's type";
    return NULL;
}

static const char *scalars_wrong(const json_t *j, const pf_json *v)
{
    json_type t = type_of(v);
    json_int_t i = t == JSON_INTEGER ? v->v.i : 0;
    double d = t == JSON_REAL ? v->v.d : 0.0;
    if (json_integer_value(j) != i)
        return "json_integer_value is not the integer (or 0 for another type)";
    if (!same_bits(json_real_value(j), d))
        return "json_real_value is not the real (or 0.0 for another type)";
    if (!same_bits(json_number_value(j), t == JSON_INTEGER ? (double)i : d))
        return "json_number_value is not the number (or 0.0 for another type)";
    if (json_boolean_value(j) != (t == JSON_TRUE))
        return "json_boolean_value is not true for true only";
    const char *str = json_string_value(j);
    size_t n = t == JSON_STRING ? v->n : 0;
    if ((str != NULL) != (t == JSON_STRING) || json_string_length(j) != n ||
        (str && memcmp(str, v->v.s, n)))
        return "json_string_value or json_string_length is not the string (or NULL, 0)";
    if (json_array_size(j) != (t == JSON_ARRAY ? v->n : 0) ||
        json_object_size(j) != (t == JSON_OBJECT ? v->n : 0))
        return "json_array_size or json_object_size is not the node's count (or 0)";
    return NULL;
}

/* Setters on a deep copy of a scalar node. */
static const char *scalar_setters_wrong(pf_src *s, json_t *copy, const pf_json *v)
{
    json_type t = type_of(v);
    if (t == JSON_INTEGER) {
        json_int_t to = (json_int_t)pf_i64(s, "set integer");
        if (json_integer_set(copy, to) || json_integer_value(copy) != to)
            return "json_integer_set did not set the integer";
    } else if (t == JSON_REAL) {
        static const pf_float_opts finite = {.no_nan = true, .no_inf = true};
        double to = pf_double(s, "set real", &finite);
        if (json_real_set(copy, to) || !same_bits(json_real_value(copy), to))
            return "json_real_set did not set the real";
        /* J2: no NaN or infinity, set or made. */
        json_t *made = json_real(pf_bool(s, "infinity") ? INFINITY : NAN);
        json_decref(made);
        if (made || json_real_set(copy, NAN) != -1 || json_real_set(copy, -INFINITY) != -1 ||
            !same_bits(json_real_value(copy), to))
            return "json_real or json_real_set took a NaN or an infinity";
    } else if (t == JSON_STRING) {
        static const struct { const char *s; size_t n; } to[] = {
            {"", 0}, {"set", 3}, {"s\0t", 3}, {"\xc3\xa9\xf0\x9f\x98\x80", 6}};
        /* Not UTF-8: cut short, overlong, an encoded surrogate (both ends
         * of the range), past U+10FFFF. */
        static const struct { const char *s; size_t n; } bad[] = {
            {"\xc3", 1}, {"\xc1\xbf", 2}, {"\xe0\x80\xaf", 3}, {"\xed\xa0\x80", 3},
            {"\xed\xbf\xbf", 3}, {"\xf4\x90\x80\x80", 4}};
        size_t k = pf_choice(s, "set string", PF_LEN(to)), b = pf_choice(s, "bad", PF_LEN(bad));
        bool by_c_string = !memchr(to[k].s, 0, to[k].n) && pf_bool(s, "json_string_set");
        if ((by_c_string ? json_string_set(copy, to[k].s)
                         : json_string_setn(copy, to[k].s, to[k].n)) ||
            json_string_length(copy) != to[k].n ||
            memcmp(json_string_value(copy), to[k].s, to[k].n))
            return "json_string_set or json_string_setn did not set the string";
        if (json_string_setn(copy, bad[b].s, bad[b].n) != -1 ||
            json_string_length(copy) != to[k].n)
            return "json_string_setn took a string that is not UTF-8";
    } else if (json_integer_set(copy, 1) != -1 || json_real_set(copy, 1) != -1 ||
               json_string_set(copy, "x") != -1) {
        return "a setter of another type changed a node";
    }
    return NULL;
}

static const char *array_edits_wrong(pf_src *s, json_t *copy, const json_t *j, size_t n)
{
    size_t at = pf_u64_range(s, "insert at", 0, n);
    if (json_array_set_new(copy, n, json_null()) != -1 ||
        json_array_remove(copy, n) != -1 || json_array_insert_new(copy, n + 1, json_null()) != -1)
        return "json_array_set, _remove or _insert accepted an index past the end";
    if (json_array_insert_new(copy, at, json_true()) || json_array_size(copy) != n + 1 ||
        !json_is_true(json_array_get(copy, at)))
        return "json_array_insert did not put the item at its index";
    json_t *was = json_incref(json_array_get(copy, at));
    bool set = !json_array_set_new(copy, at, json_false()) &&
               json_is_false(json_array_get(copy, at)) && !json_array_set(copy, at, was);
    json_decref(was);
    if (!set)
        return "json_array_set did not replace the item at its index";
    if (json_array_remove(copy, at) || !json_equal(copy, j))
        return "json_array_remove after json_array_insert did not give the array back";
    if (json_array_extend(copy, (json_t *)j) || json_array_size(copy) != 2 * n)
        return "json_array_extend by itself did not double the array";
    for (size_t i = 0; i < n; i++)
        if (!json_equal(json_array_get(copy, n + i), json_array_get(j, i)))
            return "json_array_extend did not append the items in order";
    /* Extended by j once more, it holds each of j's items twice: a value
     * held in several places is no circular reference, and dumps each
     * time (the copy's own first n items are copies, not the same). */
    if (json_array_extend(copy, (json_t *)j) || json_array_size(copy) != 3 * n)
        return "json_array_extend by the same array twice did not append it twice";
    char *text = json_dumps(copy, JSON_COMPACT);
    json_t *back = text ? json_loads(text, JSON_ALLOW_NUL, NULL) : NULL;
    bool same = back && json_equal(back, copy);
    json_decref(back);
    free(text);
    return same ? NULL : "an array holding the same items twice does not dump and load back";
}

static const char *object_edits_wrong(pf_src *s, json_t *copy, const json_t *j, const pf_json *v)
{
    json_t *update = json_object();
    bool updated = update && !json_object_update(update, (json_t *)j) && json_equal(update, j);
    json_decref(update);
    if (!updated)
        return "json_object_update into an empty object did not copy every member";
    if (!v->n)
        return json_object_del(copy, "") != -1 ? "json_object_del found a member in {}" : NULL;
    const pf_json_member *m = &v->v.members[pf_u64_range(s, "member", 0, v->n - 1)];
    json_t *kept = json_incref(json_object_getn(copy, m->key, m->key_len));
    /* Keys hold no U+0000 (J3): the C-string forms name them too. */
    bool by_c_string = pf_bool(s, "json_object_del");
    bool ok = !(by_c_string ? json_object_del(copy, m->key)
                            : json_object_deln(copy, m->key, m->key_len)) &&
              json_object_size(copy) == v->n - 1 && !json_object_getn(copy, m->key, m->key_len) &&
              json_object_deln(copy, m->key, m->key_len) == -1;
    /* Set whatever happened above, so kept is released on every path. */
    ok = !(by_c_string ? json_object_set(copy, m->key, kept)
                       : json_object_setn(copy, m->key, m->key_len, kept)) &&
         ok && json_equal(copy, j);
    json_decref(kept);
    if (!ok)
        return "json_object_del of a member then json_object_setn of it again did not give "
               "the object back";
    if (json_object_clear(copy) || json_object_size(copy) != 0)
        return "json_object_clear left members";
    return NULL;
}

static void check_node(const walk *w, const json_t *j, const pf_json *v);

static void check_children(const walk *w, const json_t *j, const pf_json *v)
{
    if (v->type == PF_JSON_ARRAY) {
        for (size_t i = 0; i < v->n; i++)
            check_node(w, json_array_get(j, i), v->v.items[i]);
        if (json_array_get(j, v->n))
            wrong(w, v, "json_array_get past the end is not NULL");
        return;
    }
    for (size_t i = 0; i < v->n; i++) {
        const pf_json_member *m = &v->v.members[i];
        void *it = json_object_iter_at((json_t *)j, m->key);
        if (!it || json_object_iter_key_len(it) != m->key_len ||
            memcmp(json_object_iter_key(it), m->key, m->key_len) ||
            json_object_iter_value(it) != json_object_getn(j, m->key, m->key_len) ||
            json_object_get(j, m->key) != json_object_iter_value(it))
            wrong(w, v, "json_object_iter_at, json_object_get and _getn disagree on a key");
        check_node(w, json_object_iter_value(it), m->value);
    }
    if (json_object_getn(j, "\0missing", 8))
        wrong(w, v, "json_object_getn found a key the object lacks");
}

static void check_node(const walk *w, const json_t *j, const pf_json *v)
{
    if (!j)
        wrong(w, v, "jansson's tree lacks a node of v");
    const char *why = predicates_wrong(j, type_of(v));
    why = why ? why : scalars_wrong(j, v);
    if (why)
        wrong(w, v, why);
    json_t *shallow = json_copy((json_t *)j), *deep = json_deep_copy(j);
    /* jansson.h: json_equal returns 1 (not just true) for equal values. */
    bool copies = shallow && deep && json_equal(shallow, j) == 1 && json_equal(deep, j) == 1 &&
                  json_equal(j, j) == 1;
    json_decref(shallow);
    if (!copies) {
        json_decref(deep);
        wrong(w, v, "json_copy or json_deep_copy is not equal to the node");
    }
    why = v->type == PF_JSON_ARRAY    ? array_edits_wrong(w->s, deep, j, v->n)
          : v->type == PF_JSON_OBJECT ? object_edits_wrong(w->s, deep, j, v)
                                      : scalar_setters_wrong(w->s, deep, v);
    json_decref(deep);
    if (why)
        wrong(w, v, why);
    if (v->type == PF_JSON_ARRAY || v->type == PF_JSON_OBJECT)
        check_children(w, j, v);
}

void jansson_typed_accessors(pf_src *s, void *json_case)
{
    const pf_json_case *c = json_case;
    walk w = {s, c};
    check_node(&w, pf_json_tree_of(s, c, c->value), c->value);
}
