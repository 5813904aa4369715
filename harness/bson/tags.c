/* The strategy's hooks for BSON's own types (PF_BIN_TAG by type byte)
 * and the values it excludes. */
#include "bson_target.h"

#include <string.h>

static const bson_type_t types[] = {
    BSON_TYPE_OID, BSON_TYPE_REGEX, BSON_TYPE_DBPOINTER, BSON_TYPE_CODE,
    BSON_TYPE_SYMBOL, BSON_TYPE_CODEWSCOPE, BSON_TYPE_TIMESTAMP,
    BSON_TYPE_UNDEFINED, BSON_TYPE_MINKEY, BSON_TYPE_MAXKEY,
};
static const char regex_flags[] = "ilmsux"; /* libbson sorts them (R3) */

/* C-string payloads (regex, code, a DBPointer's collection): no U+0000
 * (R2), ordinary sizes. */
static pf_bin_limits cstring_limits(const pf_bin_limits *l)
{
    pf_bin_limits c = *l;
    c.text_no_nul = true;
    c.boundaries = false;
    return c;
}

static pf_bin *two(pf_bin_pool *p, int64_t tag, pf_bin *a, pf_bin *b)
{
    pf_bin *arr = pf_bin_array(p, 2);
    pf_bin_push(p, arr, a);
    pf_bin_push(p, arr, b);
    return pf_bin_tag(p, tag, arr);
}

static pf_bin *oid(pf_src *s, pf_bin_pool *p)
{
    size_t len;
    return pf_bin_bytes(p, PF_BIN_BYTES, pf_bytes(s, "oid", 12, 12, &len), 12);
}

pf_bin *bt_draw_tag(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l, unsigned depth)
{
    pf_bin_limits cs = cstring_limits(l);
    bson_type_t t = types[pf_choice(s, "bson_type", PF_LEN(types))];
    switch (t) {
    case BSON_TYPE_OID: return pf_bin_tag(p, t, oid(s, p));
    case BSON_TYPE_REGEX: {
        pf_bin *pat = pf_bin_draw_kind(s, p, &cs, depth + 1, PF_BIN_TEXT);
        char flags[8];
        size_t n = 0;
        for (size_t i = 0; i < 6; i++)
            if (pf_bool(s, "flag"))
                flags[n++] = regex_flags[i];
        flags[n] = 0;
        return two(p, t, pat, pf_bin_text(p, flags));
    }
    case BSON_TYPE_DBPOINTER: {
        pf_bin *coll = pf_bin_draw_kind(s, p, &cs, depth + 1, PF_BIN_TEXT);
        return two(p, t, coll, oid(s, p));
    }
    case BSON_TYPE_CODE:
        return pf_bin_tag(p, t, pf_bin_draw_kind(s, p, &cs, depth + 1, PF_BIN_TEXT));
    case BSON_TYPE_SYMBOL:
        return pf_bin_tag(p, t, pf_bin_draw_kind(s, p, l, depth + 1, PF_BIN_TEXT));
    case BSON_TYPE_CODEWSCOPE: {
        pf_bin *code = pf_bin_draw_kind(s, p, &cs, depth + 1, PF_BIN_TEXT);
        return two(p, t, code, pf_bin_draw_kind(s, p, l, depth + 1, PF_BIN_MAP));
    }
    case BSON_TYPE_TIMESTAMP:
        return two(p, t, pf_bin_uint(p, pf_u32(s, "time"), 4),
                   pf_bin_uint(p, pf_u32(s, "increment"), 4));
    default: return pf_bin_tag(p, t, pf_bin_nil(p));
    }
}

