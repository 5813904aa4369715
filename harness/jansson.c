/* jansson — JSON through jansson 2.14 (Debian 2.14-2).
 *
 * The first draw picks a mode. In value mode one JSON value is drawn with
 * the shared JSON strategy (include/propfuzz_json.h: null, booleans, the
 * full json_int_t range, finite doubles, strings of any Unicode with
 * U+0000, arrays and objects nested four deep) and the shared JSON
 * properties are checked on jansson (its adapter, adapters/json_jansson.c):
 *
 *   round_trip         json_loadb(json_dumps(v, JSON_COMPACT)) == v,
 *                      type-strictly, doubles bit-exact; and json_loadb of
 *                      the canonical JSON text of v == v
 *   deterministic      json_dumps of the same tree twice is identical
 *                      (compact, and with drawn indent/ascii/slash/sort
 *                      flags and JSON_REAL_PRECISION(1..31))
 *   format_neutral     json_dumps with drawn flags (JSON_INDENT(0..31),
 *                      JSON_COMPACT, JSON_ENSURE_ASCII, JSON_ESCAPE_SLASH)
 *                      loads to what the compact dump loads to; the
 *                      canonical text with drawn whitespace between tokens,
 *                      and with every string character escaped, loads to
 *                      what the compact canonical text loads to
 *   key_order          every object's members permuted: json_object_getn
 *                      finds equal values for every key, json_equal holds,
 *                      json_dumps(JSON_SORT_KEYS) gives identical bytes,
 *                      and the permuted dump loads equal to v as a map
 *   batch_incremental  json_load_callback fed the text in drawn chunk
 *                      sizes (pf_chunks) gives exactly what json_loadb
 *                      gives on the whole text: both refuse, or both give
 *                      equal values. In value mode the text is the dump
 *                      of v; in chunked mode it is any drawn bytes.
 *   layout             json_dumps's text of v with drawn flags (indent,
 *                      compact, ensure_ascii, escape_slash, sort_keys,
 *                      embed, real precision) is byte for byte the text a
 *                      reference writer lays out (harness/jansson/layout.c)
 *   typed_accessors    every node of jansson's tree of v answers each typed
 *                      accessor (json_typeof, json_is_*, *_value, sizes,
 *                      lookups) as documented, for its type and the
 *                      others; copies are equal; setters, inserts,
 *                      removals and updates on a copy do what they say
 *                      (harness/jansson/accessors.c)
 *   depth_limit        2048 levels of values nested read, 2049 are refused
 *                      (a scalar counts as a level: J6); 2040-3000
 *                      containers side by side read (harness/jansson/
 *                      depth.c; v is not used)
 *
 * In raw mode the rest of the input is JSON text:
 *
 *   canonical_fixed_point  whatever json_loadb accepts dumps to a text
 *                      that loads to the same value and dumps unchanged
 *   reference          json_loadb reads what the strict reference parser
 *                      reads, refuses what it refuses (but for a NUL
 *                      byte) and what jansson documents it refuses
 *                      (harness/jansson/raw.c)
 *   error_report       a refused text's json_error_t: source, message and
 *                      code, line and column of its position, and the same
 *                      report for the text cut just past the bytes read
 *                      (harness/jansson/errors.c)
 *   load_flags         on an accepted text, JSON_REJECT_DUPLICATES refuses
 *                      exactly a repeated key, JSON_DECODE_INT_AS_REAL
 *                      reads integers as reals, JSON_DISABLE_EOF_CHECK
 *                      stops where the value ends, and the text read
 *                      without JSON_DECODE_ANY or JSON_ALLOW_NUL is refused
 *                      or read the same as documented (harness/jansson/
 *                      flags.c)
 *
 * jansson has no push parser, but json_load_callback pulls its input
 * through a callback in pieces the caller chooses: batch_incremental
 * checks that path.
 *
 * Restrictions, each shown against the real library by
 * tests/restrict/jansson.c:
 *   J1 integers are json_int_t (long long): the full int64 range is drawn;
 *      no integer above INT64_MAX (json_loadb refuses "too big integer").
 *   J2 doubles are finite: json_real refuses NaN and infinities, and
 *      json_loadb refuses numbers that overflow ("real number overflow").
 *   J3 keys hold no U+0000: json_object_setn accepts such a key and
 *      json_dumps writes it, but json_loadb refuses it ("NUL byte in object
 *      key not supported"). String values may hold U+0000: texts are loaded
 *      with JSON_ALLOW_NUL.
 *   J4 strings are valid UTF-8: json_stringn refuses invalid UTF-8 and
 *      json_loadb refuses lone surrogate escapes.
 *   J5 keys within one object are distinct: json_object_setn replaces a
 *      value under an existing key, so "the same object" would be lost.
 *   J6 jansson's depth limit (2048) counts every value, a scalar too: 2048
 *      arrays nested read, but a number inside them is 2049 deep and
 *      refused (reference and json_differential's D8 expect that).
 */
