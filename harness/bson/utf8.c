/* utf8_validate: bson_utf8_validate, which bson_validate and the JSON
 * reader call on every string, against UTF-8 as RFC 3629 defines it: a
 * code point in its shortest form, continuation bytes 10xxxxxx, no
 * surrogate (U+D800-U+DFFF), none past U+10FFFF. allow_null lets U+0000
 * through, raw or as libbson's two-byte form C0 80 (bson-utf8.c); without
 * it both are refused. The bytes are built from drawn pieces (a code point
 * in a drawn length of 1-4 bytes, so overlong forms too; or a raw byte), so
 * every range boundary is near. The documents' strings are valid UTF-8 by
 * construction: only this asks what libbson refuses. */
#include "bson_target.h"

#include <string.h>

/* Code points near the ends of each UTF-8 length and of the surrogates. */
static uint32_t draw_code_point(pf_src *s)
{
    static const uint32_t edges[] = {0x0,     0x7f,    0x80,     0x7ff,    0x800,   0xd7ff,
                                     0xd800,  0xdfff,  0xe000,   0xffff,   0x10000, 0x3ffff,
                                     0x40000, 0xfffff, 0x100000, 0x10ffff, 0x110000, 0x1fffff};
    if (pf_bool(s, "any code point"))
        return (uint32_t)pf_u64_range(s, "code point", 0, 0x1fffff);
    return edges[pf_choice(s, "edge", PF_LEN(edges))];
}

/* cp in n bytes (overlong when n is more than it needs); 0: it does not
 * fit in n bytes. */
static size_t put_code_point(uint8_t *out, uint32_t cp, size_t n)
{
    static const uint8_t lead[] = {0, 0x00, 0xc0, 0xe0, 0xf0};
    if (n == 1 ? cp > 0x7f : cp >> (5 * n + 1))
        return 0;
    for (size_t i = n - 1; i > 0; i--, cp >>= 6)
        out[i] = (uint8_t)(0x80 | (cp & 0x3f));
    out[0] = (uint8_t)(lead[n] | cp);
    return n;
}

static size_t shortest(uint32_t cp)
{
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/* RFC 3629 (pf_utf8_count), with libbson's U+0000 rule: C0 80 stands
 * for U+0000 (C0 is no continuation byte, so splitting the bytes there
 * cuts no sequence), and U+0000 either way needs allow_null. */
static bool reference_valid(const uint8_t *b, size_t len, bool allow_null)
{
    size_t start = 0;
    for (size_t i = 0; i + 1 < len; i++)
        if (b[i] == 0xc0 && b[i + 1] == 0x80) {
            if (!allow_null || pf_utf8_count(b + start, i - start) == SIZE_MAX)
                return false;
            start = ++i + 1;
        }
    return pf_utf8_count(b + start, len - start) != SIZE_MAX &&
           (allow_null || !memchr(b, 0, len));
}

void bt_prop_utf8_validate(pf_src *s, void *bin_case)
{
    (void)bin_case;
    uint8_t bytes[64];
    size_t len = 0;
    for (size_t pieces = pf_u64_range(s, "pieces", 1, 8); pieces > 0; pieces--) {
        if (pf_bool(s, "raw byte")) {
            bytes[len++] = pf_u8(s, "byte");
            continue;
        }
        uint32_t cp = draw_code_point(s);
        size_t n = pf_bool(s, "overlong") ? pf_u64_range(s, "bytes", 1, 4) : shortest(cp);
        len += put_code_point(bytes + len, cp, n);
    }
    bool allow_null = pf_bool(s, "allow_null");
    bool want = reference_valid(bytes, len, allow_null);
    if (bson_utf8_validate((const char *)bytes, len, allow_null) != want) {
        pf_line l[] = {{"bytes", pf_bin_hex(s, bytes, len)},
                       {"allow_null", allow_null ? "true" : "false"},
                       {"RFC 3629", want ? "valid" : "not valid"}};
        pf_fail(s, NULL, "bson_utf8_validate disagrees with UTF-8's definition", l, 3, NULL);
    }
}
