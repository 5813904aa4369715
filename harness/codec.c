/* codec — MessagePack through msgpack-c, on the binary family
 * (include/propfuzz_binary.h).
 *
 * The first draw picks a mode. In value mode 1..4 values are drawn with
 * the family's strategy (nil, bool, the full uint64 and negative int64
 * ranges, float32 and float64 bit-exact, str of any bytes, bin, ext of
 * every type code, arrays and maps nested 4 deep; sizes at the family's
 * boundaries 15/16, 31/32, 255/256 bytes and elements, and arrays
 * nested at msgpack-c's depth limit; the 16- to 32-bit switch at
 * 65,535/65,536 and 2^32-1 by claimed header sizes in typed_packers)
 * and eleven properties are checked:
 *
 *   round_trip           unpack(pack(v)) == v, type-strictly
 *   deterministic        pack(v) twice, and pack of a copy, give identical
 *                        bytes
 *   batch_stream         the stream unpacker, fed in drawn chunk sizes,
 *                        reads the batch back one by one, and so does it
 *                        from a drawn (often tiny) first buffer, and the
 *                        one-shot unpacker stepping from offset to offset;
 *                        both report each value's size as its packed size;
 *                        packing the batch into one buffer equals
 *                        concatenating single packs
 *   order_independent    a value with its maps' entries permuted decodes
 *                        equal as maps; a shuffled batch, decoded and
 *                        un-shuffled, equals the batch decoded in order
 *   smallest_encoding    pack(v) is the encoding the MessagePack spec asks
 *                        for: the smallest form of every integer, length
 *                        and count (a reference encoder written from the
 *                        spec, codec/spec.c)
 *   write_error          a packer whose writer refuses a write reports an
 *                        error, and one whose writes all succeed does not
 *   typed_packers        each typed integer packer (msgpack_pack_int8 ...
 *                        unsigned_long_long) whose C type holds an integer
 *                        value packs it as msgpack_pack_object does, and
 *                        each fix_ packer in its fixed form; the header
 *                        packers (str, bin, ext, array, map) at claimed
 *                        sizes up to 2^32-1 write the spec's header, which
 *                        the unpacker reads as incomplete (codec/packers.c)
 *   object_equal         msgpack_object_equal on every pair of the batch's
 *                        values (each with itself and a second copy of
 *                        itself too) agrees with the object model's
 *                        equality written in codec/equal.c
 *   stream_prefix        the batch's bytes cut before their end: the stream
 *                        unpacker reads the values wholly before the cut,
 *                        then waits for more, and frees what it holds when
 *                        destroyed there
 *   nest_limit           single-element arrays around nil, from one below
 *                        msgpack-c's depth limit to two above it: read back
 *                        up to the limit, refused past it (R5, codec/depth.c)
 *   canonical_fixed_point  (raw mode) whatever bytes msgpack-c accepts
 *                        re-pack to a value-preserving fixed point
 *
 * What MessagePack (as msgpack-c models it) cannot represent is excluded,
 * each with its reason:
 *   R1 a non-negative integer is always POSITIVE_INTEGER: the format has one
 *      encoding per integer value, so integers are uint64 (UINT) or
 *      negative int64 (INT, int_negative).
 *   R2 float32 is held as a double in msgpack_object, which quiets a
 *      signalling NaN: float32 NaNs are drawn quiet (quiet_nan); float64
 *      keeps every payload bit.
 *   R3 map keys within one map are distinct (unique_keys): with duplicate
 *      keys "equal as a map" has no meaning. Keys are leaves.
 *   R4 raw mode skips (pf_skip "R4") inputs whose claimed container sizes
 *      exceed what the input could hold: msgpack-c allocates a claimed size
 *      before reading it (codec/raw.c, FINDINGS.md).
 *   R5 values nest at most 32 containers deep (nest_limit): msgpack-c's
 *      unpacker has a fixed stack (MSGPACK_EMBED_STACK_SIZE) and refuses a
 *      deeper value with MSGPACK_UNPACK_NOMEM_ERROR.
 *
 * The files: here the limits, the codec and the table; codec/convert.c
 * values to msgpack_object and back; codec/spec.c the reference encoder;
 * codec/stream.c the stream unpacker (batch_stream, order_independent,
 * stream_prefix); codec/equal.c object_equal; codec/depth.c nest_limit;
 * codec/packers.c write_error and typed_packers; codec/raw.c
 * canonical_fixed_point; codec/seeds.c the seeds.
 */
#include "codec/codec.h"

const pf_bin_codec mp_codec = {
    .name = "msgpack-c",
    .values = {
        .kinds = PF_BIN_BIT(PF_BIN_NIL) | PF_BIN_BIT(PF_BIN_BOOL) | PF_BIN_BIT(PF_BIN_INT) |
                 PF_BIN_BIT(PF_BIN_UINT) | PF_BIN_BIT(PF_BIN_FLOAT) | PF_BIN_BIT(PF_BIN_BYTES) |
                 PF_BIN_BIT(PF_BIN_TEXT) | PF_BIN_BIT(PF_BIN_EXT) | PF_BIN_BIT(PF_BIN_ARRAY) |
                 PF_BIN_BIT(PF_BIN_MAP),
        .max_items = 8,
        .max_bytes = 300,      /* past 255: the 16-bit forms by ordinary draws */
        .int_widths = 128,     /* R1: uint64 and int64, held as such */
        .int_negative = true,  /* R1 */
        .float_widths = 2 | 4, /* float32, float64 */
        .quiet_nan = true,     /* R2 */
        .text_invalid = true,  /* str holds any bytes */
        .unique_keys = true,   /* R3 */
        .boundaries = true,
        /* 256: a 65,536-element container costs a second a run under
         * the sanitizers, a 65,536-byte payload tens of milliseconds;
         * typed_packers checks the 16/32-bit header switch by a claimed
         * size instead (packers.c). */
        .boundary_max = 256,
        .items_boundary_max = 256,
        .nest_limit = 32,      /* R5 */
    },
    .maps_unordered = true,
    .encode = mp_encode,
    .decode = mp_decode,
    .reference = mp_reference,
    .decode_stream = mp_decode_stream,
};

static void *draw_values(pf_src *s) { return pf_bin_value_case(s, &mp_codec); }
static void *take_raw(pf_src *s) { return pf_bin_raw_case(s, &mp_codec); }

static const pf_property value_properties[] = {
    {"round_trip", pf_bin_round_trip},
    {"deterministic", pf_bin_deterministic},
    {"batch_stream", mp_prop_batch_stream},
    {"order_independent", mp_prop_order_independent},
    {"smallest_encoding", pf_bin_smallest_encoding},
    {"write_error", mp_prop_write_error},
    {"typed_packers", mp_prop_typed_packers},
    {"object_equal", mp_prop_object_equal},
    {"stream_prefix", mp_prop_stream_prefix},
    {"nest_limit", mp_prop_nest_limit},
};
static const pf_property raw_properties[] = {
    {"canonical_fixed_point", mp_prop_canonical_fixed_point},
};
/* In the order of enum mode (the seeds encode it). */
static const pf_mode modes[N_MODES] = {
    {"values", draw_values, value_properties, PF_LEN(value_properties)},
    {"raw", take_raw, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target codec = {"codec", modes, PF_LEN(modes), NULL};
PF_TARGET(codec)
