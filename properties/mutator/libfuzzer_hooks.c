/* libFuzzer's custom mutator hooks (and OSS-Fuzz's, which links the same
 * way). libFuzzer calls them when the binary defines them; they are weak
 * here, so a harness that defines its own wins, and mutator_decode.c
 * refers to pf__mutator_hooks so that this member of libpropfuzz.a is
 * linked into every binary (libFuzzer's weak references would not pull
 * it). Off unless PF_MUTATOR=1 or the harness's PF_MUTATOR_DEFAULT_ON:
 * off, every mutation is libFuzzer's own. */
#include "mutator_internal.h"

const char pf__mutator_hooks[] = "propfuzz structure-aware mutator";

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed) __attribute__((weak));
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                 const uint8_t *data2, size_t size2,
                                 uint8_t *out, size_t max_out_size,
                                 unsigned int seed) __attribute__((weak));

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed)
{
    return pf__mutate(data, size, data, max_size, seed);
}

size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                 const uint8_t *data2, size_t size2,
                                 uint8_t *out, size_t max_out_size,
                                 unsigned int seed)
{
    return pf__crossover(data1, size1, data2, size2, out, max_out_size, seed);
}
