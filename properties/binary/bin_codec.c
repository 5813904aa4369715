/* A pf_bin_codec as the core oracles' pf_codec (properties/oracle), and
 * the binary family's cases: what a mode's setup hands the properties. */
#include "bin_codec.h"

#include <string.h>

static int encode(void *ctx, const void *value, pf_buf *out)
{
    const pf__bin_ctx *x = ctx;
    return x->c->encode(x->c, value, out);
}

/* The whole input must be one value: a decoder that stops early has not
 * read what it was given. */
static int decode(void *ctx, const uint8_t *data, size_t len, void **value)
{
    const pf__bin_ctx *x = ctx;
    size_t used = 0;
    pf_bin *v = x->c->decode(x->c, x->pool, data, len, &used);
    if (!v || used != len)
        return 1;
    *value = v;
    return 0;
}

static void release(void *ctx, void *value)
{
    (void)ctx; /* pool memory, freed when the input ends */
    (void)value;
}

static bool equal(void *ctx, const void *a, const void *b, pf_path *path)
{
    const pf__bin_ctx *x = ctx;
    return pf_bin_equal(a, b, x->eq, path);
}

static void print(void *ctx, const void *value, pf_buf *out)
{
    (void)ctx;
    pf_bin_print(out, value, 0);
}

pf_codec *pf__bin_oracle_codec(pf_src *s, const pf_bin_case *c, const pf_bin_eq *eq)
{
    pf__bin_ctx *x = pf_alloc(s, sizeof *x);
    *x = (pf__bin_ctx){c->codec, c->pool, eq ? eq : &c->codec->eq};
    pf_codec *o = pf_alloc(s, sizeof *o);
    *o = (pf_codec){encode, decode, release, equal, print, x};
    return o;
}

const pf_codec *pf_bin_oracle(pf_src *s, const pf_bin_case *k)
{
    return pf__bin_oracle_codec(s, k, NULL);
}

static pf_bin_case *new_case(pf_src *s, const pf_bin_codec *c)
{
    pf_bin_case *k = pf_alloc(s, sizeof *k);
    memset(k, 0, sizeof *k);
    k->codec = c;
    k->pool = pf_bin_input_pool(s);
    return k;
}

/* The properties' variation first (propfuzz.h, "Variation drawn up
 * front"), then 1..PF_BIN_MAX_BATCH values. */
pf_bin_case *pf_bin_value_case(pf_src *s, const pf_bin_codec *c)
{
    pf_bin_case *k = new_case(s, c);
    pf_plan_draw(s, "chunks", &k->chunks, PF__BIN_CHUNK_MAX);
    k->perm_seed = (size_t)pf_u64_range(s, "perm_seed", 0, UINT32_MAX);
    pf_list l;
    pf_list_begin(s, &l, "values", 1, PF_BIN_MAX_BATCH);
    while (pf_list_more(s, &l))
        k->values[k->n++] = pf_bin_draw(s, k->pool, &c->values);
    return k;
}

pf_bin_case *pf_bin_raw_case(pf_src *s, const pf_bin_codec *c)
{
    pf_bin_case *k = new_case(s, c);
    k->raw = pf_rest(s, "raw", &k->len);
    return k;
}
