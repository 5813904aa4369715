/* cjson — JSON through cJSON 1.7.15 (Debian 1.7.15-1+deb12u4).
 *
 * The first draw picks a mode. In value mode one JSON value is drawn with
 * the shared JSON strategy (include/propfuzz_json.h: null, booleans,
 * numbers, strings of any Unicode, arrays and objects nested four deep)
 * and the shared JSON properties are checked on cJSON (its adapter,
 * adapters/json_cjson.c):
 *
 *   round_trip       cJSON_Parse(cJSON_PrintUnformatted(v)) == v, and
 *                    cJSON_Parse(canonical JSON text of v) == v exactly
 *   deterministic    printing the same tree twice (compact and formatted)
 *                    gives identical text
 *   format_neutral   cJSON_Print (formatted) and cJSON_PrintUnformatted
 *                    parse to the same value; the canonical text with
 *                    whitespace drawn between all tokens, and with every
 *                    string character written as an escape, parses to what
 *                    the compact canonical text parses to
 *   key_order        every object's members permuted (pf_permutation):
 *                    cJSON_GetObjectItemCaseSensitive finds equal values
 *                    for every key, and the permuted tree printed and
 *                    parsed equals v as a map
 *   formatted_layout, compare, exact_length, valueint, references,
 *   edit_parsed      cJSON's own, described in harness/cjson/extra.c:
 *                    cJSON_Print's layout, cJSON_Compare,
 *                    cJSON_ParseWithLength without a NUL, the valueint
 *                    of numbers made and read, trees built of references,
 *                    a tree cJSON read walked and appended to
 *
 * In raw mode the rest of the input is JSON text:
 *
 *   canonical_fixed_point  whatever cJSON accepts prints to a text that
 *                    re-parses to the same value and re-prints unchanged
 *   reference        cJSON reads what the strict reference parser reads,
 *                    refuses lone surrogate escapes and nesting deeper
 *                    than 1000, and refuses what the reference refuses
 *                    but for its leniencies (harness/cjson/raw.c)
 *   error_ptr        cJSON_GetErrorPtr points inside a refused text
 *   bom              a byte order mark before the text changes nothing
 *                    cJSON reads (both harness/cjson/raw.c)
 *
 * batch_incremental is not checked: cJSON has no incremental or callback
 * parser (cJSON_Parse* take the whole text at once).
 *
 * Restrictions, each shown against the real library by
 * tests/restrict/cjson.c:
 *   R1 numbers are doubles: cJSON has no integer type (valueint is a
 *      saturated int copy of valuedouble), so numbers are drawn as finite
 *      doubles; NaN and infinities print as null and are not drawn.
 *   R2 doubles compare within cjson_print_tolerance (rel = DBL_EPSILON):
 *      print_number writes %1.15g whenever that reads back within
 *      DBL_EPSILON relative (compare_double), so 0.1+0.2 prints as 0.3 and
 *      comes back 1 ulp off (FINDINGS.md). Texts cJSON only reads (the
 *      canonical text, %.17g) must come back bit-exactly.
 *   R3 strings and keys hold no U+0000: cJSON strings are C strings and
 *      "\u0000" ends them.
 *   R4 strings are valid UTF-8 (no lone surrogates): cJSON refuses a lone
 *      \uD800-\uDFFF escape, so no text can carry one.
 *   R5 keys within one object are distinct: with duplicate keys "the same
 *      object" and "lookup by key" have no single meaning.
 *   R6 raw mode: a text whose numbers overflow to infinity (1e400) is
 *      skipped (pf_skip "R6"): cJSON reads it as inf and prints null, a
 *      different value (FINDINGS.md). Text is parsed with
 *      cJSON_ParseWithLengthOpts(require_null_terminated) on a copy with a
 *      NUL appended, so trailing text is refused (plain
 *      cJSON_ParseWithLength ignores it).
 *   R7 doubles above 1.79769313486231e308 in magnitude are not drawn, and
 *      raw texts holding them are skipped (pf_skip "R7"): %1.15g rounds the
 *      top ~36 doubles (up to DBL_MAX) to 1.79769313486232e+308,
 *      compare_double calls inf "equal" to them, and the printed number
 *      reads back as infinity (a real bug, DaveGamble/cJSON #838).
 *   R8 cJSON_GetErrorPtr is called only after a refused text (error_ptr):
 *      after an accepted one it computes NULL + 0, undefined behaviour
 *      that UBSan reports (FINDINGS.md).
 */
