/* The seed writer: asks the target for its seeds, written as values with
 * the decoder's inverse (design §6), and stores each as OUTDIR/<name>.
 *
 *   seeds OUTDIR
 *
 * A target without pf_target_seeds writes none and says so (exit 0).
 */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Weak: a target without seeds still links, and says so when asked. */
extern void pf_target_seeds(void (*emit)(const char *, const uint8_t *, size_t))
    __attribute__((weak));

static const char *g_dir;
static unsigned g_written;

static void emit(const char *name, const uint8_t *data, size_t len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", g_dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "seeds: cannot write %s: %s\n", path, strerror(errno));
        exit(1);
    }
    g_written++;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        return 2;
    }
    g_dir = argv[1];
    if (!pf_target_seeds) {
        /* Seeds are recommended, not required: fuzzing starts from an
         * empty input without them. */
        printf("seeds: no seeds (recommended: define pf_target_seeds in the "
               "harness to write seeds as values)\n");
        return 0;
    }
    pf_target_seeds(emit);
    printf("wrote %u seeds to %s\n", g_written, g_dir);
    return 0;
}
