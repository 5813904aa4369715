/* getters — json-c's typed getters on every node of its tree of v, as
 * json_object.h documents them for each type: an int64 i reads as i
 * through get_int64, as 0 below zero through get_uint64, saturated to
 * int32 through get_int, (double)i through get_double, i != 0 through
 * get_boolean; a uint64 above INT64_MAX saturates to INT64_MAX and
 * INT32_MAX; a double converts saturating at each type's ends (NaN only
 * through get_double and get_boolean: converting it is undefined); a
 * boolean reads as 0 or 1; a string is true when not empty (its numeric
 * readings parse it, which this does not model); null, arrays
 * and objects read as 0 and false. The shared properties read each node
 * only through the getter of its own type. */
#include "jsonc_extra.h"

#include <inttypes.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* A planted-bug build wraps json-c's getters here (tests/planted/jsonc/);
 * the other planted bugs' wrappers go unused in this file. */
#ifdef PF_PLANT
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-variable"
#include PF_PLANT
#endif

typedef struct reading {
    int32_t i32;
    int64_t i64;
    uint64_t u64;
    double d;
    bool b;
    bool nan;         /* only d and b apply */
    bool parsed_text; /* a string: only b applies (the numeric getters
                         parse it: not modelled here) */
} reading;

static reading of_int(int64_t i)
{
    return (reading){.i32 = i < INT32_MIN ? INT32_MIN : i > INT32_MAX ? INT32_MAX : (int32_t)i,
                     .i64 = i, .u64 = i < 0 ? 0 : (uint64_t)i, .d = (double)i, .b = i != 0};
}

static reading of_double(double d)
{
    if (isnan(d))
        return (reading){.d = d, .b = true, .nan = true};
    return (reading){
        .i32 = d <= INT32_MIN ? INT32_MIN : d >= INT32_MAX ? INT32_MAX : (int32_t)d,
        .i64 = d >= 0x1p63 ? INT64_MAX : d <= -0x1p63 ? INT64_MIN : (int64_t)d,
        .u64 = d >= 0x1p64 ? UINT64_MAX : d < 0 ? 0 : (uint64_t)d,
        .d = d, .b = d != 0};
}

static reading expected(const pf_json *v)
{
    switch (v->type) {
    case PF_JSON_BOOL: return of_int(v->v.b);
    case PF_JSON_INT: return of_int(v->v.i);
    case PF_JSON_UINT:
        return (reading){.i32 = INT32_MAX, .i64 = INT64_MAX, .u64 = v->v.u,
                         .d = (double)v->v.u, .b = true};
    case PF_JSON_DOUBLE: return of_double(v->v.d);
    case PF_JSON_STRING: return (reading){.b = v->n != 0, .parsed_text = true};
    default: return (reading){0};
    }
}

static void mismatch(pf_src *s, const pf_json_case *c, const pf_json *v, const char *getter,
                     const char *got, const char *want)
{
    pf_line lines[] = {{"node", pf_json_show(c->pool, v)}, {"getter", getter},
                       {"got", got}, {"documented", want}};
    pf_fail(s, NULL, "a json-c getter reads a node otherwise than documented", lines,
            PF_LEN(lines), NULL);
}

static void check_node(pf_src *s, const pf_json_case *c, const pf_json *v,
                       const struct json_object *j)
{
    reading want = expected(v);
    char got[64], exp[64];
    if (json_object_get_boolean(j) != want.b)
        mismatch(s, c, v, "json_object_get_boolean", want.b ? "0" : "1", want.b ? "1" : "0");
    if (want.parsed_text)
        return;
    double d = json_object_get_double(j);
    if (!(want.nan ? isnan(d) : memcmp(&d, &want.d, sizeof d) == 0 || d == want.d)) {
        snprintf(got, sizeof got, "%.17g", d);
        snprintf(exp, sizeof exp, "%.17g", want.d);
        mismatch(s, c, v, "json_object_get_double", got, exp);
    }
    if (want.nan)
        return;
    int64_t i64 = json_object_get_int64(j);
    uint64_t u64 = json_object_get_uint64(j);
    int32_t i32 = json_object_get_int(j);
    if (i64 != want.i64) {
        snprintf(got, sizeof got, "%" PRId64, i64);
        snprintf(exp, sizeof exp, "%" PRId64, want.i64);
        mismatch(s, c, v, "json_object_get_int64", got, exp);
    }
    if (u64 != want.u64) {
        snprintf(got, sizeof got, "%" PRIu64, u64);
        snprintf(exp, sizeof exp, "%" PRIu64, want.u64);
        mismatch(s, c, v, "json_object_get_uint64", got, exp);
    }
    if (i32 != want.i32) {
        snprintf(got, sizeof got, "%" PRId32, i32);
        snprintf(exp, sizeof exp, "%" PRId32, want.i32);
        mismatch(s, c, v, "json_object_get_int", got, exp);
    }
}

static void check_tree(pf_src *s, const pf_json_case *c, const pf_json *v,
                       const struct json_object *j)
{
    check_node(s, c, v, j);
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        check_tree(s, c, v->v.items[i], json_object_array_get_idx(j, i));
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++) {
        struct json_object *m = NULL;
        if (!json_object_object_get_ex(j, v->v.members[i].key, &m))
            pf_fail(s, NULL, "json-c's tree of v lacks a member of v", NULL, 0, NULL);
        check_tree(s, c, v->v.members[i].value, m);
    }
}

void jsonc_getters(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    void *tree = pf_json_tree_of(s, c, c->value);
    check_tree(s, c, c->value, tree);
}
