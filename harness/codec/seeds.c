/* codec's seeds, written as values (design §6): each is a MessagePack
 * document (hex), unpacked by msgpack-c and encoded with the strategy's
 * inverse (inverse.c), checked to decode back before it is emitted. */
#include "codec.h"

/* A planted-bug build wraps msgpack_unpack_next here too (see
 * msgpack_codec.c): the seeds are read as that build reads values. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

static const struct seed {
    const char *name;
    const char *hex; /* one or more MessagePack values: the batch */
} seeds[] = {
    {"nil", "c0"},
    {"bools", "c2 c3"},
    {"uint-small", "00 01 7f"},
    {"uint-widths", "cc 80 cd 01 00 ce 00 01 00 00 cf 00 00 00 01 00 00 00 00"},
    {"uint64-max", "cf ff ff ff ff ff ff ff ff"},
    {"negint-small", "ff e0"},
    {"int64-min", "d3 80 00 00 00 00 00 00 00"},
    {"negint-widths", "d0 80 d1 80 00 d2 80 00 00 00"},
    {"f64-zero-and-negzero", "cb 00 00 00 00 00 00 00 00 cb 80 00 00 00 00 00 00 00"},
    {"f64-nan-payload", "cb 7f f0 00 00 00 00 00 01 cb ff f8 00 00 00 00 00 2a"},
    {"f64-inf-and-subnormal", "cb 7f f0 00 00 00 00 00 00 cb 00 00 00 00 00 00 00 01"},
    {"f32-values", "ca 3f 80 00 00 ca 80 00 00 00 ca 7f c0 00 00 ca 7f 80 00 00"},
    {"str-empty-and-nul", "a0 a3 61 00 62"},
    {"str8-utf8", "d9 06 e2 82 ac f0 9f 98"},
    {"bin-any-bytes", "c4 00 c4 04 00 ff 01 c0"},
    {"ext-type-codes", "d4 00 11 d5 7f 01 02 d6 80 01 02 03 04 c7 00 ff"},
    {"ext-timestamp", "d6 ff 00 00 00 01"},
    {"array-empty-and-nested", "90 91 90 92 91 c0 93 01 02 03"},
    {"map-empty-and-strkeys", "80 82 a1 61 01 a1 62 92 c3 c2"},
    {"map-mixed-keys", "83 01 a1 31 c0 c2 cb 3f f0 00 00 00 00 00 00 81 a0 a0"},
    {"deep-nesting", "91 91 91 81 a1 6b c0"},
    {"deep-limit", "91 91 91 91 91 91 91 91 91 91 91 91 91 91 91 91"
                   "91 91 91 91 91 91 91 91 91 91 91 91 91 91 91 91 c0"},
    {"batch-mixed", "c0 c3 cc ff d0 80 a2 68 69 c4 01 00 d4 05 00 90 80"},
};

/* Raw-mode seeds for canonical_fixed_point: documents with non-canonical
 * encodings (wide headers for small values) that pack to a shorter form. */
static const struct seed raw_seeds[] = {
    {"raw-wide-uint", "cf 00 00 00 00 00 00 00 05"},
    {"raw-wide-array", "dc 00 02 c0 c3"},
    {"raw-str8-short", "d9 02 68 69"},
    {"raw-map16", "de 00 01 a1 6b d1 ff ff"},
    /* Signed forms of 0, where the unpacker switches to unsigned. */
    {"raw-int8-zero", "d0 00"},
    {"raw-int16-zero", "d1 00 00"},
    {"raw-int32-zero", "d2 00 00 00 00"},
    {"raw-int64-zero", "d3 00 00 00 00 00 00 00 00"},
};

static size_t parse_hex(const char *hex, uint8_t *out, size_t cap)
{
    size_t n = 0;
    while (*hex && n < cap) {
        while (*hex == ' ')
            hex++;
        if (!*hex)
            break;
        out[n++] = (uint8_t)strtoul((char[]){hex[0], hex[1], 0}, NULL, 16);
        hex += 2;
    }
    return n;
}

/* The variation a seed starts from (what draw_variation draws). */
typedef struct seed_variation {
    pf_plan chunks;
    size_t buffer; /* index in mp_first_buffers */
    size_t batch_order[MAX_BATCH], map_order[MAX_ITEMS];
    uint16_t room;
} seed_variation;

/* Every seed starts from a different variation, so that the properties
 * have something to compare from the first run on. */
static seed_variation variation_for(size_t variant)
{
    seed_variation v = {.chunks = {2, {1 + variant % 3, 2 + variant % 5}},
                        .buffer = 1 + variant % (PF_LEN(mp_first_buffers) - 1),
                        .room = (uint16_t)(3 * variant + 1)};
    for (size_t k = 0; k < MAX_BATCH; k++)
        v.batch_order[k] = MAX_BATCH - 1 - k;
    for (size_t k = 0; k < MAX_ITEMS; k++)
        v.map_order[k] = (k + 1 + variant) % MAX_ITEMS;
    return v;
}

/* Encodes a batch with the decoder's inverse, checks that the strategy
 * decodes it back to the same values and variation, and emits it. */
