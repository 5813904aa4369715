/* msgpack-c's stream unpacker: the codec's decode_stream, and the
 * properties that read a batch through it, batch_stream and
 * order_independent (see harness/codec.c). Every stream call is in this
 * file: planted wrappers of them keep state between the calls. */
#include "codec.h"

enum { MAX_CHUNKS = 64 };

/* The unpacker's first buffers: a small one makes it grow and move its
 * buffer while values still point into it. */
static const size_t first_buffers[5] = {MSGPACK_UNPACKER_INIT_BUFFER_SIZE, 1, 16, 64, 256};

/* Feeds data to a fresh unpacker (its buffer first `initial` bytes) in
 * the given chunks, taking each value it has ready (at most max; with
 * bytes, through msgpack_unpacker_next_with_size, which reports each
 * value's size), and destroys it. Each value is kept in its own
 * msgpack_unpacked and read only when the stream is done: its strings
 * point into the unpacker's buffer, which must stay intact while a value
 * holds it (msgpack-c counts those references). Returns their count, or
 * SIZE_MAX when it failed; *last (when given) is what the last call
 * returned. */
static size_t stream_to(pf_bin_pool *p, const uint8_t *data, const size_t *sizes,
                        size_t n_chunks, size_t initial, pf_bin **out, size_t *bytes,
                        size_t max, msgpack_unpack_return *last)
{
    msgpack_unpacker u;
    if (!msgpack_unpacker_init(&u, initial))
        return SIZE_MAX;
    size_t n = 0, at = 0;
    msgpack_unpack_return r = MSGPACK_UNPACK_CONTINUE;
    msgpack_unpacked got[PF_BIN_MAX_BATCH + 1];
    if (max > PF_LEN(got))
        max = PF_LEN(got);
    for (size_t i = 0; i < max; i++)
        msgpack_unpacked_init(&got[i]);
    for (size_t i = 0; i < n_chunks; i++) {
        if (!msgpack_unpacker_reserve_buffer(&u, sizes[i])) {
            n = SIZE_MAX;
            break;
        }
        memcpy(msgpack_unpacker_buffer(&u), data + at, sizes[i]);
        msgpack_unpacker_buffer_consumed(&u, sizes[i]);
        at += sizes[i];
        size_t size = 0;
        while (n < max && (r = bytes ? msgpack_unpacker_next_with_size(&u, &got[n], &size)
                                     : msgpack_unpacker_next(&u, &got[n])) == MSGPACK_UNPACK_SUCCESS) {
            if (bytes)
                bytes[n] = size;
            n++;
        }
    }
    for (size_t i = 0; i < max; i++) {
        if (i < n && n != SIZE_MAX)
            out[i] = mp_value_of(p, &got[i].data);
        msgpack_unpacked_destroy(&got[i]);
    }
    msgpack_unpacker_destroy(&u);
    if (last)
        *last = r;
    return n;
}

static size_t stream(pf_bin_pool *p, const uint8_t *data, const size_t *sizes, size_t n_chunks,
                     size_t initial, pf_bin **out, size_t *bytes, size_t max)
{
    return stream_to(p, data, sizes, n_chunks, initial, out, bytes, max, NULL);
}

size_t mp_decode_stream(const pf_bin_codec *c, pf_bin_pool *p, const uint8_t *data,
                        const size_t *sizes, size_t n_chunks, pf_bin **out, size_t max)
{
    (void)c;
    size_t bytes[PF_BIN_MAX_BATCH + 1];
    return stream(p, data, sizes, n_chunks, MSGPACK_UNPACKER_INIT_BUFFER_SIZE, out, bytes,
                  max < PF_LEN(bytes) ? max : PF_LEN(bytes));
}

/* Each value took the bytes its own packing has. */
static void check_sizes(pf_src *s, const size_t *packed, const size_t *got, size_t n,
                        const char *who)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != packed[i]) {
            pf_buf t = {0};
            pf_buf_printf(&t, "value %zu: %zu bytes reported, %zu packed", i, got[i], packed[i]);
            pf_line l[] = {{who, pf_buf_defer(s, &t)}};
            pf_fail(s, NULL, "a value's size in the stream is misreported", l, 1, NULL);
        }
}

void mp_prop_batch_stream(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    pf_bin_batch_stream(s, k); /* chunked, from the default buffer */
    const pf_codec *o = pf_bin_oracle(s, k);
    pf_buf *whole = mp_new_buf(s), *concat = mp_new_buf(s), *one = mp_new_buf(s);
    size_t packed[PF_BIN_MAX_BATCH];
    for (size_t i = 0; i < k->n; i++) {
        size_t before = whole->len;
        one->len = 0;
        PF_ASSERT(s, mp_encode(&mp_codec, k->values[i], whole) == 0 &&
                         mp_encode(&mp_codec, k->values[i], one) == 0);
        pf_buf_put(concat, one->data, one->len);
        packed[i] = whole->len - before;
    }
    pf_check_bytes_equal(s, NULL, "pack(batch)", whole->data, whole->len,
                         "concat(pack(v) for v in batch)", concat->data, concat->len);

    size_t sizes[MAX_CHUNKS], n_chunks = pf_plan_apply(&k->chunks, whole->len, sizes, MAX_CHUNKS);
    pf_bin *got[PF_BIN_MAX_BATCH + 1];
    size_t bytes[PF_BIN_MAX_BATCH + 1], n;
    n = stream(k->pool, whole->data, sizes, n_chunks, first_buffers[MP_BUFFER(k)], got, bytes,
               PF_LEN(got));
    pf_check_values_equal(s, NULL, o, "packed", (const void *const *)k->values, k->n,
                          "fed in chunks from a drawn first buffer", (const void *const *)got,
                          n == SIZE_MAX ? 0 : n);
    check_sizes(s, packed, bytes, k->n, "msgpack_unpacker_next_with_size");

    /* The one-shot unpacker from offset to offset. */
    size_t off = 0;
    n = 0;
    while (off < whole->len && n < PF_LEN(got)) {
        size_t start = off;
        got[n] = mp_decode(&mp_codec, k->pool, whole->data + off, whole->len - off, &off);
        if (!got[n] || !off)
            break;
        bytes[n++] = off, off += start;
    }
    pf_check_values_equal(s, NULL, o, "packed", (const void *const *)k->values, k->n,
                          "msgpack_unpack_next from offset to offset",
                          (const void *const *)got, n);
    check_sizes(s, packed, bytes, k->n, "msgpack_unpack_next's offsets");
}

