/* jsonc — JSON through json-c 0.16 (Debian 0.16-2).
 *
 * The first draw picks a mode. In value mode one JSON value is drawn with
 * the shared JSON strategy (include/propfuzz_json.h: null, booleans, the
 * full int64 range and uint64 above it, doubles including NaN and the
 * infinities, strings of any Unicode with U+0000, arrays and objects
 * nested four deep) and the shared JSON properties are checked on json-c
 * (its adapter, adapters/json_jsonc.c):
 *
 *   round_trip         parse(json_object_to_json_string_ext(v, PLAIN)) ==
 *                      v, type-strictly (int64 is not uint64 is not
 *                      double), doubles bit-exact (NaN as any NaN, C2);
 *                      and parse(canonical JSON text of v) == v
 *   deterministic      printing the same tree twice is identical (plain,
 *                      and with drawn SPACED/PRETTY/PRETTY_TAB/NOZERO/
 *                      NOSLASHESCAPE flags)
 *   format_neutral     printing with drawn flags (C6: not NOZERO) parses to
 *                      what the plain print parses to; the canonical text
 *                      with drawn whitespace between tokens, and with every
 *                      string character escaped (C8), parses to what the
 *                      compact canonical text parses to
 *   key_order          every object's members permuted:
 *                      json_object_object_get_ex finds equal values for
 *                      every key, json_object_equal holds (C2), and the
 *                      permuted print parses equal to v as a map
 *   batch_incremental  one json_tokener fed the text in drawn chunk sizes
 *                      (json_tokener_parse_ex per chunk) gives exactly what
 *                      it gives fed whole: both refuse, or both give equal
 *                      values. In value mode the text is the print of v;
 *                      in chunked mode it is any drawn bytes.
 *   layout             one tree printed with drawn SPACED/PRETTY/PRETTY_TAB
 *                      is its plain text laid out as json-c's printers lay
 *                      it out, with the length it reports; printed plain
 *                      again it is the first text (harness/jsonc/layout.c)
 *   dialect            what json-c reads beyond JSON by default: its plain
 *                      text with letters outside strings in drawn case,
 *                      with comments, trailing commas and dangling
 *                      exponents, and escapes' hex digits in drawn case,
 *                      read as the text does (harness/jsonc/dialect.c)
 *   limits             what json-c must refuse: strictly, comments,
 *                      trailing commas, trailing bytes and strings that
 *                      are no UTF-8 (its own text of a finite v read as by
 *                      default); nesting past JSON_TOKENER_DEFAULT_DEPTH;
 *                      a \u escape with a non-hex digit
 *                      (harness/jsonc/limits.c)
 *   getters            every node of json-c's tree of v reads through
 *                      get_int, get_int64, get_uint64, get_double and
 *                      get_boolean as json_object.h documents for its type
 *                      (harness/jsonc/getters.c)
 *
 * In raw mode the rest of the input is JSON text:
 *
 *   canonical_fixed_point  whatever json-c accepts prints to a text that
 *                      parses to the same value and prints unchanged
 *
 * "Parse" is pf_json_jsonc (adapters/json_adapters.h): json_tokener_parse_ex
 * with json_tokener_parse's defaults, given the text's length, a final NUL
 * when the tokener wants more, and trailing text judged as json-c judges
 * what follows a value in one call (json-c alone would ignore it).
 *
 * Restrictions, each shown against the real library by
 * tests/restrict/jsonc.c:
 *   C1 keys hold no U+0000: keys are C strings, "a\u0000b" reads as "a".
 *   C2 a NaN compares equal to any NaN: json-c prints every NaN as NaN and
 *      reads it back as one quiet NaN (sign and payload are not kept).
 *      json_object_equal compares doubles with ==, so key_order checks it
 *      only on values without NaN.
 *   C3 strings are valid UTF-8 (no lone surrogates): json-c reads a lone
 *      \uD800-\uDFFF escape as U+FFFD.
 *   C4 keys within one object are distinct: the last value of a repeated
 *      key wins.
 *   C5 a non-negative integer up to INT64_MAX is always int64 (its text
 *      reads back as int64); uint64 is drawn only above INT64_MAX.
 *      Integers outside [INT64_MIN, UINT64_MAX] in raw text saturate.
 *   C6 format_neutral does not draw JSON_C_TO_STRING_NOZERO: it strips
 *      "trailing zeros" up to the end of the number, exponent included, so
 *      1.0223439315167754e-10 prints as 1.0223439315167754e-1 (a real bug,
 *      FINDINGS.md). deterministic still draws it.
 *   C7 batch_incremental puts no chunk boundary between a digit or '.' and
 *      a '-': a tokener resuming inside a number takes a '-' as part of it,
 *      so "-1" then "-1" parses as -1 where "-1-1" whole is refused (a real
 *      bug, FINDINGS.md); such a boundary moves one byte on.
 *   C8 format_neutral skips (pf_skip "C8") the every-character-escaped text
 *      of a value holding a code point above U+FFFF whose low 16 bits fall
 *      in D800-DFFF (U+1D800-U+1DFFF, U+2D800-U+2DFFF, ...): json-c decodes
 *      the escaped surrogate pair and then takes the result for a surrogate
 *      (IS_HIGH_SURROGATE ignores the upper bits), giving U+FFFD (a real
 *      bug, known upstream: json-c PR #893; FINDINGS.md).
 *   C9 dialect's comments never put a star right before the star and slash
 *      that close them: json-c does not close a block comment whose slash
 *      follows two stars, takes the rest of the text for comment and
 *      refuses it (a real bug, FINDINGS.md; the texts are in
 *      tests/restrict/jsonc.c).
 */
