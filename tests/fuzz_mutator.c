/* fuzz_mutator — the structure-aware mutator fuzzing itself (a libFuzzer
 * target), as tests/fuzz_decoder.c fuzzes the decoder.
 *
 * Each input is a seed word, a max_size byte and the bytes to mutate. The
 * bytes are mutated for a small target (a list of ints, texts, floats and
 * nested lists, one property that fails on some inputs) with the
 * mutator's own entry point; the result must fit max_size, and decoding it
 * twice must give the same draws (the mutated bytes are what reports and
 * the shrinker replay). The target's entry point serves both: the outer
 * fuzzing loop, and the inner target the mutator decodes. libFuzzer's own
 * mutations drive the outer loop (this file's hooks override the
 * library's).
 *
 *   make out/fuzz/mutator && out/fuzz/mutator -max_total_time=600 */
#define _POSIX_C_SOURCE 200809L

#include "mutator/mutator_internal.h"

#include <stdio.h>
#include <stdlib.h>

static const pf_text_opts text_opts = {0, 8, NULL, 0, false};
static const pf_float_opts float_opts = {0};

static void draw_items(pf_src *s, unsigned depth)
{
    pf_list l;
    pf_list_begin(s, &l, "items", 0, 6);
    while (pf_list_more(s, &l)) {
        size_t len;
        switch (pf_tree_kind(s, "kind", depth, 3, 4, 1)) {
        case 0: pf_i64_range(s, "n", -1000, 1000); break;
        case 1: pf_text(s, "t", &text_opts, &len); break;
        case 2: pf_double(s, "d", &float_opts); break;
        case 3: pf_bytes(s, "b", 0, 4, &len); break;
        default: draw_items(s, depth + 1); break;
        }
    }
}

static void *setup(pf_src *s)
{
    draw_items(s, 0);
    static const uint32_t weights[] = {1, 5, 0, 2};
    pf_choice_weighted(s, "w", weights, 4);
    pf_bool_p(s, "rare", 0.02);
    return NULL;
}

static void marker(pf_src *s, void *input)
{
    (void)input;
    if (pf_u16(s, "marker") == 0xBEEF)
        pf_fail(s, NULL, "marker", NULL, 0, NULL);
}

static const pf_property props[] = {{"marker", marker}};
static const pf_mode modes[] = {{"items", setup, props, PF_LEN(props)}};
static const pf_target inner = {"fuzz_mutator_inner", modes, PF_LEN(modes), NULL};

static bool g_inner;

/* On (it is off by default), and free to run the target for a decode:
 * this binary's own executions are the outer loop's. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    setenv("PF_MUTATOR", "1", 1);
    setenv("PF_MUTATOR_RUNS", "1", 1);
    return 0;
}

static void check_replays(const uint8_t *data, size_t len)
{
    static pf__decoded a, b;
    pf__decode(data, len, &a, true);
    pf__decode(data, len, &b, true);
    bool same = a.run.n_recs == b.run.n_recs;
    for (size_t i = 0; same && i < a.run.n_recs; i++) {
        const pf__rec *x = &a.run.recs[i], *y = &b.run.recs[i];
        same = x->kind == y->kind && x->offset == y->offset &&
               x->width == y->width && x->value == y->value;
    }
    if (!same) {
        fprintf(stderr, "fuzz_mutator: a mutated input decodes differently twice\n");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (g_inner)
        return pf_run(&inner, NULL, data, size);
    if (size < 3)
        return 0;
    unsigned seed = (unsigned)data[0] | (unsigned)data[1] << 8;
    size_t max = 1 + data[2], len = size - 3;
    uint8_t *buf = malloc(len > max ? len : max);
    if (!buf)
        return 0;
    memcpy(buf, data + 3, len);
    g_inner = true;
    size_t n = len <= max ? pf__mutate(buf, len, buf, max, seed)
                          : pf__crossover(buf, len, data, size, buf, max, seed);
    if (n > max) {
        fprintf(stderr, "fuzz_mutator: %zu bytes out, max %zu\n", n, max);
        abort();
    }
    check_replays(buf, n);
    g_inner = false;
    free(buf);
    return 0;
}

/* libFuzzer's own mutations for the outer loop. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed)
{
    (void)seed;
    if (g_inner)
        return size; /* not reached: the outer loop is libFuzzer's */
    return LLVMFuzzerMutate(data, size, max_size);
}

size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                 const uint8_t *data2, size_t size2,
                                 uint8_t *out, size_t max_out_size,
                                 unsigned int seed);
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                 const uint8_t *data2, size_t size2,
                                 uint8_t *out, size_t max_out_size,
                                 unsigned int seed)
{
    /* A plain splice for the outer loop: half of each. */
    (void)seed;
    size_t a = size1 / 2 < max_out_size ? size1 / 2 : max_out_size;
    size_t b = size2 / 2 < max_out_size - a ? size2 / 2 : max_out_size - a;
    memcpy(out, data1, a);
    memcpy(out + a, data2 + size2 - b, b);
    return a + b;
}
