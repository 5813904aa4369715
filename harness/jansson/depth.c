/* depth_limit — jansson limits nesting to JSON_PARSER_MAX_DEPTH (2048,
 * doc/conformance.rst), counting every value, a scalar too (J6): 2048
 * containers nested with an empty one innermost read, 2049 are refused,
 * and a scalar inside 2047 reads but inside 2048 is refused; the limit
 * counts open containers only, so thousands side by side read however
 * many there are. Drawn texts nest a few levels and hold a few items:
 * only this reaches the limit from both sides. */
#include "jansson_raw.h"

#include <jansson.h>
#include <string.h>

/* A planted-bug build (tests/planted/jansson/) wraps json_loadb here too. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

enum { MAX_DEPTH = 2048, MAX_SIDE_BY_SIDE = 3000 };

static bool reads(const pf_buf *t)
{
    json_t *j = json_loadb((const char *)t->data, t->len, 0, NULL);
    json_decref(j);
    return j != NULL;
}

void jansson_depth_limit(pf_src *s, void *json_case)
{
    (void)json_case;
    size_t depth = pf_u64_range(s, "depth", MAX_DEPTH - 2, MAX_DEPTH + 2);
    size_t side = pf_u64_range(s, "containers side by side", MAX_DEPTH - 8, MAX_SIDE_BY_SIDE);
    bool objects = pf_bool(s, "objects");
    pf_buf *nested = pf_json_scratch(s), *flat = pf_json_scratch(s);
    /* An array outside, then objects whose one member holds the next; the
     * innermost is empty, or holds a scalar (one level more). */
    bool scalar = pf_bool(s, "scalar innermost");
    size_t levels = depth + scalar;
    for (size_t i = 0; i < depth; i++) {
        bool holds_next = i + 1 < depth || scalar;
        const char *open = !objects || i == 0 ? "[" : holds_next ? "{\"k\":" : "{";
        pf_buf_put(nested, open, strlen(open));
    }
    if (scalar)
        pf_buf_putc(nested, '0');
    for (size_t i = depth; i-- > 0;)
        pf_buf_putc(nested, objects && i ? '}' : ']');
    pf_buf_putc(flat, '[');
    for (size_t i = 0; i < side; i++)
        pf_buf_put(flat, objects ? "{}," : "[],", i + 1 < side ? 3 : 2);
    pf_buf_putc(flat, ']');
    const char *why = reads(nested) != (levels <= MAX_DEPTH)
                          ? levels <= MAX_DEPTH ? "json_loadb refused a text nested to its limit"
                                                : "json_loadb read a text nested past its limit"
                      : !reads(flat) ? "json_loadb refused containers side by side, one level deep"
                                     : NULL;
    if (why) {
        pf_buf shown = {0};
        pf_buf_printf(&shown, "%zu containers nested%s; %zu %s side by side", depth,
                      scalar ? " around a scalar" : "", side, objects ? "objects" : "arrays");
        pf_line l[] = {{"texts", pf_buf_defer(s, &shown)}};
        pf_fail(s, NULL, why, l, 1, NULL);
    }
}
