/* A table of drawn parameters: the draws, their inverse and the report
 * line, from one description (see include/propfuzz_stream.h). */
#include "propfuzz_stream.h"

void pf_draw_params(pf_src *s, const char *label, const pf_param *t, size_t n,
                    int64_t *values)
{
    pf_span_begin(s, label);
    for (size_t i = 0; i < n; i++) {
        const pf_param *p = &t[i];
        values[i] = 0;
        if (p->when && !values[p->when - 1])
            continue;
        switch (p->kind) {
        case PF_PARAM_BOOL:
            values[i] = pf_bool(s, p->name);
            break;
        case PF_PARAM_CHOICE:
            values[i] = (int64_t)pf_choice(s, p->name, (size_t)p->hi + 1);
            pf_name_values(s, p->names, (size_t)p->hi + 1);
            break;
        case PF_PARAM_UINT:
            values[i] = (int64_t)pf_u64_range(s, p->name, (uint64_t)p->lo,
                                              (uint64_t)p->hi);
            break;
        case PF_PARAM_INT:
            values[i] = pf_i64_range(s, p->name, p->lo, p->hi);
            break;
        }
    }
    pf_span_end(s);
}

void pf_enc_params(pf_buf *e, const pf_param *t, size_t n,
                   const int64_t *values)
{
    for (size_t i = 0; i < n; i++) {
        const pf_param *p = &t[i];
        if (p->when && !values[p->when - 1])
            continue;
        switch (p->kind) {
        case PF_PARAM_BOOL:
            pf_enc_bool(e, values[i] != 0);
            break;
        case PF_PARAM_CHOICE:
            pf_enc_choice(e, (size_t)p->hi + 1, (size_t)values[i]);
            break;
        case PF_PARAM_UINT:
            pf_enc_u64_range(e, (uint64_t)p->lo, (uint64_t)p->hi,
                             (uint64_t)values[i]);
            break;
        case PF_PARAM_INT:
            pf_enc_i64_range(e, p->lo, p->hi, values[i]);
            break;
        }
    }
}

void pf_describe_params(pf_buf *b, const pf_param *t, size_t n,
                        const int64_t *values)
{
    for (size_t i = 0; i < n; i++) {
        if (t[i].when && !values[t[i].when - 1])
            continue;
        pf_buf_printf(b, b->len ? " %s=" : "%s=", t[i].name);
        if (t[i].kind == PF_PARAM_CHOICE && values[i] >= 0 && values[i] <= t[i].hi)
            pf_buf_printf(b, "%s", t[i].names[values[i]]);
        else
            pf_buf_printf(b, "%lld", (long long)values[i]);
    }
}
