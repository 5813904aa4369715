/* Internals shared by the JSON files of libpropfuzz (properties/json_*.c).
 * Not installed; the public API is include/propfuzz_json.h. */
#ifndef PF_JSON_INTERNAL_H
#define PF_JSON_INTERNAL_H

#include "../core/pf_internal.h"
#include "propfuzz_json.h"

/* A NUL-terminated copy of len bytes in the pool. */
char *pf__json_copy_str(pf_json_pool *p, const char *s, size_t len);

/* The byte length of the UTF-8 sequence that lead byte c starts (1 for
 * ASCII; 2 to 4 otherwise, valid or not). */
static inline size_t pf__json_utf8_len(uint8_t c)
{
    return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

/* pf_buf's bytes as a pool string (for pf_line texts). */
const char *pf__json_text_of(pf_json_pool *p, const pf_buf *b);

/* --- the shared properties (json_suite.c) --------------------------- */

/* Buffers emptied on each use and kept across inputs; each property uses
 * its own indices while it runs. */
enum { PF__JSON_N_SCRATCH = 6 };
pf_buf *pf__json_scratch(unsigned which);

/* The case's library in one format, as a pf_codec for the oracles. It
 * lives until the input ends (pf_alloc): a failing oracle holds values
 * that are released through it then. */
typedef struct pf__json_codec {
    pf_codec codec;
    const pf_json_case *c;
    const void *format;
    const pf_json_eq *eq;
    const char *(*unfit)(const pf_json *v); /* decode refuses these ... */
    const char *unfit_name;                 /* ... and says why here */
} pf__json_codec;
pf__json_codec *pf__json_codec_new(pf_src *s, const pf_json_case *c,
                                   const void *format, const pf_json_eq *eq);

/* "<library> <what>", for report lines. */
const char *pf__json_name(const pf_json_case *c, const char *what);
/* The library's text of v in format. A refusal fails the running
 * property (whose premise it breaks: a check that is off stays off). */
void pf__json_write(pf_src *s, const pf_json_case *c, const pf_json *v,
                    const void *format, pf_buf *out);
_Noreturn void pf__json_write_refused(pf_src *s, const pf_json_case *c,
                                      const pf_json *v);
/* The library's value of text, or NULL when it refuses it. */
pf_json *pf__json_parse(const pf_json_case *c, const pf_buf *text);
/* The same where a refusal breaks the running property's premise: it
 * fails the property (text is named `what` in the report). */
pf_json *pf__json_must_parse(pf_src *s, const pf_json_case *c,
                             const char *what, const pf_buf *text);
/* The library must read text (`what`) as want (`want_name`), compared
 * with how; fails the running property otherwise. */
void pf__json_expect_parse(pf_src *s, const pf_json_case *c, const char *what,
                           const pf_buf *text, const pf_json *want,
                           const char *want_name, const pf_json_eq *how);

#endif
