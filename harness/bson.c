/* bson — BSON through libbson 1.23.1 (Debian mongo-c-driver 1.23.1-1+deb12u3),
 * on the binary family (include/propfuzz_binary.h).
 *
 * The first draw picks a mode. In value mode 1..4 documents are drawn
 * with the family's strategy (every BSON type libbson writes: double,
 * string, document, array, binary of any subtype, ObjectId, bool, UTC
 * datetime, null, regex, DBPointer, code with and without scope, symbol,
 * int32, timestamp, int64, decimal128, undefined, min and max key; string
 * and binary sizes at the family's boundaries up to 256: BSON writes every
 * length as an int32, so no header changes at 65,536, and a 64 KiB string
 * costs its Extended JSON properties ~0.1 s a run) and written with
 * bson_append_* (harness/bson/convert.c):
 *
 *   round_trip        the bson_t's bytes iterated back (bson_iter_*) equal
 *                     the document exactly (types, int widths, double bits)
 *   deterministic     writing the document twice, or a copy of it, gives
 *                     identical bytes
 *   batch_stream      the documents' bytes concatenated and read by a
 *                     bson_reader_t from a handle in drawn chunks come
 *                     back one by one, and then the reader reports the end
 *   validate          bson_validate (UTF-8, U+0000 allowed in strings)
 *                     accepts what libbson wrote
 *   extjson_canonical bson_as_canonical_extended_json, then
 *                     bson_new_from_json, gives the same bytes
 *   extjson_relaxed   the relaxed form reads back as the same values
 *                     (integers by value: relaxed JSON has no int32/int64)
 *   decimal128_text   bson_decimal128_to_string, then _from_string, gives
 *                     the same bits, and so does any other text of the
 *                     value the grammar allows (harness/bson/decimal.c)
 *   json_layout       Extended JSON with other whitespace and escapes
 *                     reads back the same; a \u escape with a digit that
 *                     is not hex, and a $numberLong with a letter among
 *                     its digits, are refused (harness/bson/json_text.c)
 *   extjson_reference each scalar's Extended JSON is the spec's text
 *   date_text         a date's relaxed text is its calendar's ISO-8601,
 *                     which reads back in any zone and with 0-3 digits of
 *                     milliseconds (both harness/bson/reference.c)
 *   utf8_validate     bson_utf8_validate on bytes built from drawn code
 *                     points (overlong forms, surrogates, past U+10FFFF,
 *                     raw bytes) agrees with RFC 3629, U+0000 (raw or
 *                     C0 80) as allow_null says (harness/bson/utf8.c)
 *   uint32_keys       bson_uint32_to_string, which writes array keys,
 *                     gives the value's decimal text (harness/bson/keys.c)
 *
 * In raw mode the rest of the input is bytes:
 *
 *   decode_safety     bson_init_static and iteration never crash; what
 *                     iterates prints and equals itself
 *   canonical_fixed_point  what iterates writes back to bytes that
 *                     iterate to the same value and write unchanged
 *   raw_reserialize   Extended JSON of any bytes never crashes, and bytes
 *                     bson_validate accepts write back identically;
 *                     bson_validate's verdict is the same without an
 *                     offset to report
 *
 * key_order does not apply (BSON documents are ordered); smallest_encoding
 * and claimed_size need a reference writer (BSON has one encoding).
 *
 * Restrictions, each shown against the real library by
 * tests/restrict/bson.c:
 *   R1 strings are valid UTF-8 (BSON requires it: bson_validate refuses
 *      others, Extended JSON cannot carry them).
 *   R2 keys, regex patterns and options, code, and a DBPointer's
 *      collection hold no U+0000: libbson takes them as C strings
 *      (bson_append_regex_w_len refuses one in the pattern); raw bytes
 *      with one in code or a collection are skipped (pf_skip "R2"):
 *      bson_append_code cannot write them back.
 *   R3 regex options are a sorted subset of "ilmsux": bson_append_regex
 *      sorts them and drops others; raw bytes with other options are
 *      skipped (pf_skip "R3").
 *   R4 raw mode: bytes whose arrays' keys are not "0", "1", ... are
 *      skipped by raw_reserialize: an array is a list, its keys are
 *      written again.
 *   R5 Extended JSON properties skip NaNs other than 0x7ff8000000000000:
 *      the text "NaN" carries no payload.
 *   R6 Extended JSON and decimal128_text skip decimal128 bits the text
 *      does not keep: a coefficient of 10^34 or more (the value 0), NaN
 *      with a sign or payload, infinity with a payload.
 *   R7 extjson_relaxed skips dates from year 10000 on: libbson writes
 *      them as ISO-8601 text with a 5+ digit year that bson_new_from_json
 *      refuses (the spec says relaxed uses ISO-8601 only for 1970-9999;
 *      FINDINGS.md).
 *   R8 raw mode: bytes bson_validate accepts only through a hole in it
 *      are skipped by raw_reserialize: a key, string, code, symbol, regex
 *      or collection that is not UTF-8 (it stops validating there), a
 *      nested document, array or scope that
 *      bson_init_static refuses (its visit is skipped), code with scope
 *      whose code string does not end in 0x00, anything after a code with
 *      scope in its document, even bytes past the document's end marker
 *      (bson_validate stops there). libbson bugs,
 *      FINDINGS.md; the BSON Corpus's "invalid UTF-8" cases show the first.
 *   R9 Extended JSON properties skip code (with or without scope) and
 *      DBPointers as array elements: bson_new_from_json writes them under
 *      a stale or uninitialised key (a libbson bug, FINDINGS.md).
 *   R10 Extended JSON properties skip code (with or without scope) inside
 *      a scope: bson_new_from_json reads {"$code": ..., "$scope": ...}
 *      there as a plain document (it keeps one code state, not a stack).
 *   R11 Extended JSON properties skip documents with a key Extended JSON
 *      reads as a type wrapper's ("$code", "$numberInt", ...): the spec
 *      leaves such documents without a faithful text.
 */
