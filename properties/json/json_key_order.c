/* key_order, written once for every JSON library (include/propfuzz_json.h):
 * an object is a map, so permuting its members changes nothing a lookup,
 * the library's equality, a key-sorting writer or a reader can see. */
#include "json_internal.h"

#include <math.h>

enum { MAX_PERMUTED = 4 }; /* objects whose members one input permutes */

/* A copy of v with the members of up to *budget objects permuted. */
static pf_json *permuted(pf_src *s, pf_json_pool *p, const pf_json *v,
                         unsigned *budget)
{
    if (v->type == PF_JSON_ARRAY) {
        pf_json *a = pf_json_array(p, v->n);
        for (size_t i = 0; i < v->n; i++)
            pf_json_push(p, a, permuted(s, p, v->v.items[i], budget));
        return a;
    }
    if (v->type != PF_JSON_OBJECT)
        return pf_json_copy(p, v);
    size_t *perm = pf_alloc(s, (v->n ? v->n : 1) * sizeof *perm);
    for (size_t i = 0; i < v->n; i++)
        perm[i] = i;
    if (v->n > 1 && *budget > 0) {
        (*budget)--;
        pf_permutation(s, "members", perm, v->n);
    }
    pf_json *o = pf_json_object(p, v->n);
    for (size_t i = 0; i < v->n; i++) {
        const pf_json_member *m = &v->v.members[perm[i]];
        pf_json_put(p, o, m->key, m->key_len, permuted(s, p, m->value, budget));
    }
    return o;
}

static bool has_nan(const pf_json *v)
{
    if (v->type == PF_JSON_DOUBLE)
        return isnan(v->v.d);
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        if (has_nan(v->v.items[i]))
            return true;
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++)
        if (has_nan(v->v.members[i].value))
            return true;
    return false;
}

static bool nul_in(const pf_json_member *m)
{
    return memchr(m->key, 0, m->key_len) != NULL;
}

/* Whether a key anywhere in v holds U+0000 (deep: v itself and below). */
static bool nul_key_below(const pf_json *v)
{
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        if (nul_key_below(v->v.items[i]))
            return true;
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++)
        if (nul_in(&v->v.members[i]) || nul_key_below(v->v.members[i].value))
            return true;
    return false;
}

/* What the lookup walk carries. */
typedef struct walk {
    pf_src *s;
    const pf_json_case *c;
    pf_json_eq as_map; /* suite->written, objects as maps */
} walk;

static const char *shown(const walk *w, bool found, const void *node)
{
    const pf_json_adapter *lib = w->c->suite->lib;
    return found ? pf_json_show(w->c->pool, lib->value(w->c->pool, node))
                 : "not found";
}

static void lookup_failure(const walk *w, const pf_json_member *m,
                           const void *orig, const void *perm, bool fa,
                           const void *a, bool fb, const void *b,
                           const pf_path *inner)
{
    pf_path where = {0};
    pf_path_key(&where, (const uint8_t *)m->key, m->key_len);
    size_t room = sizeof where.text - 1 - where.len;
    size_t n = inner->len < room ? inner->len : room;
    memcpy(where.text + where.len, inner->text, n);
    where.text[where.len + n] = 0;
    pf_buf k = {0};
    pf_buf_quote(&k, (const uint8_t *)m->key, m->key_len);
    pf_line l[] = {{"key", pf_buf_defer(w->s, &k)},
                   {"object", shown(w, true, orig)},
                   {"permuted", shown(w, true, perm)},
                   {"lookup in object", shown(w, fa, a)},
                   {"lookup in permuted", shown(w, fb, b)}};
    pf_fail(w->s, NULL, pf__json_name(w->c, "lookup by key differs after permuting"),
            l, 5, where.text);
}

/* Walks v with the library's trees of v (orig) and of its permuted copy
 * (perm): every key of v is found in both, with values equal as maps.
 * Where lookups take C strings, an object with a key holding U+0000 is
 * not looked into ("\u0000" and "" collide), nor a value holding one
 * compared. */
