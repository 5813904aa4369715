/* Tag schemas: a format's own compound types as a table of their parts,
 * which the strategy's hooks, their inverse and the unfit check read, so
 * a target lists its types once instead of writing the three. */
#include "bin_internal.h"

#include <string.h>

pf_bin *pf_bin_tag_parts(pf_bin_pool *p, int64_t tag, pf_bin *a, pf_bin *b)
{
    if (!b)
        return pf_bin_tag(p, tag, a ? a : pf_bin_nil(p));
    pf_bin *arr = pf_bin_array(p, 2);
    pf_bin_push(p, arr, a);
    pf_bin_push(p, arr, b);
    return pf_bin_tag(p, tag, arr);
}

const pf_bin *pf_bin_tag_part(const pf_bin *v, size_t i)
{
    const pf_bin *in = v->v.items[0];
    return in->kind == PF_BIN_ARRAY ? in->v.items[i] : in;
}

const pf_bin_tag_type *pf_bin_schema_type(const pf_bin_schema *sc, int64_t tag)
{
    for (size_t i = 0; i < sc->n; i++)
        if (sc->types[i].tag == tag)
            return &sc->types[i];
    return NULL;
}

/* A C string's limits: no 0x00, and no boundary sizes (a C string's
 * length is no header). */
static pf_bin_limits part_limits(const pf_bin_limits *l, pf_bin_part_kind k)
{
    pf_bin_limits c = *l;
    if (k == PF_BIN_PART_CSTRING)
        c.text_no_nul = true, c.boundaries = false;
    return c;
}

static uint64_t uint_max(size_t size) { return size >= 8 ? UINT64_MAX : (UINT64_C(1) << (8 * size)) - 1; }

static pf_bin *draw_part(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l, unsigned depth,
                         const pf_bin_part *part)
{
    pf_bin_limits pl = part_limits(l, part->kind);
    char flags[17];
    size_t n = 0;
    switch (part->kind) {
    case PF_BIN_PART_BYTES:
        return pf_bin_bytes(p, PF_BIN_BYTES, pf_bytes(s, part->label, part->size, part->size, &n),
                            part->size);
    case PF_BIN_PART_UINT:
        return pf_bin_uint(p, pf_u64_range(s, part->label, 0, uint_max(part->size)),
                           (unsigned)part->size);
    case PF_BIN_PART_TEXT: case PF_BIN_PART_CSTRING:
        return pf_bin_draw_kind(s, p, &pl, depth + 1, PF_BIN_TEXT);
    case PF_BIN_PART_MAP: return pf_bin_draw_kind(s, p, &pl, depth + 1, PF_BIN_MAP);
    case PF_BIN_PART_FLAGS:
        for (size_t i = 0; part->chars[i] && i < 16; i++)
            if (pf_bool(s, part->label))
                flags[n++] = part->chars[i];
        flags[n] = 0;
        return pf_bin_text(p, flags);
    default: return NULL;
    }
}

static void enc_part(pf_buf *e, const pf_bin_limits *l, unsigned depth, const pf_bin_part *part,
                     const pf_bin *v)
{
    pf_bin_limits pl = part_limits(l, part->kind);
    switch (part->kind) {
    case PF_BIN_PART_BYTES: pf_enc_bytes(e, part->size, part->size, v->v.bytes, part->size); break;
    case PF_BIN_PART_UINT: pf_enc_u64_range(e, 0, uint_max(part->size), v->v.u); break;
    case PF_BIN_PART_TEXT: case PF_BIN_PART_CSTRING:
        pf_bin_enc_kind(e, &pl, v, depth + 1, PF_BIN_TEXT);
        break;
    case PF_BIN_PART_MAP: pf_bin_enc_kind(e, &pl, v, depth + 1, PF_BIN_MAP); break;
    case PF_BIN_PART_FLAGS:
        for (size_t i = 0; part->chars[i] && i < 16; i++)
            pf_enc_bool(e, memchr(v->v.bytes, part->chars[i], v->n) != NULL);
        break;
    default: break;
    }
}

pf_bin *pf_bin_schema_draw(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l, unsigned depth)
{
    const pf_bin_schema *sc = l->ctx;
    const pf_bin_tag_type *t = &sc->types[pf_choice(s, sc->label, sc->n)];
    pf_bin *part[2] = {NULL, NULL};
    for (size_t i = 0; i < 2 && t->parts[i].kind; i++)
        part[i] = draw_part(s, p, l, depth, &t->parts[i]);
    return pf_bin_tag_parts(p, t->tag, part[0], part[1]);
}

void pf_bin_schema_enc(pf_buf *e, const pf_bin_limits *l, const pf_bin *v, unsigned depth)
{
    const pf_bin_schema *sc = l->ctx;
    const pf_bin_tag_type *t = pf_bin_schema_type(sc, v->tag);
    pf_enc_choice(e, sc->n, t ? (size_t)(t - sc->types) : sc->n);
    for (size_t i = 0; t && i < 2 && t->parts[i].kind; i++)
        enc_part(e, l, depth, &t->parts[i], pf_bin_tag_part(v, i));
}

/* FLAGS: a subset of chars in their order (no 0x00, no repeats). */
static bool in_order(const pf_bin *flags, const char *chars)
{
    const char *f = chars, *end = chars + strlen(chars);
    for (size_t i = 0; i < flags->n; i++) {
        const char *at = memchr(f, flags->v.bytes[i], (size_t)(end - f));
        if (!at || !flags->v.bytes[i])
            return false;
        f = at + 1;
    }
    return true;
}

static const char *unfit_node(const pf_bin *v, const void *schema)
{
    const pf_bin_schema *sc = schema;
    const pf_bin_tag_type *t = v->kind == PF_BIN_TAG ? pf_bin_schema_type(sc, v->tag) : NULL;
    for (size_t i = 0; t && i < 2 && t->parts[i].kind; i++) {
        const pf_bin *part = pf_bin_tag_part(v, i);
        if (t->parts[i].kind == PF_BIN_PART_FLAGS && !in_order(part, t->parts[i].chars))
            return sc->flags_rule;
        if (t->parts[i].kind == PF_BIN_PART_CSTRING && memchr(part->v.bytes, 0, part->n))
            return sc->cstring_rule;
    }
    return NULL;
}

const char *pf_bin_schema_unfit(const pf_bin_codec *c, const pf_bin *v)
{
    return pf_bin_find(v, unfit_node, c->values.ctx);
}
