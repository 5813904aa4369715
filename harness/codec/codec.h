/* codec's shared parts: msgpack-c on the binary family's values
 * (include/propfuzz_binary.h). Names start with mp_ (msgpack_ is
 * msgpack-c's). The restrictions (R1..) are listed in harness/codec.c. */
#ifndef HARNESS_CODEC_H
#define HARNESS_CODEC_H

#include "propfuzz.h"
#include "propfuzz_binary.h"

#include <limits.h>
#include <msgpack.h>
#include <stdlib.h>
#include <string.h>

/* A planted-bug build (tests/planted/codec/<property>.h) wraps msgpack-c
 * calls in every file, after the library's headers. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

/* The modes, in the order of the table in harness/codec.c (the seeds
 * encode them). */
enum mode { MODE_VALUES, MODE_RAW, N_MODES };

extern const pf_bin_codec mp_codec;

/* convert.c: values as msgpack_object and back, and msgpack-c's packer and
 * one-shot unpacker. Every msgpack_pack_object call is made in
 * mp_pack_with, so a planted wrapper that keeps state sees all of them. */
bool mp_object_of(msgpack_zone *z, const pf_bin *v, msgpack_object *out); /* false: refused */
pf_bin *mp_value_of(pf_bin_pool *p, const msgpack_object *o);
int mp_pack_with(void *data, msgpack_packer_write write, const msgpack_object *o);
int mp_pack_to_buf(void *data, const char *buf, size_t len);
int mp_encode(const pf_bin_codec *c, const pf_bin *v, pf_buf *out);
pf_bin *mp_decode(const pf_bin_codec *c, pf_bin_pool *p, const uint8_t *data, size_t len,
                  size_t *used);
/* A byte buffer freed when the input ends (a failing check leaks none). */
pf_buf *mp_new_buf(pf_src *s);
msgpack_zone *mp_new_zone(pf_src *s); /* likewise */

/* spec.c: the smallest encoding, written from the MessagePack spec. */
void mp_put_be(pf_buf *b, uint64_t v, unsigned bytes);
int mp_reference(const pf_bin_codec *c, const pf_bin *v, pf_buf *out);
/* The header alone of a str, bin, ext (of `type`), array or map of n
 * bytes or elements (n <= UINT32_MAX). */
void mp_header(pf_buf *b, pf_bin_kind kind, size_t n, int64_t type);

/* The variation codec's own checks take from the case's perm_seed (drawn
 * up front): its low 16 bits write_error's room, bits 16..19 (mod 5) the
 * stream unpacker's first buffer, bits 24..31 (mod 24) the batch's order. */
#define MP_ROOM(k) ((uint16_t)(k)->perm_seed)
#define MP_BUFFER(k) (((k)->perm_seed >> 16 & 15) % 5)
#define MP_ORDER(k) (((k)->perm_seed >> 24 & 255) % 24)

/* stream.c: msgpack-c's stream unpacker and the properties that use it. */
size_t mp_decode_stream(const pf_bin_codec *c, pf_bin_pool *p, const uint8_t *data,
                        const size_t *sizes, size_t n_chunks, pf_bin **out, size_t max);
void mp_prop_batch_stream(pf_src *s, void *bin_case);
void mp_prop_order_independent(pf_src *s, void *bin_case);
void mp_prop_stream_prefix(pf_src *s, void *bin_case);
/* equal.c and depth.c */
void mp_prop_object_equal(pf_src *s, void *bin_case);
void mp_prop_nest_limit(pf_src *s, void *bin_case);
/* packers.c and raw.c */
void mp_prop_write_error(pf_src *s, void *bin_case);
void mp_prop_typed_packers(pf_src *s, void *bin_case);
void mp_prop_canonical_fixed_point(pf_src *s, void *bin_case);

#endif
