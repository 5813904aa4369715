/* generator — yajl_gen's calls return what yajl_gen.h says, around the
 * text of v written with drawn options:
 *   - a print callback (yajl_gen_print_callback) receives exactly the
 *     bytes the buffer would hold, and yajl_gen_get_buf then says
 *     yajl_gen_no_buf;
 *   - once v is complete, a drawn further call says
 *     yajl_gen_generation_complete and writes nothing;
 *   - yajl_gen_reset with a drawn separator lets v be written again after
 *     it, and yajl_gen_clear empties the buffer;
 *   - where a map wants a key, a drawn call other than yajl_gen_string
 *     says yajl_gen_keys_must_be_strings;
 *   - arrays open 127 deep, and the next one says yajl_max_depth_exceeded
 *     (yajl 2.1.0's YAJL_MAX_DEPTH is 128; the harness is compiled with
 *     the library's header, so it states the number itself);
 *   - NaN and the infinities say yajl_gen_invalid_number;
 *   - a string that is no UTF-8 says yajl_gen_invalid_string with
 *     yajl_gen_validate_utf8, and is written as its bytes without;
 *   - yajl_gen_number writes its digits as given.
 * The shared properties only call yajl_gen the way a complete value needs
 * it, into its buffer. */
#include "yajl_extra.h"
#include "json_adapters.h"

#include <math.h>
#include <stdlib.h> /* for planted-bug wrappers that allocate */
#include <string.h>
#include <yajl/yajl_gen.h>
#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>

/* A planted-bug build wraps yajl functions here too (json_adapters.h). */
#ifdef PF_PLANT
#include PF_PLANT
#endif

static void free_gen(void *g) { yajl_gen_free(g); }

/* A generator with o's options, freed when the input ends. */
static yajl_gen new_gen(pf_src *s, const pf_json_yajl_format *o)
{
    yajl_gen g = yajl_gen_alloc(NULL);
    if (!g)
        pf_fail(s, NULL, "yajl_gen_alloc failed", NULL, 0, NULL);
    pf_defer(s, free_gen, g);
    if (o)
        pf_json_yajl_configure(g, o);
    return g;
}

static pf_buf *text_of(pf_src *s, yajl_gen g)
{
    const unsigned char *buf;
    size_t len;
    pf_buf *t = pf_json_scratch(s);
    if (yajl_gen_get_buf(g, &buf, &len) != yajl_gen_status_ok)
        pf_fail(s, NULL, "yajl_gen_get_buf refused a buffer generator", NULL, 0, NULL);
    pf_buf_put(t, buf, len);
    return t;
}

static void expect_status(pf_src *s, const pf_json_case *c, int got, int want,
                          const char *call, const char *summary)
{
    if (got == want)
        return;
    pf_buf *b = pf_json_scratch(s);
    pf_buf_printf(b, "%s returned %d, yajl_gen.h's status %d", call, got, want);
    pf_line lines[] = {{"v", pf_json_show(c->pool, c->value)}, {"call", pf_buf_str(b)}};
    pf_fail(s, NULL, summary, lines, PF_LEN(lines), NULL);
}

static void expect_text(pf_src *s, const pf_json_case *c, const pf_buf *got,
                        const pf_buf *want, const char *summary)
{
    if (got->len == want->len && (got->len == 0 || memcmp(got->data, want->data, got->len) == 0))
        return;
    pf_line lines[] = {{"v", pf_json_show(c->pool, c->value)},
                       {"got", pf_json_show_text(c, got)},
                       {"expected", pf_json_show_text(c, want)}};
    pf_fail(s, NULL, summary, lines, PF_LEN(lines), NULL);
}

