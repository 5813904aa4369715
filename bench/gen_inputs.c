/* gen_inputs — the benchmark's random input set, the same on every run.
 *
 *   gen_inputs DIR N MAX_LEN SEED
 *
 * Writes N files DIR/rand-00000 ... of uniformly random length 0..MAX_LEN
 * and uniformly random bytes, from splitmix64 seeded with SEED. A fixed
 * generator written here (not rand(), not a scripting language) makes the
 * set byte-identical on every machine, so numbers from different runs
 * measure the same work.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s DIR N MAX_LEN SEED\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    unsigned long n = strtoul(argv[2], NULL, 10);
    unsigned long max_len = strtoul(argv[3], NULL, 10);
    uint64_t state = strtoull(argv[4], NULL, 10);
    for (unsigned long i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/rand-%05lu", dir, i);
        FILE *f = fopen(path, "wb");
        if (!f) {
            perror(path);
            return 1;
        }
        /* The modulo bias over 0..MAX_LEN is irrelevant here. */
        size_t len = (size_t)(splitmix64(&state) % (max_len + 1));
        for (size_t k = 0; k < len; k++)
            fputc((int)(splitmix64(&state) & 0xff), f);
        if (fclose(f) != 0) {
            perror(path);
            return 1;
        }
    }
    return 0;
}
