/* A library against the strict reference parser: the skeleton of a
 * target's own raw-mode "reference" property (include/propfuzz_json.h,
 * pf_json_check_reference); the target says what its library refuses,
 * where it is lenient and how it holds a value. */
#include "json_internal.h"

const char *pf_json_structural_refusal(const uint8_t *text, size_t len,
                                       const pf_json_parse_info *info)
{
    switch (info->err) {
    case PF_JSON_ERR_EMPTY:
    case PF_JSON_ERR_TOKEN:
    case PF_JSON_ERR_SYNTAX:
    case PF_JSON_ERR_EOF:
        return pf_json_err_names[info->err];
    case PF_JSON_ERR_TRAILING:
        /* Lenient libraries skip control bytes as whitespace. */
        return info->offset < len && text[info->offset] > 0x20
                   ? pf_json_err_names[info->err] : NULL;
    default: return NULL;
    }
}

void pf_json_check_reference(pf_src *s, const pf_json_case *c,
                             const pf_json_reference *r)
{
    const char *lib = c->suite->lib->name;
    pf_json_parse_info info;
    const pf_json *ref = pf_json_parse(c->pool, c->text, c->len, &info);
    const char *refuse = ref ? r->must_refuse(ref, &info)
                             : r->refused_for(c->text, c->len, &info);
    if (!ref && !refuse)
        return; /* perhaps one of the library's leniencies */
    pf_json *got = c->suite->lib->parse(c->suite->lib, c->pool, c->text, c->len);
    if (refuse && got) {
        pf_line lines[] = {{"lib", lib}, {"it must refuse it for", refuse},
                           {"it read", pf_json_show(c->pool, got)}};
        pf_fail(s, NULL, "the library accepted a text it must refuse", lines,
                PF_LEN(lines), NULL);
    }
    pf_json *want = refuse ? NULL : r->view(c->pool, ref, &info);
    if (!want)
        return;
    pf_json_eq exactly = {0};
    pf_path path = {0};
    if (!got || !pf_json_equal(got, want, &exactly, &path)) {
        pf_line lines[] = {{"lib", lib}, {"the reference reads", pf_json_show(c->pool, want)},
                           {"it read", got ? pf_json_show(c->pool, got) : "refused"}};
        pf_fail(s, NULL, "the library's reading differs from the reference's", lines,
                PF_LEN(lines), got ? path.text : NULL);
    }
}