#include "propfuzz.h"
#include "propfuzz_json.h"
#include "json_adapters.h"
#include "jsonc/jsonc_extra.h"

#include <json-c/json.h>

enum mode { MODE_VALUES, MODE_RAW, MODE_CHUNKED, N_MODES };

/* Print flags drawn for deterministic and format_neutral (C6). */
static const void *draw_print_flags(pf_src *s, pf_json_use use)
{
    int *f = pf_alloc(s, sizeof *f);
    pf_span_begin(s, "print_flags");
    *f = JSON_C_TO_STRING_PLAIN;
    if (pf_bool(s, "spaced"))
        *f |= JSON_C_TO_STRING_SPACED;
    if (pf_bool(s, "pretty"))
        *f |= JSON_C_TO_STRING_PRETTY;
    if (pf_bool(s, "pretty_tab"))
        *f |= JSON_C_TO_STRING_PRETTY_TAB;
    if (use == PF_JSON_FOR_DETERMINISTIC && pf_bool(s, "nozero"))
        *f |= JSON_C_TO_STRING_NOZERO; /* C6 */
    if (pf_bool(s, "noslashescape"))
        *f |= JSON_C_TO_STRING_NOSLASHESCAPE;
    pf_span_end(s);
    return f;
}

/* C7: moves each boundary that falls between a digit or '.' and a '-'
 * one byte on (json-c would take the '-' into the number there). */
static size_t avoid_sign_boundaries(const uint8_t *text, size_t *sizes, size_t n)
{
    size_t at = 0, k = 0;
    for (size_t i = 0; i < n; i++) {
        if (k > 0 && at > 0 && text[at] == '-' &&
            ((text[at - 1] >= '0' && text[at - 1] <= '9') || text[at - 1] == '.')) {
            sizes[k - 1]++; /* the '-' joins the previous chunk */
            at++;
            if (--sizes[i] == 0)
                continue;
        }
        at += sizes[i];
        sizes[k++] = sizes[i];
    }
    return k;
}

