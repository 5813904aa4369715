/* Property oracles over a pf_codec (design §4). Each rules out its own
 * false positives where it can: a refusal is reported as a refusal, and
 * values are rendered only once something failed. */
#include "../core/pf_internal.h"

#include <inttypes.h>
#include <stdlib.h>

/* Text for a failure report. The run is abandoned once the report is
 * out (the shrinker and the report's re-run go on in the same process),
 * so the text is freed when the input ends rather than by the caller. */
const char *pf_buf_defer(pf_src *s, pf_buf *b)
{
    const char *text = pf_buf_str(b);
    pf_defer(s, free, b->data);
    *b = (pf_buf){0};
    return text;
}

const char *pf__print_value(pf_src *s, const pf_codec *c, const void *value)
{
    pf_buf b = {0};
    c->print(c->ctx, value, &b);
    return pf_buf_defer(s, &b);
}

static const char *hex_of(pf_src *s, const uint8_t *p, size_t n)
{
    pf_buf b = {0};
    pf_buf_hex(&b, p, n, 512);
    return pf_buf_defer(s, &b);
}

/* A decoded value a failing check still holds is released with the input. */
typedef struct held {
    const pf_codec *c;
    void *value;
} held;

static void release_held(void *arg)
{
    held *h = arg;
    h->c->release(h->c->ctx, h->value);
}

static void hold(pf_src *s, const pf_codec *c, void *value)
{
    if (!value)
        return;
    held *h = pf_alloc(s, sizeof *h);
    *h = (held){c, value};
    pf_defer(s, release_held, h);
}

/* Encodings of passing checks go to buffers reused across calls: the
 * oracles run on every input, and a failure never returns to them. */
static pf_buf g_scratch[2];

static pf_buf *scratch(int i)
{
    g_scratch[i].len = 0;
    return &g_scratch[i];
}

static void check_round_trip(pf_src *s, const char *property, const pf_codec *c,
                         const void *value)
{
    pf_buf *enc = scratch(0);
    if (c->encode(c->ctx, value, enc) != 0) {
        pf_line l[] = {{"value", pf__print_value(s, c, value)}};
        pf_fail(s, property, "the encoder refused a value the strategy drew",
                l, 1, NULL);
    }
    void *back = NULL;
    if (c->decode(c->ctx, enc->data, enc->len, &back) != 0) {
        pf_line l[] = {{"value", pf__print_value(s, c, value)},
                       {"encode(value)", hex_of(s, enc->data, enc->len)}};
        pf_fail(s, property, "decode refused encode(value)", l, 2, NULL);
    }
    pf_path path = {0};
    if (!c->equal(c->ctx, value, back, &path)) {
        hold(s, c, back);
        pf_line l[] = {{"value", pf__print_value(s, c, value)},
                       {"encode(value)", hex_of(s, enc->data, enc->len)},
                       {"decode(...)", pf__print_value(s, c, back)}};
        pf_fail(s, property, "decode(encode(value)) != value", l, 3,
                path.text);
    }
    c->release(c->ctx, back);
}

