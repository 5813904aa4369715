/* msgpack-c's packer and one-shot unpacker as the oracles' pf_codec, and
 * the byte buffers the properties pack into. */
#include "codec.h"

/* A planted-bug build (tests/planted/codec/<property>.h) wraps msgpack-c
 * calls here and in every file that calls one, after the library's headers
 * and before any use. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

int mp_pack_to_buf(void *data, const char *buf, size_t len)
{
    pf_buf_put(data, buf, len);
    return 0;
}

/* Every msgpack_pack_object call is made here: a planted wrapper that
 * keeps state (deterministic's call count) then sees all of them. */
int mp_pack_with(void *data, msgpack_packer_write write, const msgpack_object *o)
{
    msgpack_packer pk;
    msgpack_packer_init(&pk, data, write);
    return msgpack_pack_object(&pk, *o);
}

int mp_pack_object(pf_buf *out, const msgpack_object *o)
{
    return mp_pack_with(out, mp_pack_to_buf, o);
}

static int codec_encode(void *ctx, const void *value, pf_buf *out)
{
    (void)ctx;
    return mp_pack_object(out, value);
}

static int codec_decode(void *ctx, const uint8_t *data, size_t len,
                        void **value)
{
    (void)ctx;
    decoded *d = malloc(sizeof *d);
    if (!d)
        return -1;
    msgpack_unpacked_init(&d->owner);
    size_t off = 0;
    msgpack_unpack_return r =
        msgpack_unpack_next(&d->owner, (const char *)data, len, &off);
    /* One whole value, nothing left over, is what "accepted" means. */
    if (r != MSGPACK_UNPACK_SUCCESS || off != len) {
        msgpack_unpacked_destroy(&d->owner);
        free(d);
        return -1;
    }
    d->obj = d->owner.data;
    *value = d;
    return 0;
}

void mp_release(decoded *d)
{
    msgpack_unpacked_destroy(&d->owner);
    free(d);
}

static void codec_release(void *ctx, void *value)
{
    (void)ctx;
    mp_release(value);
}

static bool codec_equal(void *ctx, const void *a, const void *b, pf_path *p)
{
    (void)ctx;
    if (mp_obj_equal(a, b, NULL))
        return true;
    mp_obj_equal(a, b, p); /* again, to say where */
    return false;
}

static void codec_print(void *ctx, const void *value, pf_buf *out)
{
    (void)ctx;
    mp_print_obj(out, value);
}

const pf_codec mp_codec = {
    codec_encode, codec_decode, codec_release, codec_equal, codec_print, NULL,
};

static void buf_free(void *b) { pf_buf_free(b); }

/* A byte buffer freed when the input ends. */
pf_buf *mp_new_buf(pf_src *s)
{
    pf_buf *b = pf_alloc(s, sizeof *b);
    *b = (pf_buf){0};
    pf_defer(s, buf_free, b);
    return b;
}
