/* yajl — JSON through yajl 2.1.0 (Debian 2.1.0-3+deb12u2).
 *
 * The first draw picks a mode. In value mode one JSON value is drawn with
 * the shared JSON strategy (include/propfuzz_json.h: null, booleans, the
 * full long long range, finite doubles, strings and keys of any Unicode
 * with U+0000, arrays and objects nested four deep) and the shared JSON
 * properties are checked on yajl (its adapter, adapters/json_yajl.c):
 *
 *   round_trip         the callback parser (yajl_parse with integer and
 *                      double callbacks) reads yajl_gen's text of v back
 *                      as v, type-strictly, doubles bit-exact; and reads
 *                      the canonical JSON text of v as v
 *   deterministic      generating the same value twice is identical
 *                      (plain, and with drawn beautify/indent/escape
 *                      options)
 *   format_neutral     yajl_gen with drawn options (yajl_gen_beautify with
 *                      an indent string of the whitespace yajl allows,
 *                      yajl_gen_escape_solidus, yajl_gen_validate_utf8)
 *                      parses to what the plain text parses to; the
 *                      canonical text with drawn whitespace between tokens,
 *                      and with every string character escaped, parses to
 *                      what the compact canonical text parses to
 *   key_order          every object's members permuted: yajl_tree_get
 *                      finds equal values for every key in the yajl_tree of
 *                      the permuted text as in that of the original, and
 *                      the permuted text parses equal to v as a map
 *   batch_incremental  one handle fed the text in drawn chunk sizes
 *                      (yajl_parse per chunk, then yajl_complete_parse)
 *                      gives exactly what it gives fed whole: both refuse,
 *                      or both give equal values. In value mode the text is
 *                      yajl_gen's; in chunked mode any drawn bytes.
 *   parse_options      what yajl_allow_comments, yajl_dont_validate_strings,
 *                      yajl_allow_trailing_garbage, _multiple_values and
 *                      _partial_values let through on texts made from
 *                      yajl_gen's text of v, what yajl refuses without
 *                      them (and with which message), and the bytes
 *                      yajl_parse consumed (harness/yajl/options.c)
 *   layout             yajl_gen's text with drawn options is byte for byte
 *                      a reference writer's (escapes, doubles, beautify's
 *                      newlines and indents; harness/yajl/layout.c)
 *   generator          yajl_gen's calls return yajl_gen.h's statuses: a
 *                      print callback, calls after a complete value,
 *                      reset and clear, keys that are no strings,
 *                      YAJL_MAX_DEPTH, NaN, strings that are no UTF-8,
 *                      yajl_gen_number (harness/yajl/generator.c)
 *   tree               yajl_tree_parse of yajl_gen's text holds v as
 *                      yajl_tree.h describes it (number flags, doubles,
 *                      the number's text, order), and refuses trailing
 *                      garbage with its message (harness/yajl/tree.c)
 *
 * In raw mode the rest of the input is JSON text:
 *
 *   canonical_fixed_point  whatever the callback parser accepts generates
 *                      a text that parses to the same value and generates
 *                      unchanged
 *
 * Restrictions, each shown against the real library by
 * tests/restrict/yajl.c:
 *   Y1 integers are long long, drawn in [INT64_MIN + 1, INT64_MAX]: the
 *      parser refuses -9223372036854775808 ("integer overflow") although
 *      yajl_gen writes it (a real bug, known upstream: lloyd/yajl #130).
 *      Larger text is refused too.
 *   Y2 doubles are finite: yajl_gen_double refuses NaN and infinities
 *      (yajl_gen_invalid_number); overflowing text is refused.
 *   Y3 strings are valid UTF-8 (no lone surrogates drawn): yajl reads
 *      "\ud800" as "?", "\udc00" as the bytes ED B0 80 (not UTF-8; its
 *      validator lets them through) and "\ud800\u0041" as U+10041
 *      (FINDINGS.md). Raw texts keep them: what yajl reads, it writes and
 *      reads back the same.
 *   Y4 keys within one object are distinct (lookup by key has no single
 *      meaning otherwise); key_order does not look into objects with a key
 *      holding U+0000: yajl_tree keeps keys as C strings ("\u0000" and ""
 *      collide) and yajl_tree_get compares them with strcmp. (The
 *      callback parser, which the other properties use, keeps them.)
 *   Y5 raw and chunked texts nested deeper than PF_JSON_YAJL_MAX_DEPTH
 *      (127) are refused (the callbacks cancel): yajl's parser has no depth
 *      limit, but yajl_gen refuses a 128th level, so canonical_fixed_point
 *      could not write such a value back. parse_options reads deeper texts
 *      without the cap.
 *   Y6 raw and chunked texts holding an integer whose first 18 digits are
 *      922337203685477581..587 followed by more digits are skipped
 *      (pf_skip "Y6"): yajl_parse_integer multiplies before its range check
 *      and overflows a long long (undefined behaviour; UBSan aborts; known
 *      upstream: lloyd/yajl #262).
 *   Y7 tree expects a subnormal double's node not to be YAJL_IS_DOUBLE
 *      (its value is kept): strtod reports ERANGE on underflow and
 *      yajl_tree sets YAJL_NUMBER_DOUBLE_VALID only when errno stays 0.
 */
