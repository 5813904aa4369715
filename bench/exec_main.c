/* exec_main — a throughput driver for any LLVMFuzzerTestOneInput.
 *
 *   exec_main DIR [ROUNDS]
 *
 * Loads every regular file of DIR (not its subdirectories; dotfiles and
 * sidecars are skipped) into memory, runs them all once untimed, then
 * ROUNDS times (default 5) timed, and prints one line:
 *
 *   execs=E inputs=N rounds=R wall_s=W cpu_s=C execs_per_s=X cpu_execs_per_s=Y
 *
 * Everything is read before the clock starts, so file I/O is not measured,
 * and the same inputs run in the same (sorted) order for every harness.
 * execs_per_s is wall-clock throughput, what a fuzzer sees; cpu_execs_per_s
 * divides by this process's CPU time, which is steadier when other jobs
 * share the machine. The untimed first pass lets one-time setup (caches,
 * first allocations) happen before measuring.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional, as with libFuzzer: weak so a harness need not define it. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

typedef struct input {
    char *name;
    uint8_t *data; /* exactly size bytes, so ASan sees any over-read */
    size_t size;
} input;

typedef struct inputs {
    input *v;
    size_t n, cap;
} inputs;

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Not inputs: the replay driver's sidecars and hidden files. */
static bool skipped(const char *name)
{
    return name[0] == '.' || ends_with(name, ".expect") ||
           ends_with(name, ".report.txt") || strncmp(name, "README", 6) == 0;
}

/* Reads a whole file into an allocation of exactly its size (one byte for
 * an empty file, so the pointer is never NULL). Returns 0 or -1. */
static int read_file(const char *path, size_t size, uint8_t **out)
{
    int rc = -1;
    uint8_t *buf = malloc(size ? size : 1);
    FILE *f = fopen(path, "rb");
    if (!buf || !f)
        goto done;
    if (size && fread(buf, 1, size, f) != size)
        goto done;
    *out = buf;
    buf = NULL;
    rc = 0;
done:
    if (f)
        fclose(f);
    free(buf);
    return rc;
}

static int add_input(inputs *in, const char *dir, const char *name)
{
    char path[4096];
    struct stat st;
    int n = snprintf(path, sizeof path, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= sizeof path)
        return -1;
    if (stat(path, &st) != 0)
        return -1;
    if (!S_ISREG(st.st_mode))
        return 0; /* subdirectories (e.g. regress/) are not inputs */
    if (in->n == in->cap) {
        size_t cap = in->cap ? 2 * in->cap : 256;
        input *v = realloc(in->v, cap * sizeof *v);
        if (!v)
            return -1;
        in->v = v;
        in->cap = cap;
    }
    input *it = &in->v[in->n];
    it->size = (size_t)st.st_size;
    it->name = strdup(name);
    if (!it->name || read_file(path, it->size, &it->data) != 0) {
        free(it->name);
        return -1;
    }
    in->n++;
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const input *)a)->name, ((const input *)b)->name);
}

static void free_inputs(inputs *in)
{
    for (size_t i = 0; i < in->n; i++) {
        free(in->v[i].name);
        free(in->v[i].data);
    }
    free(in->v);
}

static double seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void run_all(const inputs *in)
{
    for (size_t i = 0; i < in->n; i++)
        LLVMFuzzerTestOneInput(in->v[i].data, in->v[i].size);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s DIR [ROUNDS]\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    long rounds = argc > 2 ? strtol(argv[2], NULL, 10) : 5;
    if (rounds < 1) {
        fprintf(stderr, "exec_main: ROUNDS must be >= 1\n");
        return 2;
    }
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);

    inputs in = {0};
    int rc = 1;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "exec_main: cannot open %s: %s\n", dir,
                strerror(errno));
        return 1;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (skipped(e->d_name))
            continue;
        if (add_input(&in, dir, e->d_name) != 0) {
            fprintf(stderr, "exec_main: cannot read %s/%s\n", dir, e->d_name);
            goto done;
        }
    }
    if (in.n == 0) {
        fprintf(stderr, "exec_main: no inputs in %s\n", dir);
        goto done;
    }
    /* readdir order is arbitrary; sorting gives every binary the same
     * sequence (it matters for allocator and cache state). */
    qsort(in.v, in.n, sizeof in.v[0], by_name);

    run_all(&in); /* warm-up, untimed */
    double w0 = seconds(CLOCK_MONOTONIC);
    double c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
    for (long r = 0; r < rounds; r++)
        run_all(&in);
    double wall = seconds(CLOCK_MONOTONIC) - w0;
    double cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
    double execs = (double)in.n * (double)rounds;
    printf("execs=%.0f inputs=%zu rounds=%ld wall_s=%.3f cpu_s=%.3f "
           "execs_per_s=%.0f cpu_execs_per_s=%.0f\n",
           execs, in.n, rounds, wall, cpu, execs / wall, execs / cpu);
    rc = 0;
done:
    closedir(d);
    free_inputs(&in);
    return rc;
}
