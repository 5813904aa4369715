/* varint — the example project's propfuzz target (tests/outside).
 *
 * Value mode draws a list of up to 32 int64 values, every value reachable
 * (pf_i64: 8 bytes, verbatim), and checks:
 *   round_trip          vi_unpack(vi_pack(list)) == list
 *   smallest_encoding   each value's varint is as short as its bits allow
 *                       (vi_get_u64 refuses longer forms, so a longer one
 *                       would not come back)
 * Raw mode checks, on any bytes:
 *   canonical_fixed_point  bytes vi_unpack accepts re-pack to themselves
 */
#include "propfuzz.h"
#include "varint.h"

#include <stdlib.h>

enum { MAX_VALUES = 32 };

typedef struct vlist {
    size_t n;
    int64_t *v;
} vlist;

/* --- the library as the oracles' pf_codec ------------------------------ */

static int encode(void *ctx, const void *value, pf_buf *out)
{
    (void)ctx;
    const vlist *l = value;
    uint8_t *bytes;
    size_t len;
    if (vi_pack(l->v, l->n, &bytes, &len) != VI_OK)
        return 1;
    pf_buf_put(out, bytes, len);
    free(bytes);
    return 0;
}

static int decode(void *ctx, const uint8_t *data, size_t len, void **value)
{
    (void)ctx;
    vlist *l = malloc(sizeof *l);
    if (!l)
        return 1;
    if (vi_unpack(data, len, &l->v, &l->n) != VI_OK) {
        free(l);
        return 1;
    }
    *value = l;
    return 0;
}

static void release(void *ctx, void *value)
{
    (void)ctx;
    vlist *l = value;
    free(l->v);
    free(l);
}

static bool equal(void *ctx, const void *a, const void *b, pf_path *path)
{
    (void)ctx;
    const vlist *x = a, *y = b;
    for (size_t i = 0; i < x->n && i < y->n; i++) {
        if (x->v[i] != y->v[i]) {
            pf_path_index(path, i);
            return false;
        }
    }
    return x->n == y->n;
}

static void print(void *ctx, const void *value, pf_buf *out)
{
    (void)ctx;
    const vlist *l = value;
    pf_buf_putc(out, '[');
    for (size_t i = 0; i < l->n; i++)
        pf_buf_printf(out, "%s%lld", i ? ", " : "", (long long)l->v[i]);
    pf_buf_putc(out, ']');
}

static const pf_codec codec = {encode, decode, release, equal, print, NULL};

/* --- value mode --------------------------------------------------------- */

static void *draw_list(pf_src *s)
{
    vlist *l = pf_alloc(s, sizeof *l);
    l->v = pf_alloc(s, MAX_VALUES * sizeof *l->v);
    l->n = 0;
    pf_list items;
    pf_list_begin(s, &items, "values", 0, MAX_VALUES);
    while (pf_list_more(s, &items))
        l->v[l->n++] = pf_i64(s, "value");
    return l;
}

static void prop_round_trip(pf_src *s, void *input)
{
    pf_check_round_trip(s, NULL, &codec, input);
}

static void prop_smallest_encoding(pf_src *s, void *input)
{
    const vlist *l = input;
    for (size_t i = 0; i < l->n; i++) {
        uint64_t u = vi_zigzag(l->v[i]);
        size_t bits = 0;
        while (bits < 64 && (u >> bits) != 0)
            bits++;
        size_t want = bits == 0 ? 1 : (bits + 6) / 7;
        uint8_t out[VI_MAX];
        size_t got = vi_put_u64(u, out);
        if (got != want) {
            pf_buf b = {0};
            pf_buf_printf(&b, "%lld (zigzag %llu): %zu bytes, the shortest is %zu",
                          (long long)l->v[i], (unsigned long long)u, got, want);
            pf_line line = {"value", pf_buf_defer(s, &b)};
            pf_fail(s, NULL, "a varint longer than its value needs", &line, 1, NULL);
        }
    }
}

/* --- raw mode ----------------------------------------------------------- */

static void prop_canonical_fixed_point(pf_src *s, void *input)
{
    (void)input;
    size_t len;
    const uint8_t *raw = pf_rest(s, "bytes", &len);
    pf_check_fixed_point(s, NULL, &codec, raw, len);
}

static const pf_property value_properties[] = {
    {"round_trip", prop_round_trip},
    {"smallest_encoding", prop_smallest_encoding},
};
static const pf_property raw_properties[] = {
    {"canonical_fixed_point", prop_canonical_fixed_point},
};
enum { MODE_VALUES, MODE_RAW, N_MODES };
static const pf_mode modes[N_MODES] = {
    {"values", draw_list, value_properties, PF_LEN(value_properties)},
    {"raw", NULL, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target varint = {"varint", modes, N_MODES, NULL};
PF_TARGET(varint)

/* --- seeds, written as values ------------------------------------------- */

static void emit_list(void (*emit)(const char *, const uint8_t *, size_t),
                      const char *name, const int64_t *v, size_t n)
{
    pf_buf e = {0};
    pf_enc_choice(&e, N_MODES, MODE_VALUES);
    for (size_t i = 0; i < n; i++) {
        pf_enc_more(&e, true);
        pf_enc_i64_range(&e, INT64_MIN, INT64_MAX, v[i]);
    }
    pf_enc_more(&e, false);
    emit(name, e.data, e.len);
    pf_buf_free(&e);
}

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    static const int64_t small[] = {0, 1, -1, 63, -64, 64};
    static const int64_t edges[] = {127, 128, 16383, 16384, INT32_MAX, INT32_MIN};
    /* Values past 32 bits are left to the fuzzer: the planted bug
     * (src/varint.h) is for it to find, not for the seeds. */
    static const int64_t wide[] = {1000000007, -1000000007};
    emit_list(emit, "empty", NULL, 0);
    emit_list(emit, "small", small, PF_LEN(small));
    emit_list(emit, "byte-edges", edges, PF_LEN(edges));
    emit_list(emit, "wide", wide, PF_LEN(wide));
    /* raw mode: the list [1, -1] as the library writes it */
    pf_buf e = {0};
    pf_enc_choice(&e, N_MODES, MODE_RAW);
    pf_buf_put(&e, "\x02\x02\x01", 3);
    emit("raw-two", e.data, e.len);
    pf_buf_free(&e);
}