#include "propfuzz.h"
#include "propfuzz_json.h"
#include "json_adapters.h"
#include "cjson/cjson_extra.h"

#include <float.h>
#include <math.h>
#include <string.h>

enum mode { MODE_VALUES, MODE_RAW, N_MODES };

/* R7: above this, %1.15g rounds up past DBL_MAX (see the header). */
#define CJSON_PRINTABLE_MAX 1.79769313486231e308

/* R2: the tolerance of cJSON's own printer. */
static const pf_tolerance cjson_print_tolerance = {.rel = DBL_EPSILON};

/* R6, R7: the first number cJSON cannot print back, by restriction. */
static const char *unprintable(const pf_json *v)
{
    if (v->type == PF_JSON_DOUBLE && !(fabs(v->v.d) <= CJSON_PRINTABLE_MAX))
        return isinf(v->v.d) ? "R6" : "R7";
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++) {
        const char *r = unprintable(v->v.items[i]);
        if (r)
            return r;
    }
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++) {
        const char *r = unprintable(v->v.members[i].value);
        if (r)
            return r;
    }
    return NULL;
}

/* The formatted printer is the one other format: nothing to draw. */
static const void *pretty(pf_src *s, pf_json_use use)
{
    (void)s;
    (void)use;
    return &pf_json_cjson_pretty;
}

static const pf_json_suite cjson = {
    .lib = &pf_json_cjson,
    .values = {.max_depth = 4, .max_items = 6, .max_string = 40,
               .no_int = true,                    /* R1 */
               .no_nul = true,                    /* R3 */
               .double_max = CJSON_PRINTABLE_MAX}, /* R7 */
    .written = {.tol = &cjson_print_tolerance},   /* R2 */
    .draw_format = pretty,
    .raw_unfit = unprintable,
};

static void *draw_value(pf_src *s) { return pf_json_value_case(s, &cjson); }
static void *take_raw(pf_src *s) { return pf_json_raw_case(s, &cjson); }

/* The shared JSON properties, in the order the header lists them (not
 * batch_incremental), then cJSON's own (harness/cjson/extra.c). */