/* C8 */
static const char *misdecoded(const uint8_t *text, size_t len)
{
    return pf_json_jsonc_misdecoded_pair(text, len) ? "C8" : NULL;
}

static const pf_json_suite jsonc = {
    .lib = &pf_json_jsonc,
    .values = {.max_depth = 4, .max_items = 6, .max_string = 40,
               .uint = true, .nonfinite = true, /* C5 */
               .no_nul_keys = true},            /* C1 */
    .written = {.nan_any = true},               /* C2 */
    .read = {.nan_any = true},
    .draw_format = draw_print_flags,
    .escapes_unfit = misdecoded,
    .fix_chunks = avoid_sign_boundaries,
};

static void *draw_value(pf_src *s) { return pf_json_value_case(s, &jsonc); }
static void *take_raw(pf_src *s) { return pf_json_raw_case(s, &jsonc); }
static void *draw_text(pf_src *s) { return pf_json_chunked_case(s, &jsonc); }

/* The shared JSON properties, in the order the header lists them, then
 * json-c's own (harness/jsonc/). */
static const pf_property value_properties[] = {
    PF_JSON_VALUE_PROPERTIES,
    {"layout", jsonc_layout},
    {"dialect", jsonc_dialect},
    {"limits", jsonc_limits},
    {"getters", jsonc_getters},
};
static const pf_mode modes[] = {
    {"values", draw_value, value_properties, PF_LEN(value_properties)},
    {"raw", take_raw, pf_json_raw_properties, 1},
    {"chunked", draw_text, pf_json_chunked_properties, 1},
};
static const pf_target target = {"jsonc", modes, PF_LEN(modes), NULL};
PF_TARGET(target)

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6).                               */
/* ------------------------------------------------------------------ */

/* Seeds beyond those every JSON target has (pf_json_seed_target). */
static const pf_json_seed seeds[] = {
    {"int64-extremes", "[9223372036854775807,-9223372036854775808]"},
    {"uint64", "[9223372036854775808,18446744073709551615]"},
};

static const pf_json_seed raw_seeds[] = {
    {"raw-exponents", "[1E2,1e-2,-0.0e+0,12.50,-0]"},
    {"raw-big-int", "[18446744073709551616,-9223372036854775809]"},
    {"raw-nonstandard", "[NaN,Infinity,-Infinity,'single',/* c */ 1,]"},
    {"raw-lone-surrogate", "\"\\ud800\\udc00\\ud800\""},
    {"raw-nul-escape", "[\"a\\u0000b\",{\"k\":\"\\u0000\"}]"},
};

static const pf_json_seed chunked_seeds[] = {
    {"chunked-number", "-12.5e+3"},
    {"chunked-literals", "[true,false,null,NaN,-Infinity]"},
};

/* NaN and the infinities, which json-c prints and reads (not JSON, so no
 * text for the reference parser). */
static void emit_nonfinite(pf_json_emit *emit)
{
    pf_json_pool *p = pf_json_pool_new();
    pf_json *v = pf_json_array(p, 3);
    pf_json_push(p, v, pf_json_double(p, __builtin_nan("")));
    pf_json_push(p, v, pf_json_double(p, __builtin_inf()));
    pf_json_push(p, v, pf_json_double(p, -__builtin_inf()));
    pf_buf e = {0};
    pf_enc_choice(&e, N_MODES, MODE_VALUES);
    pf_json_enc_checked(&e, &jsonc.values, v);
    emit("nonfinite", e.data, e.len);
    pf_buf_free(&e);
    pf_json_pool_free(p);
}

void pf_target_seeds(pf_json_emit *emit)
{
    static const pf_json_seed_set own = {seeds, PF_LEN(seeds), raw_seeds,
                                         PF_LEN(raw_seeds), chunked_seeds,
                                         PF_LEN(chunked_seeds)};
    pf_json_seed_target(emit, &jsonc, N_MODES, &own);
    emit_nonfinite(emit);
}
