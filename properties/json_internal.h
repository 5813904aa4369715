/* Internals shared by the JSON files of libpropfuzz (properties/json_*.c).
 * Not installed; the public API is include/propfuzz_json.h. */
#ifndef PF_JSON_INTERNAL_H
#define PF_JSON_INTERNAL_H

#include "pf_internal.h"
#include "propfuzz_json.h"

/* A NUL-terminated copy of len bytes in the pool. */
char *pf__json_copy_str(pf_json_pool *p, const char *s, size_t len);

/* Code points of valid UTF-8 (no surrogates, no overlongs), or SIZE_MAX. */
size_t pf__json_utf8_count(const uint8_t *p, size_t len);

/* The byte length of the UTF-8 sequence that lead byte c starts (1 for
 * ASCII; 2 to 4 otherwise, valid or not). */
static inline size_t pf__json_utf8_len(uint8_t c)
{
    return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

/* pf_buf's bytes as a pool string (for pf_line texts). */
const char *pf__json_text_of(pf_json_pool *p, const pf_buf *b);

#endif