static const pf_property value_properties[] = {
    {"round_trip", pf_json_round_trip},
    {"deterministic", pf_json_deterministic},
    {"format_neutral", pf_json_format_neutral},
    {"key_order", pf_json_key_order},
    {"formatted_layout", cjson_formatted_layout},
    {"compare", cjson_compare},
    {"exact_length", cjson_exact_length},
    {"valueint", cjson_valueint},
    {"references", cjson_references},
    {"edit_parsed", cjson_edit_parsed},
};
static const pf_property raw_properties[] = {
    {"canonical_fixed_point", pf_json_canonical_fixed_point},
    {"reference", cjson_reference},
    {"error_ptr", cjson_error_ptr},
    {"bom", cjson_bom},
};
static const pf_mode modes[] = {
    {"values", draw_value, value_properties, PF_LEN(value_properties)},
    {"raw", take_raw, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target target = {"cjson", modes, PF_LEN(modes), NULL};
PF_TARGET(target)
/* bench/mutator.sh: on, libFuzzer killed a fixed sample of cJSON mutants
 * faster at no loss of edges or lines (README "Structure-aware
 * mutation"); PF_MUTATOR=0 switches it off. */
PF_MUTATOR_DEFAULT_ON;

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6): JSON texts read by the         */
/* reference parser, numbers made doubles (R1).                         */
/* ------------------------------------------------------------------ */

/* Seeds beyond those every JSON target has (pf_json_seed_target). */
static const pf_json_seed seeds[] = {
    {"zero-and-negzero", "[0.0,-0.0]"},
    {"small-numbers", "[1,-1,0.5,-2.25,100]"},
    {"point-three", "[0.30000000000000004,0.3,0.1]"},
    {"extremes", "[1.79769313486231e308,-1.79769313486231e308,2.2250738585072014e-308,5e-324]"},
    {"int-boundaries", "[2147483647,2147483648,-2147483648,-2147483649,9007199254740993]"},
    {"case-keys", "{\"k\":1,\"K\":2,\"\\u00e9\":3}"},
    {"mixed", "{\"n\":null,\"t\":true,\"d\":-0.125,\"s\":\"x\\ny\",\"a\":[1.5,\"\"],\"o\":{}}"},
    /* U+D7FF, just below the surrogates: format_neutral writes it as \ud7ff. */
    {"below-surrogates", "[\"\\ud7ff\",\"\\ue000\",\"\\udbff\\udfff\"]"},
    /* Printed compact, the second string's closing NUL is the 257th byte:
     * the first that does not fit cJSON's 256-byte print buffer. */
    {"print-buffer-edge", "[\"ab\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\",\"ab\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\\u0001\"]"},
    /* Top-level literals: what follows them is the end of the text. */
    {"top-true", "true"},
    {"nested-objects", "{\"a\":{\"b\":{},\"c\":[{\"d\":0}]},\"e\":[]}"},
    /* A container that ends the text: cJSON_ParseWithLength reads its
     * closing byte last (exact_length). */
    {"top-empty-object", "{}"},
    {"top-empty-array", "[]"},
};

/* 1000 and 1001 nested arrays; an array of 1001 empty objects, of 1001
 * empty arrays: written by pf_target_seeds. */
static char deep[2][2 * 1001 + 1], siblings[2][3 * 1001 + 2];

static void nest(char *text, size_t depth)
{
    memset(text, '[', depth);
    memset(text + depth, ']', depth);
    text[2 * depth] = 0;
}

static void siblings_of(char *text, const char *empty)
{
    char *at = text;
    *at++ = '[';
    for (int i = 0; i < 1001; i++) {
        memcpy(at, empty, 2);
        at += 2;
        *at++ = i < 1000 ? ',' : ']';
    }
    *at = 0;
}

/* Raw-mode seeds: texts cJSON accepts in forms it does not print, and
 * texts it must refuse. */
static const pf_json_seed raw_seeds[] = {
    {"raw-exponents", "[1E2,1e-2,-0.0e+0,12.50]"},
    {"raw-nul-escape", "[\"a\\u0000b\"]"},
    {"raw-bom", "\xef\xbb\xbf{}"},
    /* R4's edges: cJSON must refuse each (reference). */
    {"raw-lone-low-last", "[\"\\udfff\"]"},
    {"raw-lone-low-first", "[\"a\\udc00\"]"},
    {"raw-lone-high", "[\"\\udbff\"]"},
    {"raw-high-then-bmp", "[\"\\ud800\\u0041\"]"},
    {"raw-high-then-high", "[\"\\ud800\\udbff\"]"},
    {"raw-pair-edges", "[\"\\ud800\\udc00\",\"\\udbff\\udfff\"]"},
    /* Upper-case hex digits at each end of A-F (parse_hex4). */
    {"raw-upper-hex", "[\"\\u00A9\\u00FF\\uABCD\"]"},
    /* An object that never closes: at its end, and before another byte. */
    {"raw-unclosed-object", "{\"a\":1"},
    {"raw-object-then-x", "{\"a\":1x"},
    /* A one-byte text after a byte order mark (bom). */
    {"raw-bom-one-byte", "\xef\xbb\xbf" "1"},
    /* CJSON_NESTING_LIMIT's edge: 1000 nested arrays read, 1001 refused. */
    {"raw-depth-1000", deep[0]},
    {"raw-depth-1001", deep[1]},
    /* Depth is given back after each container: 1001 siblings are read. */
    {"raw-sibling-objects", siblings[0]},
    {"raw-sibling-arrays", siblings[1]},
    /* Near misses cJSON must refuse (reference): a literal's last byte,
     * each separator. */
    {"raw-near-null", "[nulx]"},
    {"raw-near-true", "[trux]"},
    {"raw-near-false", "[falsx]"},
    {"raw-no-colon", "{\"a\"=1}"},
    {"raw-no-comma", "[1 2]"},
    {"raw-no-member-comma", "{\"a\":1 \"b\":2}"},
    {"raw-trailing-comma", "[1,]"},
    {"raw-trailing-member-comma", "{\"a\":1,}"},
    {"raw-after-value", "[1]x"},
};

void pf_target_seeds(pf_json_emit *emit)
{
    static const pf_json_seed_set own = {seeds, PF_LEN(seeds), raw_seeds,
                                         PF_LEN(raw_seeds), NULL, 0};
    nest(deep[0], 1000);
    nest(deep[1], 1001);
    siblings_of(siblings[0], "{}");
    siblings_of(siblings[1], "[]");
    pf_json_seed_target(emit, &cjson, N_MODES, &own);
}