/* The batch's order drawn (MP_ORDER, one of 4! permutations of 0..3)
 * restricted to its n values. */
static void batch_order(const pf_bin_case *k, size_t *perm)
{
    size_t left[PF_BIN_MAX_BATCH] = {0, 1, 2, 3}, m = PF_BIN_MAX_BATCH, rank = MP_ORDER(k);
    size_t fact = 6, j = 0;
    for (size_t i = 0; i < PF_BIN_MAX_BATCH; i++) {
        size_t pick = rank / fact;
        rank %= fact;
        if (left[pick] < k->n)
            perm[j++] = left[pick];
        memmove(left + pick, left + pick + 1, (--m - pick) * sizeof left[0]);
        fact = m > 1 ? fact / m : 1;
    }
}

static size_t decode_whole(pf_bin_pool *p, const pf_buf *b, pf_bin **out, size_t max)
{
    size_t n = stream(p, b->data, &b->len, 1, MSGPACK_UNPACKER_INIT_BUFFER_SIZE, out, NULL, max);
    return n == SIZE_MAX ? 0 : n;
}

void mp_prop_order_independent(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    pf_bin_key_order(s, k); /* maps with their pairs permuted */
    size_t perm[PF_BIN_MAX_BATCH];
    batch_order(k, perm);
    pf_buf *in_order = mp_new_buf(s), *shuffled = mp_new_buf(s);
    for (size_t i = 0; i < k->n; i++)
        PF_ASSERT(s, mp_encode(&mp_codec, k->values[i], in_order) == 0 &&
                         mp_encode(&mp_codec, k->values[perm[i]], shuffled) == 0);
    pf_bin *a[PF_BIN_MAX_BATCH + 1], *b[PF_BIN_MAX_BATCH + 1];
    const void *unshuffled[PF_BIN_MAX_BATCH + 1];
    size_t na = decode_whole(k->pool, in_order, a, PF_LEN(a));
    size_t nb = decode_whole(k->pool, shuffled, b, PF_LEN(b));
    /* With a value missing there is nothing to un-shuffle: the counts
     * differ and the check reports that. */
    for (size_t i = 0; i < nb; i++)
        unshuffled[nb == k->n ? perm[i] : i] = b[i];
    pf_check_values_equal(s, NULL, pf_bin_oracle(s, k), "decoded in order",
                          (const void *const *)a, na, "decoded shuffled, un-shuffled",
                          unshuffled, nb);
}

/* stream_prefix: the batch's bytes cut at a drawn point before their end
 * and fed to a fresh unpacker yield exactly the values wholly before the
 * cut, then "continue" (more bytes needed, not an error); the unpacker is
 * destroyed there, holding a value in progress, and must free what it
 * holds for it (LeakSanitizer sees what it does not). */
void mp_prop_stream_prefix(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    pf_buf *whole = mp_new_buf(s);
    size_t ends[PF_BIN_MAX_BATCH], complete = 0;
    for (size_t i = 0; i < k->n; i++) {
        PF_ASSERT(s, mp_encode(&mp_codec, k->values[i], whole) == 0);
        ends[i] = whole->len;
    }
    size_t cut = (size_t)pf_u64_range(s, "cut", 0, whole->len - 1);
    while (complete < k->n && ends[complete] <= cut)
        complete++;
    pf_bin *got[PF_BIN_MAX_BATCH + 1];
    msgpack_unpack_return last;
    size_t n = stream_to(k->pool, whole->data, &cut, 1, first_buffers[MP_BUFFER(k)], got, NULL,
                         PF_LEN(got), &last);
    pf_check_values_equal(s, NULL, pf_bin_oracle(s, k), "the values before the cut",
                          (const void *const *)k->values, complete,
                          "read from the bytes before the cut", (const void *const *)got,
                          n == SIZE_MAX ? 0 : n);
    if (last != MSGPACK_UNPACK_CONTINUE) {
        pf_buf t = {0};
        pf_buf_printf(&t, "%d after %zu of %zu bytes", (int)last, cut, whole->len);
        pf_line l[] = {{"msgpack_unpacker_next", pf_buf_defer(s, &t)}};
        pf_fail(s, NULL, "a cut stream is not waiting for more bytes", l, PF_LEN(l), NULL);
    }
}
