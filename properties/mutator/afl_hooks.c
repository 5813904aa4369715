/* AFL++'s custom mutator API for the structure-aware mutator
 * (properties/mutator/): afl-fuzz loads it from AFL_CUSTOM_MUTATOR_LIBRARY
 * (AFL++ 4.04c: afl_custom_init, afl_custom_fuzz_count, afl_custom_fuzz,
 * afl_custom_describe, afl_custom_deinit). Linked per target into
 * out/afl-mutator/<t>.so, as an object (nothing refers to it), with the
 * harness, libpropfuzz and the library under test, all -fPIC and without
 * sanitizers or AFL's instrumentation: a decode runs the target's
 * property in record mode inside afl-fuzz's own process, which has
 * neither runtime.
 *
 * afl-fuzz calls afl_custom_fuzz over and over for one queue entry (its
 * "custom mutator" stage, then its own havoc stage: AFL_CUSTOM_MUTATOR_ONLY
 * unset, havoc keeps the share libFuzzer's own mutator keeps under
 * PF_MUTATOR_ENGINE). The stage is PF_MUTATOR_AFL_CALLS calls long (256
 * by default, 1 to 21% of the executions in 60 s runs on csv and cjson):
 * left to afl-fuzz it doubles on every find, and on csv it took 70 to 98%
 * of the executions and found less than havoc. The entry is decoded once
 * and each call makes one structural edit of it; one call in four first
 * decodes the other queue entry afl-fuzz hands over (add_buf) and crosses
 * a subtree over from it, the rest take subtrees from the pool of recent
 * decodes.
 *
 * Only queue entries are run here, inputs afl-fuzz has already run
 * without a crash or a hang, never the mutator's own outputs: the bugs
 * those find crash the fuzzed binary, not afl-fuzz. The edits are bytes
 * like any other input (the decoder is total), so every output replays.
 * The runs made here are not counted in the target's statistics
 * (PF_STATS_DIR's rates are the fuzzed binary's). */
#define _POSIX_C_SOURCE 200809L

#include "mutator_internal.h"

#include <stdio.h>
#include <stdlib.h>

#define PF_AFL_API __attribute__((visibility("default")))

extern int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

PF_AFL_API void *afl_custom_init(void *afl, unsigned int seed);
PF_AFL_API unsigned int afl_custom_fuzz_count(void *data, const uint8_t *buf,
                                              size_t buf_size);
PF_AFL_API size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size,
                                  uint8_t **out_buf, uint8_t *add_buf,
                                  size_t add_buf_size, size_t max_size);
PF_AFL_API const char *afl_custom_describe(void *data,
                                           size_t max_description_len);
PF_AFL_API void afl_custom_deinit(void *data);

typedef struct afl_mutator {
    pf__rng rng;
    pf__decoded entry, other; /* the queue entry, the splice partner */
    uint8_t *entry_bytes;     /* what `entry` decoded, to know it again */
    size_t entry_len;
    bool entry_ok;            /* it drew something */
    uint8_t *out;
    size_t out_cap;
    unsigned calls;           /* a stage's length */
} afl_mutator;

void *afl_custom_init(void *afl, unsigned int seed)
{
    (void)afl;
    afl_mutator *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->rng.s = ((uint64_t)seed << 32) ^ seed ^ 0x632be59bd9b4e019u;
    pf__mutator_on(); /* reads PF_MUTATOR_STATS */
    const char *calls = getenv("PF_MUTATOR_AFL_CALLS");
    long n = calls && *calls ? strtol(calls, NULL, 10) : 256;
    m->calls = n < 0 ? 0 : n > 100000 ? 100000 : (unsigned)n;
    if (LLVMFuzzerInitialize) {
        int argc = 1;
        char name[] = "afl-mutator", *args[] = {name, NULL}, **argv = args;
        LLVMFuzzerInitialize(&argc, &argv);
    }
    return m;
}

/* The target in record mode on data; its counts are dropped. */
static bool decode(const uint8_t *data, size_t len, pf__decoded *d)
{
    bool ok = pf__decode(data, len, d, true);
    pf_stats_reset();
    return ok;
}

static bool decode_entry(afl_mutator *m, const uint8_t *buf, size_t len)
{
    if (m->entry_bytes && len == m->entry_len &&
        (len == 0 || memcmp(buf, m->entry_bytes, len) == 0))
        return m->entry_ok;
    uint8_t *copy = realloc(m->entry_bytes, len ? len : 1);
    if (!copy)
        return false;
    memcpy(copy, buf, len);
    m->entry_bytes = copy;
    m->entry_len = len;
    m->entry_ok = decode(buf, len, &m->entry);
    if (m->entry_ok)
        pf__pool_add(&m->rng, &m->entry);
    return m->entry_ok;
}

unsigned int afl_custom_fuzz_count(void *data, const uint8_t *buf,
                                   size_t buf_size)
{
    (void)buf, (void)buf_size;
    return ((const afl_mutator *)data)->calls;
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size,
                       uint8_t **out_buf, uint8_t *add_buf,
                       size_t add_buf_size, size_t max_size)
{
    afl_mutator *m = data;
    /* afl-fuzz stops on a NULL buffer even with a size of 0. */
    *out_buf = buf;
    if (max_size > m->out_cap) {
        uint8_t *grown = realloc(m->out, max_size);
        if (!grown)
            return 0;
        m->out = grown;
        m->out_cap = max_size;
    }
    *out_buf = m->out;
    unsigned seed = (unsigned)pf__rng_next(&m->rng);
    if (!decode_entry(m, buf, buf_size)) {
        /* Nothing drawn (no draws, or the decode failed): a byte edit,
         * so the call still makes an input. */
        memcpy(m->out, buf, buf_size);
        return pf__engine_mutate(&m->rng, m->out, buf_size, max_size);
    }
    const pf__decoded *from = NULL;
    if (add_buf && add_buf_size && pf__rng_below(&m->rng, 4) == 0 &&
        decode(add_buf, add_buf_size, &m->other)) {
        pf__pool_add(&m->rng, &m->other);
        from = &m->other;
    }
    return pf__mutate_decoded(&m->entry, from, buf, buf_size, m->out,
                              max_size, seed);
}

const char *afl_custom_describe(void *data, size_t max_description_len)
{
    (void)data;
    return max_description_len >= 13 ? "pf-structural" : "pf";
}

void afl_custom_deinit(void *data)
{
    afl_mutator *m = data;
    if (!m)
        return;
    pf__decoded_free(&m->entry);
    pf__decoded_free(&m->other);
    free(m->entry_bytes);
    free(m->out);
    free(m);
}