static bool same_bytes(const pf_buf *a, const pf_buf *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

static void check_deterministic(pf_src *s, const char *property,
                            const pf_codec *c, const void *value)
{
    pf_buf *a = scratch(0), *b = scratch(1);
    int ra = c->encode(c->ctx, value, a);
    int rb = c->encode(c->ctx, value, b);
    if (ra != rb || !same_bytes(a, b)) {
        pf_line l[] = {{"value", pf__print_value(s, c, value)},
                       {"encode(value) #1", hex_of(s, a->data, a->len)},
                       {"encode(value) #2", hex_of(s, b->data, b->len)}};
        pf_fail(s, property, "encoding the same value twice differs", l, 3,
                NULL);
    }
}

static bool check_fixed_point(pf_src *s, const char *property, const pf_codec *c,
                          const uint8_t *raw, size_t len)
{
    void *v1 = NULL, *v2 = NULL;
    if (c->decode(c->ctx, raw, len, &v1) != 0)
        return false; /* refused: nothing is claimed about it */
    pf_buf *c1 = scratch(0), *c2 = scratch(1);
    hold(s, c, v1); /* released with the input, failing or not */
    if (c->encode(c->ctx, v1, c1) != 0) {
        pf_line l[] = {{"decode(input)", pf__print_value(s, c, v1)}};
        pf_fail(s, property, "the encoder refused a value the decoder accepted",
                l, 1, NULL);
    }
    if (c->decode(c->ctx, c1->data, c1->len, &v2) != 0) {
        pf_line l[] = {{"decode(input)", pf__print_value(s, c, v1)},
                       {"canonical", hex_of(s, c1->data, c1->len)}};
        pf_fail(s, property, "decode refused the canonical re-encoding", l, 2,
                NULL);
    }
    hold(s, c, v2);
    pf_path path = {0};
    if (!c->equal(c->ctx, v1, v2, &path)) {
        pf_line l[] = {{"decode(input)", pf__print_value(s, c, v1)},
                       {"canonical", hex_of(s, c1->data, c1->len)},
                       {"decode(canonical)", pf__print_value(s, c, v2)}};
        pf_fail(s, property, "re-encoding an accepted input changed its value",
                l, 3, path.text);
    }
    if (c->encode(c->ctx, v2, c2) != 0 || !same_bytes(c1, c2)) {
        pf_line l[] = {{"decode(input)", pf__print_value(s, c, v1)},
                       {"canonical", hex_of(s, c1->data, c1->len)},
                       {"re-encoded", hex_of(s, c2->data, c2->len)}};
        pf_fail(s, property, "the canonical encoding is not a fixed point", l,
                3, NULL);
    }
    return true;
}

static void check_values_equal(pf_src *s, const char *property, const pf_codec *c,
                           const char *name_a, const void *const *a,
                           size_t na, const char *name_b,
                           const void *const *b, size_t nb)
{
    size_t n = na < nb ? na : nb;
    for (size_t i = 0; i < n; i++) {
        pf_path inner = {0};
        if (!c->equal(c->ctx, a[i], b[i], &inner)) {
            /* The index is prefixed only now: paths cost on every pass. */
            pf_path path = {0};
            pf_path_index(&path, i);
            size_t room = sizeof path.text - 1 - path.len;
            size_t m = inner.len < room ? inner.len : room;
            memcpy(path.text + path.len, inner.text, m);
            path.len += m;
            path.text[path.len] = 0;
            pf_line l[] = {{name_a, pf__print_value(s, c, a[i])},
                           {name_b, pf__print_value(s, c, b[i])}};
            pf_fail(s, property, "the two sequences differ", l, 2, path.text);
        }
    }
    if (na != nb) {
        pf_buf msg = {0};
        pf_buf_printf(&msg, "%s has %zu values, %s has %zu", name_a, na,
                      name_b, nb);
        const char *summary = pf_buf_defer(s, &msg);
        pf_line l[] = {
            {na > n ? name_a : name_b,
             pf__print_value(s, c, na > n ? a[n] : b[n])}};
        pf_path path = {0};
        pf_path_index(&path, n);
        pf_fail(s, property, summary, l, 1, path.text);
    }
}

static void check_bytes_equal(pf_src *s, const char *property,
                          const char *name_a, const uint8_t *a, size_t na,
                          const char *name_b, const uint8_t *b, size_t nb)
{
    if (na == nb && (na == 0 || memcmp(a, b, na) == 0))
        return;
    size_t i = 0;
    while (i < na && i < nb && a[i] == b[i])
        i++;
    pf_buf at = {0};
    pf_buf_printf(&at, "byte %zu", i);
    pf_line l[] = {{name_a, hex_of(s, a, na)}, {name_b, hex_of(s, b, nb)}};
    pf_fail(s, property, "the byte strings differ", l, 2, pf_buf_defer(s, &at));
}

static void check_close(pf_src *s, const char *property, const char *name_a,
                    double a, const char *name_b, double b, pf_tolerance tol,
                    const char *tol_name)
{
    if (pf_close(a, b, tol))
        return;
    pf_buf va = {0}, vb = {0}, t = {0};
    pf_buf_printf(&va, "%.17g", a);
    pf_buf_printf(&vb, "%.17g (%" PRIu64 " ulps apart)", b,
                  pf_ulp_distance(a, b));
    pf_buf_printf(&t, "%s = {rel %g, abs %g, ulps %" PRIu64 "}",
                  tol_name ? tol_name : "tolerance", tol.rel, tol.abs,
                  tol.ulps);
    pf_line l[] = {{name_a, pf_buf_defer(s, &va)}, {name_b, pf_buf_defer(s, &vb)},
                   {"tolerance", pf_buf_defer(s, &t)}};
    pf_fail(s, property, "the values are not within tolerance", l, 3, NULL);
}

/* --- the public checks: each keeps its caller's site (the failure's
 * identity) while it runs ----------------------------------------- */

void pf_check_round_trip_at(pf_src *s, const char *file, int line,
                            const char *property, const pf_codec *c,
                            const void *value)
{
    bool outer = pf__check_begin(s, file, line);
    check_round_trip(s, property, c, value);
    pf__check_end(s, outer);
}

void pf_check_deterministic_at(pf_src *s, const char *file, int line,
                               const char *property, const pf_codec *c,
                               const void *value)
{
    bool outer = pf__check_begin(s, file, line);
    check_deterministic(s, property, c, value);
    pf__check_end(s, outer);
}

bool pf_check_fixed_point_at(pf_src *s, const char *file, int line,
                             const char *property, const pf_codec *c,
                             const uint8_t *raw, size_t len)
{
    bool outer = pf__check_begin(s, file, line);
    bool r = check_fixed_point(s, property, c, raw, len);
    pf__check_end(s, outer);
    return r;
}

void pf_check_values_equal_at(pf_src *s, const char *file, int line,
                              const char *property, const pf_codec *c,
                              const char *name_a, const void *const *a,
                              size_t na, const char *name_b,
                              const void *const *b, size_t nb)
{
    bool outer = pf__check_begin(s, file, line);
    check_values_equal(s, property, c, name_a, a, na, name_b, b, nb);
    pf__check_end(s, outer);
}

void pf_check_bytes_equal_at(pf_src *s, const char *file, int line,
                             const char *property, const char *name_a,
                             const uint8_t *a, size_t na, const char *name_b,
                             const uint8_t *b, size_t nb)
{
    bool outer = pf__check_begin(s, file, line);
    check_bytes_equal(s, property, name_a, a, na, name_b, b, nb);
    pf__check_end(s, outer);
}

void pf_check_close_at(pf_src *s, const char *file, int line,
                       const char *property, const char *name_a, double a,
                       const char *name_b, double b, pf_tolerance tol,
                       const char *tol_name)
{
    bool outer = pf__check_begin(s, file, line);
    check_close(s, property, name_a, a, name_b, b, tol, tol_name);
    pf__check_end(s, outer);
}
