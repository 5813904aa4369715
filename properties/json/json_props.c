/* The JSON properties written once for every JSON library
 * (include/propfuzz_json.h): round_trip, deterministic, format_neutral,
 * batch_incremental and canonical_fixed_point. key_order is in
 * json_key_order.c. Each is a pf_property run function over the
 * pf_json_case its mode's setup made; the library is the case's adapter. */
#include "json_internal.h"

enum {
    MAX_CHUNKS = 32, /* chunk boundaries batch_incremental draws */
    SHOWN_TEXT = 400 /* bytes of a text a report quotes */
};

void pf_json_round_trip(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf__json_codec *jc = pf__json_codec_new(s, c, NULL, &c->suite->written);
    pf_check_round_trip(s, NULL, &jc->codec, c->value);
    /* A text the library did not write: what it reads must be exact. */
    pf_buf *canon = pf__json_scratch(0);
    pf_json_write(canon, c->value, NULL);
    pf__json_expect_parse(s, c, "canonical JSON text", canon, c->value,
                          "value", &c->suite->read);
}

void pf_json_deterministic(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    pf__json_codec *jc = pf__json_codec_new(s, c, NULL, &c->suite->written);
    pf_check_deterministic(s, NULL, &jc->codec, c->value);
    if (!c->suite->draw_format)
        return;
    jc->format = c->suite->draw_format(s, PF_JSON_FOR_DETERMINISTIC);
    pf_check_deterministic(s, NULL, &jc->codec, c->value);
}

/* The library's own formats: a drawn one reads back as the default. */
static void formats_agree(pf_src *s, const pf_json_case *c)
{
    pf_buf *compact = pf__json_scratch(0), *other = pf__json_scratch(1);
    pf__json_write(s, c, c->value, NULL, compact);
    pf_json *a = pf__json_must_parse(s, c, "its text of v", compact);
    if (!c->suite->draw_format)
        return;
    const void *format = c->suite->draw_format(s, PF_JSON_FOR_NEUTRAL);
    pf__json_write(s, c, c->value, format, other);
    pf__json_expect_parse(s, c, "its text of v, drawn format", other, a,
                          "parse(its text of v)", &c->suite->read);
}

/* Texts the library did not write: whitespace between every token, and
 * every string character escaped, read back as the compact text. */
static void texts_agree(pf_src *s, const pf_json_case *c)
{
    pf_buf *canon = pf__json_scratch(0), *spaced = pf__json_scratch(1),
           *escaped = pf__json_scratch(2);
    pf_json_write(canon, c->value, NULL);
    pf_json *want = pf__json_must_parse(s, c, "compact canonical text", canon);
    const char *want_name = "parse(compact canonical text)";
    pf_span_begin(s, "whitespace");
    pf_json_write_opts ws = {.ws = s};
    pf_json_write(spaced, c->value, &ws);
    pf_span_end(s);
    pf__json_expect_parse(s, c, "canonical text with whitespace", spaced, want,
                          want_name, &c->suite->read);
    pf_json_write_opts esc = {.escape_all = true};
    pf_json_write(escaped, c->value, &esc);
    const char *unfit = c->suite->escapes_unfit
                            ? c->suite->escapes_unfit(escaped->data, escaped->len)
                            : NULL;
    if (unfit)
        pf_skip(s, unfit);
    pf__json_expect_parse(s, c, "canonical text, every character escaped",
                          escaped, want, want_name, &c->suite->read);
}

void pf_json_format_neutral(pf_src *s, void *in)
{
    formats_agree(s, in);
    texts_agree(s, in);
}

static void skip_if_unsafe(pf_src *s, const pf_json_case *c,
                           const uint8_t *text, size_t len)
{
    const pf_json_adapter *lib = c->suite->lib;
    if (lib->unsafe && lib->unsafe(text, len))
        pf_skip(s, c->suite->unsafe_restriction ? c->suite->unsafe_restriction
                                                : "unsafe");
}

void pf_json_canonical_fixed_point(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    skip_if_unsafe(s, c, c->text, c->len);
    pf__json_codec *jc = pf__json_codec_new(s, c, NULL, &c->suite->written);
    jc->unfit = c->suite->raw_unfit;
    if (!pf_check_fixed_point(s, NULL, &jc->codec, c->text, c->len) &&
        jc->unfit_name)
        pf_skip(s, jc->unfit_name);
}

static void chunks_differ(pf_src *s, const pf_json_case *c, const uint8_t *text,
                          size_t len, const size_t *sizes, size_t n,
                          const pf_json *whole, const pf_json *parts,
                          const pf_path *path)
{
    pf_buf t = {0}, ch = {0};
    pf_buf_quote(&t, text, len < SHOWN_TEXT ? len : SHOWN_TEXT);
    if (len > SHOWN_TEXT)
        pf_buf_printf(&t, " ...(%zu bytes)", len);
    for (size_t i = 0; i < n; i++)
        pf_buf_printf(&ch, "%s%zu", i ? " " : "", sizes[i]);
    pf_line l[] = {{"text", pf_buf_defer(s, &t)},
                   {"chunk sizes", pf_buf_defer(s, &ch)},
                   {"parsed whole", whole ? pf_json_show(c->pool, whole) : "refused"},
                   {"parsed in chunks", parts ? pf_json_show(c->pool, parts) : "refused"}};
    pf_fail(s, NULL, pf__json_name(c, "parsing in chunks differs from parsing whole"),
            l, 4, whole && parts ? path->text : NULL);
}

void pf_json_batch_incremental(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    const pf_json_adapter *lib = c->suite->lib;
    const uint8_t *text = c->text;
    size_t len = c->len;
    if (c->value) {
        pf_buf *t = pf__json_scratch(0);
        pf__json_write(s, c, c->value, NULL, t);
        text = t->data;
        len = t->len;
    }
    skip_if_unsafe(s, c, text, len);
    size_t *sizes = pf_alloc(s, MAX_CHUNKS * sizeof *sizes);
    size_t n = pf_chunks(s, "chunks", len, sizes, MAX_CHUNKS);
    if (c->suite->fix_chunks)
        n = c->suite->fix_chunks(text, sizes, n);
    pf_json *whole = lib->parse(lib, c->pool, text, len);
    pf_json *parts = lib->parse_chunks(lib, c->pool, text, sizes, n);
    pf_path path = {0};
    if (!whole != !parts ||
        (whole && !pf_json_equal(whole, parts, &c->suite->read, &path)))
        chunks_differ(s, c, text, len, sizes, n, whole, parts, &path);
}

const pf_property pf_json_value_properties[PF_JSON_N_VALUE_PROPERTIES] = {
    PF_JSON_VALUE_PROPERTIES,
};
const pf_property pf_json_raw_properties[1] = {
    {"canonical_fixed_point", pf_json_canonical_fixed_point},
};
const pf_property pf_json_chunked_properties[1] = {
    {"batch_incremental", pf_json_batch_incremental},
};
