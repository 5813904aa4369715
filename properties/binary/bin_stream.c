/* batch_stream: values written one after another and read by the
 * library's stream reader in drawn chunks come back one by one. */
#include "bin_codec.h"

enum { MAX_CHUNKS = 64 };

void pf_bin_batch_stream(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    const pf_bin_codec *c = k->codec;
    if (!c->decode_stream)
        return;
    const void *vals[PF_BIN_MAX_BATCH];
    size_t n = 0;
    for (size_t i = 0; i < k->n; i++) {
        const char *r = c->unfit ? c->unfit(c, k->values[i]) : NULL;
        if (r)
            pf_skip(s, r);
        if (!pf_bin_has_claimed(k->values[i]))
            vals[n++] = k->values[i];
    }
    pf_buf whole = {0};
    for (size_t i = 0; i < n; i++)
        if (c->encode(c, vals[i], &whole) != 0) {
            pf_buf_free(&whole);
            return; /* round_trip reports a refusal */
        }
    size_t len = whole.len;
    const uint8_t *data = (const uint8_t *)pf_buf_defer(s, &whole); /* freed at the end */
    size_t sizes[MAX_CHUNKS];
    size_t n_chunks = pf_plan_apply(&k->chunks, len, sizes, MAX_CHUNKS);
    pf_bin *got[PF_BIN_MAX_BATCH + 1];
    size_t m = c->decode_stream(c, k->pool, data, sizes, n_chunks, got,
                                PF_BIN_MAX_BATCH + 1);
    if (m == SIZE_MAX)
        m = 0;
    if (m != n) {
        pf_buf h = {0};
        pf_buf_hex(&h, data, len, 512);
        pf_buf cnt = {0};
        pf_buf_printf(&cnt, "%zu values read, %zu written, in %zu chunks", m, n, n_chunks);
        pf_line l[] = {{"stream", pf_buf_defer(s, &h)}, {"count", pf_buf_defer(s, &cnt)}};
        pf_fail(s, NULL, "the stream reader read another number of values", l, 2, NULL);
    }
    pf_check_values_equal(s, NULL, pf__bin_oracle_codec(s, k, NULL), "written", vals, n,
                          "streamed", (const void *const *)got, m);
}
