/* msgpack-c's unpackers over packed bytes, each value decoded into a
 * value_list (codec.h): the streaming unpacker fed in chunks, and the
 * one-shot unpacker stepping from offset to offset. */
#include "codec.h"

/* A planted-bug build wraps the unpackers' calls here (see
 * msgpack_codec.c); batch_stream's and order_independent's wrappers keep
 * state between the calls, which are all in this file. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

static bool feed_unpacker(msgpack_unpacker *u, const uint8_t *data, size_t n)
{
    if (!msgpack_unpacker_reserve_buffer(u, n))
        return false;
    memcpy(msgpack_unpacker_buffer(u), data, n);
    msgpack_unpacker_buffer_consumed(u, n);
    return true;
}

static void value_list_free(void *arg)
{
    value_list *l = arg;
    for (size_t i = 0; i < l->n; i++)
        mp_release(l->items[i]);
    l->n = 0;
}

static value_list *new_value_list(pf_src *s)
{
    value_list *l = pf_alloc(s, sizeof *l);
    l->n = 0;
    pf_defer(s, value_list_free, l);
    return l;
}

/* Takes every value the unpacker has ready (at most MAX_BATCH + 1, so one
 * value too many is still seen); with_size: through the call that also
 * reports each value's size. */
static void drain(pf_src *s, msgpack_unpacker *u, bool with_size, value_list *out)
{
    while (out->n <= MAX_BATCH) {
        msgpack_unpacked got;
        msgpack_unpacked_init(&got);
        size_t bytes = 0;
        msgpack_unpack_return r = with_size ? msgpack_unpacker_next_with_size(u, &got, &bytes)
                                            : msgpack_unpacker_next(u, &got);
        if (r != MSGPACK_UNPACK_SUCCESS) {
            msgpack_unpacked_destroy(&got);
            return;
        }
        decoded *d = malloc(sizeof *d);
        PF_ASSERT(s, d != NULL);
        d->owner = got; /* the zone moves with it */
        d->obj = got.data;
        out->bytes[out->n] = bytes;
        out->items[out->n++] = d;
    }
}

static void unpacker_free(void *u) { msgpack_unpacker_destroy(u); }

/* Feeds data to a fresh unpacker (its buffer initially `initial` bytes)
 * in the given chunk sizes (with_size: see drain). */
value_list *mp_unpack_stream(pf_src *s, const uint8_t *data, size_t initial,
                             bool with_size, const size_t *sizes, size_t n_chunks)
{
    value_list *out = new_value_list(s);
    msgpack_unpacker *u = pf_alloc(s, sizeof *u);
    PF_ASSERT(s, msgpack_unpacker_init(u, initial));
    pf_defer(s, unpacker_free, u);
    size_t at = 0;
    for (size_t i = 0; i < n_chunks; i++) {
        PF_ASSERT(s, feed_unpacker(u, data + at, sizes[i]));
        at += sizes[i];
        drain(s, u, with_size, out);
    }
    return out;
}

value_list *mp_unpack_whole(pf_src *s, const pf_buf *b)
{
    size_t all = b->len;
    return mp_unpack_stream(s, b->data, MSGPACK_UNPACKER_INIT_BUFFER_SIZE, false, &all, 1);
}

/* The one-shot unpacker over a buffer of values, from offset to offset. */
value_list *mp_unpack_each(pf_src *s, const pf_buf *b)
{
    value_list *out = new_value_list(s);
    size_t off = 0;
    while (off < b->len && out->n <= MAX_BATCH) {
        decoded *d = malloc(sizeof *d);
        PF_ASSERT(s, d != NULL);
        msgpack_unpacked_init(&d->owner);
        size_t start = off;
        if (msgpack_unpack_next(&d->owner, (const char *)b->data, b->len, &off) !=
                MSGPACK_UNPACK_SUCCESS || off <= start) {
            msgpack_unpacked_destroy(&d->owner);
            free(d);
            break;
        }
        d->obj = d->owner.data;
        out->bytes[out->n] = off - start;
        out->items[out->n++] = d;
    }
    return out;
}
