/* Seeds of the JSON targets, written as values (design §6): JSON texts
 * read by the reference parser and encoded with the strategy's inverse,
 * each checked to decode back to its value before it is emitted. */
#include "json_internal.h"

#include <stdio.h>
#include <stdlib.h>

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
