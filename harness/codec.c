/* codec — MessagePack through msgpack-c.
 *
 * The first draw picks a mode. In value mode a batch of MessagePack values
 * is drawn (every type, the full int64 and uint64 ranges, float32 and
 * float64 bit-exact, str/bin of any bytes, ext of every type code, arrays
 * and maps nested to MAX_DEPTH) and seven properties are checked:
 *
 *   round_trip           unpack(pack(v)) == v, type-strictly
 *   deterministic        pack(v) twice gives identical bytes
 *   batch_stream         the streaming unpacker, fed in drawn chunk sizes
 *                        from a drawn (often tiny) first buffer, gives what
 *                        it gives fed whole, and so does the one-shot
 *                        unpacker stepping from offset to offset; both
 *                        report each value's size as its packed size;
 *                        packing the batch into one buffer equals
 *                        concatenating single packs
 *   order_independent    a map with its entries permuted decodes equal as a
 *                        map (and as one value); a shuffled batch, decoded
 *                        and un-shuffled, equals the batch decoded in order
 *   smallest_encoding    pack(v) is the encoding the MessagePack spec asks
 *                        for: the smallest form of every integer, length
 *                        and count (compared with a reference encoder
 *                        written from the spec, codec/spec.c)
 *   write_error          a packer whose writer refuses a write reports an
 *                        error, and one whose writes all succeed does not
 *   typed_packers        each typed integer packer (msgpack_pack_int8 ...
 *                        unsigned_long_long) whose C type holds an integer
 *                        value packs it as msgpack_pack_object does, and
 *                        each fix_ packer in its fixed form
 *   canonical_fixed_point  (raw mode) whatever bytes msgpack-c accepts
 *                        re-pack to a value-preserving fixed point
 *
 * Lists and payloads stay small for speed; two more kinds reach the edges
 * where MessagePack switches forms (design §4, strategy reach): a long
 * str/bin/ext (15/16/17, 31/32/33, 255/256/257 bytes, rarely 65535/65536/
 * 65537: a drawn pattern repeated), and an edge container (an array or map
 * of 15/16/17 copies of a drawn leaf, or nesting at msgpack-c's depth
 * limit). The seeds hold one payload at each 16-bit boundary. Containers
 * of 65536 elements (array32, map32) are not drawn: one costs about a
 * second a run under the sanitizers, so that form switch is not reached.
 *
 * What MessagePack (as msgpack-c models it) cannot represent is excluded
 * here, each with its reason:
 *   R1 a non-negative integer is always POSITIVE_INTEGER: the format has one
 *      encoding per integer value, so "int64 5" and "uint64 5" are the same
 *      value; negative integers are drawn only in [INT64_MIN, -1].
 *   R2 float32 is held as a double in msgpack_object; a float32 signalling
 *      NaN is quieted by that conversion before packing, so float32 values
 *      are compared as the doubles msgpack-c stores (float64 keeps every
 *      payload bit and is compared bit-exactly).
 *   R3 map keys within one map are distinct (compared by their packed
 *      bytes): with duplicate keys "equal as a map" has no meaning.
 *   R4 raw mode skips (pf_skip "R4") inputs whose claimed container sizes
 *      exceed what the input could hold: msgpack-c allocates a claimed size
 *      before reading it (see sizes_plausible in codec/raw.c and
 *      FINDINGS.md).
 *   R5 values nest at most DEPTH_LIMIT (32) containers deep: msgpack-c's
 *      unpacker has a fixed stack (MSGPACK_EMBED_STACK_SIZE) and refuses a
 *      deeper value with MSGPACK_UNPACK_NOMEM_ERROR.
 *
 * The files: here the property and mode table; codec/strategy.c the draws
 * and codec/inverse.c their inverse; codec/msgpack_codec.c msgpack-c as
 * the oracles' pf_codec; codec/unpack.c the unpackers; codec/object.c
 * equality and printing of msgpack_object; the properties in
 * codec/batch.c (round_trip, deterministic, batch_stream), codec/order.c,
 * codec/spec.c (smallest_encoding), codec/packers.c (write_error,
 * typed_packers) and codec/raw.c (canonical_fixed_point);
 * codec/seeds.c the seeds; codec/codec.h what they share.
 */
#include "codec/codec.h"

static const pf_property value_properties[] = {
    {"round_trip", mp_prop_round_trip},
    {"deterministic", mp_prop_deterministic},
    {"batch_stream", mp_prop_batch_stream},
    {"order_independent", mp_prop_order_independent},
    {"smallest_encoding", mp_prop_smallest_encoding},
    {"write_error", mp_prop_write_error},
    {"typed_packers", mp_prop_typed_packers},
};
static const pf_property raw_properties[] = {
    {"canonical_fixed_point", mp_prop_canonical_fixed_point},
};
/* In the order of enum mode (the seeds encode it). */
static const pf_mode modes[N_MODES] = {
    {"values", mp_draw_batch, value_properties, PF_LEN(value_properties)},
    {"raw", NULL, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target codec = {"codec", modes, PF_LEN(modes), NULL};
PF_TARGET(codec)
