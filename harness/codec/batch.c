/* The value mode's properties over each value and the whole batch:
 * round_trip and deterministic through the pf_codec, batch_stream through
 * the unpackers (see harness/codec.c). */
#include "codec.h"

void mp_prop_round_trip(pf_src *s, void *in)
{
    const batch *b = in;
    for (size_t i = 0; i < b->n; i++)
        pf_check_round_trip(s, NULL, &mp_codec, &b->vals[i]);
}

void mp_prop_deterministic(pf_src *s, void *in)
{
    const batch *b = in;
    for (size_t i = 0; i < b->n; i++)
        pf_check_deterministic(s, NULL, &mp_codec, &b->vals[i]);
}

/* Each value took the bytes its own packing has. */
static void check_sizes(pf_src *s, const batch *b, const value_list *l, const char *who)
{
    for (size_t i = 0; i < l->n && i < b->n; i++) {
        size_t want = b->ends[i] - (i ? b->ends[i - 1] : 0);
        if (l->bytes[i] == want)
            continue;
        char *text = pf_alloc(s, 96);
        snprintf(text, 96, "value %zu: %zu bytes reported, %zu packed", i, l->bytes[i], want);
        pf_line line[] = {{who, text}};
        pf_fail(s, NULL, "a value's size in the stream is misreported", line, 1, NULL);
    }
}

void mp_prop_batch_stream(pf_src *s, void *in)
{
    const batch *b = in;
    pf_buf *concat = mp_new_buf(s), *one = mp_new_buf(s);
    for (size_t i = 0; i < b->n; i++) {
        one->len = 0;
        PF_ASSERT(s, mp_pack_object(one, &b->vals[i]) == 0);
        pf_buf_put(concat, one->data, one->len);
    }
    pf_check_bytes_equal(s, NULL, "pack(batch)", b->whole->data,
                         b->whole->len, "concat(pack(v) for v in batch)",
                         concat->data, concat->len);

    size_t sizes[MAX_CHUNKS];
    size_t n_chunks = pf_plan_apply(&b->chunks, b->whole->len, sizes, MAX_CHUNKS);
    if (n_chunks == 1)
        pf_event(s, "batch_stream fed in one chunk");
    value_list *one_go = mp_unpack_whole(s, b->whole);
    value_list *chunked = mp_unpack_stream(s, b->whole->data, b->first_buffer, true, sizes,
                                        n_chunks);
    value_list *each = mp_unpack_each(s, b->whole);
    pf_check_values_equal(s, NULL, &mp_codec, "fed whole",
                          (const void *const *)one_go->items, one_go->n,
                          "fed in chunks", (const void *const *)chunked->items,
                          chunked->n);
    pf_check_values_equal(s, NULL, &mp_codec, "fed whole",
                          (const void *const *)one_go->items, one_go->n,
                          "msgpack_unpack_next from offset to offset",
                          (const void *const *)each->items, each->n);
    check_sizes(s, b, chunked, "msgpack_unpacker_next_with_size");
    check_sizes(s, b, each, "msgpack_unpack_next's offsets");
}