/* A call other than yajl_gen_string, drawn; *name says which. */
static yajl_gen_status other_call(pf_src *s, yajl_gen g, const char **name)
{
    static const char *const names[] = {"yajl_gen_null", "yajl_gen_bool", "yajl_gen_integer",
                                        "yajl_gen_double", "yajl_gen_number",
                                        "yajl_gen_map_open", "yajl_gen_array_open"};
    size_t k = pf_choice(s, "call", PF_LEN(names));
    pf_name_values(s, names, PF_LEN(names));
    *name = names[k];
    switch (k) {
    case 0: return yajl_gen_null(g);
    case 1: return yajl_gen_bool(g, 1);
    case 2: return yajl_gen_integer(g, 7);
    case 3: return yajl_gen_double(g, 0.5);
    case 4: return yajl_gen_number(g, "12", 2);
    case 5: return yajl_gen_map_open(g);
    default: return yajl_gen_array_open(g);
    }
}

static void collect(void *ctx, const char *str, size_t len) { pf_buf_put(ctx, str, len); }

static void check_callback_and_after(pf_src *s, const pf_json_case *c,
                                     const pf_json_yajl_format *o)
{
    yajl_gen g = new_gen(s, o);
    if (!pf_json_yajl_generate(g, c->value))
        pf_fail(s, NULL, "yajl_gen could not write v", NULL, 0, NULL);
    pf_buf *text = text_of(s, g);
    pf_buf *printed = pf_json_scratch(s);
    yajl_gen p = new_gen(s, o);
    yajl_gen_config(p, yajl_gen_print_callback, collect, printed);
    if (!pf_json_yajl_generate(p, c->value))
        pf_fail(s, NULL, "yajl_gen could not write v to a print callback", NULL, 0, NULL);
    expect_text(s, c, printed, text, "a print callback received other bytes than the buffer holds");
    const unsigned char *buf;
    size_t len;
    expect_status(s, c, yajl_gen_get_buf(p, &buf, &len), yajl_gen_no_buf,
                  "yajl_gen_get_buf on a print callback's generator",
                  "yajl_gen_get_buf gave a buffer that a print callback replaced");

    const char *name;
    expect_status(s, c, other_call(s, g, &name), yajl_gen_generation_complete, name,
                  "a call after v was complete did not say yajl_gen_generation_complete");
    expect_status(s, c, yajl_gen_string(g, (const unsigned char *)"k", 1),
                  yajl_gen_generation_complete, "yajl_gen_string",
                  "a call after v was complete did not say yajl_gen_generation_complete");
    expect_text(s, c, text_of(s, g), text, "a refused call after v changed its text");

    static const char *const seps[] = {"\n", " ", "", "\t\r\n"};
    const char *sep = seps[pf_choice(s, "reset_separator", PF_LEN(seps))];
    yajl_gen_reset(g, sep);
    if (!pf_json_yajl_generate(g, c->value))
        pf_fail(s, NULL, "yajl_gen could not write v after yajl_gen_reset", NULL, 0, NULL);
    pf_buf *twice = pf_json_scratch(s);
    pf_buf_printf(twice, "%s%s%s", pf_buf_str(text), sep, pf_buf_str(text));
    expect_text(s, c, text_of(s, g), twice,
                "yajl_gen_reset did not let v be written again after the separator");
    yajl_gen_clear(g);
    expect_text(s, c, text_of(s, g), pf_json_scratch(s), "yajl_gen_clear left bytes in the buffer");
}

static void check_keys(pf_src *s, const pf_json_case *c, const pf_json_yajl_format *o)
{
    yajl_gen g = new_gen(s, o);
    expect_status(s, c, yajl_gen_map_open(g), yajl_gen_status_ok, "yajl_gen_map_open",
                  "yajl_gen_map_open refused to begin a value");
    if (pf_bool(s, "after_member")) {
        expect_status(s, c, yajl_gen_string(g, (const unsigned char *)"k", 1), yajl_gen_status_ok,
                      "yajl_gen_string", "a map refused a key");
        if (!pf_json_yajl_generate(g, c->value))
            pf_fail(s, NULL, "yajl_gen could not write v as a member's value", NULL, 0, NULL);
    }
    const char *name;
    expect_status(s, c, other_call(s, g, &name), yajl_gen_keys_must_be_strings, name,
                  "a map took something other than a string for a key");
}

