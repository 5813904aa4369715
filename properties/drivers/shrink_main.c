/* The shrink tool: make shrink-<target> FILE=<file>.
 *
 *   shrink [-max_time=SECONDS] [-fork] [-out=PATH] FILE
 *
 * Shrinks FILE's failure to its smallest value (pf_shrink), writes
 * FILE.min (or PATH) and FILE.min.report.txt (PATH.report.txt: the failure
 * report of the shrunk input; -out keeps a corpus directory free of them), and prints progress, the best case so far at a cap, and where
 * the files are. The summary line gives the bytes and what the
 * shrinker's order counts, its size (a string's escapes not counted:
 * "\x00" is simpler than "\x02" though it takes a byte more) and draws.
 * Exit 0 when shrunk, 1 when FILE does not fail, 2 on misuse. */
#define _POSIX_C_SOURCE 200809L

#include "propfuzz.h"
#include "../core/pf_internal.h"
#include "../shrink/shrink_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int write_file(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t w = fwrite(data, 1, len, f);
    return fclose(f) == 0 && w == len ? 0 : -1;
}

/* "shrunk FILE: SIG, 27 -> 3 bytes, size 27 -> 3, 8 -> 3 draws, ...": the
 * start is measured again (one more run) for its size and draws. */
static void print_summary(const char *file, const uint8_t *data, size_t len,
                          const pf_shrink_result *r, bool forked)
{
    bool in_child = forked || strncmp(r->signature, "property=", 9) != 0;
    size_t size0 = 0, draws0 = 0, size1 = 0, draws1 = 0;
    bool measured = pf__shrink_measure(data, len, in_child, &size0, &draws0) &&
                    pf__shrink_measure(r->data, r->len, in_child, &size1, &draws1);
    printf("shrunk %s: %s, %zu -> %zu bytes", file, r->signature, len, r->len);
    if (measured)
        printf(", size %zu -> %zu, %zu -> %zu draws", size0, size1, draws0, draws1);
    else
        printf(", %zu draws", r->draws);
    printf(", %zu evaluations, %.1fs%s\n", r->evals, r->seconds,
           r->fixpoint ? "" : " (cap reached: best so far)");
}

int main(int argc, char **argv)
{
    pf_shrink_opts opts = {.max_seconds = 30, .verbose = true};
    const char *file = NULL, *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "-max_time=", 10) == 0)
            opts.max_seconds = atof(argv[i] + 10);
        else if (strcmp(argv[i], "-fork") == 0)
            opts.isolation = 1;
        else if (strncmp(argv[i], "-out=", 5) == 0 && argv[i][5])
            out = argv[i] + 5;
        else if (argv[i][0] != '-' && !file)
            file = argv[i];
        else {
            fprintf(stderr, "usage: %s [-max_time=SECONDS] [-fork] [-out=PATH] FILE\n", argv[0]);
            return 2;
        }
    }
    if (!file) {
        fprintf(stderr, "usage: %s [-max_time=SECONDS] [-fork] [-out=PATH] FILE\n", argv[0]);
        return 2;
    }
    size_t len = 0;
    uint8_t *data = pf__read_file(file, &len);
    if (!data) {
        fprintf(stderr, "shrink: cannot read %s: %s\n", file, strerror(errno));
        return 2;
    }
    unsetenv("PF_FINDINGS_DIR"); /* candidates fail on purpose */
    pf_shrink_result r;
    if (pf_shrink(data, len, &opts, &r) != 0) {
        fprintf(stderr, "shrink: %s does not fail; nothing to shrink\n", file);
        free(data);
        return 1;
    }
    char min_path[4200];
    if (out)
        snprintf(min_path, sizeof min_path, "%s", out);
    else
        snprintf(min_path, sizeof min_path, "%s.min", file);
    if (write_file(min_path, r.data, r.len) != 0) {
        fprintf(stderr, "shrink: cannot write %s: %s\n", min_path, strerror(errno));
        return 2;
    }
    pf__write_report(min_path, r.data, r.len);
    print_summary(file, data, len, &r, opts.isolation == 1);
    printf("wrote %s and %s.report.txt\n", min_path, min_path);
    pf_shrink_result_free(&r);
    free(data);
    return 0;
}