#include "propfuzz.h"
#include "propfuzz_json.h"
#include "json_adapters.h"
#include "yajl/yajl_extra.h"

enum mode { MODE_VALUES, MODE_RAW, MODE_CHUNKED, N_MODES };

/* The indent strings use only the whitespace yajl_gen accepts (it refuses
 * others), \v and \f included: yajl's lexer skips them too. */
static const char *const indents[] = {"    ", "", "\t", " ", "\n", "\r\n", "\v\f"};
static const char *const indent_names[] = {"4 spaces", "empty", "tab", "space",
                                           "newline", "crlf", "vt ff"};

/* Generator options, drawn alike for deterministic and format_neutral. */
static const void *draw_gen_options(pf_src *s, pf_json_use use)
{
    (void)use;
    pf_json_yajl_format *o = pf_alloc(s, sizeof *o);
    pf_span_begin(s, "gen_options");
    o->beautify = pf_bool(s, "beautify");
    o->indent = indents[pf_choice(s, "indent", PF_LEN(indents))];
    pf_name_values(s, indent_names, PF_LEN(indent_names));
    o->escape_solidus = pf_bool(s, "escape_solidus");
    o->validate_utf8 = pf_bool(s, "validate_utf8");
    pf_span_end(s);
    return o;
}

static const pf_json_suite yajl = {
    .lib = &pf_json_yajl, /* Y5 */
    .values = {.max_depth = 4, .max_items = 6, .max_string = 40,
               .int_bounded = true, /* Y1 */
               .int_min = INT64_MIN + 1, .int_max = INT64_MAX},
    .draw_format = draw_gen_options,
    .unsafe_restriction = "Y6",
};

static void *draw_value(pf_src *s) { return pf_json_value_case(s, &yajl); }
static void *take_raw(pf_src *s) { return pf_json_raw_case(s, &yajl); }
static void *draw_text(pf_src *s) { return pf_json_chunked_case(s, &yajl); }

/* The shared JSON properties, in the order the header lists them, then
 * yajl's own (harness/yajl/). */
static const pf_property value_properties[] = {
    PF_JSON_VALUE_PROPERTIES,
    {"parse_options", yajl_parse_options},
    {"layout", yajl_layout},
    {"generator", yajl_generator},
    {"tree", yajl_tree_holds},
};
static const pf_mode modes[] = {
    {"values", draw_value, value_properties, PF_LEN(value_properties)},
    {"raw", take_raw, pf_json_raw_properties, 1},
    {"chunked", draw_text, pf_json_chunked_properties, 1},
};
static const pf_target target = {"yajl", modes, PF_LEN(modes), NULL};
PF_TARGET(target)

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6).                               */
/* ------------------------------------------------------------------ */

/* Seeds beyond those every JSON target has (pf_json_seed_target). */
static const pf_json_seed seeds[] = {
    {"int64-extremes", "[9223372036854775807,-9223372036854775807]"},
    {"nul-in-key", "{\"\\u0000\":1,\"k\\u0000\":[]}"},
};

/* Deeper than the 128 levels of yajl's first parser-state stack block. */
#define OPEN_50 "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
#define CLOSE_50 "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"

static const pf_json_seed raw_seeds[] = {
    {"raw-deeper-than-128", OPEN_50 OPEN_50 OPEN_50 "1" CLOSE_50 CLOSE_50 CLOSE_50},
    {"raw-exponents", "[1E2,1e-2,-0.0e+0,12.50,-0]"},
    {"raw-big-int", "[9223372036854775808,-9223372036854775809]"},
    {"raw-nul-key", "{\"a\\u0000\":1}"},
    {"raw-vt-ff-whitespace", "[\v1,\f2]"},
};

/* Chunked-mode seeds: texts (good and bad), cut into chunks. */
static const pf_json_seed chunked_seeds[] = {
    {"chunked-bad-utf8", "[\"\xc3\"]"},
};

void pf_target_seeds(pf_json_emit *emit)
{
    static const pf_json_seed_set own = {seeds, PF_LEN(seeds), raw_seeds,
                                         PF_LEN(raw_seeds), chunked_seeds,
                                         PF_LEN(chunked_seeds)};
    pf_json_seed_target(emit, &yajl, N_MODES, &own);
}
