/* bson's shared parts: the documents as pf_bin values (the binary family,
 * include/propfuzz_binary.h), libbson's calls on them, and the properties
 * of harness/bson.c's table. Names start with bt_ (bson_ is libbson's).
 * Restrictions (R1..) are listed in harness/bson.c. */
#ifndef HARNESS_BSON_H
#define HARNESS_BSON_H

#include "propfuzz.h"
#include "propfuzz_binary.h"

#include <bson/bson.h>

/* A planted-bug build (tests/planted/bson/) wraps libbson calls here. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

extern const pf_bin_codec bt_codec;

/* BSON's own types are PF_BIN_TAG values by type byte over their parts
 * (pf_bin_tag_parts; the schema in harness/bson.c): undefined, min/max
 * key: none; ObjectId: 12 bytes; regex: pattern, options; DBPointer:
 * collection, ObjectId; code, symbol: text; code with scope: code,
 * document; timestamp: u32 time, u32 increment. */
/* convert.c: a document (a map of text keys) into a bson_t and back. */
bool bt_of_value(const pf_bin *doc, bson_t *out); /* false: refused */
pf_bin *bt_value_of(pf_bin_pool *p, const bson_t *b); /* NULL: corrupt */

/* holes.c: raw bytes raw_reserialize skips: "R8" where bson_validate lets them
 * through a hole, else "R4" where an array's keys are not "0", "1", ...,
 * else NULL (harness/bson.c's restrictions). */
const char *bt_raw_unfit(const bson_t *b);

/* R7: relaxed Extended JSON writes dates from year 10000 on as ISO-8601
 * text libbson cannot read back (FINDINGS.md). */
#define BT_YEAR_10000_MS INT64_C(253402300800000)

/* Another text of the same Extended JSON (json, len), into out; returns
 * what it is, for the report ("canonical Extended JSON re-laid out"). */
typedef const char *bt_json_variant(pf_src *s, const char *json, size_t len, pf_buf *out);

/* props.c: libbson's own properties. bt_extjson: the documents' Extended
 * JSON (relaxed or canonical), or a variant of it, read back by
 * bson_new_from_json as the same bytes (relaxed: the same values). */
void bt_extjson(pf_src *s, pf_bin_case *k, bool relaxed, bt_json_variant *variant);
void bt_prop_validate(pf_src *s, void *bin_case);
void bt_prop_extjson_canonical(pf_src *s, void *bin_case);
void bt_prop_extjson_relaxed(pf_src *s, void *bin_case);
void bt_prop_raw_reserialize(pf_src *s, void *bin_case);

/* decimal.c: decimal128's texts. */
void bt_prop_decimal128_text(pf_src *s, void *bin_case);

/* json_text.c: Extended JSON laid out and escaped otherwise. */
void bt_prop_json_layout(pf_src *s, void *bin_case);

/* reference.c: Extended JSON of scalars and dates against the spec's text. */
void bt_prop_extjson_reference(pf_src *s, void *bin_case);
void bt_prop_date_text(pf_src *s, void *bin_case);

/* utf8.c, keys.c: libbson's helpers against their definitions. */
void bt_prop_utf8_validate(pf_src *s, void *bin_case);
void bt_prop_uint32_keys(pf_src *s, void *bin_case);

#endif
