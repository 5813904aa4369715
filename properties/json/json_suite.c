/* What the shared JSON properties stand on (include/propfuzz_json.h): the
 * input's pool, the setups that make a pf_json_case, the library as a
 * pf_codec for the generic oracles, and the one failure report of "the
 * library read this text as something else". */
#include "json_internal.h"

#include <stdio.h>

/* ------------------------------------------------------------------ */
/* The input's pool and scratch buffers.                               */
/* ------------------------------------------------------------------ */

static pf_json_pool *g_pool;
static bool g_pool_in_use;

static void release_pool(void *arg)
{
    (void)arg;
    pf_json_pool_reset(g_pool);
    g_pool_in_use = false;
}

pf_json_pool *pf_json_input_pool(pf_src *s)
{
    if (!g_pool)
        g_pool = pf_json_pool_new();
    if (!g_pool_in_use) {
        /* Reset when the input ends, however it ends (a failure abandons
         * the run), so the next input starts from an empty pool. */
        g_pool_in_use = true;
        pf_defer(s, release_pool, NULL);
    }
    return g_pool;
}

/* Texts of passing checks go to buffers reused across inputs: the
 * properties run on every input, and a failure never returns to them. */
static pf_buf g_scratch[PF__JSON_N_SCRATCH];

pf_buf *pf__json_scratch(unsigned which)
{
    g_scratch[which].len = 0;
    return &g_scratch[which];
}

/* ------------------------------------------------------------------ */
/* Setups.                                                             */
/* ------------------------------------------------------------------ */

static pf_json_case *new_case(pf_src *s, const pf_json_suite *suite)
{
    pf_json_case *c = pf_alloc(s, sizeof *c);
    *c = (pf_json_case){.suite = suite, .pool = pf_json_input_pool(s)};
    return c;
}

pf_json_case *pf_json_value_case(pf_src *s, const pf_json_suite *suite)
{
    pf_json_case *c = new_case(s, suite);
    c->value = pf_json_draw(s, c->pool, &suite->values);
    return c;
}

pf_json_case *pf_json_raw_case(pf_src *s, const pf_json_suite *suite)
{
    pf_json_case *c = new_case(s, suite);
    c->text = pf_rest(s, "raw", &c->len);
    return c;
}

pf_json_case *pf_json_chunked_case(pf_src *s, const pf_json_suite *suite)
{
    pf_json_case *c = new_case(s, suite);
    c->text = pf_bytes(s, "text", 0, PF_UNBOUNDED, &c->len);
    return c;
}

/* ------------------------------------------------------------------ */
/* The library as a codec of pf_json values.                           */
/* ------------------------------------------------------------------ */

static int codec_encode(void *ctx, const void *value, pf_buf *out)
{
    const pf__json_codec *jc = ctx;
    const pf_json_adapter *lib = jc->c->suite->lib;
    return lib->write(lib, value, jc->format, out);
}

static int codec_decode(void *ctx, const uint8_t *data, size_t len,
                        void **value)
{
    pf__json_codec *jc = ctx;
    const pf_json_adapter *lib = jc->c->suite->lib;
    pf_json *v = lib->parse(lib, jc->c->pool, data, len);
    if (!v)
        return -1;
    /* A value out of the property's reach counts as refused; the caller
     * skips under the restriction's name. */
    if (jc->unfit && (jc->unfit_name = jc->unfit(v)) != NULL)
        return -1;
    *value = v;
    return 0;
}

static void codec_release(void *ctx, void *value)
{
    (void)ctx;
    (void)value; /* pool memory: released with the input */
}

static bool codec_equal(void *ctx, const void *a, const void *b, pf_path *p)
{
    const pf__json_codec *jc = ctx;
    return pf_json_equal(a, b, jc->eq, p);
}

static void codec_print(void *ctx, const void *value, pf_buf *out)
{
    (void)ctx;
    pf_json_print(out, value, 0);
}

pf__json_codec *pf__json_codec_new(pf_src *s, const pf_json_case *c,
                                   const void *format, const pf_json_eq *eq)
{
    pf__json_codec *jc = pf_alloc(s, sizeof *jc);
    *jc = (pf__json_codec){
        .codec = {codec_encode, codec_decode, codec_release, codec_equal,
                  codec_print, jc},
        .c = c,
        .format = format,
        .eq = eq,
    };
    return jc;
}

/* ------------------------------------------------------------------ */
/* Shared steps of the properties.                                     */
/* ------------------------------------------------------------------ */

void *pf_json_tree_of(pf_src *s, const pf_json_case *c, const pf_json *v)
{
    const pf_json_adapter *lib = c->suite->lib;
    void *t = NULL;
    if (!lib->tree(lib, v, &t)) {
        pf_line l[] = {{"value", pf_json_show(c->pool, v)}};
        pf_fail(s, NULL, pf__json_name(c, "refused to build its tree of a value"),
                l, 1, NULL);
    }
    pf_defer(s, lib->tree_free, t);
    return t;
}

const char *pf__json_name(const pf_json_case *c, const char *what)
{
    pf_buf b = {0};
    pf_buf_printf(&b, "%s %s", c->suite->lib->name, what);
    const char *name = pf__json_text_of(c->pool, &b);
    pf_buf_free(&b);
    return name;
}

_Noreturn void pf__json_write_refused(pf_src *s, const pf_json_case *c, const pf_json *v)
{
    pf_line l[] = {{"value", pf_json_show(c->pool, v)}};
    pf_fail(s, NULL, pf__json_name(c, "refused to write a value it holds"), l,
            1, NULL);
}

void pf__json_write(pf_src *s, const pf_json_case *c, const pf_json *v,
                    const void *format, pf_buf *out)
{
    const pf_json_adapter *lib = c->suite->lib;
    if (lib->write(lib, v, format, out) != 0)
        pf__json_write_refused(s, c, v);
}

pf_json *pf__json_parse(const pf_json_case *c, const pf_buf *text)
{
    const pf_json_adapter *lib = c->suite->lib;
    return lib->parse(lib, c->pool, text->data, text->len);
}

pf_json *pf__json_must_parse(pf_src *s, const pf_json_case *c,
                             const char *what, const pf_buf *text)
{
    pf_json *v = pf__json_parse(c, text);
    if (v)
        return v;
    pf_line l[] = {{"value", pf_json_show(c->pool, c->value)},
                   {what, pf__json_text_of(c->pool, text)}};
    pf_fail(s, NULL, pf__json_name(c, "refused the text"), l, 2, NULL);
}

void pf__json_expect_parse(pf_src *s, const pf_json_case *c, const char *what,
                           const pf_buf *text, const pf_json *want,
                           const char *want_name, const pf_json_eq *how)
{
    pf_json *got = pf__json_parse(c, text);
    if (got && pf_json_equal(want, got, how, NULL))
        return;
    pf_path path = {0};
    if (got)
        pf_json_equal(want, got, how, &path);
    pf_line l[] = {{want_name, pf_json_show(c->pool, want)},
                   {what, pf__json_text_of(c->pool, text)},
                   {pf__json_name(c, "parse(...)"),
                    got ? pf_json_show(c->pool, got) : "refused"}};
    pf_fail(s, NULL, got ? pf__json_name(c, "read the text as a different value")
                         : pf__json_name(c, "refused the text"),
            l, 3, got ? path.text : NULL);
}
