/* codec's seeds, written as values (design §6): each is a batch of
 * MessagePack values (hex) read by msgpack-c, or built at a boundary, and
 * written with the family's inverse, which checks it reads back. */
#include "codec.h"

#include <stdio.h>

static const struct seed {
    const char *name;
    const char *hex; /* 1..4 MessagePack values: the batch */
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
    {"batch-mixed", "c0 d0 80 a2 68 69 94 cc ff c4 01 00 d4 05 00 80"},
    /* Strings of one length, read back in another order (a reader that
     * keys anything by length mixes them up). */
    {"str-one-length", "a2 68 69 a2 6f 6b"},
};

/* Raw-mode seeds for canonical_fixed_point: documents with non-canonical
 * encodings (wide headers for small values) that pack to a shorter form. */
static const struct seed raw_seeds[] = {
    {"raw-wide-uint", "cf 00 00 00 00 00 00 00 05"},
    {"raw-wide-array", "dc 00 02 c0 c3"},
    {"raw-str8-short", "d9 02 68 69"},
    {"raw-map16", "de 00 01 a1 6b d1 ff ff"},
    /* Duplicate keys, which value mode never draws (R3). */
    {"raw-map-duplicate-keys", "82 a1 6b c0 a1 6b c3"},
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

/* Every seed starts from another variation (chunks, first buffer, room,
 * batch order: MP_* in codec.h), so the properties have something to
 * compare from the first run on. */
static void emit_case(pf_bin_emit *emit, const char *name, const pf_bin *const *vals, size_t n,
                      size_t i)
{
    pf_plan chunks = {2, {1 + i % 3, 2 + i % 5}};
    size_t perm_seed = (3 * i + 1) | (1 + i % 4) << 16 | (7 * i % 24) << 24;
    pf_bin_seed_case(emit, name, MODE_VALUES, N_MODES, &mp_codec, vals, n, &chunks, perm_seed);
}

/* A str, bin or ext of a boundary size, or an array or map of nils. */
static pf_bin *boundary(pf_bin_pool *p, pf_bin_kind kind, size_t n)
{
    if (kind == PF_BIN_ARRAY || kind == PF_BIN_MAP) {
        pf_bin *c = kind == PF_BIN_MAP ? pf_bin_map(p, n) : pf_bin_array(p, n);
        pf_bin *nil = pf_bin_nil(p);
        char key[16];
        for (size_t i = 0; i < n; i++) {
            snprintf(key, sizeof key, "%zu", i); /* the family's index keys */
            if (kind == PF_BIN_MAP)
                pf_bin_put(p, c, pf_bin_text(p, key), nil);
            else
                pf_bin_push(p, c, nil);
        }
        return c;
    }
    uint8_t *bytes = pf_bin_alloc(p, n);
    memset(bytes, 'x', n);
    return kind == PF_BIN_EXT ? pf_bin_ext(p, 7, bytes, n) : pf_bin_bytes(p, kind, bytes, n);
}

static const struct boundary_seed {
    const char *name;
    pf_bin_kind kind;
    size_t size;
} boundary_seeds[] = {
    {"wide-array-16", PF_BIN_ARRAY, 16},     {"wide-map-16", PF_BIN_MAP, 16},
    {"long-str-256", PF_BIN_TEXT, 256},      {"long-bin-256", PF_BIN_BYTES, 256},
    {"long-ext-256", PF_BIN_EXT, 256},
    /* No 65,536-byte or -element seeds: the strategy draws at most 256
     * (harness/codec.c); typed_packers checks the 16/32-bit headers by a
     * claimed size. */
};

/* Called by the seed writer (properties/drivers/seed_main.c). */
void pf_target_seeds(pf_bin_emit *emit)
{
    pf_bin_pool *p = pf_bin_pool_new();
    uint8_t doc[256];
    for (size_t i = 0; i < PF_LEN(seeds); i++) {
        size_t len = parse_hex(seeds[i].hex, doc, sizeof doc), off = 0, used, n = 0;
        const pf_bin *vals[PF_BIN_MAX_BATCH];
        while (off < len) {
            pf_bin *v = mp_decode(&mp_codec, p, doc + off, len - off, &used);
            if (!v || n == PF_BIN_MAX_BATCH)
                abort(); /* a typo in the table above */
            vals[n++] = v, off += used;
        }
        emit_case(emit, seeds[i].name, vals, n, i);
    }
    for (size_t i = 0; i < PF_LEN(boundary_seeds); i++) {
        const pf_bin *v = boundary(p, boundary_seeds[i].kind, boundary_seeds[i].size);
        emit_case(emit, boundary_seeds[i].name, &v, 1, i);
    }
    /* An array of strings streamed in 9-byte chunks from a first buffer of
     * one byte: the unpacker moves to a new buffer at every chunk while the
     * strings it has read still point into the old ones. */
    pf_bin *strings = pf_bin_array(p, 16);
    pf_bin *s8 = pf_bin_text(p, "abcdefgh");
    for (size_t i = 0; i < 16; i++)
        pf_bin_push(p, strings, s8);
    pf_plan nines = {PF_PLAN_MAX, {0}};
    for (size_t i = 0; i < PF_PLAN_MAX; i++)
        nines.sizes[i] = 9;
    const pf_bin *one[] = {strings};
    pf_bin_seed_case(emit, "stream-strings", MODE_VALUES, N_MODES, &mp_codec, one, 1, &nines,
                     1u << 16);
    for (size_t i = 0; i < PF_LEN(raw_seeds); i++)
        pf_bin_seed_raw(emit, raw_seeds[i].name, MODE_RAW, N_MODES, doc,
                        parse_hex(raw_seeds[i].hex, doc, sizeof doc));
    pf_bin_pool_free(p);
}
