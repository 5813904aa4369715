/* afl_mutator_load — loads a target's AFL++ custom mutator
 * (out/afl-mutator/<t>.so) as afl-fuzz does, through dlopen and the
 * afl_custom_* symbols, and calls it as afl-fuzz's custom stage does: many
 * calls on one queue entry, each with another entry as add_buf. The
 * entries are the corpus files given, and random byte strings (the
 * mutator must be total). Every output is checked (a buffer, at most
 * max_size bytes) and written to OUTDIR/out-<n> for the test to replay.
 *
 *   afl_mutator_load SO OUTDIR CALLS FILE...
 *
 * Exits 0 when every call gave a valid output and most changed the
 * input; 1 with the reason otherwise. */
#define _POSIX_C_SOURCE 200809L

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *(*init_fn)(void *afl, unsigned int seed);
typedef unsigned int (*count_fn)(void *data, const uint8_t *buf,
                                 size_t buf_size);
typedef size_t (*fuzz_fn)(void *data, uint8_t *buf, size_t buf_size,
                          uint8_t **out_buf, uint8_t *add_buf,
                          size_t add_buf_size, size_t max_size);
typedef const char *(*describe_fn)(void *data, size_t max_len);
typedef void (*deinit_fn)(void *data);

enum { MAX_INPUT = 1 << 16, CALLS_PER_ENTRY = 8 };

typedef struct input {
    uint8_t *data;
    size_t len;
} input;

static uint64_t g_rng = 0x853c49e6748fea9bu;

static uint64_t next_random(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return g_rng;
}

static input read_file(const char *path)
{
    input in = {malloc(MAX_INPUT), 0};
    FILE *f = fopen(path, "rb");
    if (!in.data || !f) {
        fprintf(stderr, "afl_mutator_load: cannot read %s\n", path);
        exit(1);
    }
    in.len = fread(in.data, 1, MAX_INPUT, f);
    fclose(f);
    return in;
}

static input random_input(void)
{
    input in = {malloc(MAX_INPUT), 1 + next_random() % 300};
    if (!in.data)
        exit(1);
    for (size_t i = 0; i < in.len; i++)
        in.data[i] = (uint8_t)next_random();
    return in;
}

static void *need(void *so, const char *name)
{
    void *f = dlsym(so, name);
    if (!f) {
        fprintf(stderr, "afl_mutator_load: the mutator has no %s\n", name);
        exit(1);
    }
    return f;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s SO OUTDIR CALLS FILE...\n", argv[0]);
        return 2;
    }
    void *so = dlopen(argv[1], RTLD_NOW);
    if (!so) {
        fprintf(stderr, "afl_mutator_load: %s\n", dlerror());
        return 1;
    }
    /* dlsym gives an object pointer; POSIX lets it hold a function's. */
    init_fn init;
    count_fn count;
    fuzz_fn fuzz;
    describe_fn describe;
    deinit_fn deinit;
    *(void **)&init = need(so, "afl_custom_init");
    *(void **)&count = need(so, "afl_custom_fuzz_count");
    *(void **)&fuzz = need(so, "afl_custom_fuzz");
    *(void **)&describe = need(so, "afl_custom_describe");
    *(void **)&deinit = need(so, "afl_custom_deinit");

    size_t n_files = (size_t)argc - 4;
    input *files = malloc(n_files * sizeof *files);
    for (size_t i = 0; files && i < n_files; i++)
        files[i] = read_file(argv[4 + i]);
    long calls = strtol(argv[3], NULL, 10);
    void *m = init(NULL, 1);
    if (!m || !files || calls <= 0) {
        fprintf(stderr, "afl_mutator_load: afl_custom_init failed\n");
        return 1;
    }
    const char *what = describe(m, 64);
    if (!what || !*what) {
        fprintf(stderr, "afl_mutator_load: afl_custom_describe gave nothing\n");
        return 1;
    }
    long changed = 0;
    input entry = {0}, rnd = {0};
    for (long c = 0; c < calls; c++) {
        if (c % CALLS_PER_ENTRY == 0) {
            /* The next queue entry: a corpus file, or one time in four
             * random bytes. afl-fuzz asks first how many calls it
             * wants (a stage; these are shorter). */
            free(rnd.data);
            rnd = (input){0};
            if (next_random() % 4 == 0)
                entry = rnd = random_input();
            else
                entry = files[next_random() % n_files];
            if (count(m, entry.data, entry.len) == 0) {
                fprintf(stderr, "afl_mutator_load: afl_custom_fuzz_count is 0\n");
                return 1;
            }
        }
        const input *add = &files[next_random() % n_files];
        /* afl-fuzz passes MAX_FILE; a small limit must hold too. */
        size_t max = c % 5 == 4 ? 1 + next_random() % 64 : (size_t)1 << 20;
        uint8_t *before = malloc(entry.len ? entry.len : 1);
        memcpy(before, entry.data, entry.len);
        uint8_t *out = NULL;
        size_t n = fuzz(m, entry.data, entry.len, &out, add->data, add->len, max);
        if (!out || n > max) {
            fprintf(stderr, "afl_mutator_load: call %ld: %s (%zu bytes, max %zu)\n",
                    c, out ? "too long" : "no buffer", n, max);
            return 1;
        }
        if (memcmp(before, entry.data, entry.len) != 0) {
            fprintf(stderr, "afl_mutator_load: call %ld changed its input\n", c);
            return 1;
        }
        changed += n != entry.len || memcmp(out, entry.data, n) != 0;
        char path[4096];
        snprintf(path, sizeof path, "%s/out-%05ld", argv[2], c);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(out, 1, n, f) != n || fclose(f) != 0) {
            fprintf(stderr, "afl_mutator_load: cannot write %s\n", path);
            return 1;
        }
        free(before);
    }
    deinit(m);
    free(rnd.data);
    for (size_t i = 0; i < n_files; i++)
        free(files[i].data);
    free(files);
    printf("afl_mutator_load: %s: %ld calls, %ld changed the input\n", what,
           calls, changed);
    /* Not dlclose'd (afl-fuzz does not either): the mutator's pool lives
     * until exit. */
    return changed * 10 >= calls * 9 ? 0 : 1;
}
