/* The serializer properties on values and raw bytes, written once for
 * every pf_bin_codec (key_order: bin_order.c, batch_stream: bin_stream.c). */
#include "bin_codec.h"

#include <string.h>

static pf_buf g_scratch[2];

static pf_buf *scratch(int i)
{
    g_scratch[i].len = 0;
    return &g_scratch[i];
}

static const char *hex(pf_src *s, const pf_buf *b)
{
    pf_buf h = {0};
    pf_buf_hex(&h, b->data, b->len, 512);
    return pf_buf_defer(s, &h);
}

static const char *show(pf_src *s, const pf_bin *v)
{
    pf_buf b = {0};
    pf_bin_print(&b, v, 0);
    return pf_buf_defer(s, &b);
}

/* A value the target cannot check stops the property under its
 * restriction. */
static void fit(pf_src *s, const pf_bin_codec *c, const pf_bin *v)
{
    const char *r = c->unfit ? c->unfit(c, v) : NULL;
    if (r)
        pf_skip(s, r);
}

void pf_bin_round_trip(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    pf_codec *o = pf__bin_oracle_codec(s, k, NULL);
    for (size_t i = 0; i < k->n; i++)
        fit(s, k->codec, k->values[i]);
    for (size_t i = 0; i < k->n; i++)
        if (!pf_bin_has_claimed(k->values[i]))
            pf_check_round_trip(s, NULL, o, k->values[i]);
}

void pf_bin_deterministic(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    const pf_bin_codec *c = k->codec;
    pf_codec *o = pf__bin_oracle_codec(s, k, NULL);
    for (size_t i = 0; i < k->n; i++)
        fit(s, c, k->values[i]);
    for (size_t i = 0; i < k->n; i++) {
        const pf_bin *v = k->values[i];
        if (pf_bin_has_claimed(v))
            continue;
        pf_check_deterministic(s, NULL, o, v);
        /* The same value at other addresses writes the same bytes. */
        pf_bin *copy = pf__bin_copy(k->pool, v, NULL);
        pf_buf *a = scratch(0), *b = scratch(1);
        int ra = c->encode(c, v, a), rb = c->encode(c, copy, b);
        if (ra != rb || a->len != b->len || (a->len && memcmp(a->data, b->data, a->len))) {
            pf_line l[] = {{"value", show(s, v)}, {"encode(value)", hex(s, a)},
                           {"encode(copy of value)", hex(s, b)}};
            pf_fail(s, NULL, "a copy of the value encodes differently", l, 3, NULL);
        }
    }
}

void pf_bin_smallest_encoding(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    const pf_bin_codec *c = k->codec;
    if (!c->reference)
        return;
    for (size_t i = 0; i < k->n; i++)
        fit(s, c, k->values[i]);
    for (size_t i = 0; i < k->n; i++) {
        const pf_bin *v = k->values[i];
        if (pf_bin_has_claimed(v))
            continue;
        pf_buf *lib = scratch(0), *ref = scratch(1);
        if (c->reference(c, v, ref) != 0 || c->encode(c, v, lib) != 0)
            continue; /* round_trip reports a refusal */
        if (lib->len != ref->len || (lib->len && memcmp(lib->data, ref->data, lib->len))) {
            pf_line l[] = {{"value", show(s, v)}, {"library", hex(s, lib)},
                           {"smallest", hex(s, ref)}};
            pf_fail(s, NULL, "the library's encoding is not the format's smallest", l, 3,
                    NULL);
        }
    }
}

void pf_bin_claimed_size(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    const pf_bin_codec *c = k->codec;
    if (!c->reference)
        return;
    for (size_t i = 0; i < k->n; i++) {
        const pf_bin *v = k->values[i];
        pf_buf *ref = scratch(0);
        if (!pf_bin_has_claimed(v) || c->reference(c, v, ref) != 0)
            continue;
        size_t used = 0;
        pf_bin *back = c->decode(c, k->pool, ref->data, ref->len, &used);
        if (back) {
            pf_line l[] = {{"value", show(s, v)}, {"written", hex(s, ref)},
                           {"decode(written)", show(s, back)}};
            pf_fail(s, NULL, "decode accepted a header claiming more than follows", l, 3,
                    NULL);
        }
    }
}

void pf_bin_canonical_fixed_point(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    const pf_bin_codec *c = k->codec;
    size_t used = 0;
    pf_bin *v = c->decode(c, k->pool, k->raw, k->len, &used);
    if (!v || used != k->len)
        return;
    fit(s, c, v);
    pf_check_fixed_point(s, NULL, pf__bin_oracle_codec(s, k, NULL), k->raw, k->len);
}

void pf_bin_decode_safety(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    const pf_bin_codec *c = k->codec;
    size_t used = 0;
    pf_bin *v = c->decode(c, k->pool, k->raw, k->len, &used);
    if (!v)
        return;
    if (used > k->len) {
        pf_line l[] = {{"decoded", show(s, v)}};
        pf_fail(s, NULL, "decode took more bytes than it was given", l, 1, NULL);
    }
    /* Decoding is a function of the bytes: no state, nothing read from
     * outside them. */
    size_t used2 = 0;
    pf_bin *w = c->decode(c, k->pool, k->raw, k->len, &used2);
    pf_path path = {0};
    if (!w || used2 != used || !pf_bin_equal(v, w, NULL, &path)) {
        pf_line l[] = {{"decoded", show(s, v)}, {"decoded again", w ? show(s, w) : "(refused)"}};
        pf_fail(s, NULL, "decoding the same bytes twice gave different values", l, 2,
                path.text);
    }
    pf_buf *b = scratch(0);
    pf_bin_print(b, v, 0); /* every part of it is readable */
}
