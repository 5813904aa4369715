/* decompress_safe, raw deflate: a stream whose first block header RFC 1951
 * forbids is refused, by inflate and by inflateBack. The fuzzer's raw
 * bytes reach such headers often; without this check only a crash would
 * tell a decoder that reads one. Forbidden (RFC 1951 §3.2.3, §3.2.4,
 * §3.2.7): BTYPE 11; a stored block whose NLEN is not LEN's complement; a
 * dynamic block declaring more than 286 literal/length codes (HLIT > 29) or
 * more than 30 distance codes (HDIST > 29). */
#include "zlib.h"

/* Why the first block's header is forbidden, or NULL (or too short to
 * say). Bits are read from the least significant bit of each byte. */
static const char *forbidden(const uint8_t *p, size_t len)
{
    if (len < 1)
        return NULL;
    unsigned btype = p[0] >> 1 & 3;
    if (btype == 3)
        return "BTYPE 11 (reserved)";
    if (btype == 0 && len >= 5 && (p[1] | p[2] << 8) != (~(p[3] | p[4] << 8) & 0xffff))
        return "a stored block whose NLEN is not the complement of LEN";
    if (btype == 2 && len >= 2) {
        unsigned hlit = p[0] >> 3, hdist = p[1] & 31;
        if (hlit > 29)
            return "HLIT above 29 (more than 286 literal/length codes)";
        if (hdist > 29)
            return "HDIST above 29 (more than 30 distance codes)";
    }
    return NULL;
}

void zl_check_first_block(pf_src *s, pf_stream_raw *r, const pf_stream_result *once)
{
    const char *why = forbidden(r->raw, r->len);
    if (!why)
        return;
    pf_stream_result back;
    zl_inflate_back(s, r->raw, r->len, r->in_step, &back);
    const char *who = once->status == PF_STREAM_END ? "inflate"
                      : back.status == PF_STREAM_END ? "inflateBack" : NULL;
    if (!who)
        return;
    pf_buf b = {0};
    pf_buf_printf(&b, "%s returned Z_STREAM_END on a first block with %s", who, why);
    pf_stream_fail(s, &zl_codec, NULL, "a raw deflate stream RFC 1951 forbids was "
                   "accepted", pf_buf_defer(s, &b));
}