void bt_enc_tag(pf_buf *e, const pf_bin_limits *l, const pf_bin *v, unsigned depth)
{
    pf_bin_limits cs = cstring_limits(l);
    const pf_bin *in = v->v.items[0], *const *part = (const pf_bin *const *)in->v.items;
    size_t k = 0;
    while (k < PF_LEN(types) && types[k] != v->tag)
        k++;
    pf_enc_choice(e, PF_LEN(types), k);
    switch (v->tag) {
    case BSON_TYPE_OID: pf_enc_bytes(e, 12, 12, in->v.bytes, 12); break;
    case BSON_TYPE_REGEX:
        pf_bin_enc_kind(e, &cs, part[0], depth + 1, PF_BIN_TEXT);
        for (size_t i = 0; i < 6; i++)
            pf_enc_bool(e, strchr((const char *)part[1]->v.bytes, regex_flags[i]) != NULL);
        break;
    case BSON_TYPE_DBPOINTER:
        pf_bin_enc_kind(e, &cs, part[0], depth + 1, PF_BIN_TEXT);
        pf_enc_bytes(e, 12, 12, part[1]->v.bytes, 12);
        break;
    case BSON_TYPE_CODE: pf_bin_enc_kind(e, &cs, in, depth + 1, PF_BIN_TEXT); break;
    case BSON_TYPE_SYMBOL: pf_bin_enc_kind(e, l, in, depth + 1, PF_BIN_TEXT); break;
    case BSON_TYPE_CODEWSCOPE:
        pf_bin_enc_kind(e, &cs, part[0], depth + 1, PF_BIN_TEXT);
        pf_bin_enc_kind(e, l, part[1], depth + 1, PF_BIN_MAP);
        break;
    case BSON_TYPE_TIMESTAMP:
        pf_enc_u64_range(e, 0, UINT32_MAX, part[0]->v.u);
        pf_enc_u64_range(e, 0, UINT32_MAX, part[1]->v.u);
        break;
    default: break;
    }
}

/* R3: options that are not a sorted subset of "ilmsux" libbson rewrites. */
static bool sorted_flags(const pf_bin *opts)
{
    const char *f = regex_flags;
    for (size_t i = 0; i < opts->n; i++) {
        const char *at = memchr(f, opts->v.bytes[i], (size_t)(regex_flags + 6 - f));
        if (!at || !opts->v.bytes[i])
            return false;
        f = at + 1;
    }
    return true;
}

/* R2: a C-string payload that holds U+0000 (read from raw bytes). */
static bool cstring_nul(const pf_bin *v)
{
    const pf_bin *t = v->v.items[0];
    if (v->tag == BSON_TYPE_DBPOINTER || v->tag == BSON_TYPE_CODEWSCOPE)
        t = t->v.items[0];
    else if (v->tag != BSON_TYPE_CODE)
        return false;
    return memchr(t->v.bytes, 0, t->n) != NULL;
}

static const char *unfit_node(const pf_bin *v, const void *ctx)
{
    (void)ctx;
    if (v->kind == PF_BIN_TAG && v->tag == BSON_TYPE_REGEX &&
        !sorted_flags(v->v.items[0]->v.items[1]))
        return "R3";
    return v->kind == PF_BIN_TAG && cstring_nul(v) ? "R2" : NULL;
}

const char *bt_unfit(const pf_bin_codec *c, const pf_bin *v)
{
    (void)c;
    return pf_bin_find(v, unfit_node, NULL);
}

bool bt_decimal_faithful(const uint8_t bytes[16])
{
    uint64_t low, high;
    memcpy(&low, bytes, 8);
    memcpy(&high, bytes + 8, 8);
    uint64_t rest = high & ~((uint64_t)1 << 63);
    if ((rest >> 61) == 3) /* infinities, NaNs, the large form (never < 10^34) */
        return low == 0 && (rest == 0x7800000000000000u ? true : high == 0x7c00000000000000u);
    /* 10^34 = 0x1ed09bead87c0 378d8e6400000000 */
    uint64_t ch = high & 0x1ffffffffffffu;
    return ch < 0x1ed09bead87c0u || (ch == 0x1ed09bead87c0u && low < 0x378d8e6400000000u);
}
