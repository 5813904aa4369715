/* lz4's length_edges (see harness/lz4.c). A sequence of LZ4's block format
 * writes a literal run's length and a match's (less 4) in 4 bits of its
 * token, and from 15 on in further bytes: 255 while more follows, then
 * one below 255. A length of 15 + 255k is where that encoding turns (its
 * last byte is 0); drawn data rarely meets one, so here data is built to:
 *   P Q P R   P (M bytes), Q, P again, R: bytes without repeats
 * so the block is, for the compressors' parse, a literal run of |P Q|
 * bytes, a match of M and a last literal run of |R|, each length drawn at
 * 15 + 255k - 1, + 0 or + 1 (k = 0, 1, 2). The frame of it, with the value
 * mode's preferences, decodes back, and is byte for byte the released
 * liblz4's (R7: when there is one). */
#include "lz4.h"

#ifdef PF_PLANT
#include PF_PLANT
#endif

/* 15 + 255k + delta, k and delta drawn (delta -1, 0, +1). */
static size_t edge(pf_src *s, const char *label, size_t k_min)
{
    size_t k = k_min + pf_choice(s, label, 3);
    return 15 + 255 * k + pf_choice(s, "delta", 3) - 1;
}

/* n bytes of xorshift32 from *x: repeats of 4 bytes are as rare as in
 * random data, so the compressors find no match inside them. */
static void put_noise(pf_vec *v, uint32_t *x, size_t n)
{
    uint8_t *p = pf_vec_reserve(v, n);
    for (size_t i = 0; i < n; i++) {
        *x ^= *x << 13, *x ^= *x >> 17, *x ^= *x << 5;
        p[i] = (uint8_t)(*x >> 24);
    }
    pf_vec_added(v, n);
}

void lz_prop_length_edges(pf_src *s, void *input)
{
    pf_stream_input *in = input;
    lz_opts *o = in->opts;
    uint32_t x = pf_u32(s, "noise_seed") | 1;
    size_t k = pf_choice(s, "match_k", 3);
    size_t match = 4 + 15 + 255 * k + pf_choice(s, "delta", 3) - 1;
    /* the literal run holds P, so it starts at the next k that fits */
    size_t run = edge(s, "literal_k", k + 1), last = edge(s, "last_k", 0);
    pf_vec *p = pf_vec_new(s), *d = pf_vec_new(s);
    put_noise(p, &x, match);
    pf_vec_put(d, p->data, match);
    put_noise(d, &x, run - match);
    pf_vec_put(d, p->data, match);
    put_noise(d, &x, last);

    pf_vec *frame = pf_vec_new(s);
    pf_stream_compress_once(s, &lz_codec, o, d->data, d->len, frame);
    lz_dec *dec = in->dopts;
    dec->want_info = false;
    pf_stream_result r;
    pf_stream_decompress_once(s, &lz_codec, dec, frame->data, frame->len, d->len + 64, &r);
    pf_stream_check_decoded(s, &lz_codec, o, "LZ4F_decompress(LZ4F_compressFrame(edges))",
                            &r, frame->len, "edges", d->data, d->len);
    const lz_release *rel = lz_release_get();
    if (rel)
        lz_check_release_frame(s, rel, o, d->data, d->len, frame,
                               "the released liblz4's frame of edges");
}
