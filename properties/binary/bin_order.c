/* key_order: where the format says maps are unordered, a map's pairs in
 * another order are the same map. */
#include "bin_codec.h"

#include <string.h>

/* xorshift64: the permutation follows from the drawn seed alone. */
static uint64_t next(uint64_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

static bool distinct_keys(const pf_bin *m)
{
    for (size_t i = 0; i < m->n; i++)
        for (size_t j = 0; j < i; j++)
            if (pf_bin_equal(m->v.pairs[i].key, m->v.pairs[j].key, NULL, NULL))
                return false;
    return true;
}

pf_bin *pf__bin_copy(pf_bin_pool *p, const pf_bin *v, uint64_t *seed)
{
    pf_bin *c = pf_bin_new(p, v->kind);
    *c = *v;
    if (v->claimed)
        return c;
    if (v->kind < PF_BIN_N_LEAVES) {
        if (v->kind == PF_BIN_BYTES || v->kind == PF_BIN_TEXT || v->kind == PF_BIN_EXT ||
            v->kind == PF_BIN_DECIMAL) {
            uint8_t *b = pf_bin_alloc(p, v->n + 1);
            memcpy(b, v->v.bytes, v->n);
            b[v->n] = 0;
            c->v.bytes = b;
        }
        return c;
    }
    if (v->kind == PF_BIN_MAP) {
        c->v.pairs = pf_bin_alloc(p, (v->n ? v->n : 1) * sizeof *c->v.pairs);
        for (size_t i = 0; i < v->n; i++) {
            c->v.pairs[i].key = pf__bin_copy(p, v->v.pairs[i].key, seed);
            c->v.pairs[i].value = pf__bin_copy(p, v->v.pairs[i].value, seed);
        }
        if (seed && *seed && v->n > 1 && v->n <= 64 && distinct_keys(v))
            for (size_t i = v->n; i-- > 1;) {
                size_t j = (size_t)(next(seed) % (i + 1));
                pf_bin_pair t = c->v.pairs[i];
                c->v.pairs[i] = c->v.pairs[j], c->v.pairs[j] = t;
            }
        return c;
    }
    c->v.items = pf_bin_alloc(p, (v->n ? v->n : 1) * sizeof *c->v.items);
    for (size_t i = 0; i < v->n; i++) /* a repeated element stays shared */
        c->v.items[i] = i && v->v.items[i] == v->v.items[i - 1]
                            ? c->v.items[i - 1]
                            : pf__bin_copy(p, v->v.items[i], seed);
    return c;
}

void pf_bin_key_order(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    const pf_bin_codec *c = k->codec;
    if (!c->maps_unordered)
        return;
    pf_bin_eq as_map = c->eq;
    as_map.unordered = true;
    pf_codec *o = pf__bin_oracle_codec(s, k, &as_map);
    for (size_t i = 0; i < k->n; i++) {
        const pf_bin *v = k->values[i];
        const char *r = c->unfit ? c->unfit(c, v) : NULL;
        if (r)
            pf_skip(s, r);
        if (pf_bin_has_claimed(v))
            continue;
        uint64_t seed = (uint64_t)k->perm_seed * 2654435761u + 1;
        pf_bin *perm = pf__bin_copy(k->pool, v, &seed);
        pf_buf enc = {0};
        void *back = NULL;
        int refused = o->encode(o->ctx, perm, &enc) || o->decode(o->ctx, enc.data, enc.len, &back);
        pf_buf_free(&enc);
        pf_path path = {0};
        if (refused || !pf_bin_equal(v, back, &as_map, &path)) {
            pf_buf pv = {0}, pp = {0}, pb = {0};
            pf_bin_print(&pv, v, 0);
            pf_bin_print(&pp, perm, 0);
            if (back)
                pf_bin_print(&pb, back, 0);
            else
                pf_buf_printf(&pb, "(refused)");
            pf_line l[] = {{"value", pf_buf_defer(s, &pv)},
                           {"permuted", pf_buf_defer(s, &pp)},
                           {"decode(encode(permuted))", pf_buf_defer(s, &pb)}};
            pf_fail(s, NULL, "a map with its pairs reordered read back as another map", l,
                    3, path.text);
        }
    }
}