static void emit_batch(void (*emit)(const char *, const uint8_t *, size_t),
                       const char *name, const msgpack_object *vals, size_t n,
                       const seed_variation *v)
{
    pf_buf e = {0};
    pf_enc_choice(&e, N_MODES, MODE_VALUES);
    mp_enc_variation(&e, &v->chunks, v->batch_order, v->map_order, v->buffer, v->room);
    for (size_t i = 0; i < n; i++) {
        if (i)
            pf_enc_more(&e, true);
        mp_enc_value(&e, &vals[i], 0);
    }
    if (n < MAX_BATCH)
        pf_enc_more(&e, false);
    pf_src *s = pf_begin("codec", e.data, e.len);
    PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_VALUES);
    const batch *b = mp_draw_batch(s);
    PF_ASSERT(s, b->n == n && b->chunks.n == v->chunks.n &&
                     b->batch_order[0] == v->batch_order[0] &&
                     b->map_order[0] == v->map_order[0] &&
                     b->first_buffer == mp_first_buffers[v->buffer] && b->room == v->room);
    for (size_t k = 0; k < n; k++) {
        pf_path path = {.len = 0};
        PF_ASSERT(s, mp_obj_equal(&b->vals[k], &vals[k], &path));
    }
    pf_end(s);
    emit(name, e.data, e.len);
    pf_buf_free(&e);
}

/* A container of strings streamed in 9-byte chunks from a first buffer of
 * one byte: the unpacker moves to a new buffer at every chunk while the
 * strings it has read still point into the old ones, and the value's
 * zone collects a finalizer for each. */
static void emit_stream_seed(void (*emit)(const char *, const uint8_t *, size_t))
{
    msgpack_object items[16], o = {.type = MSGPACK_OBJECT_ARRAY};
    for (size_t k = 0; k < PF_LEN(items); k++) {
        items[k].type = MSGPACK_OBJECT_STR;
        items[k].via.str.ptr = "abcdefgh", items[k].via.str.size = 8;
    }
    o.via.array.ptr = items, o.via.array.size = PF_LEN(items);
    seed_variation v = variation_for(0);
    v.chunks.n = PF_PLAN_MAX;
    for (size_t k = 0; k < PF_PLAN_MAX; k++)
        v.chunks.sizes[k] = 9;
    v.buffer = 1;
    emit_batch(emit, "stream-strings", &o, 1, &v);
}

/* Seeds at the boundaries where the form changes (a random draw reaches
 * the 16-bit ones rarely): one value each, built as the strategy builds
 * long and wide values. */
static const struct boundary_seed {
    const char *name;
    msgpack_object_type type;
    uint32_t size;
} boundary_seeds[] = {
    {"wide-array-16", MSGPACK_OBJECT_ARRAY, 16},
    {"wide-map-16", MSGPACK_OBJECT_MAP, 16},
    {"long-str-256", MSGPACK_OBJECT_STR, 256},
    {"long-str-65536", MSGPACK_OBJECT_STR, 65536},
    {"long-bin-65536", MSGPACK_OBJECT_BIN, 65536},
    {"long-ext-65536", MSGPACK_OBJECT_EXT, 65536},
};

static void emit_boundary_seeds(void (*emit)(const char *, const uint8_t *, size_t))
{
    for (size_t i = 0; i < PF_LEN(boundary_seeds); i++) {
        const struct boundary_seed *b = &boundary_seeds[i];
        msgpack_zone z;
        msgpack_zone_init(&z, 2048);
        msgpack_object o = {.type = b->type};
        char *bytes = msgpack_zone_malloc(&z, b->size);
        msgpack_object *items = msgpack_zone_malloc(&z, b->size * sizeof *items);
        msgpack_object_kv *kv = msgpack_zone_malloc(&z, b->size * sizeof *kv);
        if (!bytes || !items || !kv)
            abort();
        memset(bytes, 'x', b->size);
        for (uint32_t k = 0; k < b->size; k++) {
            items[k] = (msgpack_object){.type = MSGPACK_OBJECT_NIL};
            kv[k].key = (msgpack_object){.type = MSGPACK_OBJECT_POSITIVE_INTEGER, .via.u64 = k};
            kv[k].val = items[k];
        }
        if (b->type == MSGPACK_OBJECT_ARRAY)
            o.via.array.ptr = items, o.via.array.size = b->size;
        else if (b->type == MSGPACK_OBJECT_MAP)
            o.via.map.ptr = kv, o.via.map.size = b->size;
        else if (b->type == MSGPACK_OBJECT_EXT)
            o.via.ext.ptr = bytes, o.via.ext.size = b->size, o.via.ext.type = 7;
        else
            o.via.str.ptr = bytes, o.via.str.size = b->size; /* str and bin alike */
        seed_variation v = variation_for(i);
        emit_batch(emit, b->name, &o, 1, &v);
        msgpack_zone_destroy(&z);
    }
}

/* Called by the seed writer (properties/drivers/seed_main.c). Each seed is checked
 * to decode back to the values it was written from before it is emitted. */
void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    uint8_t doc[256];
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        size_t len = parse_hex(seeds[i].hex, doc, sizeof doc), off = 0;
        msgpack_unpacked u[MAX_BATCH];
        msgpack_object vals[MAX_BATCH];
        size_t n = 0;
        while (off < len && n < MAX_BATCH) {
            msgpack_unpacked_init(&u[n]);
            if (msgpack_unpack_next(&u[n], (const char *)doc, len, &off) !=
                MSGPACK_UNPACK_SUCCESS)
                abort(); /* a typo in the table above */
            vals[n] = u[n].data;
            n++;
        }
        seed_variation v = variation_for(i);
        emit_batch(emit, seeds[i].name, vals, n, &v);
        for (size_t k = 0; k < n; k++)
            msgpack_unpacked_destroy(&u[k]);
    }
    emit_boundary_seeds(emit);
    emit_stream_seed(emit);
    for (size_t i = 0; i < sizeof raw_seeds / sizeof raw_seeds[0]; i++) {
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_RAW);
        pf_buf_put(&e, doc, parse_hex(raw_seeds[i].hex, doc, sizeof doc));
        emit(raw_seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
}
