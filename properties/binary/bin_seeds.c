/* The binary family's seeds, written as values: the inverse of a value
 * mode's case (bin_codec.c) and of a raw mode's. */
#include "bin_codec.h"

void pf_bin_seed_values(pf_bin_emit *emit, const char *name, size_t mode,
                        size_t n_modes, const pf_bin_codec *c,
                        const pf_bin *const *values, size_t n)
{
    pf_buf e = {0};
    pf_plan none = {0};
    if (n_modes > 1)
        pf_enc_choice(&e, n_modes, mode);
    pf_enc_plan(&e, &none, PF__BIN_CHUNK_MAX);
    pf_enc_u64_range(&e, 0, UINT32_MAX, 0);
    for (size_t i = 0; i < n; i++) {
        if (i >= 1 && i < PF_BIN_MAX_BATCH)
            pf_enc_more(&e, true);
        pf_bin_enc_value(&e, &c->values, values[i]);
    }
    if (n < PF_BIN_MAX_BATCH)
        pf_enc_more(&e, false);
    emit(name, e.data, e.len);
    pf_buf_free(&e);
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
