/* varint — LEB128 varints and lists of signed integers (zigzag), the
 * example library of propfuzz's outside project (tests/outside/README).
 *
 * Built with -DVARINT_PLANTED_BUG, vi_zigzag keeps only 32 bits of the
 * sign: a list holding an integer outside [-2^31, 2^31) does not come
 * back, which the target's round_trip property finds. */
#ifndef VARINT_H
#define VARINT_H

#include <stddef.h>
#include <stdint.h>

enum { VI_MAX = 10 }; /* the longest varint of a uint64_t */

/* Writes v as an unsigned LEB128 varint (7 bits a byte, low first, the
 * high bit set on every byte but the last) into out; returns its length. */
size_t vi_put_u64(uint64_t v, uint8_t out[VI_MAX]);

typedef enum vi_status {
    VI_OK = 0,
    VI_TRUNCATED,  /* the input ends inside a varint or a list */
    VI_OVERLONG,   /* not the shortest form, or more than 64 bits */
    VI_TRAILING,   /* bytes after the list */
    VI_NOMEM,
} vi_status;

/* Reads one varint from p[0..n): *v and the bytes it took in *used.
 * Accepts only the shortest form, so each value has one encoding. */
vi_status vi_get_u64(const uint8_t *p, size_t n, uint64_t *v, size_t *used);

/* Zigzag: 0, -1, 1, -2, ... as 0, 1, 2, 3, ... (small magnitudes stay
 * short). */
uint64_t vi_zigzag(int64_t v);
int64_t vi_unzigzag(uint64_t u);

/* A list: its count, then each value zigzagged. *out is malloc'd. */
vi_status vi_pack(const int64_t *vals, size_t n, uint8_t **out, size_t *len);
/* The inverse; the whole input must be one list. *vals is malloc'd (NULL
 * for an empty list). */
vi_status vi_unpack(const uint8_t *p, size_t n, int64_t **vals, size_t *count);

#endif
