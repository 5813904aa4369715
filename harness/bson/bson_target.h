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

/* BSON's own types are PF_BIN_TAG values tagged with their type byte;
 * their payloads (tags.c): undefined, min/max key: nil; ObjectId: 12
 * bytes; regex: [pattern, options]; DBPointer: [collection, ObjectId];
 * code, symbol: text; code with scope: [code, document]; timestamp:
 * [u32 time, u32 increment]. */
extern const pf_bin_codec bt_codec;

/* convert.c: a document (a map of text keys) into a bson_t and back. */
bool bt_of_value(const pf_bin *doc, bson_t *out); /* false: refused */
pf_bin *bt_value_of(pf_bin_pool *p, const bson_t *b); /* NULL: corrupt */

/* Raw bytes raw_reserialize skips: "R8" where bson_validate lets them
 * through a hole (a key, string, code, symbol, regex or collection that is
 * not UTF-8: bson_iter_visit_all stops there and bson_validate ignores it;
 * a document, array or scope bson_init_static refuses: its visit is
 * skipped; code with scope whose code does not end in 0x00), else "R4"
 * where an array's keys are not "0", "1", ..., else NULL. */
const char *bt_raw_unfit(const bson_t *b);

/* tags.c: the strategy's hooks for BSON's own types. */
pf_bin *bt_draw_tag(pf_src *s, pf_bin_pool *p, const pf_bin_limits *l, unsigned depth);
void bt_enc_tag(pf_buf *e, const pf_bin_limits *l, const pf_bin *v, unsigned depth);
/* Whether decimal128 text keeps these bits (R6): a finite value whose
 * coefficient is below 10^34, or the one infinity or NaN the text names. */
bool bt_decimal_faithful(const uint8_t bytes[16]);
/* The first value the strategy excludes, by restriction (R2, R3), or NULL. */
const char *bt_unfit(const pf_bin_codec *c, const pf_bin *v);

/* props.c: libbson's own properties. */
void bt_prop_validate(pf_src *s, void *bin_case);
void bt_prop_extjson_canonical(pf_src *s, void *bin_case);
void bt_prop_extjson_relaxed(pf_src *s, void *bin_case);
void bt_prop_decimal128_text(pf_src *s, void *bin_case);
void bt_prop_raw_reserialize(pf_src *s, void *bin_case);

#endif