#include "bson/bson_target.h"

#include <string.h>

enum mode { MODE_VALUES, MODE_RAW, N_MODES };

static int encode(const pf_bin_codec *c, const pf_bin *v, pf_buf *out)
{
    (void)c;
    bson_t b;
    if (!bt_of_value(v, &b))
        return 1;
    pf_buf_put(out, bson_get_data(&b), b.len);
    bson_destroy(&b);
    return 0;
}

static pf_bin *decode(const pf_bin_codec *c, pf_bin_pool *p, const uint8_t *data,
                      size_t len, size_t *used)
{
    (void)c;
    uint32_t n;
    bson_t b;
    if (len < 4)
        return NULL;
    memcpy(&n, data, 4);
    if (n > len || !bson_init_static(&b, data, n))
        return NULL;
    *used = n;
    return bt_value_of(p, &b);
}

static size_t decode_stream(const pf_bin_codec *c, pf_bin_pool *p, const uint8_t *data,
                            const size_t *sizes, size_t n_chunks, pf_bin **out, size_t max)
{
    (void)c;
    pf_bin_chunks h; /* bson_reader_t reads at most one chunk a call */
    pf_bin_chunks_init(&h, data, sizes, n_chunks);
    bson_reader_t *r = bson_reader_new_from_handle(&h, pf_bin_chunks_read, NULL);
    const bson_t *b = NULL;
    size_t n = 0;
    bool eof = false;
    while (n < max && (b = bson_reader_read(r, &eof)) && (out[n] = bt_value_of(p, b)))
        n++;
    bson_reader_destroy(r);
    /* A reader that stops before max without telling its end (eof) stopped
     * on an error, whatever it read before. */
    return n < max && !b && !eof ? SIZE_MAX : n;
}

/* BSON's own types (PF_BIN_TAG by type byte) and their parts, in the
 * order the strategy offers them: C strings hold no U+0000 (R2), regex
 * options are a sorted subset of "ilmsux" (R3). */
