/* The binary family's seeds, written as values: the inverse of a value
 * mode's case (bin_codec.c) and of a raw mode's. */
#include "bin_codec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The case's bytes for its variation and values. */
static void enc_case(pf_buf *e, const pf_bin_codec *c, const pf_bin *const *values, size_t n,
                     const pf_plan *chunks, size_t perm_seed)
{
    pf_enc_plan(e, chunks, PF__BIN_CHUNK_MAX);
    pf_enc_u64_range(e, 0, UINT32_MAX, perm_seed);
    for (size_t i = 0; i < n; i++) {
        if (i >= 1 && i < PF_BIN_MAX_BATCH)
            pf_enc_more(e, true);
        pf_bin_enc_value(e, &c->values, values[i]);
    }
    if (n < PF_BIN_MAX_BATCH)
        pf_enc_more(e, false);
}

/* Seeds are written by hand: one that does not read back as its values
 * is a mistake in the seed (or the inverse), said at once. */
static void check_case(const char *name, const pf_bin_codec *c, const pf_buf *e,
                       const pf_bin *const *values, size_t n, const pf_plan *chunks,
                       size_t perm_seed)
{
    pf_src *s = pf_begin("seeds", e->data, e->len);
    pf_bin_case *k = pf_bin_value_case(s, c);
    pf_path path = {0};
    size_t i = 0;
    if (k->perm_seed != perm_seed || k->chunks.n != chunks->n ||
        memcmp(k->chunks.sizes, chunks->sizes, chunks->n * sizeof chunks->sizes[0])) {
        fprintf(stderr, "propfuzz: seed %s: its chunks or perm_seed do not read back\n", name);
        abort();
    }
    while (i < n && k->n == n && pf_bin_equal(values[i], k->values[i], NULL, &path))
        i++;
    if (i < n || k->n != n) {
        pf_buf b = {0};
        if (i < k->n)
            pf_bin_print(&b, k->values[i], 0);
        fprintf(stderr, "propfuzz: seed %s reads back as %zu values; value %zu differs at %s: %s\n",
                name, k->n, i, path.text, b.len ? pf_buf_str(&b) : "(none)");
        abort();
    }
    pf_end(s);
}

void pf_bin_seed_values(pf_bin_emit *emit, const char *name, size_t mode,
                        size_t n_modes, const pf_bin_codec *c,
                        const pf_bin *const *values, size_t n)
{
    pf_bin_seed_case(emit, name, mode, n_modes, c, values, n, NULL, 0);
}

void pf_bin_seed_case(pf_bin_emit *emit, const char *name, size_t mode,
                      size_t n_modes, const pf_bin_codec *c,
                      const pf_bin *const *values, size_t n,
                      const pf_plan *chunks, size_t perm_seed)
{
    static const pf_plan none;
    pf_buf e = {0}, body = {0};
    if (!chunks)
        chunks = &none;
    enc_case(&body, c, values, n, chunks, perm_seed);
    check_case(name, c, &body, values, n, chunks, perm_seed);
    if (n_modes > 1)
        pf_enc_choice(&e, n_modes, mode);
    pf_buf_put(&e, body.data, body.len);
    emit(name, e.data, e.len);
    pf_buf_free(&e);
    pf_buf_free(&body);
}

void pf_bin_seed_raw(pf_bin_emit *emit, const char *name, size_t mode,
                     size_t n_modes, const uint8_t *data, size_t len)
{
    pf_buf e = {0};
    if (n_modes > 1)
        pf_enc_choice(&e, n_modes, mode);
    pf_buf_put(&e, data, len);
    emit(name, e.data, e.len);
    pf_buf_free(&e);
}

void pf_bin_seed_both(pf_bin_emit *emit, const char *name, size_t value_mode,
                      size_t raw_mode, size_t n_modes, const pf_bin_codec *c,
                      const pf_bin *v)
{
    char raw[128];
    pf_buf bytes = {0};
    pf_bin_seed_values(emit, name, value_mode, n_modes, c, &v, 1);
    if (c->encode(c, v, &bytes) != 0) {
        fprintf(stderr, "propfuzz: seed %s: %s refuses to write it\n", name, c->name);
        abort();
    }
    snprintf(raw, sizeof raw, "raw-%s", name);
    pf_bin_seed_raw(emit, raw, raw_mode, n_modes, bytes.data, bytes.len);
    pf_buf_free(&bytes);
}