static void check_lookups(const walk *w, const pf_json *v, const void *orig,
                          const void *perm)
{
    const pf_json_adapter *lib = w->c->suite->lib;
    const void *a, *b;
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        if (lib->item(orig, i, &a) && lib->item(perm, i, &b))
            check_lookups(w, v->v.items[i], a, b);
    if (v->type != PF_JSON_OBJECT)
        return;
    for (size_t i = 0; lib->c_string_keys && i < v->n; i++)
        if (nul_in(&v->v.members[i]))
            return;
    for (size_t i = 0; i < v->n; i++) {
        const pf_json_member *m = &v->v.members[i];
        bool fa = lib->get(orig, m->key, m->key_len, &a);
        bool fb = lib->get(perm, m->key, m->key_len, &b);
        pf_path path = {0};
        if (!fa || !fb)
            lookup_failure(w, m, orig, perm, fa, a, fb, b, &path);
        if (!(lib->c_string_keys && nul_key_below(m->value)) &&
            !pf_json_equal(lib->value(w->c->pool, a), lib->value(w->c->pool, b),
                           &w->as_map, &path))
            lookup_failure(w, m, orig, perm, fa, a, fb, b, &path);
        check_lookups(w, m->value, a, b);
    }
}

/* The library's text of v (whose tree is t) in format. */
static void write_of(pf_src *s, const pf_json_case *c, const pf_json *v,
                     const void *t, const void *format, pf_buf *out)
{
    const pf_json_adapter *lib = c->suite->lib;
    if (!lib->write_tree)
        pf__json_write(s, c, v, format, out);
    else if (lib->write_tree(lib, t, format, out) != 0)
        pf__json_write_refused(s, c, v);
}

/* A writer that sorts keys writes v and its permuted copy alike. */
static void sorted_agree(pf_src *s, const pf_json_case *c, const pf_json *p,
                         const void *a, const void *b)
{
    pf_buf *ta = pf__json_scratch(0), *tb = pf__json_scratch(1);
    write_of(s, c, c->value, a, c->suite->sorted, ta);
    write_of(s, c, p, b, c->suite->sorted, tb);
    if (ta->len == tb->len &&
        (ta->len == 0 || memcmp(ta->data, tb->data, ta->len) == 0))
        return;
    pf_line l[] = {{pf__json_name(c, "text of value, keys sorted"),
                    pf__json_text_of(c->pool, ta)},
                   {pf__json_name(c, "text of permuted, keys sorted"),
                    pf__json_text_of(c->pool, tb)}};
    pf_fail(s, NULL, "sorted texts differ after permuting", l, 2, NULL);
}

void pf_json_key_order(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    const pf_json_adapter *lib = c->suite->lib;
    unsigned budget = MAX_PERMUTED;
    pf_json *p = permuted(s, c->pool, c->value, &budget);
    const void *a = pf_json_tree_of(s, c, c->value), *b = pf_json_tree_of(s, c, p);
    walk w = {s, c, c->suite->written};
    w.as_map.unordered = true;
    check_lookups(&w, c->value, a, b);
    /* NaN != NaN under a library's ==: its equality says nothing there. */
    if (lib->equal && !has_nan(c->value) && !lib->equal(a, b)) {
        pf_line l[] = {{"value", pf_json_show(c->pool, c->value)},
                       {"permuted", pf_json_show(c->pool, p)}};
        pf_fail(s, NULL, pf__json_name(c, "equality of value and permuted is false"),
                l, 2, NULL);
    }
    if (c->suite->sorted)
        sorted_agree(s, c, p, a, b);
    pf_buf *t = pf__json_scratch(2);
    write_of(s, c, p, b, NULL, t);
    pf__json_expect_parse(s, c, "its text of permuted", t, c->value, "value",
                          &w.as_map);
}
