/* shrink_ideal FILE...: for bench/shrink.sh, whether each file decodes to
 * the known minimal counterexample of the linked shrinking benchmark
 * (tests/shrink/<name>.c), one line per file: "ideal" or "not". The value
 * is printed after it, so a table can show what each minimiser reached. */
#include "../tests/shrink/shrink_bench.h"

#include <stdio.h>
#include <stdlib.h>

static uint8_t *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16;
    uint8_t *buf = malloc(cap);
    *len = buf ? fread(buf, 1, cap, f) : 0; /* inputs here are small */
    fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        size_t len = 0;
        uint8_t *data = read_all(argv[i], &len);
        if (!data) {
            printf("unreadable %s\n", argv[i]);
            rc = 1;
            continue;
        }
        pf_buf b = {0};
        shrink_bench_print(data, len, &b);
        printf("%s %s\n", shrink_bench_ideal(data, len) ? "ideal" : "not",
               pf_buf_str(&b));
        pf_buf_free(&b);
        free(data);
    }
    return rc;
}