#include "propfuzz.h"
#include "propfuzz_json.h"
#include "json_adapters.h"
#include "jansson/jansson_raw.h"

#include <jansson.h>

enum mode { MODE_VALUES, MODE_RAW, MODE_CHUNKED, N_MODES };

/* json_dumps flags, drawn for deterministic and format_neutral. Sorting
 * keys reorders members, which format_neutral's ordered comparison would
 * take for a change, and a real precision below 17 changes doubles: only
 * deterministic draws them. */
static const void *draw_dump_flags(pf_src *s, pf_json_use use)
{
    size_t *f = pf_alloc(s, sizeof *f);
    pf_span_begin(s, "dump_flags");
    *f = JSON_INDENT(pf_u64_range(s, "indent", 0, JSON_MAX_INDENT));
    if (pf_bool(s, "compact"))
        *f |= JSON_COMPACT;
    if (pf_bool(s, "ensure_ascii"))
        *f |= JSON_ENSURE_ASCII;
    if (pf_bool(s, "escape_slash"))
        *f |= JSON_ESCAPE_SLASH;
    if (use == PF_JSON_FOR_DETERMINISTIC && pf_bool(s, "sort_keys"))
        *f |= JSON_SORT_KEYS;
    /* Fewer digits change the value read back: deterministic only. Up to
     * 31 digits, jsonp_dtostr's 100-byte buffer holds the longest. */
    if (use == PF_JSON_FOR_DETERMINISTIC && pf_bool(s, "real_precision"))
        *f |= JSON_REAL_PRECISION(pf_u64_range(s, "precision", 1, 31));
    pf_span_end(s);
    return f;
}

static const size_t sorted_dump = JSON_COMPACT | JSON_SORT_KEYS;

static const pf_json_suite jansson = {
    .lib = &pf_json_jansson,
    .values = {.max_depth = 4, .max_items = 6, .max_string = 40,
               .no_nul_keys = true}, /* J1-J4: the defaults hold the rest */
    .draw_format = draw_dump_flags,
    .sorted = &sorted_dump,
};

static void *draw_value(pf_src *s) { return pf_json_value_case(s, &jansson); }
static void *take_raw(pf_src *s) { return pf_json_raw_case(s, &jansson); }
static void *draw_text(pf_src *s) { return pf_json_chunked_case(s, &jansson); }

/* The shared JSON properties, in the order the header lists them; then
 * jansson's own (harness/jansson/). */
static const pf_property value_properties[] = {
    PF_JSON_VALUE_PROPERTIES,
    {"layout", jansson_layout},
    {"typed_accessors", jansson_typed_accessors},
    {"depth_limit", jansson_depth_limit},
};
static const pf_property raw_properties[] = {
    {"canonical_fixed_point", pf_json_canonical_fixed_point},
    {"reference", jansson_reference},
    {"error_report", jansson_error_report},
    {"load_flags", jansson_load_flags},
};
static const pf_mode modes[] = {
    {"values", draw_value, value_properties, PF_LEN(value_properties)},
    {"raw", take_raw, raw_properties, PF_LEN(raw_properties)},
    {"chunked", draw_text, pf_json_chunked_properties, 1},
};
static const pf_target target = {"jansson", modes, PF_LEN(modes), NULL};
PF_TARGET(target)

/* ------------------------------------------------------------------ */
/* Seeds, written as values (design §6).                               */
/* ------------------------------------------------------------------ */

/* Seeds beyond those every JSON target has (pf_json_seed_target). */
static const pf_json_seed seeds[] = {
    {"int64-extremes", "[9223372036854775807,-9223372036854775808]"},
};

static const pf_json_seed raw_seeds[] = {
    {"raw-exponents", "[1E2,1e-2,-0.0e+0,12.50,-0]"},
    {"raw-big-int", "[9223372036854775808,-9223372036854775809]"},
    {"raw-nul-key", "{\"a\\u0000\":1}"},
    /* Reals that need all 17 digits, far from 1: the printer's precision. */
    {"raw-long-reals", "[1234567890123456.7,-9.8765432109876543e+300,0.1]"},
    /* Texts jansson must refuse (reference): UTF-8 a byte off, two low
     * surrogates, near misses of a literal and of each separator. */
    {"raw-bad-continuation", "[\"\xc3\x41\"]"},
    {"raw-overlong-4", "[\"\xf0\x8f\xbf\xbf\"]"},
    {"raw-surrogate-4-past", "[\"\xf4\x90\x80\x80\"]"},
    {"raw-surrogate-dfff", "[\"\xed\xbf\xbf\"]"}, /* the surrogates' last */
    {"raw-low-low", "[\"\\udc00\\udc00\"]"},
    {"raw-near-null", "[nulx]"},
    {"raw-no-colon", "{\"a\"=1}"},
    {"raw-trailing-comma", "[1,]"},
    {"raw-no-comma", "{\"a\":1 \"b\":2}"},
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
    pf_json_seed_target(emit, &jansson, N_MODES, &own);
}
