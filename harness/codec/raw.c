/* The raw mode's property, canonical_fixed_point: the fuzzer's bytes as
 * a MessagePack document, re-packed by msgpack-c (the family's check on
 * the first value's bytes). */
#include "codec.h"

/* msgpack-c 4.0.0 allocates a container's claimed size before it reads the
 * elements: five bytes (dd ff ff ff ff) ask for 128 GiB. That is resource
 * exhaustion on untrusted input (the C API has no limit option; see
 * FINDINGS.md), not what these properties are about, so raw inputs whose
 * claimed sizes exceed what the input could hold are skipped. Returns
 * whether every claimed count and length fits in the remaining bytes. */
static bool sizes_plausible(const uint8_t *p, size_t len)
{
    size_t at = 0, pending = 1;
    while (pending > 0 && at < len) {
        pending--;
        uint8_t c = p[at++];
        uint64_t items = 0, payload = 0;
        unsigned hdr = 0;
        if ((c & 0xf0) == 0x90) items = c & 0x0f;
        else if ((c & 0xf0) == 0x80) items = 2u * (c & 0x0f);
        else if ((c & 0xe0) == 0xa0) payload = c & 0x1f;
        else if (c == 0xc4 || c == 0xd9) hdr = 1;           /* bin8, str8 */
        else if (c == 0xc5 || c == 0xda) hdr = 2;           /* bin16, str16 */
        else if (c == 0xc6 || c == 0xdb) hdr = 4;           /* bin32, str32 */
        else if (c == 0xc7) hdr = 1, payload = 1;           /* ext8 (+type) */
        else if (c == 0xc8) hdr = 2, payload = 1;
        else if (c == 0xc9) hdr = 4, payload = 1;
        else if (c == 0xdc || c == 0xde) hdr = 2;           /* array/map16 */
        else if (c == 0xdd || c == 0xdf) hdr = 4;           /* array/map32 */
        else if (c >= 0xd4 && c <= 0xd8) payload = 1 + (1u << (c - 0xd4));
        else if (c >= 0xca && c <= 0xd3)
            payload = (uint64_t[]){4, 8, 1, 2, 4, 8, 1, 2, 4, 8}[c - 0xca];
        if (hdr) {
            if (len - at < hdr)
                return false;
            uint64_t n = 0;
            for (unsigned i = 0; i < hdr; i++)
                n = n << 8 | p[at + i];
            at += hdr;
            if (c == 0xdc || c == 0xdd) items = n;
            else if (c == 0xde || c == 0xdf) items = 2 * n;
            else payload += n;
        }
        if (payload > len - at || items > len - at)
            return false;
        at += payload;
        pending += items;
    }
    return pending <= len - at + 1;
}

/* The first value of raw input, as msgpack-c's unpacker takes it: its
 * length in bytes, or 0 when the unpacker refuses it. */
static size_t first_value_len(const uint8_t *raw, size_t len)
{
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    size_t off = 0;
    msgpack_unpack_return r = msgpack_unpack_next(&u, (const char *)raw, len, &off);
    msgpack_unpacked_destroy(&u);
    return r == MSGPACK_UNPACK_SUCCESS ? off : 0;
}

void mp_prop_canonical_fixed_point(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    if (!sizes_plausible(k->raw, k->len))
        pf_skip(s, "R4");
    /* The unpacker takes one value and leaves the rest: the property is
     * about that value's bytes. */
    k->len = first_value_len(k->raw, k->len);
    if (k->len)
        pf_bin_canonical_fixed_point(s, k);
}
