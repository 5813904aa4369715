/* mutator_speed — the structure-aware mutator's cost per mutation, alone.
 *
 *   mutator_speed DIR [ROUNDS]
 *
 * Loads the regular files of DIR, then times, over ROUNDS passes (default
 * 3): one plain execution of each input (LLVMFuzzerTestOneInput), one
 * execution in record mode (what the mutator's decode runs), and one call
 * of LLVMFuzzerCustomMutator on each (with the engine's share as
 * PF_MUTATOR_ENGINE says; 0 times structural edits only), and one
 * execution of the input such a mutation makes; then the mutator alone
 * (reused_mutate_us): each input run just before its mutation, as libFuzzer
 * does, so the mutator takes the draws of that run. Without libFuzzer
 * linked the engine's part is a plain byte edit. Prints one line:
 *
 *   inputs=N exec_us=E record_us=R mutate_us=M mutant_exec_us=X reused_mutate_us=U
 *
 * (microseconds per call, CPU time of this process). */
#define _POSIX_C_SOURCE 200809L

#include "mutator/mutator_internal.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed);

enum { MAX_INPUTS = 4096, MAX_SIZE = 4096 };

static uint8_t *g_data[MAX_INPUTS];
static size_t g_size[MAX_INPUTS], g_n;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void load(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "mutator_speed: cannot open %s: give a corpus directory\n", dir);
        exit(2);
    }
    struct dirent *e;
    char path[4096];
    while ((e = readdir(d)) && g_n < MAX_INPUTS) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] == '.' || stat(path, &st) || !S_ISREG(st.st_mode) ||
            st.st_size > MAX_SIZE || strchr(e->d_name, '.'))
            continue;
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        g_data[g_n] = malloc(MAX_SIZE);
        g_size[g_n] = fread(g_data[g_n], 1, MAX_SIZE, f);
        fclose(f);
        g_n++;
    }
    closedir(d);
}

static double time_runs(unsigned rounds, bool record)
{
    pf_set_recording(record);
    double t0 = cpu_now();
    for (unsigned r = 0; r < rounds; r++)
        for (size_t i = 0; i < g_n; i++)
            LLVMFuzzerTestOneInput(g_data[i], g_size[i]);
    pf_set_recording(false);
    return (cpu_now() - t0) / (double)(rounds * g_n);
}

static double time_mutations(unsigned rounds, double *mutant_exec)
{
    uint8_t *buf = malloc(MAX_SIZE);
    double t = 0;
    for (unsigned r = 0; r < rounds; r++)
        for (size_t i = 0; i < g_n; i++) {
            memcpy(buf, g_data[i], g_size[i]);
            double t0 = cpu_now();
            LLVMFuzzerCustomMutator(buf, g_size[i], MAX_SIZE, r * 7919u + (unsigned)i);
            t += cpu_now() - t0;
            size_t n = LLVMFuzzerCustomMutator(buf, g_size[i], MAX_SIZE,
                                               r * 7919u + (unsigned)i);
            double t1 = cpu_now();
            LLVMFuzzerTestOneInput(buf, n);
            *mutant_exec += cpu_now() - t1;
        }
    free(buf);
    *mutant_exec /= (double)(rounds * g_n);
    return t / (double)(rounds * g_n);
}

/* As under libFuzzer: each input run (recorded) just before it is
 * mutated, so the mutator takes the draws of that run: its own cost. */
static double time_reused(unsigned rounds)
{
    uint8_t *buf = malloc(MAX_SIZE);
    double t = 0;
    pf__watch_executions();
    for (unsigned r = 0; r < rounds; r++)
        for (size_t i = 0; i < g_n; i++) {
            memcpy(buf, g_data[i], g_size[i]);
            LLVMFuzzerTestOneInput(buf, g_size[i]);
            double t0 = cpu_now();
            LLVMFuzzerCustomMutator(buf, g_size[i], MAX_SIZE, r * 7919u + (unsigned)i);
            t += cpu_now() - t0;
        }
    pf_set_recording(false);
    free(buf);
    return t / (double)(rounds * g_n);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: mutator_speed DIR [ROUNDS]\n");
        return 2;
    }
    unsigned rounds = argc > 2 ? (unsigned)atoi(argv[2]) : 3;
    if (rounds == 0)
        rounds = 1;
    load(argv[1]);
    if (g_n == 0) {
        fprintf(stderr, "mutator_speed: no inputs in %s\n", argv[1]);
        return 2;
    }
    time_runs(1, false); /* first allocations, caches */
    double exec = time_runs(rounds, false), rec = time_runs(rounds, true);
    double mutant_exec = 0, mut = time_mutations(rounds, &mutant_exec);
    double reused = time_reused(rounds);
    printf("inputs=%zu exec_us=%.1f record_us=%.1f mutate_us=%.1f "
           "mutant_exec_us=%.1f reused_mutate_us=%.1f\n", g_n, 1e6 * exec,
           1e6 * rec, 1e6 * mut, 1e6 * mutant_exec, 1e6 * reused);
    for (size_t i = 0; i < g_n; i++)
        free(g_data[i]);
    return 0;
}