static const pf_bin_tag_type own_types[] = {
    {BSON_TYPE_OID, {PF_BIN_BYTES_PART("oid", 12)}},
    {BSON_TYPE_REGEX, {PF_BIN_CSTRING_PART, PF_BIN_FLAGS_PART("flag", "ilmsux")}},
    {BSON_TYPE_DBPOINTER, {PF_BIN_CSTRING_PART, PF_BIN_BYTES_PART("oid", 12)}},
    {BSON_TYPE_CODE, {PF_BIN_CSTRING_PART}},
    {BSON_TYPE_SYMBOL, {PF_BIN_TEXT_PART}},
    {BSON_TYPE_CODEWSCOPE, {PF_BIN_CSTRING_PART, PF_BIN_MAP_PART}},
    {BSON_TYPE_TIMESTAMP, {PF_BIN_UINT_PART("time", 4), PF_BIN_UINT_PART("increment", 4)}},
    {.tag = BSON_TYPE_UNDEFINED}, {.tag = BSON_TYPE_MINKEY}, {.tag = BSON_TYPE_MAXKEY},
};
static const pf_bin_schema schema = {"bson_type", own_types, PF_LEN(own_types), "R2", "R3"};

const pf_bin_codec bt_codec = {
    .name = "libbson",
    .values = { /* what libbson writes (top comment) */
        .kinds = PF_BIN_BIT(PF_BIN_NIL) | PF_BIN_BIT(PF_BIN_BOOL) | PF_BIN_BIT(PF_BIN_INT) |
                 PF_BIN_BIT(PF_BIN_FLOAT) | PF_BIN_BIT(PF_BIN_TEXT) | PF_BIN_BIT(PF_BIN_EXT) |
                 PF_BIN_BIT(PF_BIN_DATE) | PF_BIN_BIT(PF_BIN_DECIMAL) | PF_BIN_BIT(PF_BIN_ARRAY) |
                 PF_BIN_BIT(PF_BIN_MAP) | PF_BIN_BIT(PF_BIN_TAG),
        .top_kinds = PF_BIN_BIT(PF_BIN_MAP),
        .key_kinds = PF_BIN_BIT(PF_BIN_TEXT),
        .int_widths = 8 | 128,                             /* int32, int64 */
        .float_widths = 4,                                 /* double */
        .keys_no_nul = true,                               /* R2 */
        .ext_bounded = true, .ext_min = 0, .ext_max = 255, /* binary subtypes */
        .boundaries = true, .boundary_max = 256,           /* top comment */
        .draw_tag = pf_bin_schema_draw, .enc_tag = pf_bin_schema_enc, .ctx = &schema,
    },
    .encode = encode,
    .decode = decode,
    .decode_stream = decode_stream,
    .unfit = pf_bin_schema_unfit, /* R2, R3 */
};

static void *draw_docs(pf_src *s) { return pf_bin_value_case(s, &bt_codec); }
static void *take_raw(pf_src *s) { return pf_bin_raw_case(s, &bt_codec); }

static const pf_property value_properties[] = {
    {"round_trip", pf_bin_round_trip},
    {"deterministic", pf_bin_deterministic},
    {"batch_stream", pf_bin_batch_stream},
    {"validate", bt_prop_validate},
    {"extjson_canonical", bt_prop_extjson_canonical},
    {"extjson_relaxed", bt_prop_extjson_relaxed},
    {"decimal128_text", bt_prop_decimal128_text},
    {"json_layout", bt_prop_json_layout},
    {"extjson_reference", bt_prop_extjson_reference},
    {"date_text", bt_prop_date_text},
    {"utf8_validate", bt_prop_utf8_validate},
    {"uint32_keys", bt_prop_uint32_keys},
};
static const pf_property raw_properties[] = {
    {"decode_safety", pf_bin_decode_safety},
    {"canonical_fixed_point", pf_bin_canonical_fixed_point},
    {"raw_reserialize", bt_prop_raw_reserialize},
};
static const pf_mode modes[] = {
    {"values", draw_docs, value_properties, PF_LEN(value_properties)},
    {"raw", take_raw, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target target = {"bson", modes, PF_LEN(modes), NULL};
PF_TARGET(target)
