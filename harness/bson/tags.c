/* BSON's own types in the value model (PF_BIN_TAG by type byte): one table
 * of their parts, which the strategy's hooks, its inverse and the
 * restrictions read. */
#include "bson_target.h"

#include <string.h>

/* What a part is: C strings (regex, code, a DBPointer's collection) hold
 * no U+0000 (R2) and have ordinary sizes; regex options are a sorted
 * subset of "ilmsux" (R3). */
enum part { NONE, OID, CSTRING, TEXT, FLAGS, DOC, U32 };
typedef struct own_type {
    bson_type_t type;
    enum part parts[2];
    const char *names[2]; /* the draws' labels */
} own_type;

/* In the order the strategy offers them. */
static const own_type own_types[] = {
    {BSON_TYPE_OID, {OID}, {"oid"}},
    {BSON_TYPE_REGEX, {CSTRING, FLAGS}, {"pattern", "flag"}},
    {BSON_TYPE_DBPOINTER, {CSTRING, OID}, {"collection", "oid"}},
    {BSON_TYPE_CODE, {CSTRING}, {"code"}},
    {BSON_TYPE_SYMBOL, {TEXT}, {"symbol"}},
    {BSON_TYPE_CODEWSCOPE, {CSTRING, DOC}, {"code", "scope"}},
    {BSON_TYPE_TIMESTAMP, {U32, U32}, {"time", "increment"}},
    {BSON_TYPE_UNDEFINED, {NONE}, {NULL}},
    {BSON_TYPE_MINKEY, {NONE}, {NULL}},
    {BSON_TYPE_MAXKEY, {NONE}, {NULL}},
};
static const char regex_flags[] = "ilmsux"; /* libbson sorts them (R3) */

static const own_type *own_type_of(int64_t tag)
{
    for (size_t i = 0; i < PF_LEN(own_types); i++)
        if (own_types[i].type == tag)
            return &own_types[i];
    return NULL;
}

pf_bin *bt_own(pf_bin_pool *p, bson_type_t type, pf_bin *a, pf_bin *b)
{
    if (!b)
        return pf_bin_tag(p, type, a ? a : pf_bin_nil(p));
    pf_bin *arr = pf_bin_array(p, 2);
    pf_bin_push(p, arr, a);
    pf_bin_push(p, arr, b);
    return pf_bin_tag(p, type, arr);
}

const pf_bin *bt_part(const pf_bin *v, size_t i)
{
    const pf_bin *in = v->v.items[0];
    return in->kind == PF_BIN_ARRAY ? in->v.items[i] : in;
}

static pf_bin_limits part_limits(const pf_bin_limits *l, enum part k)
{
    pf_bin_limits c = *l;
    if (k == CSTRING)
        c.text_no_nul = true, c.boundaries = false;
    return c;
}

static pf_bin *draw_part(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l, unsigned depth,
                         enum part k, const char *name)
{
    pf_bin_limits pl = part_limits(l, k);
    char flags[8];
    size_t n = 0;
    switch (k) {
    case OID: return pf_bin_bytes(p, PF_BIN_BYTES, pf_bytes(s, name, 12, 12, &n), 12);
    case CSTRING: case TEXT: return pf_bin_draw_kind(s, p, &pl, depth + 1, PF_BIN_TEXT);
    case DOC: return pf_bin_draw_kind(s, p, &pl, depth + 1, PF_BIN_MAP);
    case U32: return pf_bin_uint(p, pf_u32(s, name), 4);
    case FLAGS:
        for (size_t i = 0; i < 6; i++)
            if (pf_bool(s, name))
                flags[n++] = regex_flags[i];
        flags[n] = 0;
        return pf_bin_text(p, flags);
    default: return NULL;
    }
}

static void enc_part(pf_buf *e, const pf_bin_limits *l, unsigned depth, enum part k,
                     const pf_bin *v)
{
    pf_bin_limits pl = part_limits(l, k);
    switch (k) {
    case OID: pf_enc_bytes(e, 12, 12, v->v.bytes, 12); break;
    case CSTRING: case TEXT: pf_bin_enc_kind(e, &pl, v, depth + 1, PF_BIN_TEXT); break;
    case DOC: pf_bin_enc_kind(e, &pl, v, depth + 1, PF_BIN_MAP); break;
    case U32: pf_enc_u64_range(e, 0, UINT32_MAX, v->v.u); break;
    case FLAGS:
        for (size_t i = 0; i < 6; i++)
            pf_enc_bool(e, memchr(v->v.bytes, regex_flags[i], v->n) != NULL);
        break;
    default: break;
    }
}

pf_bin *bt_draw_tag(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l, unsigned depth)
{
    const own_type *t = &own_types[pf_choice(s, "bson_type", PF_LEN(own_types))];
    pf_bin *part[2] = {NULL, NULL};
    for (size_t i = 0; i < 2 && t->parts[i]; i++)
        part[i] = draw_part(s, p, l, depth, t->parts[i], t->names[i]);
    return bt_own(p, t->type, part[0], part[1]);
}

void bt_enc_tag(pf_buf *e, const pf_bin_limits *l, const pf_bin *v, unsigned depth)
{
    const own_type *t = own_type_of(v->tag);
    pf_enc_choice(e, PF_LEN(own_types), t ? (size_t)(t - own_types) : PF_LEN(own_types));
    for (size_t i = 0; t && i < 2 && t->parts[i]; i++)
        enc_part(e, l, depth, t->parts[i], bt_part(v, i));
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

/* R2, R3 (values read from raw bytes: drawn ones keep them). */
static const char *unfit_node(const pf_bin *v, const void *ctx)
{
    (void)ctx;
    const own_type *t = v->kind == PF_BIN_TAG ? own_type_of(v->tag) : NULL;
    for (size_t i = 0; t && i < 2; i++) {
        const pf_bin *part = bt_part(v, i);
        if (t->parts[i] == FLAGS && !sorted_flags(part))
            return "R3";
        if (t->parts[i] == CSTRING && memchr(part->v.bytes, 0, part->n))
            return "R2";
    }
    return NULL;
}

const char *bt_unfit(const pf_bin_codec *c, const pf_bin *v)
{
    (void)c;
    return pf_bin_find(v, unfit_node, NULL);
}
