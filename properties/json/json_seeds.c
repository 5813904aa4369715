/* Seeds of the JSON targets, written as values (design §6): JSON texts
 * read by the reference parser and encoded with the strategy's inverse,
 * each checked to decode back to its value before it is emitted. */
#include "json_internal.h"

#include <stdio.h>
#include <stdlib.h>

static const pf_json_seed common_values[] = {
    {"null", "null"},
    {"bools", "[true,false]"},
    {"empty-string", "\"\""},
    {"escapes", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f\""},
    {"unicode", "[\"\\u00e9\\u2028\\u2029\\ufeff\\u202e\",\"\\ud83d\\ude00\\udbff\\udfff\"]"},
    {"empty-containers", "[[],{}]"},
    {"object", "{\"a\":1,\"b\":[true,null],\"\":\"empty key\"}"},
    {"nested", "[[[[1]]],{\"x\":{\"y\":[]}}]"},
};

/* For a strategy with integers and U+0000 in strings. */
static const pf_json_seed typed_values[] = {
    {"integers", "[0,1,-1,-128,65536,2147483648]"},
    {"doubles", "[0.0,-0.0,1.0,-2.25,1e300,0.30000000000000004]"},
    {"double-extremes", "[1.7976931348623157e308,-1.7976931348623157e308,2.2250738585072014e-308,5e-324]"},
    {"nul-in-string", "[\"\\u0000\",\"a\\u0000b\"]"},
    {"keys-same-length", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}"},
    {"mixed", "{\"n\":null,\"i\":-7,\"d\":-0.125,\"s\":\"x\\ny\",\"a\":[1.5,\"\"],\"o\":{}}"},
};

static const pf_json_seed common_raw[] = {
    {"raw-whitespace", " \t\n[ 1 , {\"a\" : null } ]\r\n"},
    {"raw-escapes", "\"\\u0041\\/\\ud83d\\ude00\""},
    {"raw-dup-keys", "{\"a\":1,\"a\":2}"},
    {"raw-deep", "[[[[[[[[[[[[[[[[null]]]]]]]]]]]]]]]]"},
};

static const pf_json_seed common_chunked[] = {
    {"chunked-object", "{\"key\": [1, 2.5, \"s\\u00e9\", null, true]}"},
    {"chunked-escape-split", "\"\\ud83d\\ude00\\n\""},
    {"chunked-trailing", "[1] x"},
};

static _Noreturn void bad_seed(const char *why, const char *json)
{
    fprintf(stderr, "propfuzz: seed %s: %s\n", json ? json : "(value)", why);
    abort(); /* a typo in a target's seed table */
}

void pf_json_enc_checked(pf_buf *e, const pf_json_opts *o, const pf_json *v)
{
    if (!pf_json_drawable(o, v))
        bad_seed("the strategy cannot draw this value", NULL);
    size_t start = e->len;
    pf_json_enc(e, o, v);
    pf_json_pool *p = pf_json_pool_new();
    pf_src *s = pf_begin("seed", e->data + start, e->len - start);
    bool same = pf_json_equal(v, pf_json_draw(s, p, o), NULL, NULL);
    pf_end(s);
    pf_json_pool_free(p);
    if (!same)
        bad_seed("its encoding decodes to another value", NULL);
}

/* Integers as the doubles a library without an integer type holds. */
static pf_json *as_doubles(pf_json_pool *p, pf_json *v)
{
    if (v->type == PF_JSON_INT)
        return pf_json_double(p, (double)v->v.i);
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        v->v.items[i] = as_doubles(p, v->v.items[i]);
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++)
        v->v.members[i].value = as_doubles(p, v->v.members[i].value);
    return v;
}

void pf_json_enc_text(pf_buf *e, const pf_json_opts *o, const char *json)
{
    pf_json_pool *p = pf_json_pool_new();
    pf_json *v = pf_json_parse(p, (const uint8_t *)json, strlen(json), NULL);
    if (!v)
        bad_seed("the reference parser refuses it", json);
    if (o->no_int)
        v = as_doubles(p, v);
    if (!pf_json_drawable(o, v))
        bad_seed("the strategy cannot draw this value", json);
    pf_json_enc_checked(e, o, v);
    pf_json_pool_free(p);
}

/* The mode's choice, as pf_run draws it: only when there are several. */
static void enc_mode(pf_buf *e, size_t mode, size_t n_modes)
{
    if (n_modes > 1)
        pf_enc_choice(e, n_modes, mode);
}

void pf_json_seed_values(pf_json_emit *emit, size_t mode, size_t n_modes,
                         const pf_json_opts *o, const pf_json_seed *seeds,
                         size_t n)
{
    for (size_t i = 0; i < n; i++) {
        pf_buf e = {0};
        enc_mode(&e, mode, n_modes);
        pf_json_enc_text(&e, o, seeds[i].json);
        emit(seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
}

void pf_json_seed_raw(pf_json_emit *emit, size_t mode, size_t n_modes,
                      const pf_json_seed *seeds, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        pf_buf e = {0};
        enc_mode(&e, mode, n_modes);
        pf_buf_put(&e, seeds[i].json, strlen(seeds[i].json));
        emit(seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
}

/* The text as pf_bytes, then pf_chunks' draws for chunks of 3 and 1
 * bytes and the rest: boundaries inside tokens from the first seed on. */
static void enc_chunked(pf_buf *e, const char *text)
{
    size_t len = strlen(text);
    pf_enc_bytes(e, 0, PF_UNBOUNDED, (const uint8_t *)text, len);
    size_t left = len;
    for (size_t k = 0; k < 2 && left > 1; k++) {
        size_t n = k == 0 ? (left > 3 ? 3 : 1) : 1;
        pf_enc_more(e, true);
        pf_enc_u64_range(e, 1, left, n);
        left -= n;
    }
    if (left > 0)
        pf_enc_more(e, false);
}

void pf_json_seed_chunked(pf_json_emit *emit, size_t mode, size_t n_modes,
                          const pf_json_seed *seeds, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        pf_buf e = {0};
        enc_mode(&e, mode, n_modes);
        enc_chunked(&e, seeds[i].json);
        emit(seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
}

enum { MODE_VALUES, MODE_RAW, MODE_CHUNKED };
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

void pf_json_seed_target(pf_json_emit *emit, const pf_json_suite *suite,
                         size_t n_modes, const pf_json_seed_set *own)
{
    const pf_json_opts *o = &suite->values;
    pf_json_seed_values(emit, MODE_VALUES, n_modes, o, common_values, N_OF(common_values));
    if (!o->no_int && !o->no_nul)
        pf_json_seed_values(emit, MODE_VALUES, n_modes, o, typed_values,
                            N_OF(typed_values));
    pf_json_seed_values(emit, MODE_VALUES, n_modes, o, own->values, own->n_values);
    pf_json_seed_raw(emit, MODE_RAW, n_modes, common_raw, N_OF(common_raw));
    pf_json_seed_raw(emit, MODE_RAW, n_modes, own->raw, own->n_raw);
    if (n_modes <= MODE_CHUNKED)
        return;
    pf_json_seed_chunked(emit, MODE_CHUNKED, n_modes, common_chunked,
                         N_OF(common_chunked));
    pf_json_seed_chunked(emit, MODE_CHUNKED, n_modes, own->chunked, own->n_chunked);
}