enum { MAX_DEPTH = 128 }; /* yajl_common.h's YAJL_MAX_DEPTH in 2.1.0 */

static void check_depth(pf_src *s, const pf_json_case *c, const pf_json_yajl_format *o)
{
    yajl_gen g = new_gen(s, o);
    for (int i = 1; i < MAX_DEPTH; i++)
        expect_status(s, c, yajl_gen_array_open(g), yajl_gen_status_ok, "yajl_gen_array_open",
                      "an array below YAJL_MAX_DEPTH was refused");
    expect_status(s, c, yajl_gen_array_open(g), yajl_max_depth_exceeded, "yajl_gen_array_open",
                  "an array at YAJL_MAX_DEPTH did not say yajl_max_depth_exceeded");
}

static void check_atoms(pf_src *s, const pf_json_case *c, const pf_json_yajl_format *o)
{
    static const double bad_numbers[] = {NAN, INFINITY, -INFINITY};
    yajl_gen g = new_gen(s, o);
    expect_status(s, c, yajl_gen_double(g, bad_numbers[pf_choice(s, "nonfinite", 3)]),
                  yajl_gen_invalid_number, "yajl_gen_double",
                  "a NaN or an infinity did not say yajl_gen_invalid_number");

    /* Sequences of a wrong shape: yajl's validator checks only the shape
     * (an overlong form or an encoded surrogate passes: FINDINGS.md). */
    static const char *const bad[] = {"\xff", "\x80", "a\xe2\x82", "\xe2\x82\x41"};
    const char *seq = bad[pf_choice(s, "bad_utf8", PF_LEN(bad))];
    bool validate = pf_bool(s, "validate_utf8");
    pf_json_yajl_format plain = {.validate_utf8 = validate};
    yajl_gen v = new_gen(s, &plain);
    int st = yajl_gen_string(v, (const unsigned char *)seq, strlen(seq));
    expect_status(s, c, st, validate ? yajl_gen_invalid_string : yajl_gen_status_ok,
                  "yajl_gen_string", validate ? "a string that is no UTF-8 was not refused with yajl_gen_validate_utf8"
                                              : "a string that is no UTF-8 was refused without yajl_gen_validate_utf8");
    pf_buf *want = pf_json_scratch(s);
    if (!validate)
        pf_buf_printf(want, "\"%s\"", seq);
    expect_text(s, c, text_of(s, v), want, "a string that is no UTF-8 was not written as its bytes");

    static const char *const numbers[] = {"0", "-12", "1.5e300", "1E-7", "123456789012345678901234567890"};
    const char *num = numbers[pf_choice(s, "number", PF_LEN(numbers))];
    yajl_gen n = new_gen(s, NULL);
    expect_status(s, c, yajl_gen_array_open(n), yajl_gen_status_ok, "yajl_gen_array_open",
                  "yajl_gen_array_open refused to begin a value");
    expect_status(s, c, yajl_gen_number(n, num, strlen(num)), yajl_gen_status_ok,
                  "yajl_gen_number", "an array refused a number");
    expect_status(s, c, yajl_gen_number(n, num, strlen(num)), yajl_gen_status_ok,
                  "yajl_gen_number", "an array refused a number");
    expect_status(s, c, yajl_gen_array_close(n), yajl_gen_status_ok, "yajl_gen_array_close",
                  "an array refused to close");
    pf_buf *numbers_text = pf_json_scratch(s);
    pf_buf_printf(numbers_text, "[%s,%s]", num, num);
    expect_text(s, c, text_of(s, n), numbers_text, "yajl_gen_number did not write its digits as given");
}

void yajl_generator(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    const pf_json_yajl_format *o = c->suite->draw_format(s, PF_JSON_FOR_DETERMINISTIC);
    check_callback_and_after(s, c, o);
    check_keys(s, c, o);
    check_depth(s, c, o);
    check_atoms(s, c, o);
}
